// Test helpers for convert: games read from PGN or NDJSON into memory, the --on-error step
// the CLI applies, and samples of the shared corpora.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ndjson/reader.h"
#include "replay/game_record.h"
#include "replay/record_builder.h"
#include "write/annotate.h"

namespace pgnkit::convert_test {

struct Collected : replay::RecordSink, ndjson::ErrorSink {
  std::vector<replay::GameRecord> games;
  std::vector<replay::Problem> problems;
  std::vector<ndjson::LineError> line_errors;
  void problem(const replay::Problem& p) override { problems.push_back(p); }
  void game(const replay::GameRecord& r) override { games.push_back(r); }
  void line_error(const ndjson::LineError& e) override { line_errors.push_back(e); }
};

Collected read_pgn_text(const std::string& text, const pgn::ReaderOptions& options = {});
Collected read_ndjson_text(const std::string& text);
std::string read_file(const std::string& path);  // decompresses .zst too

// What `pgnkit convert` does before writing: games with move errors go through annotate with
// only on_error set; nullopt when the game is dropped.
std::optional<replay::GameRecord> on_error(const replay::GameRecord& game,
                                           write::OnError mode = write::OnError::Keep);

// The PGN and NDJSON texts of each game, as the CLI writes them.
std::vector<std::string> to_pgn(const std::vector<replay::GameRecord>& games);
std::vector<std::string> to_ndjson(const std::vector<replay::GameRecord>& games);

// The first `games` games of a (possibly compressed) PGN file, cut at a "[Event " line, or
// nullopt when the file is absent.
std::optional<std::string> corpus_sample(const std::string& path, std::size_t games);
// The first `games` games of the file that contain `needle` (a game: from a line starting
// with "[Event " to the next); nullopt when the file is absent.
std::optional<std::string> corpus_games_with(const std::string& path, std::string_view needle,
                                             std::size_t games);

// Every PGN file under `dir` (recursively), sorted; empty when absent.
std::vector<std::string> pgn_files(const std::string& dir);

std::string data_path(const std::string& relative);    // tests/data/...
std::string shared_path(const std::string& relative);  // ../shared/...

}  // namespace pgnkit::convert_test

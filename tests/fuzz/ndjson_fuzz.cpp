// libFuzzer target pgnkit_fuzz_ndjson: the input bytes are NDJSON, read by
// ndjson::read_ndjson (pgnkit's own format and lichess's export) into GameRecords through a
// RecordBuilder, as `convert --from ndjson` reads them. Checked:
//   - every line error is located (line and column 1-based, offset inside the input), has a
//     message and a game number, and games + bad lines never exceed the input's lines;
//   - a second route to the same games: each record written as NDJSON (write_ndjson, after the
//     CLI's --on-error keep step) reads back without a line error, to as many games, each of
//     which writes the same PGN (write_pgn) as the record it came from.
// A failed check aborts, which libFuzzer reports as a crash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "io/source.h"
#include "ndjson/reader.h"
#include "replay/record_builder.h"
#include "write/annotate.h"
#include "write/ndjson_writer.h"
#include "write/pgn_writer.h"

namespace {

using namespace pgnkit;

[[noreturn]] void fail(const char* what, std::uint64_t a, std::uint64_t b) {
  std::fprintf(stderr, "pgnkit_fuzz_ndjson: check failed: %s (%llu vs %llu)\n", what,
               static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
  std::abort();
}

struct Collected : replay::RecordSink, ndjson::ErrorSink {
  std::vector<replay::GameRecord> games;
  std::vector<ndjson::LineError> errors;
  void game(const replay::GameRecord& r) override { games.push_back(r); }
  void line_error(const ndjson::LineError& e) override { errors.push_back(e); }
};

// `plain`: the input was read as it is (not decompressed) and without an I/O error, so that
// lines and offsets are those of `bytes`.
Collected read(std::string_view bytes, ndjson::ReadStats& stats, bool& plain) {
  Collected c;
  io::Source src = io::Source::from_memory(bytes, "fuzz");
  replay::RecordBuilder builder(c);
  ndjson::ReadOptions options;
  options.buffer_size = 4096;  // refills inside lines; a fresh 1 MiB is slow under ASan
  stats = ndjson::read_ndjson(src, builder, c, options);
  plain = src.compression() == io::Compression::None && !src.error();
  return c;
}

// What `convert` writes for a game: one with move errors first goes through annotate's
// --on-error keep step (tools/cmd_convert); false when the game is dropped.
bool for_output(replay::GameRecord& game) {
  if (!write::has_move_errors(game)) return true;
  write::AnnotateOptions options;
  options.on_error = write::OnError::Keep;
  return write::annotate(game, options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  ndjson::ReadStats stats;
  bool plain = false;
  Collected first = read(bytes, stats, plain);
  const std::uint64_t lines =
      static_cast<std::uint64_t>(std::count(bytes.begin(), bytes.end(), '\n')) + 1;
  if (stats.games != first.games.size())
    fail("ReadStats::games == records", stats.games, first.games.size());
  if (stats.bad_lines != first.errors.size())
    fail("ReadStats::bad_lines == line errors", stats.bad_lines, first.errors.size());
  // Lines and offsets are those of the input when it was read as it is.
  if (plain) {
    if (stats.games + stats.bad_lines > lines)
      fail("games + bad lines <= lines", stats.games + stats.bad_lines, lines);
    if (stats.bytes != size) fail("every byte read", stats.bytes, size);
    for (const ndjson::LineError& e : first.errors) {
      if (e.where.line < 1 || e.where.line > lines)
        fail("error line inside the input", e.where.line, lines);
      if (e.where.column < 1) fail("error column >= 1", e.where.column, 1);
      if (e.where.offset > size) fail("error offset <= input size", e.where.offset, size);
      if (e.game < 1) fail("error game number >= 1", e.game, 1);
      if (e.message.empty()) fail("error message not empty", 0, 0);
    }
  }

  std::string ndjson_text;
  std::vector<std::string> pgn_first;
  for (replay::GameRecord& game : first.games) {
    if (!for_output(game)) continue;
    write::write_ndjson(game, {}, ndjson_text);
    write::write_pgn(game, {}, pgn_first.emplace_back());
  }
  ndjson::ReadStats again_stats;
  Collected again = read(ndjson_text, again_stats, plain);
  if (!again.errors.empty()) {
    std::fprintf(stderr, "written: %s\nerror: %s\n", ndjson_text.c_str(),
                 again.errors.front().message.c_str());
    fail("written NDJSON reads back without error, line", again.errors.front().where.line, 0);
  }
  if (again.games.size() != pgn_first.size())
    fail("games read back == games written", again.games.size(), pgn_first.size());
  for (std::size_t i = 0; i < pgn_first.size(); ++i) {
    if (!for_output(again.games[i])) fail("a game read back is kept, game", i + 1, 0);
    std::string pgn_again;
    write::write_pgn(again.games[i], {}, pgn_again);
    if (pgn_again == pgn_first[i]) continue;
    std::fprintf(stderr, "first:\n%s\nread back:\n%s\n", pgn_first[i].c_str(), pgn_again.c_str());
    fail("PGN of the record == PGN of its NDJSON read back, game", i + 1, 0);
  }
  return 0;
}

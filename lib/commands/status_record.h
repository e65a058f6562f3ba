// One game's record of `pgnkit status` in each output format (docs/status.md), put straight
// into the output buffer. This runs once per game, so it builds no intermediate strings and
// allocates nothing once the buffer has grown.
#pragma once

#include <string>
#include <string_view>

#include "commands/output_buffer.h"
#include "replay/game_report.h"

namespace pgnkit::commands {

// The record's fields in output order: the CSV header and the NDJSON keys.
inline constexpr std::string_view kStatusColumns[] = {
    "file",      "game",      "white",      "black",         "result_tag",
    "plies",     "status",    "result",     "auto_draw_ply", "threefold_ply",
    "fifty_ply", "final_fen", "consistent", "problems",      "laws"};

// Whether the game's consistency was judged: it was replayed to its end under the rules
// (not illegal, not an unsupported variant, not cut short by a syntax error).
bool status_judged(const replay::GameReport& r);

// An input's name as the CSV and NDJSON records write it, escaped once per input rather
// than once per game.
class StatusFile {
 public:
  explicit StatusFile(std::string_view name);

  // `{"file":"<name>","game":` (a JSON string, valid UTF-8 whatever the name's bytes).
  std::string_view ndjson_prefix() const { return ndjson_prefix_; }
  // The name as a CSV field followed by its comma.
  std::string_view csv_prefix() const { return csv_prefix_; }

 private:
  std::string ndjson_prefix_;
  std::string csv_prefix_;
};

// One JSON object and a newline, with the keys of kStatusColumns.
void put_status_ndjson(OutputBuffer& out, const StatusFile& file, const replay::GameReport& r);

// One CSV row (RFC 4180 quoting) and a newline, in the order of kStatusColumns.
void put_status_csv(OutputBuffer& out, const StatusFile& file, const replay::GameReport& r);

// One row of the text table and a newline: game, white, black, tag, plies, status, rules,
// ok, laws, problems in fixed-width cells, trailing spaces removed.
void put_status_text(OutputBuffer& out, const replay::GameReport& r);

}  // namespace pgnkit::commands

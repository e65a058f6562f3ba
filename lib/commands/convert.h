// `pgnkit convert` as a library call: games from PGN or NDJSON to PGN, NDJSON, UCI, LAN, FEN,
// EPD or CSV (docs/convert.md), to the Console's out() or a file; the counts come back as a
// value.
//
//   commands::ConvertOptions options;
//   options.inputs = {"games.pgn"};
//   options.to = "uci";
//   commands::MemoryConsole console;
//   const commands::ConvertSummary s = commands::run_convert(options, console);
//   // console.out_text holds one line of moves per game, console.err_text the move errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "commands/run_inputs.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"
#include "replay/laws.h"

namespace pgnkit::commands {

struct ConvertOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  // "-": the console's out(); otherwise a file, created (truncated) once the options are found
  // good, zstd-compressed when the name ends in ".zst".
  std::string output = "-";
  std::string to = "pgn";            // pgn, ndjson, uci, lan, fen, epd, csv
  std::string from = "pgn";          // pgn, or ndjson (pgnkit's or lichess's)
  std::string on_error = "keep";     // games with move errors: skip, truncate or keep
  std::size_t line_length = 80;      // pgn: 20 to 100000
  bool no_comments = false;          // pgn
  bool no_nags = false;              // pgn
  bool no_variations = false;        // pgn
  std::string tags = "all";          // pgn: all, seven, none
  bool moves_only = false;           // ndjson: "san" and "uci" arrays
  bool include_start = false;        // fen, epd: the position before the first move too
  std::vector<std::string> columns;  // csv: extra tag columns
  bool no_header = false;            // csv: no header row (a later shard, appended rows)
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  // The options the caller set, by their command-line names ("--line-length"): one that does
  // not apply to `to` is a usage error ("--line-length applies to --to pgn only"). Options
  // left out of it are not checked (a library caller may leave it empty).
  std::vector<std::string> given;
  pipeline::RunOptions run;  // threads, chunk size, decode-ahead (shard: below)
  // One input's games in a byte range; its base_id numbers the FEN/EPD ids.
  std::optional<pipeline::Shard> shard;
};

struct ConvertSummary {
  std::uint64_t games = 0;
  std::uint64_t bad_games = 0;  // with move errors (handled per on_error)
  std::uint64_t dropped = 0;    // on_error skip
  std::uint64_t bad_lines = 0;  // NDJSON lines that could not be read (skipped)
  bool from_ndjson = false;     // the text summary names the bad lines only then
  // Whether the inputs were read: not after a usage error or an output that could not be
  // created (then the command line prints no summary line).
  bool ran = false;
  bool io_failed = false;     // an input or the output failed (also a shard of many inputs)
  int exit_status = kExitOk;  // 1: move errors or bad lines (exit_status.h)
};

// Runs convert. The options are checked first (a bad one: console.command_message() and exit_status
// 2, nothing read or created). Then the CSV header (unless no_header), one record per game, the
// move errors and bad lines to the console's err() in input order, the same bytes for every
// thread count. `output_failed` (when set; output "-" only) is asked after the read whether
// the caller's output could not be written, which counts as an I/O failure.
ConvertSummary run_convert(const ConvertOptions& options, Console& console,
                           const std::function<bool()>& output_failed = {},
                           const AfterRead& after_read = {});

// The summary line of the command line (without its line feed):
// "G games, B with move errors (see above|none), D dropped[, L bad lines]".
std::string convert_summary_text(const ConvertSummary& s);
// The summary as one JSON object (--summary-format ndjson, for a driver that adds shards up),
// without its line feed.
std::string convert_summary_ndjson(const ConvertSummary& s);

}  // namespace pgnkit::commands

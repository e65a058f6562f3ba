// `pgnkit annotate` as a library call: games written back as export-format PGN with what the
// rules found (docs/annotate.md), to the Console's out(), a file, or over each input file in
// place; the counts come back as a value.
//
//   commands::AnnotateOptions options;
//   options.inputs = {"games.pgn"};
//   options.fix_results = true;
//   commands::MemoryConsole console;
//   const commands::AnnotateSummary s = commands::run_annotate(options, console);
//   // console.out_text holds the games, console.err_text their move errors.
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
#include "eco/book.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"
#include "replay/laws.h"

namespace pgnkit::commands {

struct AnnotateOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  // "-": the console's out(); otherwise a file, created (truncated) once the options are found
  // good, zstd-compressed when the name ends in ".zst".
  std::string output = "-";
  // Rewrite each input instead: through a temporary file beside it ("<name>.pgnkit-XXXXXX",
  // zstd when the name ends in ".zst"), renamed over it only when everything succeeded. Needs
  // input files (not stdin), output "-" and no shard.
  bool in_place = false;
  bool fix_results = false;     // Result and the marker: the rules' result, where a rule ended it
  bool end_tags = false;        // [PlyCount], [TerminationRule], [FinalFEN]
  bool claim_comments = false;  // where threefold / the 50-move rule became claimable
  bool fen_comments = false;    // the FEN after every move
  // WhiteAccuracy, BlackAccuracy, WhiteACPL, BlackACPL from the [%eval]s the moves carry (no
  // engine; the formulas of analyse, docs/analyse.md)
  bool accuracy = false;
  std::string on_error = "keep";   // games with move errors: skip, truncate or keep
  std::size_t line_length = 80;    // 20 to 100000
  const eco::Book* eco = nullptr;  // set: ECO, Opening and Variation tags (the caller's book)
  bool eco_keep = false;           // with eco: leave a game that has an ECO tag alone
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  pipeline::RunOptions run;              // threads, chunk size, decode-ahead (shard: below)
  std::optional<pipeline::Shard> shard;  // one input's games in a byte range
};

struct AnnotateSummary {
  std::uint64_t games = 0;
  std::uint64_t bad_games = 0;  // with move errors (handled per on_error)
  std::uint64_t dropped = 0;    // on_error skip
  bool in_place = false;        // the summary line of in-place runs says less
  // Whether the inputs were read: not after a usage error or an output that could not be
  // created (then the command line prints no summary line).
  bool ran = false;
  // An input or the output failed; in place: some file was left unchanged.
  bool io_failed = false;
  int exit_status = kExitOk;  // 1: move errors (exit_status.h)
};

// Runs annotate. The options are checked first (a bad one: console.command_message() and
// exit_status 2, nothing read or created). The games go out in input order, their move errors to
// the console's err(), the same bytes for every thread count. `output_failed` (when set; output
// "-" only) is asked after the read whether the caller's output could not be written, which
// counts as an I/O failure. `after_read` (when set) gets how the output was made after each
// read: once, or once per file in place (the command line's PGNKIT_PIPELINE_STATS line).
AnnotateSummary run_annotate(const AnnotateOptions& options, Console& console,
                             const std::function<bool()>& output_failed = {},
                             const AfterRead& after_read = {});

// The summary line of the command line (without its line feed): "G games, B with move errors
// (see above|none), D dropped"; in place "G games, B with move errors, D dropped".
std::string annotate_summary_text(const AnnotateSummary& s);
// The summary as one JSON object (--summary-format ndjson, for a driver that adds shards up),
// without its line feed. The command line prints the text line in place.
std::string annotate_summary_ndjson(const AnnotateSummary& s);

}  // namespace pgnkit::commands

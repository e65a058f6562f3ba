// `pgnkit dedup` as a library call: drop repeated games (the same start position and
// main-line moves), keep the first of each, written byte for byte as `select` writes them
// (docs/dedup.md). The counts come back as a value.
//
//   commands::DedupOptions options;
//   options.inputs = {"a.pgn", "b.pgn"};
//   commands::MemoryConsole console;  // output "-": the kept games in console.out_text
//   const commands::DedupSummary s = commands::run_dedup(options, console);
//   // s.written, s.dropped, s.exit_status ...
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

// With prefix: which of a game and its prefix stays.
enum class DedupKeep : std::uint8_t {
  First,    // the first in input order
  Longest,  // the longer (every input read twice: files only, not stdin)
};

struct DedupOptions {
  std::vector<std::string> inputs;     // compared across in this order; "-" for stdin; none: stdin
  std::string output = "-";            // a file ('-': the console's out()); .zst is compressed
  std::string report;                  // an NDJSON file, one line per dropped game ("": none)
  std::vector<std::string> same_tags;  // also require equal values of these tags
  bool prefix = false;  // a game whose moves are a prefix of another's is a duplicate too
  DedupKeep keep = DedupKeep::First;
  // Stop with status 2 before the tables pass this size, as written: "512M", "8G",
  // "1000000" (K, M, G, T or KiB, MiB, GiB, TiB: 1024-based; "": no limit).
  std::string max_memory;
  // Threads (0: pipeline::default_threads()), chunk size, decode-ahead, the bytes counter of a
  // progress line. No shard: dedup reads whole inputs.
  pipeline::RunOptions run;
};

struct DedupSummary {
  // Of the deciding pass: games read, kept and written, dropped as duplicates; kept without
  // comparing (no moves, move errors, unsupported variants); over the size limit (not written).
  std::uint64_t games = 0, written = 0, dropped = 0, no_moves = 0, move_errors = 0, unsupported = 0,
                too_long = 0;
  std::size_t table_bytes = 0;  // the most the tables held
  bool ran = false;        // the inputs were read (false: a usage error or an output that could not
                           // be created; a message said why)
  bool io_failed = false;  // an input, the output or the report failed
  bool out_of_memory = false;  // max_memory exceeded (the rest was not decided)
  int exit_status = kExitOk;   // 0 done, 1 move errors or a game too long, 2 (exit_status.h)
  pipeline::RunStats run;      // how the deciding pass was made (chunks, repairs)
  pipeline::Settings used;     // the pipeline settings the run used
  std::optional<pipeline::RunStats> learning_run;  // keep Longest: the first pass
};

// Runs dedup. The options are checked first (a bad max_memory, more than 65535 inputs, keep
// Longest over stdin: a message as the command line prints it, exit_status 2, nothing read),
// then the output and the report are created (a message and status 2 when they cannot be).
// `output_failed` (when set) is asked after the reads whether the caller's output could not
// be written (with output "-"), which counts as an I/O failure. Messages go to
// console.command_message("dedup", ...) and message().
DedupSummary run_dedup(const DedupOptions& options, Console& console,
                       const std::function<bool()>& output_failed = {});

// The summary line of the command line, without its line feed: "G games: W written (...), D
// duplicates dropped; table M MiB".
std::string dedup_summary_text(const DedupSummary& s);

}  // namespace pgnkit::commands

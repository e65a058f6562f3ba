// `pgnkit split` as a library call: cut the inputs into files of N games, of at most SIZE
// bytes, or one per value of a tag, each game written byte for byte as `select` writes it
// (docs/split.md). Every file is written under a temporary name beside it and renamed into
// place when complete; the counts come back as a value.
//
//   commands::SplitOptions options;
//   options.inputs = {"games.pgn"};
//   options.pattern = "out/part-%04d.pgn";
//   options.games = 1000;
//   commands::MemoryConsole console;
//   const commands::SplitSummary s = commands::run_split(options, console);
//   // s.games, s.files, s.exit_status; console.messages says what went wrong
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

// Exactly one of games, bytes and by chooses how to cut.
struct SplitOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  // The file names: one %d or %0Nd (the piece number, from 1; "%%" is '%'), or {TAG} with
  // `by`; a name ending in .zst is compressed.
  std::string pattern;
  std::uint64_t games = 0;  // N games per file (0: not this mode)
  // At most SIZE bytes per file, never cutting a game, as written: "1000000", "64K", "10M",
  // "2G" (K, M, G 1024-based; "": not this mode).
  std::string bytes;
  std::string by;      // one file per distinct value of this tag ("": not this mode)
  bool force = false;  // overwrite existing files (else: stop at the first one, status 2)
  // Threads (0: one, split's default: it only reads tags and copies bytes, which one thread
  // does faster than the pipeline), chunk size, decode-ahead, the bytes counter of a progress
  // line. No shard: split reads whole inputs.
  pipeline::RunOptions run;
};

struct SplitSummary {
  std::uint64_t games = 0;  // written
  std::uint64_t files = 0;  // written and renamed into place
  bool ran = false;         // the inputs were read (false: a usage error, a message said why)
  // An input could not be read, a file could not be written or committed, an existing file
  // without force, or a game over the size limit (not written).
  bool failed = false;
  int exit_status = kExitOk;  // 0 done, 2 usage or failed (exit_status.h)
  pipeline::RunStats run;     // how the reads were made (chunks, repairs)
  pipeline::Settings used;    // the pipeline settings the run used
};

// Runs split. The options are checked first (no mode or two, a bad pattern or size: a
// message as the command line prints it, exit_status 2, nothing read). `after_read` (when set)
// is called once the inputs are read, before the last files are committed (the command line
// stops its progress line there). Messages go to console.command_message("split", ...) and
// message(); a game over the size limit to err(), as a compiler-style line.
SplitSummary run_split(const SplitOptions& options, Console& console,
                       const std::function<void()>& after_read = {});

// The summary line of the command line, without its line feed: "G games in F files".
std::string split_summary_text(const SplitSummary& s);

}  // namespace pgnkit::commands

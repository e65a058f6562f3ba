// `pgnkit select` as a library call: the games of the inputs that pass every filter, written
// to a Console byte for byte (or as `convert --to` writes them), like grep for games
// (docs/select.md); the counts come back as a value.
//
//   commands::SelectOptions options;
//   options.inputs = {"games.pgn"};
//   commands::FilterFlags flags;
//   flags.result = {"1-0"};
//   if (const auto why = commands::parse_filters(flags, options.filters)) { /* usage */ }
//   commands::MemoryConsole console;
//   const commands::SelectSummary s = commands::run_select(options, console);
//   // console.out_text holds the selected games; s.written, s.exit_status ...
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "commands/select_filters.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"
#include "select/selector.h"

namespace pgnkit::commands {

struct SelectOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  // The filters (parse_filters, or select's own API). Their diagnose and keep_bytes are the
  // run's to decide (verbose, count, to).
  select::SelectOptions filters;
  bool count = false;    // write only the number of games that pass (after skip and limit)
  bool verbose = false;  // replay every game; its syntax and move problems go to err()
  std::uint64_t limit = 0, skip = 0;  // stop after `limit` written games (0: no limit)
  // Empty: each game's own bytes. Else as `convert --to` writes it: pgn, ndjson, uci, lan,
  // fen, epd or csv.
  std::string to;
  bool no_header = false;  // to csv: no header row (a later shard)
  // Threads (0: the default, which is one thread for tag filters alone: they cost less than
  // the pipeline's own copy of the bytes), chunk size, decode-ahead, progress bytes (the
  // shard: below).
  pipeline::RunOptions run;
  std::optional<pipeline::Shard> shard;  // one input file's games in a byte range
};

struct SelectSummary {
  std::uint64_t selected = 0;      // games that passed the filters, before skip and limit
  std::uint64_t written = 0;       // after skip, up to limit: what count writes
  std::uint64_t too_long = 0;      // selected but longer than a game may be: not written
  std::uint64_t regex_limits = 0;  // games on which a regex hit its match limit
  bool io_failed = false;  // an input could not be opened or read, or a shard not of one file
  // As grep: 0 a game was written, 1 none, 2 usage or I/O error, a game too long, a regex at
  // its match limit (exit_status.h).
  int exit_status = kExitOk;
  pipeline::RunStats run;   // how the output was made (chunks, repairs)
  pipeline::Settings used;  // the pipeline settings the run used
};

// Runs select: with `to` csv (unless count or no_header) the header row, then the selected
// games to the console's out(), their diagnostics to err(), or with `count` only the number
// and a line feed. An unknown `to`, or a shard of other than one input file: a message and
// exit_status 2 (nothing read). `on_read` (when set) gets the totals once the inputs are read,
// before the count is written (the command line ends its progress line there).
SelectSummary run_select(const SelectOptions& options, Console& console,
                         const std::function<void(const SelectSummary&)>& on_read = {});

// The summary as one JSON object, for a driver that adds shards up (pgnkit-dask), without its
// line feed: {"summary":"select","selected":N} with N the games written.
std::string select_summary_ndjson(const SelectSummary& s);

}  // namespace pgnkit::commands

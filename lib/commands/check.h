// `pgnkit check` as a library call: replay every game of the inputs and report every problem,
// compiler-style, as NDJSON or in a CI format, to a Console; the totals come back as a value.
//
//   commands::CheckOptions options;
//   options.inputs = {"games.pgn"};
//   commands::MemoryConsole console;
//   const commands::CheckSummary s = commands::run_check(options, console);
//   // console.out_text holds the problems; s.errors, s.games, s.exit_status ...
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/check_ci.h"
#include "commands/console.h"
#include "commands/exit_status.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"
#include "replay/laws.h"

namespace pgnkit::commands {

struct CheckOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  bool strict = false;              // warnings count as errors
  bool quiet = false;               // report nothing, count everything
  std::uint64_t max_errors = 0;     // stop replaying after N errors (0: no limit)
  bool no_variations = false;
  bool allow_null = false;
  std::string format = "text";  // text, ndjson, sarif, github, gitlab
  bool color = false;           // ANSI colours in text
  CiOptions ci;                 // rules, pgnkit.toml, the baseline (check_ci.h)
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  bool laws_given = false;  // laws was chosen by the caller (it wins over pgnkit.toml)
  // Threads, chunk size, decode-ahead, the bytes counter of a progress line (its shard is
  // ignored: see `shard`).
  pipeline::RunOptions run;
  std::optional<pipeline::Shard> shard;  // one input's games in a byte range
  // With a shard: the errors (with strict, errors and warnings) counted before it, so that
  // max_errors stops the shard where a run over the whole input stops.
  std::uint64_t base_errors = 0;
  // Set by another thread to end the run early, between chunks and games (the Python face's
  // Ctrl-C); the problems so far stay.
  const std::atomic<bool>* cancel = nullptr;
};

// check's summary numbers, as pipeline::Counters (summed chunk by chunk).
struct CheckTotals {
  std::uint64_t games = 0, plies = 0, errors = 0, warnings = 0, games_with_errors = 0,
                unsupported = 0, bytes = 0;
  std::uint64_t suppressed = 0;  // known problems the baseline held back

  pipeline::Counters counters() const {
    return {games, plies, errors, warnings, games_with_errors, unsupported, bytes, suppressed};
  }
  static CheckTotals from(const pipeline::Counters& c) {
    return {c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]};
  }
};

// The totals and how the run went.
struct CheckSummary : CheckTotals {
  bool has_baseline = false;  // whether `suppressed` means anything
  double seconds = 0;
  bool io_failed = false;     // an input could not be opened or read to its end
  bool stopped = false;       // at max_errors
  std::uint64_t counted = 0;  // errors, and warnings when strict
  std::uint64_t max_errors = 0;
  int exit_status = kExitOk;  // as the command line exits (exit_status.h)
  pipeline::RunStats run;     // how the output was made (chunks, repairs)
  pipeline::Settings used;    // the pipeline settings the run used
};

// Runs check. The options are validated first (a bad option, pgnkit.toml or baseline: a
// message and exit_status 2, nothing read). `on_summary` (when set) gets the totals after the
// read and before a baseline is written (so that the command line prints its summary line
// before the baseline's note); `output_failed` (when set) is asked then whether the caller's
// output could not be written, which counts as an I/O failure.
CheckSummary run_check(const CheckOptions& options, Console& console,
                       const std::function<void(const CheckSummary&)>& on_summary = {},
                       const std::function<bool()>& output_failed = {});

// The summary line of the command line (without its line feed):
// "G games, P plies, E errors, W warnings, ... , S s, R MB/s".
std::string summary_text(const CheckSummary& s);
// The summary as one JSON object (for a driver that adds shards up), without its line feed.
std::string summary_ndjson(const CheckSummary& s);

// Every problem code with its group, severity and summary: a text table or NDJSON lines.
std::string codes_listing(bool ndjson);

}  // namespace pgnkit::commands

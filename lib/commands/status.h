// `pgnkit status` as a library call: how each game ended under the rules and whether its
// result tells the truth, one record per game (text table, CSV or NDJSON; docs/status.md), or
// only the counts. The counts come back as a value.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "eco/book.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"
#include "replay/laws.h"

namespace pgnkit::commands {

struct StatusOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  std::string format = "text";      // text, csv, ndjson
  bool summary = false;             // only the counts, after the read
  bool no_variations = false;
  const eco::Book* eco = nullptr;  // set: the eco and opening columns (the caller's book)
  // Each side's accuracy and ACPL from the [%eval]s of the main line (status_accuracy.h)
  bool accuracy = false;
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  bool no_header = false;    // no CSV header row or text heading (appending, a later shard)
  pipeline::RunOptions run;  // threads, chunk size, decode-ahead (shard: below)
  std::optional<pipeline::Shard> shard;  // one input's games in a byte range
  // Set by another thread to end the run early, between chunks and games (the Python face's
  // Ctrl-C); the records so far stay.
  const std::atomic<bool>* cancel = nullptr;
};

struct StatusSummary {
  // Games by replay::GameStatus (its numeric value), by consistency (not judged, consistent,
  // inconsistent), and those inconsistent or illegal.
  std::array<std::uint64_t, 8> by_status{};
  std::array<std::uint64_t, 3> by_consistency{};
  std::uint64_t inconsistent = 0;
  std::uint64_t games = 0;
  bool io_failed = false;
  int exit_status = kExitOk;  // 1: an inconsistent or illegal game
  pipeline::RunStats run;     // how the output was made (chunks, repairs)
  pipeline::Settings used;    // the pipeline settings the run used
};

// Runs status: the header (unless no_header or summary), one record per game to the console's
// out(), and with `summary` the counts there instead (status_counts_text). `output_failed`
// (when set) is asked after the read whether the caller's output could not be written.
StatusSummary run_status(const StatusOptions& options, Console& console,
                         const std::function<bool()>& output_failed = {});

// --summary's output: "status NAME: N" and "CONSISTENCY: N" lines, or one NDJSON object.
std::string status_counts_text(const StatusSummary& s, bool ndjson);

}  // namespace pgnkit::commands

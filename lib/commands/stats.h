// `pgnkit stats` as a library call: what is in a database, counted in one pass on every core
// (docs/stats.md): games, plies, bytes, results, how games ended under the rules, time-control
// classes, Elo bands, years, ECO, players, events, variants, problems by code and severity,
// for all games and by the values of --by tags; as a text table, JSON, CSV or an HTML report.
//
//   commands::StatsOptions options;
//   options.inputs = {"games.pgn"};
//   options.by = {"Event"};
//   commands::MemoryConsole console;  // the table in console.out_text
//   const commands::StatsSummary s = commands::run_stats(options, console);
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "eco/book.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

enum class StatsFormat : std::uint8_t { Text, Json, Csv, Html };

struct StatsOptions {
  std::vector<std::string> inputs;  // files, directories, archives, "-" for stdin; none: stdin
  StatsFormat format = StatsFormat::Text;
  // "-": the console's out(); otherwise a file, created (truncated) before the read,
  // compressed as its name ends (.gz, .zst, ...).
  std::string output = "-";
  std::vector<std::string> by;    // group every count by these tags' values
  std::size_t top = 10;           // the by-count lists and the worst games (0: all)
  std::size_t max_problems = 10;  // the report's table: the first N problems of each code
  bool no_variations = false;
  const eco::Book* eco = nullptr;  // set: ECO by the book (the caller's), not the ECO tag
  // The report's charting library: Chart.js's UMD build (Debian's libjs-chart.js). Empty or
  // unreadable: the report has tables only, and says so.
  std::string chart_js;
  pipeline::RunOptions run;
  // Set by another thread to end the run early, between chunks and games (the Python face's
  // Ctrl-C); the counts so far are printed.
  const std::atomic<bool>* cancel = nullptr;
};

struct StatsSummary {
  std::uint64_t games = 0;
  bool io_failed = false;
  int exit_status = kExitOk;  // 0, or 2 (usage, I/O)
  bool charts = false;        // the report inlined the charting library
  pipeline::RunStats run;
  pipeline::Settings used;
};

// Runs stats: the counts in options.format to the console's out() (or the output file) after
// the read; an output file that cannot be created is told before anything is read (exit 2).
// `output_failed` (when set; output "-") is asked at the end whether the caller's output failed.
StatsSummary run_stats(const StatsOptions& options, Console& console,
                       const std::function<bool()>& output_failed = {});

}  // namespace pgnkit::commands

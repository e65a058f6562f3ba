// pgnkit stats: the flags into commands::StatsOptions (lib/commands/stats.h), and the run.
#include <memory>
#include <optional>
#include <string>

#include "commands.h"
#include "commands/stats.h"
#include "eco_option.h"
#include "input.h"
#include "progress.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

// Debian's libjs-chart.js installs Chart.js's UMD build here (cmake/deps.sh).
constexpr const char* kDefaultChartJs = "/usr/share/javascript/chart.js/chart.min.js";

struct StatsArgs {
  commands::StatsOptions options;
  std::string format = "text";
  EcoArgs eco;
  bool no_charts = false;
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

int run_stats(StatsArgs args) {
  commands::StatsOptions& options = args.options;
  options.format = args.format == "json"   ? commands::StatsFormat::Json
                   : args.format == "csv"  ? commands::StatsFormat::Csv
                   : args.format == "html" ? commands::StatsFormat::Html
                                           : commands::StatsFormat::Text;
  std::optional<eco::Book> book;
  if (args.eco.wanted() && !(book = load_eco_book(args.eco, "stats"))) return kExitUsage;
  options.eco = book ? &*book : nullptr;
  if (args.no_charts) options.chart_js.clear();
  Progress progress(args.progress, input_bytes(options.inputs));
  options.run = run_options(args.threads, &progress);
  TerminalConsole console(nullptr, &progress);
  const commands::StatsSummary summary = commands::run_stats(options, console, [&] {
    progress.finish();
    return !stdout_ok_or_report();
  });
  return summary.exit_status;
}

}  // namespace

void register_stats(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<StatsArgs>();
  commands::StatsOptions* const o = &args->options;
  o->chart_js = kDefaultChartJs;
  CLI::App* cmd = app.add_subcommand(
      "stats",
      "Count what is in a database: results, endings, time controls, Elo, years, "
      "openings, players, problems; or an HTML report.");
  cmd->add_option("files", o->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option(
      "-o,--output", o->output,
      "Output file ('-' = stdout); a name ending in .gz, .bz2, .xz or .zst is compressed");
  cmd->add_option("--format", args->format,
                  "text (aligned tables), json, csv (scope, --by tags, list, key, count) or html "
                  "(a self-contained report)")
      ->check(CLI::IsMember({"text", "json", "csv", "html"}));
  cmd->add_option("--by", o->by,
                  "Group every count by this tag's value (repeatable: by each "
                  "combination of the tags' values)")
      ->allow_extra_args(false);
  cmd->add_option("--top", o->top,
                  "Show the N most frequent players, events, openings, problem codes ... and "
                  "the N games with the most problems (0: all)")
      ->capture_default_str();
  cmd->add_option("--max-problems", o->max_problems,
                  "html: the problems listed with a board: the first N of each code")
      ->capture_default_str();
  cmd->add_option("--chart-js", o->chart_js, "html: Chart.js's UMD build to inline")
      ->capture_default_str();
  cmd->add_flag("--no-charts", args->no_charts, "html: tables only, no charting library");
  cmd->add_flag("--no-variations", o->no_variations, "Do not replay variations (faster)");
  add_eco_options(*cmd, args->eco, false);
  add_threads_option(cmd, args->threads);
  add_progress_options(cmd, args->progress);
  cmd->footer(
      "Games are replayed as check replays them: the problems are check's. Time-control\n"
      "classes by lichess's estimated duration, base + 40 x increment seconds: < 30\n"
      "ultrabullet, < 180 bullet, < 480 blitz, < 1500 rapid, else classical; '-' or a day or\n"
      "more per period is correspondence. Elo bands of 200 points, both players. Output is\n"
      "the same for every -j.\n"
      "Examples:\n"
      "  pgnkit stats data/sample.pgn\n"
      "  pgnkit stats --by Event --top 5 games.pgn.zst\n"
      "  pgnkit stats --format json games.pgn | jq .totals.result\n"
      "  pgnkit stats --format csv --by TimeControl games/ > stats.csv\n"
      "  pgnkit stats --format html games.pgn.zst -o report.html\n"
      "Exit status: 0 counted (whatever the games hold), 2 usage or I/O error. See "
      "docs/stats.md.");
  cmd->callback([args, &exit_code] { exit_code = run_stats(*args); });
}

}  // namespace pgnkit::tools

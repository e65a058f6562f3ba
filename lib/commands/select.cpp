#include "commands/select.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "commands/select_convert.h"
#include "commands/select_job.h"

namespace pgnkit::commands {
namespace {

bool known_format(std::string_view to) {
  constexpr std::array<std::string_view, 7> kFormats = {"pgn", "ndjson", "uci", "lan",
                                                        "fen", "epd",    "csv"};
  return std::ranges::find(kFormats, to) != kFormats.end();
}

}  // namespace

SelectSummary run_select(const SelectOptions& options, Console& console,
                         const std::function<void(const SelectSummary&)>& on_read) {
  SelectSummary summary;
  if (!options.to.empty() && !known_format(options.to)) {
    console.command_message(
        "select", "unknown format '" + options.to + "' (pgn, ndjson, uci, lan, fen, epd or csv)");
    summary.exit_status = kExitUsage;
    return summary;
  }
  select::SelectOptions filters = options.filters;
  filters.diagnose = options.verbose;
  filters.keep_bytes = !options.count && options.to.empty();
  if (!options.to.empty() && !options.count && !options.no_header) {
    std::string header;
    SelectConverter::header(options.to, header);
    if (!header.empty()) console.out(header);
  }
  const SelectJob job(options, filters);
  if (options.shard && (options.inputs.size() != 1 || options.inputs.front() == "-")) {
    console.command_message("select", "--range reads one input file");
    summary.run.io_failed = true;
  } else {
    pipeline::RunOptions run = options.run;
    // Tag filters alone, written as read: a game costs less than the pipeline's own copy of
    // its bytes (one thread reads them at over 1 GB/s), so the default is one thread.
    const bool tags_only = filters.play.empty() && !filters.diagnose && options.to.empty();
    if (run.threads == 0 && tags_only) run.threads = 1;
    run.shard = options.shard ? &*options.shard : nullptr;
    std::vector<std::string> inputs = options.inputs;
    if (inputs.empty()) inputs.emplace_back("-");
    summary.run = pipeline::run_job(inputs, job, console, run, nullptr, &summary.used);
  }
  const SelectTotals totals = SelectTotals::from(summary.run.totals);
  summary.selected = totals.selected;
  summary.too_long = totals.too_long;
  summary.regex_limits = totals.regex_limits;
  summary.written = job.written(summary.run.totals);
  summary.io_failed = summary.run.io_failed;
  if (summary.io_failed || summary.too_long > 0 || summary.regex_limits > 0) {
    summary.exit_status = kExitUsage;
  } else {
    summary.exit_status = summary.written > 0 ? kExitOk : kExitProblems;
  }
  if (on_read) on_read(summary);
  if (options.count) console.out(std::to_string(summary.written) + "\n");
  return summary;
}

std::string select_summary_ndjson(const SelectSummary& s) {
  // The exit status of a driver's run follows `selected`: the games written.
  return "{\"summary\":\"select\",\"selected\":" + std::to_string(s.written) + "}";
}

}  // namespace pgnkit::commands

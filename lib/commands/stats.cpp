#include "commands/stats.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "commands/output_file.h"
#include "commands/run_inputs.h"
#include "commands/stats_html.h"
#include "commands/stats_job.h"
#include "commands/stats_merge.h"
#include "commands/stats_print.h"

namespace pgnkit::commands {
namespace {

// The charting library's text, or empty when it cannot be read.
std::string read_library(const std::string& path) {
  if (path.empty()) return {};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  std::string library = in.bad() ? std::string() : text.str();
  // Inlined in a <script> element, it must not end it early.
  std::string lower = library;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("</script") != std::string::npos || lower.find("<!--") != std::string::npos)
    return {};
  return library;
}

}  // namespace

StatsSummary run_stats(const StatsOptions& options, Console& console,
                       const std::function<bool()>& output_failed) {
  StatsJobOptions job_options;
  job_options.by = options.by;
  job_options.top = options.top;
  job_options.max_problems = options.format == StatsFormat::Html ? options.max_problems : 0;
  job_options.variations = !options.no_variations;
  job_options.eco = options.eco;
  job_options.cancel = options.cancel;
  const StatsJob job(job_options);
  StatsReport report;
  report.by = options.by;
  report.top = options.top;
  StatsMerge merge(console, report, job_options.max_problems);
  StatsSummary s;
  OutputFile out(console);
  if (!out.open(options.output, options.inputs)) {
    s.io_failed = true;
    s.exit_status = kExitUsage;
    return s;
  }
  s.run =
      run_inputs(options.inputs, job, console, console, options.run, std::nullopt, &merge, &s.used);
  merge.finish();
  s.games = report.totals.games;
  switch (options.format) {
    case StatsFormat::Text: out.out(stats_text(report)); break;
    case StatsFormat::Json: out.out(stats_json(report)); break;
    case StatsFormat::Csv: out.out(stats_csv(report)); break;
    case StatsFormat::Html: {
      StatsHtmlOptions html;
      html.chart_js = read_library(options.chart_js);
      html.chart_js_path = options.chart_js;
      s.charts = !html.chart_js.empty();
      out.out(stats_html(report, html));
      break;
    }
  }
  s.io_failed = !out.finish(output_failed) || s.run.io_failed;
  s.exit_status = s.io_failed ? kExitUsage : kExitOk;
  return s;
}

}  // namespace pgnkit::commands

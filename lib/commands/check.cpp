#include "commands/check.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>

#include "commands/check_job.h"
#include "commands/run_inputs.h"
#include "diag/codes.h"
#include "diag/format.h"
#include "write/json.h"

namespace pgnkit::commands {
namespace {

unsigned long long ull(std::uint64_t n) {
  return static_cast<unsigned long long>(n);
}

}  // namespace

CheckSummary run_check(const CheckOptions& given, Console& console,
                       const std::function<void(const CheckSummary&)>& on_summary,
                       const std::function<bool()>& output_failed) {
  CheckOptions options = given;  // pgnkit.toml may set strict, max_errors and laws
  CheckSummary summary;
  if (options.format != "text" && options.format != "ndjson" &&
      !diag::find_format(options.format)) {
    console.message("unknown format '" + options.format +
                    "' (text, ndjson, sarif, github or gitlab)");
    summary.exit_status = kExitUsage;
    return summary;
  }
  std::optional<CiRun> ci;
  std::optional<std::string> config_laws;  // pgnkit.toml's `laws`: the default of `laws`
  if (!prepare_ci(options.ci, options.format, options.strict, options.max_errors, config_laws, ci,
                  console)) {
    summary.exit_status = kExitUsage;
    return summary;
  }
  if (config_laws && !options.laws_given) {
    if (const auto laws = replay::parse_laws_choice(*config_laws)) options.laws = *laws;
  }
  if (ci && options.shard) {
    console.message(
        "--range is not supported with the CI options yet (--format sarif/github/gitlab, "
        "--select, --baseline, ...)");
    summary.exit_status = kExitUsage;
    return summary;
  }
  CiRun* const gate = ci ? &*ci : nullptr;
  const CheckJob job(options, options.format == "text" && options.color, gate);
  const auto t0 = std::chrono::steady_clock::now();
  if (gate) gate->begin_output(console);
  summary.run = run_inputs(options.inputs, job, console, console, options.run, options.shard, gate,
                           &summary.used);
  const pipeline::RunStats& stats = summary.run;
  if (gate) gate->end_output(console);
  const bool write_failed = output_failed && output_failed();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const CheckTotals t = CheckTotals::from(stats.totals);
  static_cast<CheckTotals&>(summary) = t;
  summary.has_baseline = gate && gate->has_baseline();
  summary.io_failed = stats.io_failed || write_failed;
  CheckTotals with_base = t;  // a shard's stop counts the errors before it
  with_base.errors += options.base_errors;
  summary.stopped = job.stop_after_input(with_base.counters());
  summary.counted = t.errors + (options.strict ? t.warnings : 0);
  summary.max_errors = options.max_errors;
  if (summary.io_failed) {
    summary.exit_status = kExitUsage;
  } else if (gate && gate->writes_baseline()) {
    summary.exit_status = kExitOk;  // the problems found are now known ones
  } else {
    summary.exit_status = summary.counted > 0 ? kExitProblems : kExitOk;
  }
  if (on_summary) on_summary(summary);
  if (gate && !gate->finish(console)) summary.exit_status = kExitUsage;
  return summary;
}

std::string summary_text(const CheckSummary& s) {
  const std::string suppressed = s.has_baseline ? ", " + std::to_string(s.suppressed) +
                                                      " known problems suppressed by the baseline"
                                                : std::string();
  char line[512];
  std::snprintf(line, sizeof line,
                "%llu games, %llu plies, %llu errors, %llu warnings, %llu games with errors, "
                "%llu unsupported-variant games%s, %.2f s, %.1f MB/s%s",
                ull(s.games), ull(s.plies), ull(s.errors), ull(s.warnings),
                ull(s.games_with_errors), ull(s.unsupported), suppressed.c_str(), s.seconds,
                s.seconds > 0 ? static_cast<double>(s.bytes) / 1e6 / s.seconds : 0.0,
                s.stopped ? " (stopped at --max-errors)" : "");
  return line;
}

std::string summary_ndjson(const CheckSummary& s) {
  char line[512];
  std::snprintf(line, sizeof line,
                "{\"summary\":\"check\",\"games\":%llu,\"plies\":%llu,\"errors\":%llu,"
                "\"warnings\":%llu,\"games_with_errors\":%llu,\"unsupported\":%llu,"
                "\"bytes\":%llu,\"seconds\":%.3f,\"io_failed\":%s,\"stopped\":%s,"
                "\"counted\":%llu,\"max_errors\":%llu}",
                ull(s.games), ull(s.plies), ull(s.errors), ull(s.warnings),
                ull(s.games_with_errors), ull(s.unsupported), ull(s.bytes), s.seconds,
                s.io_failed ? "true" : "false", s.stopped ? "true" : "false", ull(s.counted),
                ull(s.max_errors));
  return line;
}

std::string codes_listing(bool ndjson) {
  std::string out;
  if (!ndjson) out += "code                      group     severity  summary\n";
  for (const diag::CodeInfo& c : diag::all_codes()) {
    const std::string_view severity = replay::severity_name(c.severity);
    if (ndjson) {
      out += "{\"code\":";
      write::append_json_string(out, c.name);
      out += ",\"group\":";
      write::append_json_string(out, diag::group_name(c.group));
      out += ",\"severity\":";
      write::append_json_string(out, severity);
      out += ",\"summary\":";
      write::append_json_string(out, c.summary);
      out += "}\n";
    } else {
      std::string row(c.name);
      row.resize(std::max<std::size_t>(row.size() + 1, 26), ' ');
      row += diag::group_name(c.group);
      row.resize(std::max<std::size_t>(row.size() + 1, 36), ' ');
      row += severity;
      row.resize(std::max<std::size_t>(row.size() + 1, 46), ' ');
      row += c.summary;
      out += row + '\n';
    }
  }
  return out;
}

}  // namespace pgnkit::commands

// pgnkit check: replay every game and report every problem, compiler-style, as NDJSON or in a
// CI format (check_job.h reads, check_ci.h holds the CI options).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "check_args.h"
#include "check_job.h"
#include "commands.h"
#include "input.h"
#include "laws_option.h"
#include "pipeline/pipeline.h"
#include "shard.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

int run_check(CheckArgs args) {
  std::optional<CiRun> ci;
  std::optional<std::string> config_laws;  // pgnkit.toml's `laws`: the --laws default
  if (const int status =
          prepare_ci(args.ci, args.format, args.strict, args.max_errors, config_laws, ci);
      status >= 0) {
    return status;
  }
  if (config_laws && !args.laws_given) args.laws = laws_choice(*config_laws);
  if (ci && !args.shard.range.empty()) {
    std::fprintf(stderr,
                 "pgnkit: --range is not supported with the CI options yet (--format "
                 "sarif/github/gitlab, --select, --baseline, ...)\n");
    return kExitUsage;
  }
  CiRun* const gate = ci ? &*ci : nullptr;
  const CheckJob job(args, args.format == "text" && use_color(args.color), gate);
  const auto t0 = std::chrono::steady_clock::now();
  Progress progress(args.progress, input_bytes(args.files));
  if (gate) gate->begin_output();
  const pipeline::RunStats run =
      run_job(args.files, args.threads, job, nullptr, &progress, &args.shard, gate);
  progress.finish();
  if (gate) gate->end_output();
  const bool write_failed = !stdout_ok_or_report();  // before the summary, as convert
  const bool io_failed = run.io_failed || write_failed;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const CheckTotals t = CheckTotals::from(run.totals);
  CheckTotals with_base = t;  // a shard's stop counts the errors before it
  with_base.errors += args.base_errors;
  const bool stopped = job.stop_after_input(with_base.counters());
  const std::uint64_t counted = t.errors + (args.strict ? t.warnings : 0);
  if (args.shard.summary_format == "ndjson") {
    // The totals a driver adds up over shards (pgnkit-dask), one object on the last line.
    std::fprintf(
        stderr,
        "{\"summary\":\"check\",\"games\":%llu,\"plies\":%llu,\"errors\":%llu,"
        "\"warnings\":%llu,\"games_with_errors\":%llu,\"unsupported\":%llu,"
        "\"bytes\":%llu,\"seconds\":%.3f,\"io_failed\":%s,\"stopped\":%s,"
        "\"counted\":%llu,\"max_errors\":%llu}\n",
        static_cast<unsigned long long>(t.games), static_cast<unsigned long long>(t.plies),
        static_cast<unsigned long long>(t.errors), static_cast<unsigned long long>(t.warnings),
        static_cast<unsigned long long>(t.games_with_errors),
        static_cast<unsigned long long>(t.unsupported), static_cast<unsigned long long>(t.bytes),
        secs, io_failed ? "true" : "false", stopped ? "true" : "false",
        static_cast<unsigned long long>(counted), static_cast<unsigned long long>(args.max_errors));
  } else {
    const std::string suppressed =
        gate && gate->has_baseline()
            ? ", " + std::to_string(t.suppressed) + " known problems suppressed by the baseline"
            : std::string();
    std::fprintf(stderr,
                 "%llu games, %llu plies, %llu errors, %llu warnings, %llu games with errors, "
                 "%llu unsupported-variant games%s, %.2f s, %.1f MB/s%s\n",
                 static_cast<unsigned long long>(t.games), static_cast<unsigned long long>(t.plies),
                 static_cast<unsigned long long>(t.errors),
                 static_cast<unsigned long long>(t.warnings),
                 static_cast<unsigned long long>(t.games_with_errors),
                 static_cast<unsigned long long>(t.unsupported), suppressed.c_str(), secs,
                 secs > 0 ? static_cast<double>(t.bytes) / 1e6 / secs : 0.0,
                 stopped ? " (stopped at --max-errors)" : "");
  }
  if (gate && !gate->finish()) return kExitUsage;  // --write-baseline could not be written
  if (io_failed) return kExitUsage;
  if (gate && gate->writes_baseline()) return kExitOk;  // the problems found are now known ones
  return t.errors > 0 || (args.strict && t.warnings > 0) ? kExitProblems : kExitOk;
}

}  // namespace

bool use_color(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR");
}

void register_check(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Replay every game (variations included) and report every problem.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_flag("--strict", args->strict, "Warnings count as errors (exit status 1)");
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the summary");
  cmd->add_option("--max-errors", args->max_errors, "Stop replaying after N errors (0 = no limit)");
  cmd->add_flag("--no-variations", args->no_variations, "Do not replay variations");
  cmd->add_flag("--allow-null", args->allow_null, "Accept null moves (--, Z0) silently");
  cmd->add_option("--format", args->format,
                  "text (compiler-style), ndjson (one object per problem), sarif (SARIF 2.1.0), "
                  "github (workflow commands) or gitlab (Code Quality report)")
      ->check(CLI::IsMember({"text", "ndjson", "sarif", "github", "gitlab"}));
  cmd->add_option("--color", args->color, "auto (on a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  register_ci_options(*cmd, args->ci);
  add_progress_options(cmd, args->progress);
  add_laws_option(*cmd, args->laws);
  add_threads_option(cmd, args->threads);
  add_shard_options(cmd, args->shard, true);
  cmd->add_option("--base-errors", args->base_errors,
                  "--range: the errors counted before the shard (--strict: and warnings), so "
                  "that --max-errors stops where one run stops")
      ->needs("--range")
      ->group("Shards");
  cmd->footer(
      "Text lines: FILE:LINE:COL: error[code]: message [game N, ply P, move 'SAN']\n"
      "NDJSON keys: file, game, line, column, offset, ply, in_variation, severity, code, san,\n"
      "  message, fen (null where not applicable). The summary goes to stderr.\n"
      "Examples:\n"
      "  pgnkit check data/sample.pgn\n"
      "  pgnkit check --strict --format ndjson games.pgn.zst > problems.ndjson\n"
      "  zstd -dc lichess.pgn.zst | pgnkit check --quiet -\n"
      "  pgnkit check -j 8 lichess.pgn      (8 threads; the same output as -j 1)\n"
      "  pgnkit check --laws current old_archive.pgn   (fivefold/75 moves end 1980s games too)\n"
      "  pgnkit check --format sarif --sarif-root . games/*.pgn > pgnkit.sarif\n"
      "  pgnkit check -j 8 --format gitlab --baseline known.txt games/*.pgn   (same bytes as -j "
      "1)\n"
      "  pgnkit check --select illegal,end --ignore wrong_side games.pgn\n"
      "  pgnkit check --write-baseline known.txt old.pgn && pgnkit check --baseline known.txt "
      "old.pgn\n"
      "Config: the nearest pgnkit.toml ([check] select, ignore, error, warn, strict, laws,\n"
      "  max-errors, [[check.per-path]] glob + rules); the command line wins. docs/check.md.\n"
      "CI recipes (GitHub Actions, GitLab CI, pre-commit, a git diff gate): docs/ci.md.\n"
      "Exit status: 0 no errors, 1 errors found (or warnings with --strict), 2 usage or I/O "
      "error.");
  cmd->callback([args, cmd, &exit_code] {
    CheckArgs run = *args;
    take_ci_options(*cmd, run.ci);
    run.laws_given = cmd->count("--laws") > 0;
    exit_code = run_check(std::move(run));
  });
}

}  // namespace pgnkit::tools

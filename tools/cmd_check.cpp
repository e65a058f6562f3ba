// pgnkit check: the flags into commands::CheckOptions, the run (lib/commands/check.h), the
// summary line on stderr.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "check_options.h"
#include "commands.h"
#include "commands/check.h"
#include "input.h"
#include "laws_option.h"
#include "progress.h"
#include "shard.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct CheckFlags {
  commands::CheckOptions options;
  std::string color = "auto";
  CiFlags ci;
  ProgressMode progress = ProgressMode::Auto;
  unsigned threads = 0;
  ShardArgs shard;  // --range, --base-game, --base-line, --summary-format: shard.h
};

// Whether to colour text output: --color always/never, or auto (stdout a terminal, no
// NO_COLOR).
bool use_color(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR");
}

int run_check(CheckFlags flags) {
  commands::CheckOptions& options = flags.options;
  if (flags.ci.list_codes) {
    if (options.format != "text" && options.format != "ndjson") {
      report("--list-codes prints text or ndjson");
      return kExitUsage;
    }
    write_stdout(commands::codes_listing(options.format == "ndjson"));
    return kExitOk;
  }
  options.ci = flags.ci.options;
  options.color = use_color(flags.color);
  // More than one input with --range: nothing is read, the summary says 0 games, status 2.
  if (flags.shard.ranged()) options.shard = flags.shard.shard();
  Progress progress(flags.progress, input_bytes(options.inputs));
  options.run = run_options(flags.threads, &progress);
  TerminalConsole console(nullptr, &progress);
  console.notes = !options.quiet;  // skipped archive members: one note each, not with --quiet
  const bool ndjson_summary = flags.shard.ndjson_summary();
  const commands::CheckSummary summary = commands::run_check(
      options, console,
      [&](const commands::CheckSummary& s) {
        maybe_print_pipeline_stats(s.run, s.used, options.shard.has_value());
        // The totals a driver adds up over shards (pgnkit-dask): one object on the last line.
        const std::string line =
            ndjson_summary ? commands::summary_ndjson(s) : commands::summary_text(s);
        std::fprintf(stderr, "%s\n", line.c_str());
      },
      [&progress] {
        progress.finish();
        return !stdout_ok_or_report();  // before the summary, as convert
      });
  return summary.exit_status;
}

}  // namespace

void register_check(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<CheckFlags>();
  commands::CheckOptions* const args = &flags->options;
  CLI::App* cmd = app.add_subcommand(
      "check", "Replay every game (variations included) and report every problem.");
  cmd->add_option("files", args->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_flag("--strict", args->strict, "Warnings count as errors (exit status 1)");
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the summary");
  cmd->add_option("--max-errors", args->max_errors, "Stop replaying after N errors (0 = no limit)");
  cmd->add_flag("--no-variations", args->no_variations, "Do not replay variations");
  cmd->add_flag("--allow-null", args->allow_null, "Accept null moves (--, Z0) silently");
  cmd->add_option("--format", args->format,
                  "text (compiler-style), ndjson (one object per problem), sarif (SARIF 2.1.0), "
                  "github (workflow commands) or gitlab (Code Quality report)")
      ->check(CLI::IsMember({"text", "ndjson", "sarif", "github", "gitlab"}));
  cmd->add_option("--color", flags->color, "auto (on a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  register_ci_options(*cmd, flags->ci);
  add_progress_options(cmd, flags->progress);
  add_laws_option(*cmd, args->laws);
  add_threads_option(cmd, flags->threads);
  add_shard_options(cmd, flags->shard, true);
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
      "  pgnkit check games/ twic1590g.zip old.pgn.gz   (a directory's PGN files, archive\n"
      "                                                  members, any compression)\n"
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
  cmd->callback([flags, cmd, &exit_code] {
    CheckFlags run = *flags;
    take_ci_options(*cmd, run.ci);
    run.options.laws_given = cmd->count("--laws") > 0;
    exit_code = run_check(std::move(run));
  });
}

}  // namespace pgnkit::tools

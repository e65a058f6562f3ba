// pgnkit check: replay every game and report every problem, compiler-style or as NDJSON.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "check_args.h"
#include "commands.h"
#include "diagnostic.h"
#include "input.h"
#include "laws_option.h"
#include "pgn/reader.h"
#include "pipeline/pipeline.h"
#include "replay/replayer.h"
#include "shard.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct Totals {
  std::uint64_t games = 0, plies = 0, errors = 0, warnings = 0, games_with_errors = 0,
                unsupported = 0, bytes = 0;

  // As pipeline::Counters, which the pipeline sums chunk by chunk.
  pipeline::Counters counters() const {
    return {games, plies, errors, warnings, games_with_errors, unsupported, bytes};
  }
  static Totals from(const pipeline::Counters& c) {
    return {c[0], c[1], c[2], c[3], c[4], c[5], c[6]};
  }
};

class CheckSink : public replay::ReplaySink {
 public:
  // Problems go into `out`; through `drain` (when set) whenever a good deal has gathered.
  CheckSink(const CheckArgs& args, bool color, pipeline::ChunkResult& result,
            pipeline::Drain* drain, const Totals& seed)
      : args_(args), color_(color), result_(result), drain_(drain), totals_(seed) {}

  Totals& totals() { return totals_; }
  bool limit_reached() const { return limit_reached(totals_); }
  bool limit_reached(const Totals& t) const {
    return args_.max_errors > 0 && counted_errors(t) >= args_.max_errors;
  }

  void problem(const replay::Problem& p) override {
    // The source's own error message (printed after reading) says more than the reader's.
    if (p.code == replay::ProblemCode::Syntax && p.syntax == pgn::SyntaxCode::InputError) return;
    const bool error = p.severity == replay::Severity::Error;
    if (error) {
      ++totals_.errors;
    } else {
      ++totals_.warnings;
    }
    if (args_.quiet || (args_.max_errors > 0 && counted_errors(totals_) > args_.max_errors)) return;
    const bool as_error = error || args_.strict;
    if (args_.format == "ndjson") {
      append_problem_json(result_.out, file_, p, as_error);
    } else {
      append_problem_text(result_.out, file_, p, as_error, color_);
    }
    if (drain_ && result_.out.size() >= (std::size_t{1} << 15)) drain_->flush(result_);
  }

  void game_end(const replay::GameReport& r) override {
    ++totals_.games;
    totals_.plies += r.plies;
    const std::uint64_t errors = r.errors + (args_.strict ? r.warnings : 0);
    if (errors) ++totals_.games_with_errors;
    if (r.unsupported_variant) ++totals_.unsupported;
  }

  void set_file(std::string_view name) { file_ = name; }

 private:
  std::uint64_t counted_errors(const Totals& t) const {
    return t.errors + (args_.strict ? t.warnings : 0);
  }

  const CheckArgs& args_;
  bool color_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  std::string_view file_;
  Totals totals_;
};

// Stops replaying (but keeps reading cheaply) once --max-errors is reached.
class CheckVisitor : public replay::Replayer {
 public:
  CheckVisitor(CheckSink& sink, const replay::ReplayOptions& opt)
      : Replayer(sink, opt), sink_(sink) {}
  pgn::Control begin_movetext() {
    if (sink_.limit_reached()) return pgn::Control::StopGame;
    return Replayer::begin_movetext();
  }

 private:
  CheckSink& sink_;
};

// One read of check: the whole input with one thread, or a chunk of it (lib/pipeline).
class CheckJob final : public pipeline::Job {
 public:
  CheckJob(const CheckArgs& args, bool color) : args_(args), color_(color) {
    opt_.variations = !args.no_variations;
    opt_.allow_null = args.allow_null;
    opt_.laws = args.laws;
  }

  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    const Totals seed = Totals::from(read.seed);
    CheckSink sink(args_, color_, result, read.drain, seed);
    sink.set_file(read.input);
    CheckVisitor visitor(sink, opt_);
    result.stats = pgn::read_pgn(read.source, visitor, read.options);
    sink.totals().bytes += result.stats.bytes;
    const pipeline::Counters total = sink.totals().counters(), before = seed.counters();
    for (std::size_t i = 0; i < total.size(); ++i) result.counters[i] = total[i] - before[i];
  }

  // --max-errors: the chunk in which the count reaches the limit is read again on one reader
  // seeded with the count before it, which then stops replaying exactly where one thread does.
  bool needs_sequential(const pipeline::Counters& before,
                        const pipeline::Counters& chunk) const override {
    Totals t = Totals::from(before);
    const Totals c = Totals::from(chunk);
    t.errors += c.errors;
    t.warnings += c.warnings;
    return limit_reached(t);
  }
  bool stop_after_input(const pipeline::Counters& totals) const override {
    return limit_reached(Totals::from(totals));
  }

 private:
  bool limit_reached(const Totals& t) const {
    return args_.max_errors > 0 && t.errors + (args_.strict ? t.warnings : 0) >= args_.max_errors;
  }

  const CheckArgs& args_;
  bool color_;
  replay::ReplayOptions opt_;
};

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
  if (ci) return run_check_gated(args, *ci);
  const CheckJob job(args, args.format == "text" && use_color(args.color));
  const auto t0 = std::chrono::steady_clock::now();
  Progress progress(args.progress, input_bytes(args.files));
  const pipeline::RunStats run =
      run_job(args.files, args.threads, job, nullptr, &progress, &args.shard);
  progress.finish();
  const bool write_failed = !stdout_ok_or_report();  // before the summary, as convert
  const bool io_failed = run.io_failed || write_failed;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const Totals t = Totals::from(run.totals);
  if (args.shard.summary_format == "ndjson") {
    // The totals a driver adds up over shards (pgnkit-dask), one object on the last line.
    std::fprintf(
        stderr,
        "{\"summary\":\"check\",\"games\":%llu,\"plies\":%llu,\"errors\":%llu,"
        "\"warnings\":%llu,\"games_with_errors\":%llu,\"unsupported\":%llu,"
        "\"bytes\":%llu,\"seconds\":%.3f,\"io_failed\":%s,\"stopped\":%s}\n",
        static_cast<unsigned long long>(t.games), static_cast<unsigned long long>(t.plies),
        static_cast<unsigned long long>(t.errors), static_cast<unsigned long long>(t.warnings),
        static_cast<unsigned long long>(t.games_with_errors),
        static_cast<unsigned long long>(t.unsupported), static_cast<unsigned long long>(t.bytes),
        secs, io_failed ? "true" : "false", job.stop_after_input(run.totals) ? "true" : "false");
  } else {
    std::fprintf(stderr,
                 "%llu games, %llu plies, %llu errors, %llu warnings, %llu games with errors, "
                 "%llu unsupported-variant games, %.2f s, %.1f MB/s%s\n",
                 static_cast<unsigned long long>(t.games), static_cast<unsigned long long>(t.plies),
                 static_cast<unsigned long long>(t.errors),
                 static_cast<unsigned long long>(t.warnings),
                 static_cast<unsigned long long>(t.games_with_errors),
                 static_cast<unsigned long long>(t.unsupported), secs,
                 secs > 0 ? static_cast<double>(t.bytes) / 1e6 / secs : 0.0,
                 job.stop_after_input(run.totals) ? " (stopped at --max-errors)" : "");
  }
  if (io_failed) return kExitUsage;
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

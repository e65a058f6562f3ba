// pgnkit check with its CI options (check_ci.h: the sarif, github and gitlab formats, rule
// selection, a baseline): each game's problems go through the gate, which decides them once
// the game's tags are known, on one thread.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "check_args.h"
#include "commands.h"
#include "diagnostic.h"
#include "input.h"
#include "pgn/reader.h"
#include "replay/replayer.h"
#include "stdout_write.h"

namespace pgnkit::tools {
namespace {

struct Totals {
  std::uint64_t games = 0, plies = 0, errors = 0, warnings = 0, games_with_errors = 0,
                unsupported = 0, bytes = 0;
  std::uint64_t suppressed = 0;  // known problems the baseline held back
};

class CheckSink : public replay::ReplaySink {
 public:
  CheckSink(const CheckArgs& args, bool color, Progress& progress, CiRun* ci)
      : args_(args),
        color_(color),
        progress_(progress),
        stdout_is_tty_(isatty(STDOUT_FILENO)),
        ci_(ci) {}

  void set_file(std::string name) {
    file_ = std::move(name);
    if (ci_) ci_->begin_file(file_);
  }
  // After a file: problems the gate still holds (a game the input cut off) are decided.
  void end_file() {
    if (!ci_) return;
    ci_->gate().end_game();
    drain_ci();
  }
  Totals& totals() { return totals_; }
  CiRun* ci() { return ci_; }
  bool limit_reached() const {
    return args_.max_errors > 0 && counted_errors() >= args_.max_errors;
  }

  void problem(const replay::Problem& p) override {
    // The source's own error message (printed after reading) says more than the reader's.
    if (p.code == replay::ProblemCode::Syntax && p.syntax == pgn::SyntaxCode::InputError) return;
    if (ci_) {  // rules, fingerprints, baseline: decided by the gate, then counted here
      ci_->gate().problem(p);
      if (p.game == 0) drain_ci();
      return;
    }
    const bool error = p.severity == replay::Severity::Error;
    if (error) {
      ++totals_.errors;
    } else {
      ++totals_.warnings;
    }
    if (args_.quiet || (args_.max_errors > 0 && counted_errors() > args_.max_errors)) return;
    if (args_.format == "ndjson") {
      print_json(p);
    } else {
      print_text(p);
    }
  }

  void game_end(const replay::GameReport& r) override {
    ++totals_.games;
    progress_.set_games(totals_.games);
    totals_.plies += r.plies;
    std::uint64_t errors = r.errors + (args_.strict ? r.warnings : 0);
    if (ci_) {
      ci_->gate().end_game();
      errors = drain_ci();
    }
    if (errors) ++totals_.games_with_errors;
    if (r.unsupported_variant) ++totals_.unsupported;
  }

 private:
  std::uint64_t counted_errors() const {
    return totals_.errors + (args_.strict ? totals_.warnings : 0);
  }

  void print_text(const replay::Problem& p) {
    out_.clear();
    append_problem_text(out_, file_, p, p.severity == replay::Severity::Error || args_.strict,
                        color_);
    write_out();
  }

  void print_json(const replay::Problem& p) {
    out_.clear();
    append_problem_json(out_, file_, p, p.severity == replay::Severity::Error || args_.strict);
    write_out();
  }

  void write_out() {
    if (stdout_is_tty_) progress_.before_output();  // the same terminal, perhaps
    write_stdout(out_);
  }

  // Counts and prints what the gate decided; returns how many of them count as errors.
  std::uint64_t drain_ci() {
    std::uint64_t counted = 0;
    for (CheckGate::Decided& d : ci_->gate().take()) {
      if (d.verdict == CheckGate::Verdict::Suppressed) {
        ++totals_.suppressed;
        continue;
      }
      ci_->record(file_, d);
      const bool error = d.severity == replay::Severity::Error;
      ++(error ? totals_.errors : totals_.warnings);
      if (error || args_.strict) ++counted;
      if (args_.quiet || (args_.max_errors > 0 && counted_errors() > args_.max_errors)) continue;
      d.problem.severity = d.severity;
      out_.clear();
      if (args_.format == "ndjson") {
        append_problem_json(out_, file_, d.problem, error || args_.strict);
      } else if (args_.format == "text") {
        append_problem_text(out_, file_, d.problem, error || args_.strict, color_);
      } else {
        ci_->format_problem(out_, d, args_.strict);
      }
      write_out();
    }
    ci_->gate().take().clear();
    return counted;
  }

  const CheckArgs& args_;
  bool color_;
  Progress& progress_;
  const bool stdout_is_tty_;
  CiRun* ci_;  // null: plain text or NDJSON, every code as found (the fast path)
  std::string file_;
  std::string out_;
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
  // The gate's fingerprints need the game's tags.
  void begin_game(const pgn::GameInfo& info) {
    if (CiRun* ci = sink_.ci()) ci->gate().begin_game();
    Replayer::begin_game(info);
  }
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
    if (CiRun* ci = sink_.ci()) ci->gate().tag(name, value_raw);
    return Replayer::tag(name, value_raw, where);
  }

 private:
  CheckSink& sink_;
};

}  // namespace

int run_check_gated(const CheckArgs& args, CiRun& ci_run) {
  CiRun* const ci = &ci_run;
  Progress progress(args.progress, input_bytes(args.files));
  CheckSink sink(args, args.format == "text" && use_color(args.color), progress, ci);
  if (ci) ci->begin_output();
  replay::ReplayOptions opt;
  opt.variations = !args.no_variations;
  opt.allow_null = args.allow_null;
  opt.laws = args.laws;
  const auto t0 = std::chrono::steady_clock::now();
  const bool io_failed = for_each_input(
      args.files,
      [&](io::Source& source) {
        sink.set_file(std::string(source.name()));
        CheckVisitor visitor(sink, opt);
        sink.totals().bytes += pgn::read_pgn(source, visitor).bytes;
        sink.end_file();
        return !sink.limit_reached();
      },
      progress.bytes_counter());
  progress.finish();
  if (ci) ci->end_output();
  const bool write_failed = !stdout_ok_or_report();  // before the summary, as convert
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const Totals& t = sink.totals();
  const std::string suppressed =
      ci && ci->has_baseline()
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
               sink.limit_reached() ? " (stopped at --max-errors)" : "");
  if (ci && !ci->finish()) return kExitUsage;  // --write-baseline could not be written
  if (io_failed || write_failed) return kExitUsage;
  if (ci && ci->writes_baseline()) return kExitOk;  // the problems found are now known ones
  return t.errors > 0 || (args.strict && t.warnings > 0) ? kExitProblems : kExitOk;
}

}  // namespace pgnkit::tools

#include "commands/check_job.h"

#include <optional>
#include <string_view>

#include "diag/problem_text.h"
#include "pgn/reader.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kDrainBytes = std::size_t{1} << 15;

// Counts and prints the problems of one read into its result.
class CheckSink : public replay::ReplaySink {
 public:
  // Problems go into result.out (baseline lines into its records); through `drain` (when set)
  // whenever a good deal has gathered.
  CheckSink(const CheckOptions& args, bool color, const CiRun* ci, std::string_view file,
            pipeline::ChunkResult& result, pipeline::Drain* drain, const CheckTotals& seed)
      : args_(args),
        color_(color),
        ci_(ci),
        file_(file),
        result_(result),
        drain_(drain),
        totals_(seed) {
    if (ci_ != nullptr) {
      input_ = ci_->input(file);
      gate_.emplace(ci_->gate());
      gate_->begin_file(input_.rules);
    }
  }

  CheckTotals& totals() { return totals_; }
  CheckGate* gate() { return gate_ ? &*gate_ : nullptr; }
  bool limit_reached() const {
    return args_.max_errors > 0 && counted_errors() >= args_.max_errors;
  }

  void problem(const replay::Problem& p) override {
    // The source's own error message (printed after reading) says more than the reader's.
    if (p.code == replay::ProblemCode::Syntax && p.syntax == pgn::SyntaxCode::InputError) return;
    if (gate_) {  // rules, fingerprints, baseline: decided by the gate, then counted here
      gate_->problem(p);
      if (p.game == 0) drain_gate();
      return;
    }
    const bool error = p.severity == replay::Severity::Error;
    // The note that a game had more problems than are reported counts as none: the summary
    // counts the problems themselves (unreported() below), as before there was a limit.
    if (p.code != replay::ProblemCode::TooManyProblems)
      ++(error ? totals_.errors : totals_.warnings);
    if (!shown()) return;
    print(p, error || args_.strict);
  }

  // A problem past the game's limit: counted, not printed. With rules (the gate), it is not
  // decided at all, so it counts nowhere: the TooManyProblems warning stands for it.
  void unreported(const replay::Problem& p) override {
    if (gate_) return;
    ++(p.severity == replay::Severity::Error ? totals_.errors : totals_.warnings);
  }

  void game_end(const replay::GameReport& r) override {
    ++totals_.games;
    totals_.plies += r.plies;
    std::uint64_t errors = r.errors + (args_.strict ? r.warnings : 0);
    if (gate_) {
      gate_->end_game();
      errors = drain_gate();
    }
    if (errors) ++totals_.games_with_errors;
    if (r.unsupported_variant) ++totals_.unsupported;
  }

  // After the read: problems the gate still holds (a game the input cut off) are decided.
  void end_read() {
    if (!gate_) return;
    gate_->end_game();
    drain_gate();
  }

 private:
  std::uint64_t counted_errors() const {
    return totals_.errors + (args_.strict ? totals_.warnings : 0);
  }
  // Whether the problem just counted is printed (not with --quiet, nor past --max-errors).
  bool shown() const {
    return !args_.quiet && !(args_.max_errors > 0 && counted_errors() > args_.max_errors);
  }

  void print(const replay::Problem& p, bool as_error) {
    if (args_.format == "ndjson") {
      diag::append_problem_json(result_.out, file_, p, as_error);
    } else {
      diag::append_problem_text(result_.out, file_, p, as_error, color_);
    }
    maybe_drain();
  }

  void maybe_drain() {
    if (drain_ && result_.out.size() + result_.err.size() >= kDrainBytes) drain_->flush(result_);
  }

  // Counts and prints what the gate decided; returns how many of them count as errors.
  std::uint64_t drain_gate() {
    std::uint64_t counted = 0;
    for (CheckGate::Decided& d : gate_->take()) {
      if (d.verdict == CheckGate::Verdict::Suppressed) {
        ++totals_.suppressed;
        continue;
      }
      ci_->record(result_, file_, d);
      const bool error = d.severity == replay::Severity::Error;
      if (d.problem.code != replay::ProblemCode::TooManyProblems) {
        ++(error ? totals_.errors : totals_.warnings);
        if (error || args_.strict) ++counted;
      }
      if (!shown()) continue;
      d.problem.severity = d.severity;
      if (ci_->has_format()) {
        ci_->format_problem(result_.out, input_, d, args_.strict);
        maybe_drain();
      } else {
        print(d.problem, error || args_.strict);
      }
    }
    gate_->take().clear();
    return counted;
  }

  const CheckOptions& args_;
  const bool color_;
  const CiRun* ci_;  // null: plain text or NDJSON, every code as found (the fast path)
  std::string_view file_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  CheckTotals totals_;
  CiRun::Input input_;
  std::optional<CheckGate> gate_;
};

// Stops replaying (but keeps reading cheaply) once --max-errors is reached; with the CI
// options, shows the gate each game's tags (its fingerprints need them).
class CheckVisitor : public replay::Replayer {
 public:
  CheckVisitor(CheckSink& sink, const replay::ReplayOptions& opt)
      : Replayer(sink, opt), sink_(sink), gate_(sink.gate()) {}
  pgn::Control begin_movetext() {
    if (sink_.limit_reached()) return pgn::Control::StopGame;
    return Replayer::begin_movetext();
  }
  void begin_game(const pgn::GameInfo& info) {
    if (gate_) gate_->begin_game();
    Replayer::begin_game(info);
  }
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
    if (gate_) gate_->tag(name, value_raw);
    return Replayer::tag(name, value_raw, where);
  }

 private:
  CheckSink& sink_;
  CheckGate* gate_;
};

}  // namespace

CheckJob::CheckJob(const CheckOptions& args, bool color, const CiRun* ci)
    : args_(args), color_(color), ci_(ci) {
  opt_.variations = !args.no_variations;
  opt_.allow_null = args.allow_null;
  opt_.laws = args.laws;
}

void CheckJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  CheckTotals seed = CheckTotals::from(read.seed);
  seed.errors += args_.base_errors;  // a shard's errors before it (--range only, else 0)
  CheckSink sink(args_, color_, ci_, read.input, result, read.drain, seed);
  CheckVisitor visitor(sink, opt_);
  result.stats = pgn::read_pgn(read.source, visitor, read.options);
  sink.end_read();
  sink.totals().bytes += result.stats.bytes;
  const pipeline::Counters total = sink.totals().counters(), before = seed.counters();
  for (std::size_t i = 0; i < total.size(); ++i) result.counters[i] = total[i] - before[i];
}

bool CheckJob::needs_sequential(const pipeline::Counters& before,
                                const pipeline::Counters& chunk) const {
  CheckTotals t = CheckTotals::from(before);
  const CheckTotals c = CheckTotals::from(chunk);
  t.errors += c.errors;
  t.warnings += c.warnings;
  return stop_after_input(t.counters());
}

bool CheckJob::stop_after_input(const pipeline::Counters& totals) const {
  const CheckTotals t = CheckTotals::from(totals);
  return args_.max_errors > 0 && t.errors + (args_.strict ? t.warnings : 0) >= args_.max_errors;
}

}  // namespace pgnkit::commands

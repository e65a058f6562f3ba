#include "commands/select_job.h"

#include <optional>
#include <string_view>
#include "commands/select_convert.h"
#include "commands/selected_output.h"

#include "diag/problem_text.h"
#include "pgn/reader.h"
#include "pgn/syntax.h"
#include "replay/record_builder.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kDrainBytes = std::size_t{1} << 16;

// One read's select::GameSink: the selected games into result.out, diagnostics into
// result.err. An exact read (game numbers known: one thread, a repair, a --range shard)
// applies --skip and --limit from the counts before it; a speculative read writes every
// selected game and leaves them to the merger (SelectJob::needs_*).
class SelectSink final : public select::GameSink {
 public:
  SelectSink(const SelectOptions& args, pipeline::ChunkResult& result, pipeline::Drain* drain,
             std::string_view file, const SelectTotals& seed, bool exact)
      : args_(args), result_(result), drain_(drain), file_(file), totals_(seed), exact_(exact) {}

  void set_selector(select::Selector* s) { selector_ = s; }
  void set_converter(SelectConverter* c) { convert_ = c; }
  const SelectTotals& totals() const { return totals_; }

  void game(const select::GameVerdict& v) override {
    if (!v.selected) return;
    // Between games: what earlier games wrote is complete.
    if (drain_ && result_.out.size() + result_.err.size() >= kDrainBytes) drain_->flush(result_);
    const std::uint64_t index = totals_.selected++;  // among the run's selected games, if exact
    if (exact_) {
      if (index < args_.skip) return;
      if (args_.limit != 0 && index + 1 == args_.skip + args_.limit && selector_ != nullptr)
        selector_->stop();
    }
    if (args_.count) return;
    if (v.bytes_status == pgn::GameBytes::Status::TooLong) {
      ++totals_.too_long;
      std::string& t = result_.err.text();
      t += file_;
      t += ':' + std::to_string(v.where.line) + ':' + std::to_string(v.where.column) +
           ": error: game ";
      result_.err.game_number(v.number);
      t += " is longer than " + std::to_string(pgn::GameBytes::kDefaultLimit >> 20) +
           " MiB, the limit for a selected game (" + std::to_string(v.size) +
           " bytes read before it was given up); not written\n";
      return;
    }
    if (convert_ != nullptr) {
      convert_->select_next(true);
      return;
    }
    std::string& out = result_.out.text();
    out.append(v.bytes);
    out.append(selected_game_tail(v.bytes));
  }

  void problem(const replay::Problem& p) override {
    diag::append_problem_text(result_.err, file_, p, p.severity == replay::Severity::Error, false);
  }

  void syntax_between_games(const pgn::SyntaxIssue& issue) override {
    std::string& t = result_.err.text();
    t += file_;
    t += ':' + std::to_string(issue.where.line) + ':' + std::to_string(issue.where.column) + ": ";
    t += issue.severity == pgn::Severity::Error ? "error[" : "warning[";
    t += pgn::syntax_code_name(issue.code);
    t += "]: ";
    t += pgn::syntax_message(issue.code);
    t += '\n';
  }

  void regex_limit(std::uint64_t game, const select::RegexLimit& limit) override {
    // Once per run: the same pattern would say it for many games.
    if (totals_.regex_limits++ > 0) return;
    std::string& t = result_.err.text();
    t += file_;
    t += ": error: game ";
    result_.err.game_number(game);
    t += ": regex '" + limit.pattern + "' on tag " + limit.tag + " hit the match limit (" +
         std::to_string(select::Regex::kMatchLimit) +
         " steps: catastrophic backtracking?); counted as no match\n";
  }

 private:
  const SelectOptions& args_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  std::string_view file_;
  SelectTotals totals_;
  const bool exact_;
  select::Selector* selector_ = nullptr;
  SelectConverter* convert_ = nullptr;
};

}  // namespace

void SelectJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  const SelectTotals seed = SelectTotals::from(read.seed);
  SelectSink sink(args_, result, read.drain, read.input, seed, read.game_base.has_value());
  select::Selector selector(filters_, sink);
  selector.set_input(read.input);
  sink.set_selector(&selector);
  if (!args_.to.empty() && !args_.count) {
    SelectConverter convert(args_.to, result.out);
    sink.set_converter(&convert);
    replay::RecordBuilder builder(convert);
    builder.set_canonical_san(convert.canonical_san());
    SelectTee tee(selector, builder);
    result.stats = pgn::read_pgn(read.source, tee, read.options);
  } else {
    result.stats = pgn::read_pgn(read.source, selector, read.options);
  }
  const pipeline::Counters total = sink.totals().counters(), before = seed.counters();
  for (std::size_t i = 0; i < total.size(); ++i) result.counters[i] = total[i] - before[i];
}

bool SelectJob::needs_exact_read(const pipeline::Counters& before,
                                 const pipeline::Counters& chunk) const {
  const SelectTotals b = SelectTotals::from(before), c = SelectTotals::from(chunk);
  // A selected game that --skip leaves out; a second regex-limit message.
  return (c.selected > 0 && b.selected < args_.skip) || (c.regex_limits > 0 && b.regex_limits > 0);
}

bool SelectJob::needs_sequential(const pipeline::Counters& before,
                                 const pipeline::Counters& chunk) const {
  // --limit is reached in this chunk: one reader stops there, as one thread does.
  return args_.limit != 0 &&
         SelectTotals::from(before).selected + SelectTotals::from(chunk).selected >=
             args_.skip + args_.limit;
}

bool SelectJob::stop_after_input(const pipeline::Counters& totals) const {
  return args_.limit != 0 && SelectTotals::from(totals).selected >= args_.skip + args_.limit;
}

std::uint64_t SelectJob::written(const pipeline::Counters& totals) const {
  const std::uint64_t selected = SelectTotals::from(totals).selected;
  const std::uint64_t after_skip = selected > args_.skip ? selected - args_.skip : 0;
  return args_.limit != 0 && after_skip > args_.limit ? args_.limit : after_skip;
}

}  // namespace pgnkit::commands

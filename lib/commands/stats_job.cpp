#include "commands/stats_job.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "commands/status_record.h"
#include "eco/classify.h"
#include "pgn/reader.h"
#include "pgn/tag.h"
#include "replay/replayer.h"

namespace pgnkit::commands {
namespace {

// The tags stats reads besides those the replayer keeps (replay::GameTags).
enum class Kept : std::uint8_t { Event, TimeControl, WhiteElo, BlackElo, Eco };
constexpr std::array<std::string_view, 5> kKeptNames = {"Event", "TimeControl", "WhiteElo",
                                                        "BlackElo", "ECO"};

// Gathers one read's counts: problems as they come, the game at its end.
class StatsSink final : public replay::ReplaySink {
 public:
  StatsSink(const StatsJobOptions& o, StatsRecords& records) : o_(o), records_(records) {
    by_values_.resize(o.by.size());
  }

  void set_classifier(const eco::Classifier* c) { eco_ = c; }

  void begin_game() {
    for (std::string& v : kept_) v.clear();
    for (std::string& v : by_values_) v.clear();
    kept_seen_ = 0;
    by_seen_.assign(o_.by.size(), false);
    problems_.clear();
    errors_ = warnings_ = 0;
  }

  // The first value of each tag counts (a duplicate is a problem of its own).
  void tag(std::string_view name, std::string_view raw) {
    for (std::size_t i = 0; i < kKeptNames.size(); ++i) {
      if (name == kKeptNames[i] && !(kept_seen_ & (1U << i))) {
        kept_seen_ |= 1U << i;
        pgn::unescape_tag(raw, kept_[i]);
      }
    }
    for (std::size_t i = 0; i < o_.by.size(); ++i) {
      if (name == o_.by[i] && !by_seen_[i]) {
        by_seen_[i] = true;
        pgn::unescape_tag(raw, by_values_[i]);
      }
    }
  }

  void set_game_bytes(std::uint64_t bytes) { bytes_ = bytes; }

  void problem(const replay::Problem& p) override {
    // As check: the source's own error message says more than the reader's.
    if (p.code == replay::ProblemCode::Syntax && p.syntax == pgn::SyntaxCode::InputError) return;
    if (o_.max_problems != 0 && ++kept_by_code_[p.code_name()] <= o_.max_problems) keep(p);
    if (p.code == replay::ProblemCode::TooManyProblems) return;  // the others count themselves
    count(p);
  }
  void unreported(const replay::Problem& p) override { count(p); }

  void game_end(const replay::GameReport& r) override {
    const replay::GameTags& tags = *r.tags;
    StatsGame g;
    g.result = tags.has_result ? std::string_view(tags.result) : std::string_view();
    g.status = replay::game_status_name(r.status);
    const bool judged = status_judged(r);
    g.consistency = !judged ? "not_judged" : r.consistent ? "consistent" : "inconsistent";
    if (judged && !r.consistent) {
      for (const replay::ProblemCode c : r.inconsistencies)
        g.contradictions.push_back(replay::problem_code_name(c));
    }
    g.termination = tags.termination;
    g.time_control = time_control_class(kept(Kept::TimeControl));
    g.white_elo = elo_band(kept(Kept::WhiteElo), white_band_);
    g.black_elo = elo_band(kept(Kept::BlackElo), black_band_);
    g.year = year_of_dates(tags.date, tags.utc_date);
    if (eco_ != nullptr) {
      const eco::Opening* o = eco_->opening();
      g.eco = o != nullptr ? eco_code(o->eco) : eco_code("");
    } else {
      g.eco = eco_code(kept(Kept::Eco));
    }
    g.eco_volume = g.eco.size() == 3 ? g.eco.substr(0, 1) : g.eco;
    g.white = tags.white;
    g.black = tags.black;
    g.event = kept(Kept::Event);
    g.variant = tags.variant;
    for (const auto& [code, error, n] : problems_)
      g.problems.push_back(StatsProblemCount{code, error ? "error" : "warning", n});
    g.plies = r.plies;
    g.bytes = bytes_;
    records_.totals.add_game(g);
    if (!o_.by.empty()) records_.groups[group_key()].add_game(g);
    if (errors_ + warnings_ > 0) {
      records_.worst.push_back(
          StatsGameProblems{0, r.game, errors_, warnings_, tags.white, tags.black});
      // A read of millions of games: keep the candidates few (stable, so still in order).
      if (o_.top != 0 && records_.worst.size() > 4 * o_.top) keep_worst(records_.worst, o_.top);
    }
  }

 private:
  std::string_view kept(Kept k) const { return kept_[static_cast<std::size_t>(k)]; }

  std::string group_key() const {
    std::string key;
    for (std::size_t i = 0; i < by_values_.size(); ++i) {
      if (i != 0) key += kGroupSeparator;
      key += by_values_[i];
    }
    return key;
  }

  void keep(const replay::Problem& p) {
    StatsProblem& k = records_.problems.emplace_back();
    k.game = p.game;
    k.where = p.where;
    k.ply = p.ply;
    k.in_variation = p.in_variation;
    k.error = p.severity == replay::Severity::Error;
    k.code = p.code_name();
    k.san = p.san;
    k.message = p.message;
    k.fen = p.fen;
  }

  void count(const replay::Problem& p) {
    const bool error = p.severity == replay::Severity::Error;
    const std::string_view code = p.code_name();
    if (p.game == 0) {  // between games: in the totals only
      tally_add(records_.totals[StatsList::Problem], code);
      tally_add(records_.totals[StatsList::Severity], error ? "error" : "warning");
      return;
    }
    ++(error ? errors_ : warnings_);
    const auto it = std::find_if(problems_.begin(), problems_.end(), [&](const auto& c) {
      return std::get<0>(c) == code && std::get<1>(c) == error;
    });
    if (it != problems_.end()) {
      ++std::get<2>(*it);
    } else {
      problems_.emplace_back(code, error, 1);
    }
  }

  const StatsJobOptions& o_;
  StatsRecords& records_;
  const eco::Classifier* eco_ = nullptr;
  std::array<std::string, kKeptNames.size()> kept_;
  unsigned kept_seen_ = 0;
  std::vector<std::string> by_values_;
  std::vector<bool> by_seen_;
  // The game's problems by code name (static text) and severity, with their counts.
  std::vector<std::tuple<std::string_view, bool, std::uint64_t>> problems_;
  std::uint64_t errors_ = 0, warnings_ = 0, bytes_ = 0;
  std::unordered_map<std::string_view, std::size_t> kept_by_code_;  // problems kept, by code
  std::array<char, 16> white_band_{}, black_band_{};
};

// The replaying visitor (Base: replay::Replayer, or it classifying by the book) that also
// shows the sink each game's tags and byte span.
template <class Base>
class StatsVisitor final : public Base {
 public:
  template <class... Args>
  explicit StatsVisitor(StatsSink& sink, Args&&... args)
      : Base(std::forward<Args>(args)...), sink_(sink) {}

  void begin_game(const pgn::GameInfo& info) {
    sink_.begin_game();
    start_ = info.where.offset;
    Base::begin_game(info);
  }
  pgn::Control tag(std::string_view name, std::string_view raw, pgn::Location where) {
    sink_.tag(name, raw);
    return Base::tag(name, raw, where);
  }
  void end_game(const pgn::EndInfo& info) {
    sink_.set_game_bytes(info.end_offset > start_ ? info.end_offset - start_ : 0);
    Base::end_game(info);
  }

 private:
  StatsSink& sink_;
  std::uint64_t start_ = 0;
};

}  // namespace

void StatsJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  StatsRecords& records = pipeline::records_of<StatsRecords>(result);
  StatsSink sink(options_, records);
  replay::ReplayOptions opt;  // as check replays: variations, tag checks
  opt.variations = options_.variations;
  if (options_.eco != nullptr) {
    StatsVisitor<eco::Classifying<replay::Replayer>> visitor(sink, *options_.eco, sink, opt);
    sink.set_classifier(&visitor.classifier());
    result.stats = pgn::read_pgn(read.source, visitor, read.options);
  } else {
    StatsVisitor<replay::Replayer> visitor(sink, sink, opt);
    result.stats = pgn::read_pgn(read.source, visitor, read.options);
  }
  // Only the first `top` games with the most problems can be among the run's first `top`.
  // (With top 0 every one is wanted: the merge sorts them once, at the end.)
  if (options_.top != 0) keep_worst(records.worst, options_.top);
}

void keep_worst(std::vector<StatsGameProblems>& worst, std::size_t top) {
  std::stable_sort(worst.begin(), worst.end(), [](const auto& a, const auto& b) {
    return a.errors + a.warnings > b.errors + b.warnings;
  });
  if (top != 0 && worst.size() > top) worst.resize(top);
}

}  // namespace pgnkit::commands

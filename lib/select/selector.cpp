#include "select/selector.h"

#include <algorithm>
#include <optional>

#include "eco/classify.h"
#include "pgn/tag.h"

namespace pgnkit::select {

class Selector::Watch : public replay::ReplaySink {
 public:
  Watch(const SelectOptions& options, GameSink& sink) : options_(options), sink_(sink) {
    if (options.play.eco_book) {
      classifier_.emplace(*options.play.eco_book);
      eco_tag_.values.resize(1);
      eco_tag_.present.resize(1);
    }
  }
  PlayFacts facts;

  void begin() {
    facts = PlayFacts{};
    run_ = 0;
  }

  // Whether main-line positions are still looked up in the book.
  bool classifying() const { return classifier_ && classifier_->active(); }

  // The main line's start (null: the game is not replayed).
  void start(const chess::Position* start) {
    if (start == nullptr) {
      if (classifier_) classifier_->stop();
      return;
    }
    if (classifier_) classifier_->start(*start);
    position(*start);
  }

  // A main-line position (the start included): the --fen, --material, --position-pattern
  // and --imbalance checks.
  void position(const chess::Position& p) {
    const PlayFilters& f = options_.play;
    if (!facts.fen_seen && !f.fens.empty() && matches_fen(f, p)) facts.fen_seen = true;
    if (!facts.material_seen && !f.material_final && !f.materials.empty()) {
      facts.material_seen =
          std::find(f.materials.begin(), f.materials.end(), material_key(p)) != f.materials.end();
    }
    if (!facts.pattern_seen && !f.patterns.empty()) facts.pattern_seen = matches_pattern(f, p);
    if (!f.imbalances.empty() && !facts.imbalance_seen) {
      // The run of consecutive positions with the same matching key (a pawn taken with
      // --imbalance-any-pawns does not end it).
      const ImbalanceKey key = imbalance_key(p) & f.imbalance_mask();
      if (!f.imbalance_matches(key)) {
        run_ = 0;
      } else {
        run_ = run_ > 0 && key == run_key_ ? run_ + 1 : 1;
        run_key_ = key;
      }
      facts.imbalance_seen = !f.material_final && run_ >= f.imbalance_plies;
    }
  }

  void problem(const replay::Problem& p) override {
    if (options_.diagnose) sink_.problem(p);
  }

  // Only moves played come here, so after an illegal main-line move the classification
  // stays that of the legal part, as eco::Classifying has it.
  void move(const replay::MoveEvent& e) override {
    if (e.depth != 0) return;
    if (classifier_ && classifier_->active()) classifier_->position(e.after.key());
    position(e.after);
  }

  void game_end(const replay::GameReport& r) override {
    facts.plies = r.plies;
    facts.move_errors = r.move_errors;  // reported or not (kMaxReportedProblems)
    facts.status = r.status;
    facts.cut = r.cut;
    facts.replayed =
        r.final_position != nullptr && r.status != replay::GameStatus::UnsupportedVariant;
    facts.judged = facts.replayed && r.status != replay::GameStatus::Illegal && !r.cut;
    facts.consistent = r.consistent;
    const PlayFilters& f = options_.play;
    if (f.material_final && r.final_position != nullptr) {
      facts.material_seen = std::find(f.materials.begin(), f.materials.end(),
                                      material_key(*r.final_position)) != f.materials.end();
      if (!f.imbalances.empty()) {  // the run ends at the final position, the last one watched
        facts.imbalance_seen =
            f.imbalance_plies > 1
                ? run_ >= f.imbalance_plies
                : f.imbalance_matches(imbalance_key(*r.final_position) & f.imbalance_mask());
      }
    }
    if (classifier_) {  // the code as the one value of the ECO tag the ranges read
      const eco::Opening* o = classifier_->opening();
      eco_tag_.present[0] = o != nullptr;
      if (o) eco_tag_.values[0] = o->eco;
      facts.eco_passes = f.classified_eco.passes(eco_tag_);
    }
  }

 private:
  const SelectOptions& options_;
  GameSink& sink_;
  std::optional<eco::Classifier> classifier_;  // with --eco-classify
  GameTagValues eco_tag_;                      // reused: no allocation per game
  ImbalanceKey run_key_ = 0;                   // --imbalance: the key of the current run
  std::uint32_t run_ = 0;                      // its length in positions (0: no match)
};

Selector::Selector(const SelectOptions& options, GameSink& sink)
    : options_(options),
      sink_(sink),
      needs_play_(!options.play.empty() || options.diagnose),
      stop_after_book_(!options.diagnose && options.play.only_eco_classify()),
      raw_(options.max_game_bytes) {
  tags_.values.resize(options.tags.names().size());
  tags_.present.resize(options.tags.names().size());
  if (needs_play_) {
    watch_ = std::make_unique<Watch>(options, sink);
    replay::ReplayOptions ro;
    // Variations hold no filter's answer, but their move errors count for --legal/--illegal
    // and are reported under --verbose, as check reports them.
    ro.variations = options.diagnose || options.play.legal || options.play.illegal;
    ro.tag_checks = false;
    ro.want_moves = options.play.watches_positions() || options.play.eco_book != nullptr;
    replayer_ = std::make_unique<replay::Replayer>(*watch_, ro);
  }
}

Selector::~Selector() = default;

bool Selector::past_book() const {
  return !watch_->classifying();
}

pgn::Control Selector::begin_game(const pgn::GameInfo& info) {
  raw_.begin_game(info);
  if (!options_.keep_bytes) raw_.drop();  // --count, --to: nothing copied
  in_game_ = true;
  replay_ = decided_ = false;
  skipping_ = stopped_;
  verdict_ = GameVerdict{};
  verdict_.number = info.number;
  verdict_.where = info.where;
  tags_.clear();
  if (skipping_) {
    raw_.drop();
    return pgn::Control::StopGame;
  }
  if (needs_play_) {
    watch_->begin();
    replayer_->begin_game(info);
  }
  return pgn::Control::Continue;
}

pgn::Control Selector::tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
  const int slot = options_.tags.slot_of(name);
  if (slot >= 0 && !tags_.present[static_cast<std::size_t>(slot)]) {  // the first one counts
    std::string& value = tags_.values[static_cast<std::size_t>(slot)];
    if (value_raw.find('\\') == std::string_view::npos) {
      value.assign(value_raw);
    } else {
      pgn::unescape_tag(value_raw, value);
    }
    tags_.present[static_cast<std::size_t>(slot)] = true;
  }
  if (needs_play_) return replayer_->tag(name, value_raw, where);
  return pgn::Control::Continue;
}

void Selector::set_input(std::string_view name) {
  only_ = nullptr;
  if (!options_.only_games) return;
  const auto it = options_.only_games->find(name);
  if (it != options_.only_games->end()) only_ = &it->second;
}

pgn::Control Selector::begin_movetext() {
  RegexLimit limit;
  tags_pass_ = options_.tags.passes(tags_, &limit);
  if (options_.only_games) {  // an input the list does not name has none of its games
    tags_pass_ = tags_pass_ && only_ != nullptr &&
                 std::binary_search(only_->begin(), only_->end(), verdict_.where.offset);
  }
  if (!limit.pattern.empty()) sink_.regex_limit(verdict_.number, limit);
  if (!needs_play_ || (!tags_pass_ && !options_.diagnose)) {
    // Known from the tags: the moves are not read (or replayed) at all.
    decided_ = true;
    verdict_.selected = tags_pass_ != options_.invert;
    if (!verdict_.selected || !options_.keep_bytes) raw_.drop();
    return options_.diagnose ? pgn::Control::Continue : pgn::Control::StopGame;
  }
  replay_ = true;
  const pgn::Control c = replayer_->begin_movetext();
  watch_->start(replayer_->start_position());
  return c;
}

pgn::Control Selector::syntax_error(const pgn::SyntaxIssue& issue) {
  if (in_game_) {
    if (issue.severity == pgn::Severity::Error) verdict_.damaged = true;
    if (needs_play_ && !skipping_) return replayer_->syntax_error(issue);
    return pgn::Control::Continue;
  }
  if (options_.diagnose) sink_.syntax_between_games(issue);
  return pgn::Control::Continue;
}

void Selector::end_game(const pgn::EndInfo& info) {
  raw_.end_game(info);
  in_game_ = false;
  if (skipping_) return;
  if (info.errors > 0) verdict_.damaged = true;
  if (replay_) {
    replayer_->end_game(info);
    if (watch_->facts.move_errors > 0) verdict_.damaged = true;
    if (!decided_) {
      verdict_.selected =
          (tags_pass_ && play_passes(options_.play, watch_->facts)) != options_.invert;
    }
  }
  verdict_.bytes_status = raw_.status();
  verdict_.size = raw_.size();
  if (verdict_.selected && options_.keep_bytes) verdict_.bytes = raw_.bytes();
  sink_.game(verdict_);
}

}  // namespace pgnkit::select

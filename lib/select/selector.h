// select::Selector: the pgn::Visitor behind `pgnkit select` and `pgnkit split`. Per game it
// reads the tags the filters need, decides at the end of the tags when no filter needs the
// moves (the rest of the game is then only scanned: Control::StopGame), else replays the
// main line through replay::Replayer (classifying it with --eco-classify), and hands the verdict
// and the game's raw bytes (pgn::GameBytes) to a GameSink at end_game. That per-game call is the
// whole output step, so a caller that reads chunks on threads can run one Selector per chunk and
// merge in order.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/game_bytes.h"
#include "pgn/visitor.h"
#include "replay/replayer.h"
#include "select/filters.h"
#include "select/play_filters.h"

namespace pgnkit::select {

// Games named by their byte offsets, per input name (select --tree: the games a saved tree
// lists through a position), each list sorted.
using GameOffsets = std::map<std::string, std::vector<std::uint64_t>, std::less<>>;

struct SelectOptions {
  TagFilters tags;
  PlayFilters play;
  bool invert = false;
  bool keep_bytes = true;  // hand the raw bytes of selected games to the sink
  bool diagnose = false;   // replay every game and pass its problems to the sink (--verbose)
  std::size_t max_game_bytes = pgn::GameBytes::kDefaultLimit;
  // Set: only these games can pass (decided with the tags: nothing replayed for it); the
  // reader of each input says which it is (Selector::set_input).
  std::shared_ptr<const GameOffsets> only_games;
  // --eco-classify is a play filter: PlayFilters::eco_book and classified_eco.
};

struct GameVerdict {
  std::uint64_t number = 0;  // 1-based within the source
  pgn::Location where;       // the game's first token
  bool selected = false;     // all filters passed (after --invert)
  std::string_view bytes;    // raw bytes when selected and kept (see pgn/game_bytes.h)
  pgn::GameBytes::Status bytes_status = pgn::GameBytes::Status::Dropped;
  std::uint64_t size = 0;  // bytes seen when TooLong
  bool damaged = false;    // syntax errors in the game (or move errors, when replayed)
};

class GameSink {
 public:
  virtual ~GameSink() = default;
  virtual void game(const GameVerdict& verdict) = 0;
  // With SelectOptions::diagnose: the games' problems (syntax issues included), and syntax
  // issues between games.
  virtual void problem(const replay::Problem&) {}
  virtual void syntax_between_games(const pgn::SyntaxIssue&) {}
  // A regex hit its match limit on this game's tag: the test counted as failed.
  virtual void regex_limit(std::uint64_t /*game*/, const RegexLimit&) {}
};

class Selector : public pgn::Visitor {
 public:
  Selector(const SelectOptions& options, GameSink& sink);
  ~Selector();
  Selector(const Selector&) = delete;
  Selector& operator=(const Selector&) = delete;

  // After this, the reader stops before the next game (--limit reached): see reading_done.
  void stop() { stopped_ = true; }
  bool reading_done() const { return stopped_; }
  // The input being read, for SelectOptions::only_games (its name as the pipeline gives it).
  void set_input(std::string_view name);

  // After begin_movetext(): the game's tags already decided it does not pass (a caller that
  // reads the moves for itself can stop the game there).
  bool rejected_by_tags() const { return decided_ && !verdict_.selected; }
  // Whether the verdict needs the moves replayed (a play filter).
  bool replays() const { return replay_; }

  // pgn::Visitor (and the raw-bytes hooks).
  void attach_buffer(const pgn::BufferedBytes* w) { raw_.attach_buffer(w); }
  void before_buffer_moves() { raw_.before_buffer_moves(); }
  pgn::Control begin_game(const pgn::GameInfo& info);
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where);
  pgn::Control begin_movetext();
  pgn::Control san(std::string_view text, pgn::Location where) {
    if (!replay_) return pgn::Control::Continue;
    const pgn::Control c = replayer_->san(text, where);
    // --eco-classify alone: past the book's deepest line no move changes the verdict.
    return stop_after_book_ && past_book() ? pgn::Control::StopGame : c;
  }
  pgn::Skip begin_variation(pgn::Location where) {
    return replay_ ? replayer_->begin_variation(where) : pgn::Skip::Yes;
  }
  pgn::Control end_variation(pgn::Location where) {
    return replay_ ? replayer_->end_variation(where) : pgn::Control::Continue;
  }
  void termination(pgn::Outcome outcome, std::string_view text, pgn::Location where) {
    if (replay_) replayer_->termination(outcome, text, where);
  }
  void end_game(const pgn::EndInfo& info);
  pgn::Control syntax_error(const pgn::SyntaxIssue& issue);

 private:
  class Watch;             // the replayer's sink: facts for the play filters
  bool past_book() const;  // the classification can no longer change

  const SelectOptions& options_;
  GameSink& sink_;
  const bool needs_play_;
  const bool stop_after_book_;  // --eco-classify is the only play filter, no --verbose
  pgn::GameBytes raw_;
  GameTagValues tags_;
  std::string scratch_;
  std::unique_ptr<Watch> watch_;
  std::unique_ptr<replay::Replayer> replayer_;
  GameVerdict verdict_;
  bool replay_ = false;   // this game's tokens go to the replayer
  bool decided_ = false;  // the verdict is known from the tags
  bool stopped_ = false;
  bool skipping_ = false;  // this game is skipped (after stop())
  bool in_game_ = false;
  bool tags_pass_ = false;
  const std::vector<std::uint64_t>* only_ = nullptr;  // this input's only_games (null: none)
};

}  // namespace pgnkit::select

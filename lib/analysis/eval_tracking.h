// The evals of a game's main line read as the reader streams it, for the commands that replay
// without keeping the game (status --accuracy): a visitor wrapped around a Replayer picks the
// [%eval] out of the comments after each main-line move (and before the first), so that
// the figures come out at the game's end as record_figures() gives them from a GameRecord.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/accuracy.h"
#include "analysis/game_evals.h"
#include "pgn/types.h"
#include "replay/game_report.h"

namespace pgnkit::analysis {

// What the wrapper collects for one game.
class EvalTracker {
 public:
  void start(bool standard_start) {
    evals_.assign(1, std::nullopt);
    standard_start_ = standard_start;
    depth_ = 0;
  }
  void move() { evals_.emplace_back(); }
  void comment(std::string_view text);
  void enter_variation() { ++depth_; }
  void leave_variation() {
    if (depth_ > 0) --depth_;
  }
  bool in_main_line() const { return depth_ == 0; }

  // The figures of the game just reported: its first `r.plies` moves, the start's eval (else
  // +0.15 for a standard start), the rules' value after a checkmate or stalemate.
  GameFigures figures(const replay::GameReport& r) const;

 private:
  std::vector<std::optional<Eval>> evals_;  // [0] the start, [i] after main-line move i
  bool standard_start_ = false;
  std::size_t depth_ = 0;
};

// A visitor: Base (a Replayer, or a wrapper of one) with an EvalTracker fed on the way.
template <class Base>
class EvalTracking : public Base {
 public:
  using Base::Base;

  const EvalTracker& tracker() const { return tracker_; }

  // pgn::Visitor callbacks (hide the base's; each forwards to it).
  pgn::Control begin_movetext() {
    const pgn::Control c = Base::begin_movetext();
    const chess::Position* start = this->start_position();
    tracker_.start(start != nullptr && standard_start(*start, start->chess960()));
    return c;
  }
  pgn::Control san(std::string_view text, pgn::Location where) {
    if (tracker_.in_main_line()) tracker_.move();
    return Base::san(text, where);
  }
  pgn::Control comment(std::string_view text, pgn::Location where) {
    if (tracker_.in_main_line()) tracker_.comment(text);
    return Base::comment(text, where);
  }
  pgn::Skip begin_variation(pgn::Location where) {
    const pgn::Skip s = Base::begin_variation(where);
    tracker_.enter_variation();
    return s;
  }
  pgn::Control end_variation(pgn::Location where) {
    tracker_.leave_variation();
    return Base::end_variation(where);
  }

 private:
  EvalTracker tracker_;
};

}  // namespace pgnkit::analysis

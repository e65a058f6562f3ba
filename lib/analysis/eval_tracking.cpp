#include "analysis/eval_tracking.h"

#include "analysis/game_evals.h"

namespace pgnkit::analysis {

void EvalTracker::comment(std::string_view text) {
  // The first comment after a move that holds an eval (game_evals.h's move_eval reads the same).
  if (evals_.back()) return;
  evals_.back() = comment_eval(text);
}

GameFigures EvalTracker::figures(const replay::GameReport& r) const {
  std::vector<std::optional<Eval>> evals = evals_;
  // The moves played: up to an illegal one (the report counts the plies played).
  if (evals.size() > static_cast<std::size_t>(r.plies) + 1) evals.resize(r.plies + 1);
  if (evals.empty()) return {};
  const std::size_t plies = evals.size() - 1;
  const bool white_to_move =
      r.final_position && r.final_position->side_to_move() == chess::Color::White;
  const LineEnd end = !r.final_position                           ? LineEnd::Open
                      : r.status == replay::GameStatus::Checkmate ? LineEnd::Checkmate
                      : r.status == replay::GameStatus::Stalemate ? LineEnd::Stalemate
                                                                  : LineEnd::Open;
  settle_ends(evals, standard_start_, end,
              white_to_move ? chess::Color::White : chess::Color::Black);
  return game_figures(evals, (plies % 2 == 0) == white_to_move);
}

}  // namespace pgnkit::analysis

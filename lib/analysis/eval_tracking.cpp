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
  if (!evals[0] && standard_start_) evals[0] = Eval{false, kStartCentipawns};
  const std::size_t plies = evals.size() - 1;
  if (plies > 0 && r.final_position) {
    const bool white_to_move = r.final_position->side_to_move() == chess::Color::White;
    if (r.status == replay::GameStatus::Checkmate) {
      evals[plies] = Eval{true, white_to_move ? -1 : 1};
    } else if (r.status == replay::GameStatus::Stalemate) {
      evals[plies] = Eval{false, 0};
    }
  }
  const bool white_first =
      (plies % 2 == 0) ==
      (r.final_position && r.final_position->side_to_move() == chess::Color::White);
  return game_figures(evals, white_first);
}

}  // namespace pgnkit::analysis

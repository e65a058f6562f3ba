// Evaluations turned into judgements: win percentages, the marks ?!, ? and ?? and each side's
// accuracy and average centipawn loss (docs/analyse.md gives every formula). Pure functions
// of the evals, so that `analyse` (from an engine) and `annotate --accuracy` / `status
// --accuracy` (from the evals a file holds) give the same numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "write/comment_commands.h"

namespace pgnkit::analysis {

using write::Eval;  // from White's side; mate in moves, negative when Black mates

// Centipawns past which an eval counts as decided; a mate counts as this much.
inline constexpr int kCentipawnCeiling = 1000;
// The eval of the standard start before the first move, when no eval says otherwise
// (lichess's Cp.initial).
inline constexpr int kStartCentipawns = 15;

// The eval as centipawns from White's side, within +-kCentipawnCeiling (a mate at the ceiling).
int clamped_centipawns(Eval e);
// White's winning percentage, 0..100: 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1).
double white_win_percent(Eval e);

enum class Mark : std::uint8_t { None, Inaccuracy, Mistake, Blunder };
// The NAG of a mark: ?! is 6, ? is 2, ?? is 4 (0 for None).
std::uint32_t mark_nag(Mark m);
// The mark of a move that took the mover's winning percentage from `before` to `after` (the
// mover's own percentages): a drop of 10 points or more is an inaccuracy, 20 a mistake,
// 30 a blunder (lichess's 0.1 / 0.2 / 0.3 of winning chances on the -1..1 scale).
Mark mark_for(double mover_before, double mover_after);
// One move's accuracy, 0..100, from the mover's winning percentages before and after:
// 100 when it did not drop, else 103.1668 * exp(-0.04354 * drop) - 3.1669 + 1, within 0..100.
double move_accuracy(double mover_before, double mover_after);

struct SideFigures {
  std::uint32_t moves = 0;         // moves measured (both evals known)
  std::optional<double> accuracy;  // 0..100; set when moves > 0
  std::optional<double> acpl;      // average centipawn loss; set when moves > 0
};
struct GameFigures {
  SideFigures white, black;
};

// The figures of a game. `evals[0]` is the position before the first move, `evals[i]` the
// position after ply i (nullopt: unknown; a move is measured only when both sides of it are
// known). `white_first`: White made the first move. Accuracy per side is the mean of the
// weighted mean (each move weighted by the standard deviation of the win percentages in a
// window around it, within 0.5..12) and the harmonic mean of its moves' accuracies; ACPL is the
// mean of max(0, before - after) in clamped centipawns from the mover's side.
GameFigures game_figures(const std::vector<std::optional<Eval>>& evals, bool white_first);

}  // namespace pgnkit::analysis

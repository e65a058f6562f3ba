#include "analysis/accuracy.h"

#include <algorithm>
#include <cmath>

namespace pgnkit::analysis {

int clamped_centipawns(Eval e) {
  if (e.mate) return e.value > 0 || (e.value == 0) ? kCentipawnCeiling : -kCentipawnCeiling;
  return std::clamp(e.value, -kCentipawnCeiling, kCentipawnCeiling);
}

double white_win_percent(Eval e) {
  const double cp = clamped_centipawns(e);
  return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * cp)) - 1.0);
}

std::uint32_t mark_nag(Mark m) {
  switch (m) {
    case Mark::Inaccuracy: return 6;
    case Mark::Mistake: return 2;
    case Mark::Blunder: return 4;
    case Mark::None: break;
  }
  return 0;
}

Mark mark_for(double mover_before, double mover_after) {
  const double drop = mover_before - mover_after;
  if (drop >= 30.0) return Mark::Blunder;
  if (drop >= 20.0) return Mark::Mistake;
  if (drop >= 10.0) return Mark::Inaccuracy;
  return Mark::None;
}

double move_accuracy(double mover_before, double mover_after) {
  if (mover_after >= mover_before) return 100.0;
  const double drop = mover_before - mover_after;
  const double raw = 103.1668 * std::exp(-0.04354 * drop) - 3.1669 + 1.0;
  return std::clamp(raw, 0.0, 100.0);
}

namespace {

// The population standard deviation of the known values of evals' win percentages in
// [begin, end).
double window_deviation(const std::vector<std::optional<double>>& win, std::size_t begin,
                        std::size_t end) {
  double sum = 0, squares = 0;
  int n = 0;
  for (std::size_t i = begin; i < end && i < win.size(); ++i) {
    if (!win[i]) continue;
    sum += *win[i];
    squares += *win[i] * *win[i];
    ++n;
  }
  if (n < 2) return 0;
  const double mean = sum / n;
  return std::sqrt(std::max(0.0, squares / n - mean * mean));
}

struct SideSums {
  std::uint32_t moves = 0;
  double weighted = 0, weights = 0, reciprocals = 0, loss = 0;
  bool zero = false;  // a move of accuracy 0: the harmonic mean is 0
};

SideFigures finish(const SideSums& s) {
  SideFigures f;
  f.moves = s.moves;
  if (s.moves == 0) return f;
  const double weighted_mean = s.weighted / s.weights;
  const double harmonic_mean = s.zero ? 0.0 : s.moves / s.reciprocals;
  f.accuracy = (weighted_mean + harmonic_mean) / 2;
  f.acpl = s.loss / s.moves;
  return f;
}

}  // namespace

GameFigures game_figures(const std::vector<std::optional<Eval>>& evals, bool white_first) {
  GameFigures figures;
  if (evals.size() < 2) return figures;
  const std::size_t plies = evals.size() - 1;
  std::vector<std::optional<double>> win(evals.size());
  for (std::size_t i = 0; i < evals.size(); ++i)
    if (evals[i]) win[i] = white_win_percent(*evals[i]);
  // lichess's windows: (size - 2) copies of the first, then every window in turn.
  const std::size_t size = std::clamp<std::size_t>(plies / 10, 2, 8);
  SideSums sums[2];  // White, Black
  for (std::size_t k = 0; k < plies; ++k) {
    if (!win[k] || !win[k + 1]) continue;
    const bool white = (k % 2 == 0) == white_first;
    const double before = white ? *win[k] : 100.0 - *win[k];
    const double after = white ? *win[k + 1] : 100.0 - *win[k + 1];
    const std::size_t begin = k + 2 >= size ? k + 2 - size : 0;
    const double weight = std::clamp(window_deviation(win, begin, begin + size), 0.5, 12.0);
    const double accuracy = move_accuracy(before, after);
    SideSums& s = sums[white ? 0 : 1];
    ++s.moves;
    s.weighted += accuracy * weight;
    s.weights += weight;
    if (accuracy <= 0) {
      s.zero = true;
    } else {
      s.reciprocals += 1.0 / accuracy;
    }
    const int cp_before = clamped_centipawns(*evals[k]) * (white ? 1 : -1);
    const int cp_after = clamped_centipawns(*evals[k + 1]) * (white ? 1 : -1);
    s.loss += std::max(0, cp_before - cp_after);
  }
  figures.white = finish(sums[0]);
  figures.black = finish(sums[1]);
  return figures;
}

}  // namespace pgnkit::analysis

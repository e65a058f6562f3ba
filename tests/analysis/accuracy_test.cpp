// The formulas of docs/analyse.md against values worked out by a separate implementation
// (a few lines of Python with statistics.pstdev), and the marks' thresholds at their edges.
#include "analysis/accuracy.h"

#include "analysis/game_evals.h"

#include <gtest/gtest.h>

namespace pgnkit::analysis_accuracy_test {
namespace {

using analysis::Eval;

TEST(Accuracy, WinPercentFollowsTheLogisticCurve) {
  EXPECT_DOUBLE_EQ(analysis::white_win_percent(Eval{false, 0}), 50.0);
  EXPECT_NEAR(analysis::white_win_percent(Eval{false, 100}), 59.10258971916128, 1e-9);
  EXPECT_NEAR(analysis::white_win_percent(Eval{false, -300}), 24.88744990616516, 1e-9);
  // Past the ceiling, and a mate, count as 1000 centipawns.
  EXPECT_NEAR(analysis::white_win_percent(Eval{false, 5000}), 97.54474363414323, 1e-9);
  EXPECT_NEAR(analysis::white_win_percent(Eval{true, 3}), 97.54474363414323, 1e-9);
  EXPECT_NEAR(analysis::white_win_percent(Eval{true, -2}), 100 - 97.54474363414323, 1e-9);
}

TEST(Accuracy, MoveAccuracy) {
  EXPECT_DOUBLE_EQ(analysis::move_accuracy(50, 50), 100.0);
  EXPECT_DOUBLE_EQ(analysis::move_accuracy(50, 70), 100.0);
  EXPECT_NEAR(analysis::move_accuracy(60, 40), 41.020427005686074, 1e-9);
  EXPECT_NEAR(analysis::move_accuracy(90, 10), 1.0012477016559305, 1e-9);
}

TEST(Accuracy, MarksAtTheirThresholds) {
  using analysis::Mark;
  EXPECT_EQ(analysis::mark_for(60, 50.01), Mark::None);
  EXPECT_EQ(analysis::mark_for(60, 50), Mark::Inaccuracy);
  EXPECT_EQ(analysis::mark_for(60, 40.01), Mark::Inaccuracy);
  EXPECT_EQ(analysis::mark_for(60, 40), Mark::Mistake);
  EXPECT_EQ(analysis::mark_for(60, 30), Mark::Blunder);
  EXPECT_EQ(analysis::mark_nag(Mark::Inaccuracy), 6u);
  EXPECT_EQ(analysis::mark_nag(Mark::Mistake), 2u);
  EXPECT_EQ(analysis::mark_nag(Mark::Blunder), 4u);
  EXPECT_EQ(analysis::mark_nag(Mark::None), 0u);
}

TEST(Accuracy, GameFiguresOfAShortGame) {
  // +0.15 at the start, then 1. e4 +0.30 1... e5 +0.25 2. Nf3 +0.20 2... Nc6?? +4.00 3. Bb5 +3.80.
  const std::vector<std::optional<Eval>> evals = {Eval{false, 15},  Eval{false, 30},
                                                  Eval{false, 25},  Eval{false, 20},
                                                  Eval{false, 400}, Eval{false, 380}};
  const analysis::GameFigures f = analysis::game_figures(evals, true);
  EXPECT_EQ(f.white.moves, 3u);
  EXPECT_EQ(f.black.moves, 2u);
  ASSERT_TRUE(f.white.accuracy && f.black.accuracy && f.white.acpl && f.black.acpl);
  EXPECT_NEAR(*f.white.accuracy, 98.34405722696124, 1e-9);
  EXPECT_NEAR(*f.black.accuracy, 35.53586265906072, 1e-9);
  EXPECT_DOUBLE_EQ(*f.white.acpl, 25.0 / 3);  // 0 + 5 + 20
  EXPECT_DOUBLE_EQ(*f.black.acpl, 190.0);     // (0 + 380) / 2
}

TEST(Accuracy, UnknownEvalsLeaveTheirMovesOut) {
  const std::vector<std::optional<Eval>> evals = {Eval{false, 15}, std::nullopt, Eval{false, 25}};
  const analysis::GameFigures f = analysis::game_figures(evals, true);
  EXPECT_EQ(f.white.moves, 0u);
  EXPECT_EQ(f.black.moves, 0u);
  EXPECT_FALSE(f.white.accuracy);
  EXPECT_FALSE(f.black.acpl);
}

TEST(Accuracy, BlackFirstFromASetUpPosition) {
  // Black moves first: ply 1 is Black's; Black drops 0.00 -> +1.00 (White's side).
  const std::vector<std::optional<Eval>> evals = {Eval{false, 0}, Eval{false, 100}};
  const analysis::GameFigures f = analysis::game_figures(evals, false);
  EXPECT_EQ(f.white.moves, 0u);
  EXPECT_EQ(f.black.moves, 1u);
  ASSERT_TRUE(f.black.acpl);
  EXPECT_DOUBLE_EQ(*f.black.acpl, 100.0);
}

TEST(Accuracy, TagTexts) {
  EXPECT_EQ(analysis::accuracy_text(98.34405722696124), "98.3");
  EXPECT_EQ(analysis::accuracy_text(35.56), "35.6");
  EXPECT_EQ(analysis::accuracy_text(100), "100.0");
  EXPECT_EQ(analysis::acpl_text(25.0 / 3), "8");
  EXPECT_EQ(analysis::acpl_text(190), "190");
}

}  // namespace
}  // namespace pgnkit::analysis_accuracy_test

// Result consistency: the termination marker, the Result tag and the final position.
#include <gtest/gtest.h>

#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

const std::string kFoolsMate = "1. f3 e5 2. g4 Qh4#";

TEST(Results, CheckmateWithTheRightResult) {
  const auto run = replay_text(game(kFoolsMate, "0-1"));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
  EXPECT_EQ(run.games[0].rules_result, pgn::Outcome::BlackWins);
  EXPECT_TRUE(run.games[0].consistent);
  EXPECT_TRUE(run.problems.empty());
}

TEST(Results, WinForTheMatedSideIsContradicted) {
  const auto run = replay_text(game(kFoolsMate, "1-0"));
  const auto p = run.with_code("result_contradicted");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].severity, Severity::Error);
  EXPECT_EQ(p[0].ply, 4u);
  EXPECT_EQ(p[0].message, "result 1-0 contradicts the final position: checkmate decides 0-1");
  EXPECT_FALSE(run.games[0].consistent);
}

TEST(Results, UnsetResultAfterCheckmateIsAWarning) {
  const auto run = replay_text(game(kFoolsMate, "*"));
  const auto p = run.with_code("result_unset_after_end");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].severity, Severity::Warning);
  EXPECT_FALSE(run.games[0].consistent);
}

TEST(Results, MarkerDiffersFromTag) {
  std::string text = game(kFoolsMate, "0-1");
  text.replace(text.rfind("0-1"), 3, "1-0");
  const auto run = replay_text(text);
  const auto p = run.with_code("result_mismatch");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].message, "termination marker 1-0 differs from [Result \"0-1\"]");
  EXPECT_EQ(p[0].where.line, 9u);
  EXPECT_FALSE(run.games[0].consistent);
}

TEST(Results, DecisiveResultAfterStalemateIsContradicted) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/5P1k/8/6K1/8/8/8/8 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. f8=Q", "1-0", fen));
  EXPECT_EQ(run.with_code("result_contradicted").size(), 1u);
}

// A bare king cannot win on time (FIDE 6.9 scores that flag fall as a draw) ...
TEST(Results, BareKingWinOnTimeIsContradicted) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. Kxe2", "1-0", fen + "[Termination \"time forfeit\"]\n"));
  // After Kxe2 it is K v K: insufficient material, an automatic draw.
  EXPECT_EQ(run.games[0].status, GameStatus::InsufficientMaterial);
  EXPECT_EQ(run.with_code("result_contradicted").size(), 1u);
  // White's bare king against Black's king and queen: Black lost on time, in any spelling.
  const std::string fen2 = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4K3/R6r b - - 0 1\"]\n";
  for (const char* termination : {"time forfeit", "Time forfeit", "TIME", "lost on time"}) {
    SCOPED_TRACE(termination);
    const auto run2 =
        replay_text(game("1... Rxa1", "1-0", fen2 + "[Termination \"" + termination + "\"]\n"));
    ASSERT_EQ(run2.with_code("result_contradicted").size(), 1u);
    EXPECT_EQ(run2.with_code("result_contradicted")[0].message,
              "result 1-0 credits a win to a side with a bare king, which can never checkmate: "
              "a loss on time is a draw");
    EXPECT_EQ(run2.with_code("result_contradicted")[0].severity, Severity::Error);
    EXPECT_TRUE(run2.with_code("bare_king_win").empty());
    EXPECT_FALSE(run2.games[0].consistent);
  }
}

// ... but a resignation ends the game whatever the material (FIDE 5.1.2): without a
// time-forfeit Termination the win stands, with a warning.
TEST(Results, BareKingWinWithoutTimeForfeitIsAWarning) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4K3/R6r b - - 0 1\"]\n";
  for (const char* termination :
       {"", "[Termination \"Normal\"]\n", "[Termination \"abandoned\"]\n"}) {
    SCOPED_TRACE(termination);
    const auto run = replay_text(game("1... Rxa1", "1-0", fen + termination));
    EXPECT_TRUE(run.with_code("result_contradicted").empty());
    const auto warned = run.with_code("bare_king_win");
    ASSERT_EQ(warned.size(), 1u);
    EXPECT_EQ(warned[0].severity, Severity::Warning);
    EXPECT_EQ(warned[0].ply, 1u);
    EXPECT_EQ(warned[0].message,
              "result 1-0 credits a win to a side with a bare king: only a resignation can give "
              "that result, and FIDE's Laws since 2023 (Art. 5.1.2) score even that a draw");
    EXPECT_EQ(warned[0].fen, "4k3/8/8/8/8/8/4K3/r7 w - - 0 2");
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_TRUE(run.games[0].consistent);
  }
  // The side with material winning is no warning at all.
  const auto black = replay_text(game("1... Rxa1", "0-1", fen));
  EXPECT_TRUE(black.with_code("bare_king_win").empty());
  EXPECT_EQ(black.errors(), 0u);
}

// ... but king and knight against king and rook can still mate with the opponent's help, so a
// time-forfeit win for the knight's side stands.
TEST(Results, KnightAgainstRookTimeForfeitWinStands) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/r7/4K1N1 w - - 0 1\"]\n";
  const auto run =
      replay_text(game("1. Nf3 Kd7 2. Nd4 Ke7", "1-0", fen + "[Termination \"time forfeit\"]\n"));
  EXPECT_TRUE(run.games[0].consistent);
  EXPECT_EQ(run.errors(), 0u);
}

}  // namespace
}  // namespace pgnkit::replay

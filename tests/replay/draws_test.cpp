// End states and claim points (rules.md "How a game ends"), main line.
#include <gtest/gtest.h>

#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

const std::string kShuffle4 = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
const std::string kShuffle8 = kShuffle4 + " 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

// Seeds: the knights' shuffle repeats the start a 3rd time after 8 plies (claimable) ...
TEST(Draws, KnightShuffleThreefoldAfterEightPlies) {
  const auto run = replay_text(game(kShuffle4, "1/2-1/2"));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].threefold_ply, 8u);
  EXPECT_EQ(run.games[0].status, GameStatus::Ongoing);
  EXPECT_FALSE(run.games[0].auto_draw_ply);
  EXPECT_TRUE(run.games[0].consistent);
  EXPECT_EQ(run.errors(), 0u);
}

// ... and the 5th time after 16 plies: an automatic draw, the game is over.
TEST(Draws, KnightShuffleFivefoldAfterSixteenPlies) {
  const auto run = replay_text(game(kShuffle8, "1/2-1/2"));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::FivefoldRepetition);
  EXPECT_EQ(run.games[0].auto_draw_ply, 16u);
  EXPECT_EQ(run.games[0].threefold_ply, 8u);
  EXPECT_EQ(run.games[0].rules_result, pgn::Outcome::Draw);
  EXPECT_EQ(run.errors(), 0u);
}

TEST(Draws, MoveAfterFivefoldIsAnError) {
  const auto run = replay_text(game(kShuffle8 + " 9. e4", "1/2-1/2"));
  const auto after = run.with_code("move_after_game_end");
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].ply, 17u);
  EXPECT_EQ(after[0].san, "e4");
  EXPECT_EQ(run.errors(), 1u);  // one error, not a cascade
  EXPECT_EQ(run.games[0].status, GameStatus::FivefoldRepetition);
}

TEST(Draws, DecisiveResultAfterFivefoldIsContradicted) {
  const auto run = replay_text(game(kShuffle8, "1-0"));
  EXPECT_EQ(run.with_code("result_contradicted").size(), 1u);
  EXPECT_FALSE(run.games[0].consistent);
}

// En passant makes positions differ only when the capture is legal: here the black pawn on d4
// is pinned by the rook on h4 against its king on a4, so after e2-e4 the position counts as
// the same as with the pawn arriving on e4 in other ways.
TEST(Draws, PinnedEnPassantDoesNotMakePositionsDiffer) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1\"]\n";
  // e4 (ep square e3, capture illegal), then shuffle kings back and forth: the position after
  // 1.e4 recurs at plies 5 and 9 (3rd occurrence at ply 9) only if the ep square is ignored.
  const auto run = replay_text(game("1. e4 Ka5 2. Kd1 Ka4 3. Ke1 Ka5 4. Kd1 Ka4 5. Ke1", "*", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  EXPECT_EQ(run.games[0].threefold_ply, 9u);
}

TEST(Draws, LegalEnPassantMakesPositionsDiffer) {
  // Same shape, no pin: after 1.e4 Black could take en passant, so that position is unique.
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/8/8/8/k2p4/8/4P3/4K3 w - - 0 1\"]\n";
  const auto run = replay_text(
      game("1. e4 Ka5 2. Kd1 Ka4 3. Ke1 Ka5 4. Kd1 Ka4 5. Ke1 Ka5 6. Kd1 Ka4 7. Ke1", "*", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  // Position after ply 2 (Ka5) recurs at plies 6 and 10: threefold at 10, not earlier.
  EXPECT_EQ(run.games[0].threefold_ply, 10u);
}

TEST(Draws, FiftyMoveClaimPoint) {
  // Halfmove clock 98 in the FEN: the clock reaches 100 at ply 2.
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/4K3 w - - 98 80\"]\n";
  const auto run = replay_text(game("Ra3 Kd8 Ra2", "*", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].fifty_ply, 2u);
  EXPECT_EQ(run.games[0].status, GameStatus::Ongoing);
}

TEST(Draws, SeventyFiveMoveRuleEndsTheGame) {
  // Clock 140: it reaches 150 at ply 10 (the 4-ply cycle repeats the start only 3 times).
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/4K3 w - - 140 80\"]\n";
  const std::string ten = "Ra3 Kd8 Ra2 Ke8 Ra3 Kd8 Ra2 Ke8 Ra3 Kd8";
  auto run = replay_text(game(ten, "1/2-1/2", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::SeventyFiveMoveRule);
  EXPECT_EQ(run.games[0].auto_draw_ply, 10u);
  EXPECT_EQ(run.games[0].threefold_ply, 8u);
  EXPECT_EQ(run.games[0].fifty_ply, 0u);
  EXPECT_EQ(run.errors(), 0u);
  run = replay_text(game(ten + " Ra3", "1/2-1/2", fen));
  ASSERT_EQ(run.with_code("move_after_game_end").size(), 1u);
  EXPECT_EQ(run.with_code("move_after_game_end")[0].ply, 11u);
}

TEST(Draws, StartFenAlreadyPastFiftyMoves) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/4K3 w - - 120 80\"]\n";
  const auto run = replay_text(game("Ra3", "*", fen));
  EXPECT_EQ(run.games[0].fifty_ply, 0u);
}

// A checkmate on the move that completes the 75 moves stands.
TEST(Draws, CheckmateOnThe75thMoveStands) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 100\"]\n";
  const auto run = replay_text(game("Ra8#", "1-0", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
  EXPECT_EQ(run.games[0].rules_result, pgn::Outcome::WhiteWins);
  EXPECT_TRUE(run.games[0].consistent);
}

TEST(Draws, InsufficientMaterialAfterCapture) {
  // K+N v K after Kxb2: an automatic draw at once.
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/8/8/8/k7/8/1p6/1K2N3 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. Kxb2", "1/2-1/2", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::InsufficientMaterial);
  EXPECT_EQ(run.games[0].auto_draw_ply, 1u);
}

TEST(Draws, KnightsAgainstBareKingPlaysOn) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/8/8/8/k7/8/1p6/1K1NN3 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. Kxb2 Ka5", "*", fen));
  EXPECT_EQ(run.games[0].status, GameStatus::Ongoing);
  EXPECT_EQ(run.errors(), 0u);
}

// rules.md: f8=Q stalemates; stalemate beats the insufficient-material check at the same ply.
TEST(Draws, PromotionToQueenStalemates) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/5P1k/8/6K1/8/8/8/8 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. f8=Q", "1/2-1/2", fen));
  EXPECT_EQ(run.games[0].status, GameStatus::Stalemate);
  EXPECT_EQ(run.games[0].auto_draw_ply, 1u);
  EXPECT_TRUE(run.games[0].consistent);
}

TEST(Draws, MoveAfterStalemateIsAnError) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"8/5P1k/8/6K1/8/8/8/8 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. f8=Q Kh6", "1/2-1/2", fen));
  const auto after = run.with_code("move_after_game_end");
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].ply, 2u);
  EXPECT_EQ(run.errors(), 1u);
}

// Precedence at one ply: fivefold repetition before the 75-move rule. Clock 134 in the FEN:
// the 4-ply rook shuffle repeats the start a 5th time at ply 16, when the clock reaches 150.
TEST(Draws, FivefoldBeatsSeventyFiveMoveRuleAtTheSamePly) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/4K3 w - - 134 80\"]\n";
  std::string moves;
  for (int i = 0; i < 4; ++i) moves += "Ra3 Kd8 Ra2 Ke8 ";
  const auto run = replay_text(game(moves, "1/2-1/2", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::FivefoldRepetition);
  EXPECT_EQ(run.games[0].auto_draw_ply, 16u);
}

// Precedence at one ply: stalemate before insufficient material. Nxf6 takes the checking rook,
// leaves K+N v K, and the black king on h8 has no move.
TEST(Draws, StalemateBeatsInsufficientMaterialAtTheSamePly) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"7k/5K2/5r2/8/4N3/8/8/8 w - - 0 1\"]\n";
  const auto run = replay_text(game("1. Nxf6", "1/2-1/2", fen));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  EXPECT_EQ(run.games[0].status, GameStatus::Stalemate);
}

// A FEN start with castling rights differs from the same placement after the rights are lost:
// the king's round trip does not repeat the start.
TEST(Draws, CastlingRightsInTheStartFenMakePositionsDiffer) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n";
  std::string moves;
  for (int i = 0; i < 3; ++i) moves += "Kf1 Kd8 Ke1 Ke8 ";
  const auto run = replay_text(game(moves, "*", fen));
  ASSERT_EQ(run.games.size(), 1u);
  // The position after 1.Kf1 recurs at plies 5 and 9: threefold at 9. Were the start (with
  // rights) the same position as after 2...Ke8, the start would recur at 4 and 8: at 8.
  EXPECT_EQ(run.games[0].threefold_ply, 9u);
}

// An en-passant square in the start FEN counts only when the capture is legal.
TEST(Draws, StartFenEnPassantSquareCountsOnlyWhenCapturable) {
  // Black can take d3 en passant: the start differs from its later recurrences.
  const std::string capturable = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1\"]\n";
  std::string moves = "1... Kd8 2. Kd1 Ke8 3. Ke1 Kd8 4. Kd1 Ke8 5. Ke1";
  auto run = replay_text(game(moves, "*", capturable));
  EXPECT_EQ(run.games[0].threefold_ply, std::nullopt);
  // No black pawn can take: the start is the same position as after 2...Ke8 3.Ke1.
  const std::string not_capturable = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1\"]\n";
  run = replay_text(game(moves, "*", not_capturable));
  EXPECT_EQ(run.games[0].threefold_ply, 8u);
}

}  // namespace
}  // namespace pgnkit::replay

// Notation real files use around a move: the en-passant mark in every spelling (glued to the
// move or as its own token, main line and variations), "++", long algebraic and coordinate
// moves, lower-case castling.
#include <gtest/gtest.h>

#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

// 3. exd6 is an en-passant capture; "%s" is where the mark goes.
const std::string kBefore = "1. e4 Nf6 2. e5 d5 3. ";
const std::string kAfter = " 3... Nc6 4. Nf3";
const std::string kFenBeforeCapture =
    "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
const std::string kFinal = "r1bqkb1r/ppp1pppp/2nP1n2/8/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 4";

TEST(Notation, EnPassantMarkInEverySpelling) {
  for (const char* move :
       {"exd6 e.p.", "exd6e.p.", "exd6 ep", "exd6ep", "exd6 e.p", "exd6e.p", "exd6  e.p."}) {
    SCOPED_TRACE(move);
    const auto run = replay_text(game(kBefore + move + kAfter));
    ASSERT_EQ(run.games.size(), 1u);
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_EQ(run.games[0].plies, 7u);  // the mark is not a move
    EXPECT_EQ(run.games[0].final_fen, kFinal);
    const auto marked = run.with_code("en_passant_suffix");
    ASSERT_EQ(marked.size(), 1u);
    EXPECT_EQ(marked[0].severity, Severity::Warning);
    EXPECT_EQ(marked[0].ply, 5u);
    EXPECT_EQ(marked[0].message, "'e.p.' after an en-passant capture; canonical SAN: exd6");
    EXPECT_EQ(marked[0].fen, kFenBeforeCapture);
    EXPECT_FALSE(marked[0].in_variation);
    EXPECT_EQ(run.problems.size(), 1u);
  }
}

TEST(Notation, EnPassantMarkInAVariation) {
  for (const char* move : {"exd6 e.p.", "exd6e.p.", "exd6 ep"}) {
    SCOPED_TRACE(move);
    const auto run =
        replay_text(game(kBefore + "Nc3 (3. " + move + " Nc6 (3... e6 4. Nf3)) 3... Nc6"));
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_EQ(run.games[0].plies, 6u);
    const auto marked = run.with_code("en_passant_suffix");
    ASSERT_EQ(marked.size(), 1u);
    EXPECT_TRUE(marked[0].in_variation);
    EXPECT_EQ(marked[0].ply, 5u);
    EXPECT_EQ(marked[0].fen, kFenBeforeCapture);
  }
}

// After a move that is not an en-passant capture: a warning on that move, never a syntax
// error on the letter 'e', and the game goes on.
TEST(Notation, StrayEnPassantMark) {
  for (const char* move : {"Nf3 e.p.", "Nf3e.p.", "Nf3 ep"}) {
    SCOPED_TRACE(move);
    const auto run = replay_text(game(kBefore + move + " 3... Nc6"));
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_EQ(run.games[0].plies, 6u);
    const auto stray = run.with_code("stray_en_passant_suffix");
    ASSERT_EQ(stray.size(), 1u);
    EXPECT_EQ(stray[0].ply, 5u);
    EXPECT_EQ(stray[0].message,
              "'e.p.' after a move that is not an en-passant capture; canonical SAN: Nf3");
    EXPECT_TRUE(run.with_code("en_passant_suffix").empty());
  }
  // With no move before it (here first in a variation).
  const auto run = replay_text(game("1. e4 (e.p. 1. d4) 1... e5"));
  EXPECT_EQ(run.errors(), 0u);
  const auto stray = run.with_code("stray_en_passant_suffix");
  ASSERT_EQ(stray.size(), 1u);
  EXPECT_EQ(stray[0].message, "'e.p.' with no move before it; ignored");
}

// A mark on an illegal move does not count as a move after it: the variation that follows
// still replaces the move.
TEST(Notation, MarkAfterAnIllegalMove) {
  const auto run = replay_text(game(kBefore + "Qxd5 e.p. (3. exd6 e.p.) 3... Nc6"));
  EXPECT_EQ(run.errors(), 1u);
  EXPECT_EQ(run.with_code("no_piece_can_move").size(), 1u);
  EXPECT_EQ(run.with_code("en_passant_suffix").size(), 1u);  // in the variation
}

// A mark after an en-passant capture that mates is on the last move, not a move after the end.
TEST(Notation, MarkAfterEnPassantMate) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"7k/8/5K2/4pP2/8/8/8/6R1 w - e6 0 1\"]\n";
  const auto run = replay_text(game("1. fxe6 e.p.", "*", fen));
  EXPECT_TRUE(run.with_code("move_after_game_end").empty());
  EXPECT_EQ(run.with_code("en_passant_suffix").size(), 1u);
}

TEST(Notation, DoublePlusGivesTheCanonicalSan) {
  const auto mate = replay_text(game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7++", "1-0"));
  const auto plus = mate.with_code("double_plus");
  ASSERT_EQ(plus.size(), 1u);
  EXPECT_EQ(plus[0].ply, 7u);
  EXPECT_EQ(plus[0].message, "'++' (old notation for mate or double check); canonical SAN: Qxf7#");
  EXPECT_EQ(mate.games[0].status, GameStatus::Checkmate);
  EXPECT_EQ(mate.errors(), 0u);
  // A double check that is not mate: '+'.
  const std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1\"]\n";
  const auto check = replay_text(game("1. Nd6++", "*", fen));
  const auto plus2 = check.with_code("double_plus");
  ASSERT_EQ(plus2.size(), 1u);
  EXPECT_EQ(plus2[0].message, "'++' (old notation for mate or double check); canonical SAN: Nd6+");
}

// A move that names its from-square is one warning, long_algebraic, whatever its capture and
// check marks say (pgn-extract -Wuci writes neither); the message gives the canonical SAN.
TEST(Notation, LongAlgebraicIsOneWarningPerMove) {
  const std::string san =
      "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d4 exd4 6. e5 d5 7. exd6 "
      "Qxd6 8. Bxf7+ Kxf7";
  const auto want = replay_text(game(san));
  ASSERT_EQ(want.problems.size(), 0u);
  for (const char* lan :
       {"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d4 e5d4 e4e5 d7d5 e5d6 d8d6 c4f7 e8f7",
        "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Bf8-c5 4. Ke1-g1 Ng8-f6 5. d2-d4 e5xd4 6. "
        "e4-e5 d7-d5 7. e5xd6ep Qd8xd6 8. Bc4xf7+ Ke8xf7"}) {
    SCOPED_TRACE(lan);
    const auto run = replay_text(game(lan));
    ASSERT_EQ(run.games.size(), 1u);
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_EQ(run.games[0].plies, 16u);
    EXPECT_EQ(run.games[0].final_fen, want.games[0].final_fen);
    ASSERT_EQ(run.problems.size(), 16u);
    EXPECT_EQ(run.with_code("long_algebraic").size(), 16u);
    EXPECT_EQ(run.problems[6].message, "long algebraic notation; canonical SAN: O-O");
    EXPECT_EQ(run.problems[14].message, "long algebraic notation; canonical SAN: Bxf7+");
    EXPECT_EQ(run.problems[14].ply, 15u);
  }
  // In a variation, and castling that is not legal there: the castling error.
  const auto run = replay_text(game("1. e4 (1. d2-d4 d7d5) 1... e5 2. e1g1"));
  ASSERT_EQ(run.with_code("long_algebraic").size(), 2u);
  EXPECT_TRUE(run.with_code("long_algebraic")[0].in_variation);
  const auto blocked = run.with_code("castling_blocked");
  ASSERT_EQ(blocked.size(), 1u);
  EXPECT_EQ(blocked[0].message, "illegal castling: pieces stand between king and rook");
  EXPECT_EQ(blocked[0].ply, 3u);
}

TEST(Notation, LowercaseCastling) {
  const auto run = replay_text(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o"));
  const auto lower = run.with_code("lowercase_castling");
  ASSERT_EQ(lower.size(), 1u);
  EXPECT_EQ(lower[0].message, "castling written in lower case; canonical SAN: O-O");
  EXPECT_EQ(run.problems.size(), 1u);
}

}  // namespace
}  // namespace pgnkit::replay

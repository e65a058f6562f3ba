// A word in the movetext ("29... Qxg2# mat", "35. Rxe8 resigns", "e4 foo e5"): a warning,
// text_in_movetext, and the line goes on; not a move, so neither a move error nor a move
// after the end. Words that look like moves stay move errors.
#include <gtest/gtest.h>

#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

const std::string kFoolsMate = "1. f3 e5 2. g4 Qh4#";
const std::string kFoolsMateFen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

TEST(TextInMovetext, WordAfterMateIsNotAMoveAfterTheEnd) {
  // game() writes the movetext on line 9; "mat" starts in its column 21.
  const auto run = replay_text(game(kFoolsMate + " mat", "0-1"));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  EXPECT_TRUE(run.with_code("move_after_game_end").empty());
  ASSERT_EQ(run.problems.size(), 1u);
  const Problem& p = run.problems[0];
  EXPECT_EQ(p.code_name(), "text_in_movetext");
  EXPECT_EQ(p.severity, Severity::Warning);
  EXPECT_EQ(p.message, "text in the movetext, not a move: 'mat'; skipped");
  EXPECT_EQ(p.where.line, 9u);
  EXPECT_EQ(p.where.column, 21u);
  EXPECT_EQ(p.ply, 5u);
  EXPECT_TRUE(p.san.empty());
  EXPECT_FALSE(p.in_variation);
  EXPECT_EQ(p.fen, kFoolsMateFen);
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
  EXPECT_EQ(run.games[0].plies, 4u);
  EXPECT_TRUE(run.games[0].consistent);
}

TEST(TextInMovetext, WordAfterTheLastMove) {
  const auto run = replay_text(game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# resigns", "1-0"));
  ASSERT_EQ(run.with_code("text_in_movetext").size(), 1u);
  EXPECT_EQ(run.with_code("text_in_movetext")[0].message,
            "text in the movetext, not a move: 'resigns'; skipped");
  EXPECT_EQ(run.problems.size(), 1u);
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
  const auto resigned = replay_text(game("1. e4 e5 2. Nf3 Nc6 3. Bb5 resigns", "1-0"));
  EXPECT_EQ(resigned.errors(), 0u);
  ASSERT_EQ(resigned.with_code("text_in_movetext").size(), 1u);
  EXPECT_EQ(resigned.with_code("text_in_movetext")[0].ply, 6u);
  EXPECT_EQ(resigned.games[0].plies, 5u);
  EXPECT_EQ(resigned.games[0].status, GameStatus::Ongoing);
}

TEST(TextInMovetext, TheLineGoesOnAfterAWord) {
  const auto run = replay_text(game("1. e4 foo e5 2. Nf3 Kasparov abc Nc6", "*"));
  EXPECT_EQ(run.errors(), 0u);
  const auto words = run.with_code("text_in_movetext");
  ASSERT_EQ(words.size(), 3u);
  EXPECT_EQ(words[0].ply, 2u);
  EXPECT_EQ(words[1].ply, 4u);
  EXPECT_EQ(words[2].ply, 4u);
  EXPECT_EQ(words[2].message, "text in the movetext, not a move: 'abc'; skipped");
  EXPECT_EQ(run.games[0].plies, 4u);
  EXPECT_EQ(run.games[0].final_fen,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
}

TEST(TextInMovetext, InAVariation) {
  // In a variation, and in a variation after its line ended by mate.
  const auto run =
      replay_text(game("1. e4 (1. d4 draw d5) e5 2. f3 (2. Qh5 Nc6 3. Bc4 Nf6 4. "
                       "Qxf7# mat) d6",
                       "*"));
  EXPECT_EQ(run.errors(), 0u);
  const auto words = run.with_code("text_in_movetext");
  ASSERT_EQ(words.size(), 2u);
  EXPECT_TRUE(words[0].in_variation);
  EXPECT_EQ(words[0].ply, 2u);
  EXPECT_EQ(words[0].message, "text in the movetext, not a move: 'draw'; skipped");
  EXPECT_EQ(words[0].fen, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1");
  EXPECT_TRUE(words[1].in_variation);
  EXPECT_EQ(words[1].ply, 8u);
  EXPECT_EQ(run.games[0].plies, 4u);
}

TEST(TextInMovetext, MoveShapedTokensStayMoveErrors) {
  // A move with a word glued to it, an off-board square, a drop in a standard game, a
  // lower-case castling: each is a move written wrongly (san_syntax), not a word.
  for (const char* bad : {"Nf3xyz", "Ke9", "P@e4", "Qh4mate", "o-o"}) {
    SCOPED_TRACE(bad);
    const auto run = replay_text(game(std::string("1. e4 e5 2. ") + bad, "*"));
    EXPECT_TRUE(run.with_code("text_in_movetext").empty());
    EXPECT_EQ(run.errors(), 1u);
    EXPECT_EQ(run.games[0].status, GameStatus::Illegal);
  }
  // After mate a move-shaped token is still a move after the end.
  const auto run = replay_text(game(kFoolsMate + " Kf2", "0-1"));
  EXPECT_EQ(run.with_code("move_after_game_end").size(), 1u);
  EXPECT_TRUE(run.with_code("text_in_movetext").empty());
}

TEST(TextInMovetext, AfterAnIllegalMoveAWordIsNotReportedNorCounted) {
  // The line stops at Ke3 (one error, no cascade); the word after it is not a move, so the
  // variation still replaces Ke3 and is replayed.
  const auto run = replay_text(game("1. e4 e5 2. Ke3 resigns (2. Nf3 Nc6)", "*"));
  EXPECT_EQ(run.errors(), 1u);
  EXPECT_TRUE(run.with_code("text_in_movetext").empty());
  const auto after = replay_text(game("1. e4 e5 2. Ke3 Nc6 (2. Nf3 Kd9)", "*"));
  EXPECT_EQ(after.errors(), 1u);  // the variation is not replayed: a move came after Ke3
}

}  // namespace
}  // namespace pgnkit::replay

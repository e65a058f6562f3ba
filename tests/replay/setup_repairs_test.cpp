// FEN tags the replayer repairs with a warning: odds games written with KQkq, an en-passant
// square no double push can leave, and a fullmove number that is not positive. Any other FEN
// defect stays error[invalid_fen].
#include <gtest/gtest.h>

#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

std::string setup(const std::string& fen) {
  return "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
}

TEST(SetupRepairs, QueenRookOddsIsReplayed) {
  // White gives the a1 rook: Q cannot stand; White may still castle short, never long.
  const auto run =
      replay_text(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6", "*",
                       setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1")));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  const auto dropped = run.with_code("impossible_castling_rights");
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0].severity, Severity::Warning);
  EXPECT_EQ(dropped[0].message,
            "the FEN grants castling rights the position cannot have: Q (needs king on e1, rook "
            "on a1); dropped, the game is replayed without them");
  EXPECT_EQ(run.games[0].plies, 8u);
  EXPECT_EQ(run.games[0].status, GameStatus::Ongoing);
  EXPECT_EQ(run.games[0].final_fen,
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/1NBQ1RK1 w kq - 6 5");
}

TEST(SetupRepairs, DroppedRightCannotBeUsed) {
  const auto run =
      replay_text(game("1. d4 d5 2. Bf4 Bf5 3. Nc3 Nc6 4. Qd2 Qd7 5. O-O-O", "*",
                       setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1")));
  const auto illegal = run.with_code("castling_without_rights");
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0].ply, 9u);
}

TEST(SetupRepairs, BothWingsNamedInOneWarning) {
  const auto run = replay_text(
      game("1. e4 e5", "*", setup("1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")));
  const auto dropped = run.with_code("impossible_castling_rights");
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0].message,
            "the FEN grants castling rights the position cannot have: k (needs king on e8, rook "
            "on h8), q (needs king on e8, rook on a8); dropped, the game is replayed without them");
  EXPECT_EQ(run.errors(), 0u);
}

// A FEN whose rights only fit Chess960 is still read as Chess960, not repaired.
TEST(SetupRepairs, Chess960RightsAreNotDropped) {
  const auto run = replay_text(
      game("1. e4 e5", "*", setup("rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1")));
  EXPECT_EQ(run.with_code("chess960_without_variant").size(), 1u);
  EXPECT_TRUE(run.with_code("impossible_castling_rights").empty());
  EXPECT_EQ(run.errors(), 0u);
}

TEST(SetupRepairs, FullmoveNumberZeroOrNegative) {
  for (const char* n : {"0", "-3"}) {
    SCOPED_TRACE(n);
    const auto run = replay_text(
        game("1. d4 d5", "*", setup(std::string("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 ") + n)));
    const auto warned = run.with_code("bad_fullmove_number");
    ASSERT_EQ(warned.size(), 1u);
    EXPECT_EQ(warned[0].message,
              std::string("the FEN's fullmove number ") + n + " is not positive; read as 1");
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_EQ(run.games[0].plies, 2u);
    EXPECT_EQ(run.games[0].final_fen, "4k3/ppp5/8/3p4/3P4/8/PPP5/4K3 w - - 0 2");
  }
}

TEST(SetupRepairs, ImpossibleEnPassantSquareIsDropped) {
  const auto run = replay_text(game(
      "1. e4 e5 2. Nf3", "*", setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq f1 0 1")));
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  const auto dropped = run.with_code("impossible_en_passant");
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0].severity, Severity::Warning);
  EXPECT_EQ(dropped[0].message,
            "the FEN's en-passant square f1 cannot be (White is to move, so it must be on rank "
            "6); dropped, the game is replayed without it");
  EXPECT_EQ(dropped[0].where.line, 1u);
  EXPECT_EQ(dropped[0].ply, 0u);
  EXPECT_EQ(run.games[0].plies, 3u);
  EXPECT_EQ(run.games[0].final_fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(SetupRepairs, EachEnPassantFlawIsNamed) {
  struct Case {
    const char* fen;
    const char* moves;
    const char* why;
  } cases[] = {
      {"4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1", "1... Kd7",
       "e6 cannot be (Black is to move, so it must be on rank 3)"},
      {"4k3/8/8/8/8/8/8/R3K3 w - e6 0 1", "1. Kd2",
       "e6 cannot be (no black pawn stands on e5 to have just advanced two squares past it)"},
      {"4k3/8/8/8/8/8/8/R3K3 b - c3 0 1", "1... Kd7",
       "c3 cannot be (no white pawn stands on c4 to have just advanced two squares past it)"},
      {"4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", "1. Kd2",
       "e6 cannot be (it is occupied, so no pawn has just advanced two squares past it)"},
      {"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", "1. Kd2",
       "e6 cannot be (e7, where the pawn would have started, is occupied)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fen);
    const auto run = replay_text(game(c.moves, "*", setup(c.fen)));
    const auto dropped = run.with_code("impossible_en_passant");
    ASSERT_EQ(dropped.size(), 1u);
    EXPECT_EQ(dropped[0].message, std::string("the FEN's en-passant square ") + c.why +
                                      "; dropped, the game is replayed without it");
    EXPECT_EQ(run.errors(), 0u);
    EXPECT_EQ(run.games[0].plies, 1u);
  }
}

// A square no capture can use but that a double push leaves is the normal output of many
// writers: no warning.
TEST(SetupRepairs, ConsistentEnPassantSquareIsNoProblem) {
  const auto run = replay_text(
      game("1... e5", "*", setup("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")));
  EXPECT_TRUE(run.problems.empty());
}

// The dropped square gives no capture: exd6 is then an error.
TEST(SetupRepairs, DroppedEnPassantSquareCannotBeUsed) {
  const auto run = replay_text(game("1. exd6", "*", setup("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1")));
  EXPECT_EQ(run.with_code("impossible_en_passant").size(), 1u);
  const auto illegal = run.with_code("en_passant_not_available");
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0].ply, 1u);
}

// Otb's game 37638: a Chess960 start without a Variant tag, with en-passant square f1. Both
// repairs apply; before, the square made the FEN invalid and the game was not replayed.
TEST(SetupRepairs, EnPassantDroppedInChess960WithoutVariant) {
  const auto run =
      replay_text(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O", "*",
                       setup("bnqrkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNQRKBNR w KQkq f1 0 1")));
  EXPECT_EQ(run.errors(), 0u);
  EXPECT_EQ(run.with_code("chess960_without_variant").size(), 1u);
  EXPECT_EQ(run.with_code("impossible_en_passant").size(), 1u);
  EXPECT_EQ(run.games[0].plies, 7u);
}

TEST(SetupRepairs, EnPassantAndCastlingBothDropped) {
  const auto run = replay_text(
      game("1. e4", "*", setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq e3 0 1")));
  ASSERT_EQ(run.problems.size(), 2u);
  EXPECT_EQ(run.problems[0].code_name(), "impossible_castling_rights");
  EXPECT_EQ(run.problems[1].code_name(), "impossible_en_passant");
  EXPECT_EQ(run.errors(), 0u);
}

TEST(SetupRepairs, OtherFenDefectsStayErrors) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKKNR w KQkq - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 x",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KKqq - 0 1",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"}) {
    SCOPED_TRACE(fen);
    const auto run = replay_text(game("1. e4 e5", "*", setup(fen)));
    EXPECT_EQ(run.with_code("invalid_fen").size(), 1u);
    EXPECT_TRUE(run.with_code("impossible_castling_rights").empty());
    EXPECT_EQ(run.games[0].status, GameStatus::Illegal);
  }
}

}  // namespace
}  // namespace pgnkit::replay

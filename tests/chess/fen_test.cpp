#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "chess/fen.h"
#include "test_util.h"

namespace pgnkit::chess {
namespace {

TEST(Fen, StartRoundTrip) {
  Position p;
  ASSERT_FALSE(parse_fen(kStartFen, p));
  EXPECT_EQ(write_fen(p), kStartFen);
  EXPECT_EQ(p, Position::start());
}

struct FenCase {
  const char* fen;
  FenError error;
  int field;
};

TEST(Fen, EveryErrorIsReportedPrecisely) {
  const FenCase cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FenError::FieldCount, 0},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FenError::FieldCount, 0},
      {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankCount, 1},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankWidth, 1},
      {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankWidth, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenError::UnknownPiece, 1},
      {"rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenError::KingCount, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", FenError::KingCount, 1},
      {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenError::PawnOnBackRank, 1},
      {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenError::BadSideToMove, 2},
      {"4k3/8/8/8/8/8/8/4K2r b - - 0 1", FenError::OpponentInCheck, 1},
      {"4k3/8/8/8/8/8/8/4K2R w X - 0 1", FenError::BadCastlingField, 3},
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenError::CastlingMismatch, 3},
      {"4k3/8/8/8/8/8/8/3K3R w K - 0 1", FenError::CastlingMismatch, 3},
      {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenError::BadEnPassantField, 4},
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", FenError::EnPassantImpossible, 4},
      {"4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", FenError::EnPassantImpossible, 4},
      {"4k3/8/8/8/8/8/8/4K3 w - - x 1", FenError::BadHalfmoveClock, 5},
      {"4k3/8/8/8/8/8/8/4K3 w - - -3 1", FenError::BadHalfmoveClock, 5},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 z", FenError::BadFullmoveNumber, 6},
  };
  for (const auto& c : cases) {
    Position p;
    const auto problem = parse_fen(c.fen, p);
    ASSERT_TRUE(problem.has_value()) << c.fen;
    EXPECT_EQ(problem->error, c.error) << c.fen << ": " << fen_error_message(problem->error);
    EXPECT_EQ(problem->field, c.field) << c.fen;
    EXPECT_FALSE(fen_error_message(problem->error).empty());
  }
}

TEST(Fen, ChecksMoreThanTwoCheckers) {
  Position p;
  const auto problem = parse_fen("4k3/8/8/8/8/3n4/8/r3K2r w - - 0 1", p);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->error, FenError::TooManyCheckers);
}

TEST(Fen, EnPassantWriteModes) {
  const Position p = testing::fen_position("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  EXPECT_EQ(write_fen(p, EpWrite::Always), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  EXPECT_EQ(write_fen(p, EpWrite::WhenLegal), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
  const Position q = testing::fen_position("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  EXPECT_EQ(write_fen(q, EpWrite::WhenLegal), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

TEST(Fen, Chess960CastlingFields) {
  // Shredder-FEN and X-FEN name the same rights.
  const Position shredder = testing::fen_position(
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", true);
  const Position xfen = testing::fen_position(
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1", true);
  EXPECT_EQ(shredder.key(), xfen.key());
  EXPECT_EQ(shredder.castling_rook(Color::White, false), make_square(5, 0));
  EXPECT_EQ(write_fen(shredder),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1");
  // Standard chess refuses a king off the e-file with castling rights.
  Position p;
  EXPECT_TRUE(parse_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1", p));
}

// Every suite position reads and writes back to the same FEN (the suite files are normalised).
TEST(Fen, SuiteRoundTrip) {
  for (const char* name :
       {"/data/perft/standard.epd", "/data/perft/suite.epd", "/data/perft/chess960.epd"}) {
    std::ifstream in(testing::source_dir() + name);
    ASSERT_TRUE(in) << name;
    const bool c960 = std::string(name).find("960") != std::string::npos;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const std::string fen = line.substr(0, line.find(';'));
      const std::string trimmed = fen.substr(0, fen.find_last_not_of(' ') + 1);
      Position p;
      ASSERT_FALSE(parse_fen(trimmed, p, c960)) << trimmed;
      Position again;
      ASSERT_FALSE(parse_fen(write_fen(p), again, c960)) << write_fen(p);
      EXPECT_EQ(again, p) << trimmed;
      ++n;
    }
    EXPECT_GT(n, 5) << name;
  }
}

}  // namespace
}  // namespace pgnkit::chess

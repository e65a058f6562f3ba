#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
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

struct SuiteFen {
  std::string fen;
  bool chess960;
};

// The FEN of every line of the given perft suites under data/perft.
std::vector<SuiteFen> suite_fens(std::initializer_list<const char*> names) {
  std::vector<SuiteFen> fens;
  for (const char* name : names) {
    std::ifstream in(testing::source_dir() + name);
    EXPECT_TRUE(in) << name;
    const bool c960 = std::string(name).find("960") != std::string::npos;
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const std::string fen = line.substr(0, line.find(';'));
      fens.push_back({fen.substr(0, fen.find_last_not_of(' ') + 1), c960});
    }
  }
  return fens;
}

// Every suite position reads and writes back to the same FEN (the suite files are normalised).
TEST(Fen, SuiteRoundTrip) {
  for (const char* name :
       {"/data/perft/standard.epd", "/data/perft/suite.epd", "/data/perft/chess960.epd"}) {
    const std::vector<SuiteFen> fens = suite_fens({name});
    for (const auto& [fen, c960] : fens) {
      Position p;
      ASSERT_FALSE(parse_fen(fen, p, c960)) << fen;
      Position again;
      ASSERT_FALSE(parse_fen(write_fen(p), again, c960)) << write_fen(p);
      EXPECT_EQ(again, p) << fen;
    }
    EXPECT_GT(fens.size(), 5u) << name;
  }
}

// The placement field read square by square from the mailbox: a second way to what
// append_fen builds from the occupancy bitboard.
std::string placement_square_by_square(const Position& p) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece piece = p.piece_on(make_square(file, rank));
      if (piece == Piece::None) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      const char letter = "PNBRQK"[index(type_of(piece))];
      s += color_of(piece) == Color::White ? letter : static_cast<char>(letter - 'A' + 'a');
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank) s += '/';
  }
  return s;
}

std::vector<std::string> split_on_spaces(const std::string& s) {
  std::vector<std::string> parts;
  std::istringstream in(s);
  for (std::string part; in >> part;) parts.push_back(part);
  return parts;
}

// append_fen appends to what is already there, equals write_fen, and says what the position
// holds: placement square by square, side, castling rights, the en-passant square per mode,
// the clocks; and the parser reads it back to the same position. Over every suite position
// and every position one legal move away (captures, promotions, castling, double pushes).
TEST(Fen, AppendFenAgreesWithThePositionItWrites) {
  const std::vector<SuiteFen> fens =
      suite_fens({"/data/perft/standard.epd", "/data/perft/suite.epd", "/data/perft/tricky.epd",
                  "/data/perft/chess960.epd", "/data/perft/tricky960.epd"});
  ASSERT_GT(fens.size(), 1000u);
  int checked = 0, with_ep = 0;
  auto check = [&](const Position& p, bool c960) {
    for (const EpWrite mode : {EpWrite::Always, EpWrite::WhenLegal}) {
      std::string out = "prefix|";
      append_fen(out, p, mode);
      ASSERT_EQ(out.substr(0, 7), "prefix|");
      const std::string fen = out.substr(7);
      EXPECT_EQ(fen, write_fen(p, mode));
      const std::vector<std::string> f = split_on_spaces(fen);
      ASSERT_EQ(f.size(), 6u) << fen;
      EXPECT_EQ(f[0], placement_square_by_square(p)) << fen;
      EXPECT_EQ(f[1], p.side_to_move() == Color::White ? "w" : "b") << fen;
      EXPECT_EQ(f[2] == "-", p.castling_rights() == 0) << fen;
      if (!c960) {
        std::string rights;
        for (const Color c : {Color::White, Color::Black})
          for (const bool king_side : {true, false})
            if (p.has_castling_right(c, king_side)) rights += (king_side ? "Kk" : "Qq")[index(c)];
        EXPECT_EQ(f[2], rights.empty() ? "-" : rights) << fen;
      }
      const bool writes_ep =
          p.ep_square() != kNoSquare && (mode == EpWrite::Always || p.ep_capture_legal());
      const std::string ep_name = writes_ep
                                      ? std::string{static_cast<char>('a' + file_of(p.ep_square())),
                                                    static_cast<char>('1' + rank_of(p.ep_square()))}
                                      : "-";
      EXPECT_EQ(f[3], ep_name) << fen;
      with_ep += writes_ep;
      EXPECT_EQ(f[4], std::to_string(p.halfmove_clock())) << fen;
      EXPECT_EQ(f[5], std::to_string(p.fullmove_number())) << fen;
      Position again;
      ASSERT_FALSE(parse_fen(fen, again, c960)) << fen;
      // Without the en-passant square the reread position differs only where the key does not.
      if (mode == EpWrite::Always)
        EXPECT_EQ(again, p) << fen;
      else
        EXPECT_EQ(again.key(), p.key()) << fen;
      ++checked;
    }
  };
  for (const auto& [fen, c960] : fens) {
    const Position p = testing::fen_position(fen, c960);
    check(p, c960);
    MoveList moves;
    generate_legal(p, moves);
    for (const Move m : moves) {
      Position child = p;
      child.play(m);
      check(child, c960);
    }
  }
  EXPECT_GT(checked, 50000);
  EXPECT_GT(with_ep, 100);
}

}  // namespace
}  // namespace pgnkit::chess

// FEN defects a reader may repair (FenRepairs): castling rights the position cannot have (odds
// games written with KQkq) and a fullmove number that is not positive.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"

namespace pgnkit::chess {
namespace {

struct Repaired {
  std::optional<FenProblem> problem;
  FenRepairs repairs;
  Position pos;
};

Repaired parse_repairing(std::string_view fen) {
  Repaired r;
  r.repairs.drop_impossible_castling = true;
  r.problem = parse_fen(fen, r.pos, false, &r.repairs);
  return r;
}

// The castling field write_fen gives.
std::string castling_field(const Position& pos) {
  const std::string fen = write_fen(pos);
  const auto a = fen.find(' ', fen.find(' ') + 1) + 1;
  return fen.substr(a, fen.find(' ', a) - a);
}

struct OddsCase {
  const char* placement;  // the rest is " w KQkq - 0 1"
  std::uint8_t dropped;
  const char* kept;
};

TEST(FenRepairs, EachMissingRookAndWing) {
  const OddsCase cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR", kCastlingWhiteQueen, "Kkq"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1", kCastlingWhiteKing, "Qkq"},
      {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", kCastlingBlackQueen, "KQk"},
      {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", kCastlingBlackKing, "KQq"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1", kCastlingWhiteKing | kCastlingWhiteQueen,
       "kq"},
      {"1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", kCastlingBlackKing | kCastlingBlackQueen,
       "KQ"},
      {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1", kCastlingWhiteKing | kCastlingBlackQueen,
       "Qk"},
      {"1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1", 15, "-"},
      // The king off its square loses both of its rights.
      {"r3k2r/8/8/8/8/8/8/R2K3R", kCastlingWhiteKing | kCastlingWhiteQueen, "kq"},
      // Knight or queen odds need no repair.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR", 0, "KQkq"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR", 0, "KQkq"},
  };
  for (const OddsCase& c : cases) {
    const std::string fen = std::string(c.placement) + " w KQkq - 0 1";
    SCOPED_TRACE(fen);
    const Repaired r = parse_repairing(fen);
    ASSERT_FALSE(r.problem);
    EXPECT_EQ(r.repairs.dropped_castling, c.dropped);
    EXPECT_EQ(castling_field(r.pos), c.kept);
    EXPECT_FALSE(r.repairs.fullmove_repaired);
    // Without the repair it is the error it always was, or fine when nothing is dropped.
    Position strict;
    const auto problem = parse_fen(fen, strict);
    if (c.dropped) {
      ASSERT_TRUE(problem);
      EXPECT_EQ(problem->error, FenError::CastlingMismatch);
    } else {
      EXPECT_FALSE(problem);
    }
  }
}

// The move generator, a second path: only the rights kept give castling moves.
TEST(FenRepairs, DroppedRightsGiveNoCastlingMoves) {
  const Repaired r = parse_repairing("r3k2r/8/8/8/8/8/8/4K2R w KQkq - 0 1");
  ASSERT_FALSE(r.problem);
  EXPECT_EQ(r.repairs.dropped_castling, kCastlingWhiteQueen);
  MoveList list;
  generate_legal(r.pos, list);
  int castles = 0;
  for (const Move m : list) {
    if (m.kind() != MoveKind::Castling) continue;
    ++castles;
    EXPECT_EQ(to_san(r.pos, m), "O-O");
  }
  EXPECT_EQ(castles, 1);
}

TEST(FenRepairs, OtherDefectsStayErrors) {
  struct Bad {
    const char* fen;
    FenError error;
  } cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KKqq - 0 1", FenError::BadCastlingField},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkx - 0 1", FenError::BadCastlingField},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq e3 0 1", FenError::EnPassantImpossible},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKKNR w KQkq - 0 1", FenError::KingCount},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 x", FenError::BadFullmoveNumber},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - -1 1", FenError::BadHalfmoveClock},
      // A file letter (Shredder-FEN) is not dropped: it names a rook that is not there.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w HAkq - 0 1", FenError::CastlingMismatch},
  };
  for (const Bad& b : cases) {
    SCOPED_TRACE(b.fen);
    const Repaired r = parse_repairing(b.fen);
    ASSERT_TRUE(r.problem);
    EXPECT_EQ(r.problem->error, b.error);
  }
  // In Chess960 nothing is dropped.
  Position pos;
  FenRepairs repairs;
  repairs.drop_impossible_castling = true;
  const auto problem =
      parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", pos, true, &repairs);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->error, FenError::CastlingMismatch);
}

// The en-passant field of the FEN (the fourth): the fields before it and after it as written
// by write_fen.
std::string ep_field(const Position& pos) {
  std::istringstream in(write_fen(pos));
  std::string field;
  for (int i = 0; i < 4; ++i) in >> field;
  return field;
}

TEST(FenRepairs, ImpossibleEnPassantSquareIsDropped) {
  struct Case {
    const char* fen;
    Square dropped;
    EnPassantFlaw flaw;
  } cases[] = {
      // Not on rank 6 with White to move, or rank 3 with Black to move.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq f1 0 1", make_square(5, 0),
       EnPassantFlaw::WrongRank},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", make_square(4, 2),
       EnPassantFlaw::WrongRank},
      {"4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1", make_square(4, 5), EnPassantFlaw::WrongRank},
      // No pawn of the side that just moved in front of it.
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", make_square(4, 5), EnPassantFlaw::NoPawn},
      {"4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1", make_square(4, 5), EnPassantFlaw::NoPawn},
      {"4k3/8/8/8/8/8/8/4K3 b - e3 0 1", make_square(4, 2), EnPassantFlaw::NoPawn},
      // The square itself, or the one behind it where the pawn started, occupied.
      {"4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", make_square(4, 5), EnPassantFlaw::Occupied},
      {"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", make_square(4, 5), EnPassantFlaw::StartOccupied},
      {"4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1", make_square(4, 2), EnPassantFlaw::Occupied},
      {"4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1", make_square(4, 2), EnPassantFlaw::StartOccupied},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fen);
    Position pos;
    FenRepairs repairs;
    repairs.drop_impossible_en_passant = true;
    ASSERT_FALSE(parse_fen(c.fen, pos, false, &repairs));
    EXPECT_EQ(repairs.dropped_en_passant, c.dropped);
    EXPECT_EQ(repairs.en_passant_flaw, c.flaw);
    EXPECT_EQ(pos.ep_square(), kNoSquare);
    EXPECT_EQ(ep_field(pos), "-");
    // Without the repair it is the error it always was.
    const auto problem = parse_fen(c.fen, pos);
    ASSERT_TRUE(problem);
    EXPECT_EQ(problem->error, FenError::EnPassantImpossible);
    EXPECT_EQ(problem->field, 4);
  }
}

// A square a double push leaves is kept, whether or not a capture onto it is possible (the
// PGN standard writes one after every double push); a field that is no square stays an error.
TEST(FenRepairs, ConsistentEnPassantSquareIsKept) {
  for (const char* fen : {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}) {
    SCOPED_TRACE(fen);
    Position pos;
    FenRepairs repairs;
    repairs.drop_impossible_en_passant = true;
    ASSERT_FALSE(parse_fen(fen, pos, false, &repairs));
    EXPECT_EQ(repairs.dropped_en_passant, kNoSquare);
    EXPECT_EQ(repairs.en_passant_flaw, EnPassantFlaw::None);
    EXPECT_NE(pos.ep_square(), kNoSquare);
    EXPECT_EQ(write_fen(pos), fen);
  }
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "4k3/8/8/8/8/8/8/4K3 w - E6 0 1",
                          "4k3/8/8/8/8/8/8/4K3 w - e 0 1"}) {
    SCOPED_TRACE(fen);
    Position pos;
    FenRepairs repairs;
    repairs.drop_impossible_en_passant = true;
    const auto problem = parse_fen(fen, pos, false, &repairs);
    ASSERT_TRUE(problem);
    EXPECT_EQ(problem->error, FenError::BadEnPassantField);
  }
}

// Dropped together with impossible castling rights, and in Chess960 too.
TEST(FenRepairs, EnPassantDroppedWithCastlingAndInChess960) {
  Repaired r;
  r.repairs.drop_impossible_castling = true;
  r.repairs.drop_impossible_en_passant = true;
  ASSERT_FALSE(parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq e3 0 1", r.pos, false,
                         &r.repairs));
  EXPECT_EQ(r.repairs.dropped_castling, kCastlingWhiteQueen);
  EXPECT_EQ(r.repairs.dropped_en_passant, make_square(4, 2));
  EXPECT_EQ(write_fen(r.pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1");
  Position pos;
  FenRepairs repairs;
  repairs.drop_impossible_en_passant = true;
  ASSERT_FALSE(
      parse_fen("bnqrkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNQRKBNR w KQkq f1 0 1", pos, true, &repairs));
  EXPECT_EQ(repairs.dropped_en_passant, make_square(5, 0));
  EXPECT_EQ(repairs.en_passant_flaw, EnPassantFlaw::WrongRank);
  EXPECT_TRUE(pos.chess960());
}

TEST(FenRepairs, FullmoveNumberNotPositive) {
  for (const int written : {0, -3}) {
    const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - - 5 " + std::to_string(written);
    SCOPED_TRACE(fen);
    const Repaired r = parse_repairing(fen);
    ASSERT_FALSE(r.problem);
    EXPECT_TRUE(r.repairs.fullmove_repaired);
    EXPECT_EQ(r.repairs.fullmove_written, written);
    EXPECT_EQ(r.pos.fullmove_number(), 1);
    EXPECT_EQ(r.pos.halfmove_clock(), 5);
  }
  const Repaired fine = parse_repairing("4k3/8/8/8/8/8/8/4K3 w - - 5 7");
  EXPECT_FALSE(fine.repairs.fullmove_repaired);
  EXPECT_EQ(fine.pos.fullmove_number(), 7);
  // Without repairs: 0 is read as 1 as before, a negative number is an error.
  Position pos;
  EXPECT_FALSE(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 5 0", pos));
  EXPECT_EQ(pos.fullmove_number(), 1);
  const auto problem = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 5 -3", pos);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->error, FenError::BadFullmoveNumber);
}

}  // namespace
}  // namespace pgnkit::chess

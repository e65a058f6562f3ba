#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/perft_suite.h"
#include "chess/san.h"
#include "test_util.h"

namespace pgnkit::chess {
namespace {

using testing::fen_position;
using testing::play_san;

// Write-then-read: for every legal move of every suite position, the canonical SAN reads back
// as the same move, strictly and with no notes. Also SAN text is unique among the moves.
void round_trip_file(const std::string& name) {
  int moves = 0;
  const int positions = testing::for_each_suite_position(name, [&moves](const Position& pos, bool) {
    MoveList list;
    generate_legal(pos, list);
    for (const Move m : list) {
      const std::string san = to_san(pos, m);
      SanOptions strict;
      strict.mode = SanMode::Strict;
      const SanResult r = parse_san(pos, san, strict);
      ASSERT_TRUE(r.ok()) << san << " in " << write_fen(pos) << ": " << san_error_message(r.error);
      ASSERT_EQ(r.move, m) << san << " in " << write_fen(pos);
      ++moves;
    }
  });
  EXPECT_GT(positions, 5);
  EXPECT_GT(moves, 100);
}

TEST(San, RoundTripStandardSuites) {
  round_trip_file("suite.epd");
  round_trip_file("tricky.epd");
}

TEST(San, RoundTripChess960Suites) {
  round_trip_file("chess960.epd");
  round_trip_file("tricky960.epd");
}

TEST(San, WritesMinimalDisambiguation) {
  // Knights on b1 and f3 can both reach d2: file. Rooks a1/a3 both reach a2: rank.
  const Position p = fen_position("4k3/8/8/8/8/R4N2/8/RN2K3 w - - 0 1");
  EXPECT_EQ(to_san(p, parse_san(p, "Nbd2").move), "Nbd2");
  EXPECT_EQ(to_san(p, parse_san(p, "R1a2").move), "R1a2");
  // Three queens where neither file nor rank alone is unique: both.
  const Position q = fen_position("7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1");
  EXPECT_EQ(to_san(q, parse_san(q, "Qc4d3").move), "Qc4d3");
}

TEST(San, PromotionFacts) {
  // rules.md: f8=N+, f8=B, f8=R, f8=Q are the four promotions; f8=Q stalemates Black.
  const Position p = fen_position("8/5P1k/8/6K1/8/8/8/8 w - - 0 1");
  for (const char* san : {"f8=N+", "f8=B", "f8=R", "f8=Q"}) {
    SanOptions strict;
    strict.mode = SanMode::Strict;
    const SanResult r = parse_san(p, san, strict);
    ASSERT_TRUE(r.ok()) << san;
    EXPECT_EQ(to_san(p, r.move), san);
  }
  Position after = p;
  after.play(parse_san(p, "f8=Q").move);
  EXPECT_FALSE(after.in_check());
  EXPECT_FALSE(has_legal_move(after));
}

struct ErrorCase {
  const char* fen;
  const char* san;
  SanError error;
};

TEST(San, EveryErrorKind) {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const ErrorCase cases[] = {
      {start, "Xe4", SanError::Syntax},
      {start, "e5x", SanError::Syntax},
      {start, "Nd4", SanError::NoPieceCanMove},
      {start, "Ke2", SanError::NoPieceCanMove},
      {"4k3/8/8/8/R6R/8/8/4K3 w - - 0 1", "Rd4", SanError::Ambiguous},
      {"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3", SanError::PinnedPiece},
      {"4k3/8/8/8/8/8/8/4K2r w - - 0 1", "Kd1", SanError::KingIntoCheck},
      {"4k3/8/8/8/8/8/P7/4K2r w - - 0 1", "a3", SanError::LeavesKingInCheck},
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", SanError::CastlingNoRights},
      {"4k3/8/8/8/8/8/8/4KB1R w K - 0 1", "O-O", SanError::CastlingBlocked},
      {"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "O-O-O", SanError::CastlingOutOfCheck},
      {"3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", SanError::CastlingThroughCheck},
      {"2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", SanError::CastlingIntoCheck},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6", SanError::EnPassantNotAvailable},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", SanError::MissingPromotion},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", SanError::BadPromotion},
      {"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a3=Q", SanError::BadPromotion},
      {start, "Nf6", SanError::WrongSide},
      {start, "--", SanError::NullMove},
  };
  for (const auto& c : cases) {
    const Position p = fen_position(c.fen);
    const SanResult r = parse_san(p, c.san);
    EXPECT_FALSE(r.ok()) << c.san << " in " << c.fen;
    EXPECT_EQ(r.error, c.error) << c.san << " in " << c.fen << ": " << san_error_message(r.error);
  }
}

TEST(San, AmbiguousListsCandidates) {
  const Position p = fen_position("4k3/8/8/8/R6R/8/8/4K3 w - - 0 1");
  const SanResult r = parse_san(p, "Rd4");
  ASSERT_EQ(r.error, SanError::Ambiguous);
  ASSERT_EQ(r.candidate_count, 2);
  EXPECT_EQ(to_san(p, r.candidates[0]), "Rad4");
  EXPECT_EQ(to_san(p, r.candidates[1]), "Rhd4");
}

TEST(San, EnPassantPinnedAlongRankIsPinned) {
  // White king a5, black rook h5: exd6 e.p. would empty the rank.
  const Position p = fen_position("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1");
  const SanResult r = parse_san(p, "exd6");
  EXPECT_EQ(r.error, SanError::PinnedPiece);
}

struct NoteCase {
  const char* fen;
  const char* san;
  SanNote note;
  const char* canonical;
};

TEST(San, TolerantNotesAndCanonicalForm) {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const char* castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const NoteCase cases[] = {
      {castle, "0-0", SanNote::CastlingZeros, "O-O"},
      {castle, "0-0-0", SanNote::CastlingZeros, "O-O-O"},
      {start, "e2-e4", SanNote::LongAlgebraic, "e4"},
      {start, "e2e4", SanNote::LongAlgebraic, "e4"},
      {start, "Ng1-f3", SanNote::LongAlgebraic, "Nf3"},
      {start, "Ng1f3", SanNote::LongAlgebraic, "Nf3"},
      {start, "g1f3", SanNote::LongAlgebraic, "Nf3"},   // a UCI move for a piece
      {castle, "e1g1", SanNote::LongAlgebraic, "O-O"},  // UCI castling
      {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e:d5", SanNote::ColonCapture, "exd5"},
      {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", SanNote::MissingCapture, "exd5"},
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Rxh5", SanNote::SpuriousCapture, "Rh5"},
      {start, "Ngf3", SanNote::OverDisambiguated, "Nf3"},
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Rh8", SanNote::MissingCheck, "Rh8+"},
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Rh7+", SanNote::WrongCheck, "Rh7"},
      {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8+", SanNote::MissingMate, "Ra8#"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", SanNote::EnPassantSuffix, "exd6"},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", SanNote::PromotionNoEquals, "a8=Q+"},
      {start, "nf3", SanNote::LowercasePiece, "Nf3"},
  };
  for (const auto& c : cases) {
    const Position p = fen_position(c.fen);
    const SanResult r = parse_san(p, c.san);
    ASSERT_TRUE(r.ok()) << c.san << ": " << san_error_message(r.error);
    EXPECT_TRUE(r.has(c.note)) << c.san << " notes=" << r.notes;
    EXPECT_EQ(to_san(p, r.move), c.canonical) << c.san;
    SanOptions strict;
    strict.mode = SanMode::Strict;
    const SanResult s = parse_san(p, c.san, strict);
    EXPECT_EQ(s.error, SanError::NotCanonical) << c.san;
    EXPECT_FALSE(s.ok()) << c.san;
  }
}

// The en-passant mark in every spelling glued to the move (a token with a space is what the
// reader never makes, but a caller may pass it), and "++".
TEST(San, EnPassantMarksAndDoublePlus) {
  const char* ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  for (const char* san : {"exd6e.p.", "exd6 e.p.", "exd6e.p", "exd6ep", "exd6 ep"}) {
    SCOPED_TRACE(san);
    const Position p = fen_position(ep);
    const SanResult r = parse_san(p, san);
    ASSERT_TRUE(r.ok()) << san_error_message(r.error);
    EXPECT_EQ(r.move.kind(), MoveKind::EnPassant);
    EXPECT_TRUE(r.has(SanNote::EnPassantSuffix));
    EXPECT_FALSE(r.has(SanNote::StrayEnPassantSuffix));
    EXPECT_EQ(to_san(p, r.move), "exd6");
  }
  // On a move that is not an en-passant capture the mark is a stray one.
  const Position start = Position::start();
  for (const char* san : {"Nf3e.p.", "e4ep", "Nf3 e.p"}) {
    SCOPED_TRACE(san);
    const SanResult r = parse_san(start, san);
    ASSERT_TRUE(r.ok()) << san_error_message(r.error);
    EXPECT_TRUE(r.has(SanNote::StrayEnPassantSuffix));
    EXPECT_FALSE(r.has(SanNote::EnPassantSuffix));
  }
  EXPECT_TRUE(is_en_passant_mark("e.p."));
  EXPECT_TRUE(is_en_passant_mark("e.p"));
  EXPECT_TRUE(is_en_passant_mark("ep"));
  EXPECT_FALSE(is_en_passant_mark("e"));
  EXPECT_FALSE(is_en_passant_mark("exd6e.p."));
  // "++" on a mate, on a double check and on a plain check: the note, with the canonical SAN
  // ('#' or '+'); on a move that does not check, the usual wrong_check.
  struct Plus {
    const char* fen;
    const char* san;
    SanNote note;
    const char* canonical;
  } plus[] = {
      {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7++",
       SanNote::DoublePlus, "Qxf7#"},
      {"4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1", "Nd6++", SanNote::DoublePlus, "Nd6+"},  // double
      {"3k4/8/8/8/8/8/8/K3R3 w - - 0 1", "Re2++", SanNote::WrongCheck, "Re2"},
  };
  for (const Plus& c : plus) {
    SCOPED_TRACE(c.san);
    const Position p = fen_position(c.fen);
    const SanResult r = parse_san(p, c.san);
    ASSERT_TRUE(r.ok()) << san_error_message(r.error);
    EXPECT_EQ(r.suffix, SanSuffix::DoublePlus);
    EXPECT_TRUE(r.has(c.note)) << r.notes;
    EXPECT_EQ(to_san(p, r.move), c.canonical);
  }
}

TEST(San, NullMoveWhenAllowed) {
  SanOptions opt;
  opt.allow_null = true;
  const SanResult r = parse_san(Position::start(), "--", opt);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.move.is_null());
  EXPECT_TRUE(r.has(SanNote::NullMoveNotation));
  Position p = Position::start();
  p.play(r.move);
  EXPECT_EQ(p.side_to_move(), Color::Black);
}

TEST(San, GluedAnnotationsAreIgnored) {
  const SanResult r = parse_san(Position::start(), "e4!?");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.notes, 0);
}

}  // namespace
}  // namespace pgnkit::chess

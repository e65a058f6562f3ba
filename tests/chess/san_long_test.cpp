// Moves that name their from-square (long algebraic, coordinate and UCI forms, castling as
// the king's move), lower-case castling and Unicode dashes: what parse_san reads, with exactly
// which notes, and which errors stay errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "test_util.h"

namespace pgnkit::chess {
namespace {

using testing::fen_position;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kCastle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kCastleBlack = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
constexpr auto kLong = static_cast<std::uint16_t>(SanNote::LongAlgebraic);

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t j = std::min(text.find(' ', i), text.size());
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// `text` reads in `fen` as the move whose canonical SAN is `canonical`, with exactly the notes
// `notes` (the default options judge the check mark too), and strictly as NotCanonical (or as
// the same move, without notes).
void expect_reads(const char* fen, const std::string& text, const char* canonical,
                  std::uint16_t notes = kLong, bool chess960 = false) {
  SCOPED_TRACE(text + " in " + fen);
  const Position p = fen_position(fen, chess960);
  const SanResult r = parse_san(p, text);
  ASSERT_TRUE(r.ok()) << san_error_message(r.error);
  EXPECT_EQ(to_san(p, r.move), canonical);
  EXPECT_EQ(r.notes, notes);
  SanOptions strict;
  strict.mode = SanMode::Strict;
  const SanResult s = parse_san(p, text, strict);
  EXPECT_EQ(s.ok(), notes == 0);
  if (notes) {
    EXPECT_EQ(s.error, SanError::NotCanonical);
  }
}

void expect_error(const char* fen, const std::string& text, SanError error, bool chess960 = false) {
  SCOPED_TRACE(text + " in " + fen);
  const SanResult r = parse_san(fen_position(fen, chess960), text);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error, error) << san_error_message(r.error);
}

// 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d4 exd4 6. e5 d5 7. exd6 Qxd6 8. Bxf7+ Kxf7 as
// pgn-extract 19.04 writes it with each -W option (move numbers dropped): every move reads as
// the same move, with the one note long_algebraic (xolalg's O-O: none).
TEST(SanLong, EveryPgnExtractForm) {
  const auto san = words("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d4 exd4 e5 d5 exd6 Qxd6 Bxf7+ Kxf7");
  const char* forms[] = {
      "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d4 e5d4 e4e5 d7d5 e5d6 d8d6 c4f7+ e8f7",  // lalg
      "e2-e4 e7-e5 g1-f3 b8-c6 f1-c4 f8-c5 e1-g1 g8-f6 d2-d4 e5-d4 e4-e5 d7-d5 e5-d6 d8-d6 "
      "c4-f7+ e8-f7",  // halg
      "e2e4 e7e5 Ng1f3 Nb8c6 Bf1c4 Bf8c5 e1g1 Ng8f6 d2d4 e5d4 e4e5 d7d5 e5d6ep Qd8d6 Bc4f7+ "
      "Ke8f7",  // elalg
      "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-c4 Bf8-c5 e1-g1 Ng8-f6 d2-d4 e5xd4 e4-e5 d7-d5 e5xd6 "
      "Qd8xd6 Bc4xf7+ Ke8xf7",  // xlalg
      "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-c4 Bf8-c5 O-O Ng8-f6 d2-d4 e5xd4 e4-e5 d7-d5 e5xd6 Qd8xd6 "
      "Bc4xf7+ Ke8xf7",                                                                   // xolalg
      "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 d2d4 e5d4 e4e5 d7d5 e5d6 d8d6 c4f7 e8f7",  // uci
  };
  for (const char* form : forms) {
    SCOPED_TRACE(form);
    const auto moves = words(form);
    ASSERT_EQ(moves.size(), san.size());
    Position pos = Position::start();
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const SanResult want = parse_san(pos, san[i]);
      const SanResult got = parse_san(pos, moves[i]);
      ASSERT_TRUE(got.ok()) << moves[i] << ": " << san_error_message(got.error);
      EXPECT_EQ(got.move, want.move) << moves[i];
      EXPECT_EQ(got.notes, moves[i] == "O-O" ? 0 : kLong) << moves[i];
      pos.play(got.move);
    }
  }
}

// The replayer reads with check_suffix off and judges the suffix on the position it reaches:
// folded, that is the same one note.
TEST(SanLong, OneNoteAlsoWhenTheCallerJudgesTheSuffix) {
  const Position p = fen_position("4k3/3r4/4P3/8/8/8/8/4K3 w - - 0 1");  // e6d7 captures, checks
  SanOptions opt;
  opt.check_suffix = false;
  for (const char* text : {"e6d7", "e6-d7", "e6xd7", "e6d7#", "e6d7++", "Pe6d7"}) {
    SCOPED_TRACE(text);
    const SanResult r = parse_san(p, text, opt);
    ASSERT_TRUE(r.ok());
    Position after = p;
    after.play(r.move);
    EXPECT_EQ(fold_long_algebraic(r.notes | suffix_notes(r.suffix, after)), kLong);
    EXPECT_EQ(to_san(p, r.move), "exd7+");
  }
  // Not long algebraic: the notes stay as they are.
  EXPECT_EQ(fold_long_algebraic(static_cast<std::uint16_t>(SanNote::MissingCheck) |
                                static_cast<std::uint16_t>(SanNote::MissingCapture)),
            SanNote::MissingCheck | SanNote::MissingCapture);
}

TEST(SanLong, PieceMovesInEverySpelling) {
  const char* after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
  for (const char* text :
       {"g1f3", "g1-f3", "Ng1f3", "Ng1-f3", "Ng1xf3", "Ng1:f3", "ng1f3", "Ng1-f3!?", "g1f3+"})
    expect_reads(after_e4_e5, text, "Nf3");
  const char* after_b3 = "rnbqkbnr/pppppppp/8/8/8/1P6/P1PPPPPP/RNBQKBNR b KQkq - 0 1";
  expect_reads(after_b3, "e7-e5", "e5");
  const char* bishop = "rnbqkbnr/pppppppp/8/8/8/1P6/P1PPPPPP/RNBQKBNR w KQkq - 0 1";
  expect_reads(bishop, "c1-b2", "Bb2");
  expect_reads(bishop, "Bc1b2", "Bb2");
  const char* capture = "4k3/8/8/8/8/8/1p6/2B1K3 w - - 0 1";
  for (const char* text : {"Bc1xb2", "Bc1b2", "c1xb2", "c1:b2", "c1-b2", "Bc1-b2"})
    expect_reads(capture, text, "Bxb2");
  // Where canonical SAN names both coordinates, the letter form is SAN; without the letter it is
  // the coordinate form.
  const char* queens = "7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1";
  expect_reads(queens, "Qc4d3", "Qc4d3", 0);
  expect_reads(queens, "c4d3", "Qc4d3");
  expect_reads(queens, "Qc4-d3", "Qc4d3");
}

TEST(SanLong, Promotions) {
  const char* fen = "3r4/4Pk2/8/8/8/8/8/4K3 w - - 0 1";
  for (const char* text : {"e7e8q", "e7e8Q", "e7-e8=Q", "e7-e8Q+", "e7e8(Q)", "Pe7-e8=Q"})
    expect_reads(fen, text, "e8=Q+");
  for (const char* text : {"e7xd8=N+", "e7d8n", "e7xd8N", "e7-d8=N", "e7:d8=N"})
    expect_reads(fen, text, "exd8=N+");
  expect_reads(fen, "e7d8r", "exd8=R");
  expect_reads("8/1P5k/8/8/8/8/8/4K3 w - - 0 1", "b7b8b", "b8=B");
}

TEST(SanLong, EnPassant) {
  const char* fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  for (const char* text : {"e5d6", "e5xd6", "e5xd6ep", "e5d6ep", "e5-d6", "e5xd6e.p.", "e5:d6"}) {
    expect_reads(fen, text, "exd6");
    EXPECT_EQ(parse_san(fen_position(fen), text).move.kind(), MoveKind::EnPassant) << text;
  }
  // With a check mark after the en-passant mark (pgn-extract -Welalg: "g4h3ep+") or before it.
  const char* check = "8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1";
  for (const char* text : {"e5d6ep+", "e5xd6e.p.+", "e5d6+ep", "e5d6ep", "e5-d6e.p.#"}) {
    expect_reads(check, text, "exd6+");
    EXPECT_EQ(parse_san(fen_position(check), text).suffix,
              std::string_view(text).find('#') != std::string_view::npos   ? SanSuffix::Mate
              : std::string_view(text).find('+') != std::string_view::npos ? SanSuffix::Check
                                                                           : SanSuffix::None)
        << text;
  }
}

// Castling as the king's move: two squares from its start square, or onto its own rook.
TEST(SanLong, CastlingAsTheKingsMove) {
  for (const char* text : {"e1g1", "e1-g1", "Ke1-g1", "Ke1g1", "e1h1", "Ke1xh1", "ke1g1"})
    expect_reads(kCastle, text, "O-O");
  for (const char* text : {"e1c1", "e1-c1", "Ke1-c1", "Ke1c1", "e1a1"})
    expect_reads(kCastle, text, "O-O-O");
  for (const char* text : {"e8g8", "e8-g8", "Ke8g8", "Ke8-g8", "e8h8"})
    expect_reads(kCastleBlack, text, "O-O");
  for (const char* text : {"e8c8", "e8-c8", "Ke8c8", "Ke8-c8", "e8a8"})
    expect_reads(kCastleBlack, text, "O-O-O");
  // A checking castle, with or without its mark.
  for (const char* text : {"e1g1", "e1g1+", "e1-g1+", "Ke1-g1#"})
    expect_reads("5k2/8/8/8/8/8/8/4K2R w K - 0 1", text, "O-O+");
  const SanResult r = parse_san(fen_position(kCastle), "e1g1");
  EXPECT_EQ(r.move, Move(make_square(4, 0), make_square(7, 0), MoveKind::Castling));
  // One square is a king move.
  expect_reads(kCastle, "e1-f1", "Kf1");
  expect_reads(kCastle, "e1d1", "Kd1");
}

TEST(SanLong, Chess960Castling) {
  // King b1, rooks a1 and g1: king takes rook on either side.
  const char* fen = "1k6/8/8/8/8/8/8/RK4R1 w AG - 0 1";
  for (const char* text : {"Kb1xa1", "b1a1", "Kb1a1", "b1-a1"})
    expect_reads(fen, text, "O-O-O", kLong, true);
  for (const char* text : {"Kb1xg1", "b1g1", "b1-g1"}) expect_reads(fen, text, "O-O", kLong, true);
  // One square to where castling would put the king is a king step, as in UCI, where castling
  // is king takes rook (pgn-extract writes some Chess960 castling so; it cannot read it back).
  for (const char* text : {"b1c1", "b1-c1", "Kb1c1", "Kb1-c1"})
    expect_reads(fen, text, "Kc1", kLong, true);
  const char* f_file = "4k3/8/8/8/8/8/8/R4K1R w AH - 0 1";
  expect_reads(f_file, "f1g1", "Kg1", kLong, true);
  expect_reads(f_file, "Kf1g1", "Kg1", kLong, true);
  expect_reads(f_file, "f1h1", "O-O", kLong, true);
  expect_reads(f_file, "f1a1", "O-O-O", kLong, true);
  // King g1, rook h1: castling leaves the king where it is; written as the king takes rook.
  expect_reads("6k1/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", "O-O", kLong, true);
  expect_reads("6k1/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1xb1", "O-O-O", kLong, true);
  // King e1, rooks b1 and g1: two squares toward c1 is castling too, as pgn-extract writes it.
  const char* e_file = "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1";
  for (const char* text : {"e1c1", "e1-c1", "e1b1", "Ke1xb1"})
    expect_reads(e_file, text, "O-O-O", kLong, true);
  for (const char* text : {"e1g1", "e1xg1", "Ke1-g1"})
    expect_reads(e_file, text, "O-O", kLong, true);
  const char* black = "1r2k1r1/8/8/8/8/8/8/4K3 b gb - 0 1";
  expect_reads(black, "e8xg8", "O-O", kLong, true);
  expect_reads(black, "e8-c8", "O-O-O", kLong, true);
  const SanResult r = parse_san(fen_position(fen, true), "b1a1");
  EXPECT_EQ(r.move, Move(make_square(1, 0), make_square(0, 0), MoveKind::Castling));
  // Blocked: a knight on c1 stands on the king's path to g1.
  expect_error("1k6/8/8/8/8/8/8/RKN3R1 w AG - 0 1", "b1g1", SanError::CastlingBlocked, true);
  expect_error("1k6/8/8/8/8/8/8/RK4R1 w G - 0 1", "Kb1xa1", SanError::CastlingNoRights, true);
}

// Where castling is not legal the king's move gets the castling error, never
// no_piece_can_move.
TEST(SanLong, CastlingNotLegalThere) {
  expect_error(kStart, "e1g1", SanError::CastlingBlocked);
  expect_error(kStart, "Ke1-c1", SanError::CastlingBlocked);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "e8-g8",
               SanError::CastlingBlocked);
  expect_error("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1g1", SanError::CastlingNoRights);
  expect_error("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1h1", SanError::CastlingNoRights);
  expect_error("r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", "e8c8", SanError::CastlingNoRights);
  expect_error("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "e1c1", SanError::CastlingOutOfCheck);
  expect_error("3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1-c1", SanError::CastlingThroughCheck);
  expect_error("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "Ke1c1", SanError::CastlingIntoCheck);
  expect_error("r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "Ke8-c8", SanError::CastlingThroughCheck);
  // In standard chess the king onto its own rook is castling only with a rook in the corner.
  expect_error("r3k2r/8/8/8/8/8/8/R3KR2 w Qkq - 0 1", "e1f1", SanError::NoPieceCanMove);
  expect_error("r3k2r/8/8/8/8/8/8/R3KR2 w Qkq - 0 1", "Ke1-f1", SanError::NoPieceCanMove);
}

TEST(SanLong, LowercaseCastling) {
  constexpr auto kLower = static_cast<std::uint16_t>(SanNote::LowercaseCastling);
  expect_reads(kCastle, "o-o", "O-O", kLower);
  expect_reads(kCastle, "o-o-o", "O-O-O", kLower);
  expect_reads(kCastleBlack, "o-o-o", "O-O-O", kLower);
  expect_reads("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "o-o+", "O-O+", kLower);
  expect_reads("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "o-o", "O-O+",
               SanNote::LowercaseCastling | SanNote::MissingCheck);
  expect_reads(kCastle, "o-o-o+", "O-O-O", SanNote::LowercaseCastling | SanNote::WrongCheck);
  expect_error(kStart, "o-o", SanError::CastlingBlocked);
  for (const char* text : {"o-O", "o-o-", "oo", "o"}) expect_error(kCastle, text, SanError::Syntax);
  EXPECT_EQ(san_note_message(SanNote::LowercaseCastling), "castling written in lower case");
}

// Each Unicode dash, in UTF-8, reads as '-' without a note of its own.
TEST(SanLong, UnicodeDashes) {
  for (const char* dash : {"\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212"}) {
    SCOPED_TRACE(dash);
    const std::string d = dash;
    expect_reads(kCastle, "O" + d + "O", "O-O", 0);
    expect_reads(kCastle, "O" + d + "O" + d + "O", "O-O-O", 0);
    expect_reads(kCastle, "0" + d + "0" + d + "0", "O-O-O",
                 static_cast<std::uint16_t>(SanNote::CastlingZeros));
    expect_reads(kCastle, "o" + d + "o", "O-O",
                 static_cast<std::uint16_t>(SanNote::LowercaseCastling));
    expect_reads(kCastle, "e1" + d + "g1", "O-O");
    expect_reads(kStart, "e2" + d + "e4", "e4");
    expect_reads(kStart, "Ng1" + d + "f3", "Nf3");
    expect_reads("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O" + d + "O+", "O-O+", 0);
  }
  // Other bytes >= 0x80 are not dashes: U+00AD soft hyphen, U+2016, a lone or cut sequence.
  for (const char* text : {"e2\u00ade4", "O\u2016O", "O\xe2\x80O", "O-O\xe2",
                           "e2\x96"
                           "e4"})
    expect_error(kStart, text, SanError::Syntax);
  // Longer than any move: not read.
  std::string long_token = "O";
  for (int i = 0; i < 12; ++i) long_token += "\u2013O";
  expect_error(kCastle, long_token, SanError::Syntax);
}

TEST(SanLong, ErrorsStayErrors) {
  // A letter that does not name the piece on the from-square.
  for (const char* text : {"Bg1f3", "Bg1-f3", "Pg1f3", "Ke2e4", "Qe1-g1", "Rb1-c3"})
    expect_error(kStart, text, SanError::NoPieceCanMove);
  // An empty from-square.
  for (const char* text : {"e3e4", "g3-f5", "Nd4-f5", "d4d5"})
    expect_error(kStart, text, SanError::NoPieceCanMove);
  // The other side's piece on the from-square.
  for (const char* text : {"e7e5", "Ng8-f6", "g8f6", "e8g8"})
    expect_error(kStart, text, SanError::WrongSide);
  // Squares the piece cannot reach.
  for (const char* text : {"e2e5", "g1g3", "Ng1-g3", "e1e3"})
    expect_error(kStart, text, SanError::NoPieceCanMove);
  expect_error("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2-f3", SanError::PinnedPiece);
  expect_error("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nd2f3", SanError::PinnedPiece);
  expect_error("4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1-d1", SanError::KingIntoCheck);
  expect_error("4k3/8/8/8/8/8/P7/4K2r w - - 0 1", "a2a3", SanError::LeavesKingInCheck);
  expect_error("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5xd6", SanError::EnPassantNotAvailable);
  expect_error("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", SanError::MissingPromotion);
  expect_error("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k", SanError::BadPromotion);
  expect_error("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "e1e2q", SanError::BadPromotion);
  expect_error(kStart, "g1f3q", SanError::BadPromotion);
  for (const char* text : {"e2e4e5", "e2--e4", "e2xx4", "i2i4", "e9e4", "e2-", "Xe2e4"})
    expect_error(kStart, text, SanError::Syntax);
}

// Every legal move of the suites, written as UCI and in pgn-extract's xlalg form, reads back as
// itself with the one note.
TEST(SanLong, EveryMoveAsUciAndLongAlgebraic) {
  int moves = 0;
  for (const char* suite : {"suite.epd", "tricky.epd", "chess960.epd", "tricky960.epd"}) {
    testing::for_each_suite_position(suite, [&moves](const Position& pos, bool) {
      MoveList list;
      generate_legal(pos, list);
      for (const Move m : list) {
        const std::string uci = to_uci(pos, m);
        const SanResult r = parse_san(pos, uci);
        ASSERT_TRUE(r.ok()) << uci << " in " << write_fen(pos) << ": "
                            << san_error_message(r.error);
        ASSERT_EQ(r.move, m) << uci << " in " << write_fen(pos);
        ASSERT_EQ(r.notes, kLong) << uci << " in " << write_fen(pos);
        // The piece letter, then '-' or 'x' between the squares.
        const Piece piece = pos.piece_on(m.from());
        std::string lan;
        if (type_of(piece) != PieceType::Pawn) lan += "PNBRQK"[index(type_of(piece))];
        const bool capture = pos.piece_on(m.to()) != Piece::None &&
                             color_of(pos.piece_on(m.to())) != pos.side_to_move();
        lan += uci.substr(0, 2) + (capture || m.kind() == MoveKind::EnPassant ? "x" : "-") +
               uci.substr(2);
        const SanResult l = parse_san(pos, lan);
        ASSERT_TRUE(l.ok()) << lan << " in " << write_fen(pos) << ": "
                            << san_error_message(l.error);
        ASSERT_EQ(l.move, m) << lan << " in " << write_fen(pos);
        ASSERT_EQ(l.notes, kLong) << lan;
        ++moves;
      }
    });
  }
  EXPECT_GT(moves, 1000);
}

}  // namespace
}  // namespace pgnkit::chess

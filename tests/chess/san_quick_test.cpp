// parse_quick_san against parse_san: the quick path may decline anything, but what it accepts
// must be exactly what the full reader says, and it must accept the common canonical moves.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "chess/bitboard.h"
#include "chess/movegen.h"
#include "chess/perft_suite.h"
#include "chess/san.h"
#include "chess/san_quick.h"
#include "test_util.h"

namespace pgnkit::chess {
namespace {

using testing::fen_position;
using testing::play_san;

struct Tally {
  int accepted = 0;  // texts the quick path read
  int common = 0;    // canonical SAN of the quick shapes (which it must all read)
};

// Every text the quick path accepts reads the same with parse_san, with no notes but the suffix's.
void expect_agrees(const Position& pos, const std::string& text, Tally& tally) {
  QuickSan quick;
  if (!parse_quick_san(pos, text, quick)) return;
  ++tally.accepted;
  SanOptions opt;
  opt.check_suffix = false;
  const SanResult full = parse_san(pos, text, opt);
  ASSERT_TRUE(full.ok()) << text << " in " << write_fen(pos);
  EXPECT_EQ(full.move, quick.move) << text << " in " << write_fen(pos);
  EXPECT_EQ(full.suffix, quick.suffix) << text << " in " << write_fen(pos);
  EXPECT_EQ(full.notes, 0) << text << " in " << write_fen(pos);
}

// A canonical SAN in the quick shapes: "e4", "Nf3", "Nxf3", "exd5", "Nbd2", "R1xe2", "O-O"
// (+ suffix); not a promotion, not both file and rank.
bool quick_shape(const std::string& san) {
  std::string s = san;
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) s.pop_back();
  if (s == "O-O" || s == "O-O-O") return true;
  if (s.size() < 2 || s.size() > 5 || s.find('=') != std::string::npos) return false;
  if (s.size() == 4 && s[0] >= 'a' && s[0] <= 'h') return s[1] == 'x';
  return s.size() < 5 || s[2] == 'x' || s[1] == 'x';
}

// Whether canonical SAN names a file or rank before the square ("Nbd2", "R1xe2").
bool disambiguated(std::string san) {
  std::erase(san, 'x');
  std::erase(san, '+');
  std::erase(san, '#');
  return san.size() == 4 && san[0] >= 'B' && san[0] <= 'R';
}

// Texts to try in `pos`: every legal move's canonical SAN and its sloppy forms, and every
// quick-shaped text for every square (most of them illegal or meaningless there).
void check_position(const Position& pos, Tally& tally) {
  MoveList list;
  generate_legal(pos, list);
  for (const Move m : list) {
    const std::string san = to_san(pos, m);
    std::string bare = san;
    if (bare.back() == '+' || bare.back() == '#') bare.pop_back();
    // An undisambiguated piece move is declined when another piece of that kind also attacks
    // the square (then that one is pinned); everything else in the quick shapes is read.
    const PieceType type = type_of(pos.piece_on(m.from()));
    const bool unique_attacker =
        type == PieceType::Pawn || m.kind() == MoveKind::Castling || disambiguated(san) ||
        !more_than_one(attacks(type, m.to(), pos.pieces()) & pos.pieces(pos.side_to_move(), type));
    if (quick_shape(san) && m.kind() != MoveKind::Promotion && m.kind() != MoveKind::EnPassant &&
        unique_attacker) {
      QuickSan quick;
      EXPECT_TRUE(parse_quick_san(pos, san, quick)) << san << " in " << write_fen(pos);
      ++tally.common;
    }
    for (const std::string& text :
         {san, bare, bare + "+", bare + "#", bare + "++", std::string(bare).erase(0, 1)}) {
      expect_agrees(pos, text, tally);
    }
    const auto x = bare.find('x');
    if (x != std::string::npos) expect_agrees(pos, std::string(bare).erase(x, 1), tally);
    if (bare.size() == 3) expect_agrees(pos, bare.substr(0, 1) + "x" + bare.substr(1), tally);
    if (bare.size() >= 3 && bare[0] >= 'B' && bare[0] <= 'R') {
      // Every one-character hint, right or wrong, with and without the capture mark.
      const std::string square = bare.substr(bare.size() - 2);
      for (const char hint : std::string("abcdefgh12345678")) {
        expect_agrees(pos, bare.substr(0, 1) + hint + square, tally);
        expect_agrees(pos, bare.substr(0, 1) + hint + "x" + square, tally);
      }
    }
  }
  for (const char* castle : {"O-O", "O-O-O", "O-O+", "O-O-O#", "O-O-O-O", "O-", "0-0"})
    expect_agrees(pos, castle, tally);
  for (int s = 0; s < 64; ++s) {
    const std::string sq{static_cast<char>('a' + s % 8), static_cast<char>('1' + s / 8)};
    for (const char* piece : {"", "N", "B", "R", "Q", "K", "P", "n"}) {
      expect_agrees(pos, piece + sq, tally);
      expect_agrees(pos, std::string(piece) + "x" + sq, tally);
    }
    for (char f = 'a'; f <= 'h'; ++f) expect_agrees(pos, std::string{f, 'x'} + sq, tally);
  }
}

void check_suite(const std::string& name) {
  Tally tally;
  const int positions = testing::for_each_suite_position(
      name, [&tally](const Position& pos, bool) { check_position(pos, tally); });
  EXPECT_GT(positions, 5);
  EXPECT_GT(tally.common, 100) << name;
  EXPECT_GE(tally.accepted, tally.common) << name;
}

TEST(SanQuick, AgreesWithParseSanOnSuites) {
  for (const char* name : {"suite.epd", "tricky.epd", "chess960.epd", "tricky960.epd"})
    check_suite(name);
}

TEST(SanQuick, ReadsTheCommonShapes) {
  const Position start = Position::start();
  QuickSan q;
  ASSERT_TRUE(parse_quick_san(start, "e4", q));
  EXPECT_EQ(q.move, Move(make_square(4, 1), make_square(4, 3)));
  ASSERT_TRUE(parse_quick_san(start, "Nf3+",
                              q));  // the mark is read, not verified (the caller plays the move)
  EXPECT_EQ(q.move, Move(make_square(6, 0), make_square(5, 2)));
  EXPECT_EQ(q.suffix, SanSuffix::Check);
  const Position p = play_san(start, "e4 d5");
  ASSERT_TRUE(parse_quick_san(p, "exd5", q));
  EXPECT_EQ(q.move, Move(make_square(4, 3), make_square(3, 4)));
  const Position castle = play_san(start, "e4 e5 Nf3 Nc6 Bc4 Bc5");
  ASSERT_TRUE(parse_quick_san(castle, "O-O", q));
  EXPECT_EQ(q.move, Move(make_square(4, 0), make_square(7, 0), MoveKind::Castling));
  EXPECT_FALSE(parse_quick_san(castle, "O-O-O", q));
}

TEST(SanQuick, DeclinesWhatItCannotDecideAlone) {
  QuickSan q;
  const Position start = Position::start();
  EXPECT_FALSE(parse_quick_san(start, "Nxf3", q));  // spurious capture mark: a note
  EXPECT_FALSE(parse_quick_san(start, "e5", q));    // no piece can move there: an error
  EXPECT_FALSE(parse_quick_san(start, "O-O", q));   // blocked
  EXPECT_FALSE(parse_quick_san(start, "Ngf3", q));  // superfluous hint
  EXPECT_FALSE(parse_quick_san(start, "e2e4", q));
  // Two knights reach d2: ambiguous; "Nbd2" names one, "N1d2" is not how SAN says it.
  const Position knights = play_san(start, "d4 d5 Nf3 Nf6");
  EXPECT_FALSE(parse_quick_san(knights, "Nd2", q));
  EXPECT_FALSE(parse_quick_san(knights, "N1d2", q));
  ASSERT_TRUE(parse_quick_san(knights, "Nbd2", q));
  EXPECT_EQ(q.move, Move(make_square(1, 0), make_square(3, 1)));
  // The e5 pawn takes en passant: parse_san's.
  EXPECT_FALSE(parse_quick_san(play_san(start, "e4 a6 e5 d5"), "exd6", q));
  // The knight on c3 is pinned by the bishop on b4.
  EXPECT_FALSE(parse_quick_san(play_san(start, "d4 e5 Nc3 Bb4"), "Ne4", q));
  // Three queens reach e1; the one from h4 needs both file and rank ("Qh4e1"): parse_san's.
  const Position queens = fen_position("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
  EXPECT_EQ(to_san(queens, Move(make_square(7, 3), make_square(4, 0))), "Qh4e1");
  EXPECT_FALSE(parse_quick_san(queens, "Q4e1", q));
  EXPECT_FALSE(parse_quick_san(queens, "Qhe1", q));
  ASSERT_TRUE(parse_quick_san(queens, "Qee1", q));  // the e-file names one queen, as SAN does
  EXPECT_EQ(q.move, Move(make_square(4, 3), make_square(4, 0)));
  // Promotion.
  EXPECT_FALSE(parse_quick_san(fen_position("8/P6k/8/8/8/8/8/K7 w - - 0 1"), "a8", q));
  // In check, a move that does not answer it.
  EXPECT_FALSE(parse_quick_san(play_san(start, "e4 f5 Qh5+"), "a6", q));
  // In check, one that does.
  EXPECT_TRUE(parse_quick_san(play_san(start, "e4 f5 Qh5+"), "g6", q));
}

}  // namespace
}  // namespace pgnkit::chess

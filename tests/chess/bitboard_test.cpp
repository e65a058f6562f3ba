#include <gtest/gtest.h>

#include "chess/bitboard.h"

namespace pgnkit::chess {
namespace {

// Magic lookups against the slow ray walk, over many pseudo-random occupancies.
TEST(Bitboard, MagicAttacksMatchRayWalk) {
  std::uint64_t s = 12345;
  auto next = [&s] {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  for (int i = 0; i < 20000; ++i) {
    const Bitboard occ = next() & next();
    const Square sq = static_cast<Square>(next() & 63);
    ASSERT_EQ(rook_attacks(sq, occ), sliding_attacks_reference(PieceType::Rook, sq, occ));
    ASSERT_EQ(bishop_attacks(sq, occ), sliding_attacks_reference(PieceType::Bishop, sq, occ));
  }
}

// Every entry of the generated tables (tables_gen.cpp): each square, each subset of its mask.
TEST(Bitboard, EverySliderEntryMatchesRayWalk) {
  std::size_t checked = 0;
  for (int s = 0; s < 64; ++s) {
    const Square sq = static_cast<Square>(s);
    for (const PieceType t : {PieceType::Rook, PieceType::Bishop}) {
      const detail::Magic& m =
          t == PieceType::Rook ? detail::rook_magics[s] : detail::bishop_magics[s];
      Bitboard occ = 0;
      do {  // carry-rippler: every subset of the mask
        ASSERT_EQ(attacks(t, sq, occ), sliding_attacks_reference(t, sq, occ)) << s;
        // Squares outside the mask (edges, the rest of the board) change nothing.
        ASSERT_EQ(attacks(t, sq, occ | ~m.mask), sliding_attacks_reference(t, sq, occ | ~m.mask));
        ++checked;
        occ = (occ - m.mask) & m.mask;
      } while (occ);
    }
  }
  EXPECT_EQ(checked, 102400u + 5248u);  // the tables' sizes: 2^(mask bits) per square
}

TEST(Bitboard, LeaperTables) {
  EXPECT_EQ(popcount(knight_attacks(make_square(0, 0))), 2);
  EXPECT_EQ(popcount(knight_attacks(make_square(3, 3))), 8);
  EXPECT_EQ(popcount(king_attacks(make_square(7, 7))), 3);
  EXPECT_EQ(pawn_attacks(Color::White, make_square(4, 1)),
            bb(make_square(3, 2)) | bb(make_square(5, 2)));
  EXPECT_EQ(pawn_attacks(Color::Black, make_square(0, 6)), bb(make_square(1, 5)));
}

TEST(Bitboard, BetweenAndLine) {
  const Square a1 = make_square(0, 0), h8 = make_square(7, 7), c3 = make_square(2, 2);
  EXPECT_EQ(between(a1, c3), bb(make_square(1, 1)) | bb(c3));
  EXPECT_EQ(popcount(line(a1, h8)), 8);
  EXPECT_TRUE(aligned(a1, h8, c3));
  EXPECT_EQ(line(a1, make_square(1, 2)), 0u);
  EXPECT_EQ(between(a1, make_square(1, 2)), bb(make_square(1, 2)));  // not aligned: just the target
}

// between() and line() against plain geometry: the same rank, file or diagonal.
TEST(Bitboard, EveryBetweenAndLineMatchesGeometry) {
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      const int df = (b & 7) - (a & 7), dr = (b >> 3) - (a >> 3);
      const bool on_line = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
      Bitboard steps = bb(static_cast<Square>(b)), whole = 0;
      if (on_line) {
        const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
        for (int f = (a & 7) + sf, r = (a >> 3) + sr; f != (b & 7) || r != (b >> 3);
             f += sf, r += sr)
          steps |= bb(make_square(f, r));
        for (int f = a & 7, r = a >> 3; f >= 0 && f < 8 && r >= 0 && r < 8; f -= sf, r -= sr)
          whole |= bb(make_square(f, r));
        for (int f = a & 7, r = a >> 3; f >= 0 && f < 8 && r >= 0 && r < 8; f += sf, r += sr)
          whole |= bb(make_square(f, r));
      }
      const Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
      ASSERT_EQ(between(sa, sb), steps) << a << " " << b;
      ASSERT_EQ(line(sa, sb), whole) << a << " " << b;
    }
  }
}

}  // namespace
}  // namespace pgnkit::chess

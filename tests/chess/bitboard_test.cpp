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

}  // namespace
}  // namespace pgnkit::chess

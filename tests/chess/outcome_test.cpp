#include <gtest/gtest.h>

#include "chess/outcome.h"
#include "test_util.h"

namespace pgnkit::chess {
namespace {

using testing::fen_position;

TEST(Outcome, InsufficientMaterialExactlyAsRulesDefine) {
  struct Case {
    const char* fen;
    bool insufficient;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},         // K v K
      {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},        // K+N v K (rules.md fact)
      {"4k3/8/8/8/8/8/8/4KB2 b - - 0 1", true},        // K+B v K
      {"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},    // c8 light, c1 dark
      {"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},      // c8 and f1: both light
      {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},      // f8 and c1: both dark squares
      {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},     // c1 dark, f1 light
      {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},      // K+N+N v K: play continues
      {"4k1n1/8/8/8/8/8/8/4KN2 w - - 0 1", false},     // K+N v K+N
      {"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false},       // a pawn
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false},       // a rook
      {"2b1k3/8/8/1b6/8/8/8/B3KB2 w - - 0 1", false},  // mixed colours, several bishops
      {"4k3/8/8/8/8/8/8/B1B1KB2 b - - 0 1", false},    // a1,c1 dark; f1 light
      {"3bk3/8/8/8/8/8/8/B1B1K3 b - - 0 1", true},     // d8, a1, c1: all dark
  };
  for (const auto& c : cases)
    EXPECT_EQ(insufficient_material(fen_position(c.fen)), c.insufficient) << c.fen;
}

TEST(Outcome, PositionEnds) {
  EXPECT_EQ(position_end(fen_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), PositionEnd::Stalemate);
  EXPECT_EQ(position_end(fen_position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")), PositionEnd::Checkmate);
  EXPECT_EQ(position_end(fen_position("4k3/8/8/8/8/8/8/4KN2 b - - 0 1")),
            PositionEnd::InsufficientMaterial);
  EXPECT_EQ(position_end(Position::start()), PositionEnd::None);
  // K+N v K and stalemated: stalemate comes first in the precedence.
  EXPECT_EQ(position_end(fen_position("k7/2K5/8/1N6/8/8/8/8 b - - 0 1")), PositionEnd::Stalemate);
}

TEST(Outcome, BareKing) {
  const Position p = fen_position("4k3/8/8/8/8/8/8/4KR2 w - - 0 1");
  EXPECT_TRUE(bare_king(p, Color::Black));
  EXPECT_FALSE(bare_king(p, Color::White));
}

}  // namespace
}  // namespace pgnkit::chess

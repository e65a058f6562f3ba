#include <gtest/gtest.h>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "test_util.h"

namespace pgnkit::chess {
namespace {

TEST(Uci, WriteAndReadEveryMove) {
  for (const auto& [fen, c960] :
       {std::pair{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
        std::pair{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", true},
        std::pair{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", false}}) {
    const Position p = testing::fen_position(fen, c960);
    MoveList list;
    generate_legal(p, list);
    for (const Move m : list) {
      const auto back = parse_uci(p, to_uci(p, m));
      ASSERT_TRUE(back) << to_uci(p, m);
      EXPECT_EQ(*back, m);
    }
  }
}

TEST(Uci, CastlingEncodings) {
  const Position std_pos = testing::fen_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const auto castle = parse_uci(std_pos, "e1g1");
  ASSERT_TRUE(castle);
  EXPECT_EQ(castle->kind(), MoveKind::Castling);
  EXPECT_EQ(to_uci(std_pos, *castle), "e1g1");
  const Position c960 = testing::fen_position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true);
  EXPECT_EQ(to_uci(c960, *parse_uci(c960, "e1g1")), "e1h1");  // king takes rook
  EXPECT_FALSE(parse_uci(std_pos, "e1e3"));
  EXPECT_FALSE(parse_uci(std_pos, "z9a1"));
  EXPECT_EQ(
      to_uci(testing::fen_position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"),
             Move(make_square(0, 6), make_square(0, 7), MoveKind::Promotion, PieceType::Queen)),
      "a7a8q");
}

}  // namespace
}  // namespace pgnkit::chess

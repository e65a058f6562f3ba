// The UCI lines analyse reads: scores, bounds, pvs, malformed fields, bestmove.
#include "engine/uci_lines.h"

#include <gtest/gtest.h>

#include "engine/uci_engine.h"

namespace pgnkit::engine_uci_lines_test {
namespace {

using engine::parse_bestmove;
using engine::parse_info;
using engine::Score;

TEST(UciLines, StockfishInfoLine) {
  const auto info = parse_info(
      "info depth 12 seldepth 18 multipv 1 score cp -35 nodes 10012 nps 500600 hashfull 3 "
      "tbhits 0 time 20 pv e7e5 g1f3 b8c6 f1b5");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->depth, 12);
  EXPECT_EQ(info->score, (Score{false, -35}));
  EXPECT_FALSE(info->bound);
  EXPECT_FALSE(info->malformed);
  EXPECT_EQ(info->multipv, 1);
  EXPECT_EQ(info->pv, (std::vector<std::string>{"e7e5", "g1f3", "b8c6", "f1b5"}));
}

TEST(UciLines, MateBoundsAndMultipv) {
  auto info = parse_info("info depth 5 score mate -3 pv e1e2");
  ASSERT_TRUE(info && info->score);
  EXPECT_EQ(*info->score, (Score{true, -3}));
  info = parse_info("info depth 20 score cp 40 lowerbound nodes 5");
  ASSERT_TRUE(info);
  EXPECT_TRUE(info->bound);
  info = parse_info("info multipv 2 score cp 10 pv d2d4");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->multipv, 2);
  // A pv stops at the next keyword; promotions are moves.
  info = parse_info("info pv a7a8q b7b8n currmove e2e4");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->pv, (std::vector<std::string>{"a7a8q", "b7b8n"}));
}

TEST(UciLines, StringsAndOtherLines) {
  auto info = parse_info("info string NNUE evaluation using nn-xyz.nnue score cp 5");
  ASSERT_TRUE(info);
  EXPECT_FALSE(info->score);  // the text after "string" is not read
  EXPECT_FALSE(parse_info("bestmove e2e4"));
  EXPECT_FALSE(parse_info("information"));
}

TEST(UciLines, MalformedFields) {
  EXPECT_TRUE(parse_info("info depth one score cp banana")->malformed);
  EXPECT_TRUE(parse_info("info score cp")->malformed);
  EXPECT_TRUE(parse_info("info score pawns 3")->malformed);
  EXPECT_TRUE(parse_info("info score cp 99999999999")->malformed);
  EXPECT_TRUE(parse_info("info pv e2e4 zz")->malformed);
  EXPECT_FALSE(parse_info("info depth 1 score cp 0")->malformed);
}

TEST(UciLines, Bestmove) {
  EXPECT_EQ(parse_bestmove("bestmove e2e4 ponder e7e5"), "e2e4");
  EXPECT_EQ(parse_bestmove("bestmove e7e8q"), "e7e8q");
  EXPECT_EQ(parse_bestmove("bestmove (none)"), "");
  EXPECT_EQ(parse_bestmove("bestmove 0000"), "");
  EXPECT_FALSE(parse_bestmove("bestmove"));
  EXPECT_FALSE(parse_bestmove("bestmove xyz"));
  EXPECT_FALSE(parse_bestmove("info depth 1"));
  EXPECT_EQ(engine::parse_id_name("id name Stockfish 15.1"), "Stockfish 15.1");
  EXPECT_FALSE(engine::parse_id_name("id author T. Romstad"));
}

TEST(UciLines, LimitText) {
  using Kind = engine::Limit::Kind;
  EXPECT_EQ(engine::describe({Kind::Nodes, 10000}), "nodes 10000");
  EXPECT_EQ(engine::describe({Kind::Depth, 18}), "depth 18");
  EXPECT_EQ(engine::describe({Kind::MoveTime, 500}), "movetime 500");
}

}  // namespace
}  // namespace pgnkit::engine_uci_lines_test

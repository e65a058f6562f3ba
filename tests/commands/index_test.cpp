// commands::plan_index in-process: the plan of the golden case (tests/cli/cases/index_shards)
// as values and as the lines the command line prints, shard sizes, NDJSON line starts, a .zst
// of two frames (with and without their sizes in the headers) and the inputs that fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "commands/index.h"
#include "fixtures.h"
#include "io/zstd_frames.h"
#include "support/files.h"

namespace pgnkit::commands::index_test {  // its own: the sanitizer tree joins the files
namespace {

using fixtures::kData;
const std::string kProblems = kData + "check/problems.pgn";

IndexOptions shards(std::uint64_t n) {
  IndexOptions options;
  options.shards = n;
  return options;
}

// The plan's lines with the fixtures' directory taken out of the names (the golden case runs
// from tests/data).
std::string lines(const IndexPlan& plan) {
  std::string text = index_plan_ndjson(plan);
  for (std::size_t at = text.find(kData); at != std::string::npos; at = text.find(kData, at))
    text.erase(at, kData.size());
  return text;
}

void expect_shard(const IndexShard& s, std::uint64_t start, std::uint64_t end,
                  std::uint64_t first_game, std::uint32_t first_line, std::uint64_t games) {
  EXPECT_EQ(s.start, start);
  EXPECT_EQ(s.end, end);
  EXPECT_EQ(s.first_game, first_game);
  EXPECT_EQ(s.first_line, first_line);
  EXPECT_EQ(s.games, games);
}

TEST(PlanIndex, ThreeShardsAsTheGoldenCase) {
  const IndexPlan plain = plan_index(kProblems, shards(3));
  const IndexPlan zst = plan_index(kData + "check/clean.pgn.zst", shards(3));
  EXPECT_EQ(lines(plain) + lines(zst),
            testing::read_file(PGNKIT_SOURCE_DIR "/tests/cli/cases/index_shards/stdout"));
  ASSERT_EQ(plain.shards.size(), 3u);
  expect_shard(plain.shards[0], 0, 575, 1, 1, 2);
  expect_shard(plain.shards[1], 575, 812, 3, 24, 1);
  expect_shard(plain.shards[2], 812, 1094, 4, 35, 2);
  EXPECT_FALSE(plain.framed);
  EXPECT_FALSE(plain.open_error || plain.read_error);
  // A .zst of one frame is entered only at its start: one shard.
  ASSERT_EQ(zst.shards.size(), 1u);
  expect_shard(zst.shards[0], 0, 349, 1, 1, 1);
}

TEST(PlanIndex, ShardSizeGivesTheCount) {
  IndexOptions by_size;
  by_size.shard_size = 400;  // 1094 bytes: three shards, as shards = 3
  EXPECT_EQ(index_plan_ndjson(plan_index(kProblems, by_size)),
            index_plan_ndjson(plan_index(kProblems, shards(3))));
  by_size.shard_size = 0;  // no size: one shard
  const IndexPlan one = plan_index(kProblems, by_size);
  ASSERT_EQ(one.shards.size(), 1u);
  expect_shard(one.shards[0], 0, 1094, 1, 1, 5);
  // A shard per byte: targets inside one game make one shard, so a shard per game start
  // (and the comment line before the first game one of its own, with no game).
  by_size.shard_size = 1;
  const IndexPlan every = plan_index(kProblems, by_size);
  ASSERT_EQ(every.shards.size(), 6u);
  expect_shard(every.shards[0], 0, 60, 1, 1, 0);
  expect_shard(every.shards[1], 60, 311, 1, 2, 1);
  expect_shard(every.shards[2], 311, 575, 2, 13, 1);
  expect_shard(every.shards[5], 961, 1094, 5, 45, 1);
  EXPECT_EQ(index_plan_ndjson(plan_index(kProblems, shards(1094))), index_plan_ndjson(every));
}

// NDJSON: a shard starts at the first line start at or after its share of the bytes; its
// first game counts the lines before it.
TEST(PlanIndex, NdjsonShardsStartAtLineStarts) {
  const std::string path = kData + "convert/games.ndjson";
  const std::string text = testing::read_file(path);
  IndexOptions options = shards(2);
  options.from = "ndjson";
  const IndexPlan plan = plan_index(path, options);
  const std::size_t cut = text.find('\n', text.size() / 2 - 1) + 1;
  const auto before =
      static_cast<std::uint64_t>(std::count(text.begin(), text.begin() + cut, '\n'));
  ASSERT_EQ(plan.shards.size(), 2u);
  expect_shard(plan.shards[0], 0, cut, 1, 1, before);
  expect_shard(plan.shards[1], cut, text.size(), before + 1, before + 1, 5 - before);
  EXPECT_EQ(cut, 503u);
}

// problems.pgn as two frames cut at its third game (byte 575): the second shard starts at the
// second frame, and names it.
class TwoFrames : public ::testing::TestWithParam<bool> {};

TEST_P(TwoFrames, SecondShardStartsAtTheSecondFrame) {
  const std::string text = testing::read_file(kProblems);
  const bool sized = GetParam();
  const std::string first = io::test::compress(text.substr(0, 575), 3, true, sized);
  const std::string second = io::test::compress(text.substr(575), 3, true, sized);
  testing::TempDir dir;
  const std::string path = dir.path() + "/problems.pgn.zst";
  testing::write_file(path, first + second);
  const IndexPlan plan = plan_index(path, shards(2));
  ASSERT_TRUE(plan.framed);
  ASSERT_EQ(plan.shards.size(), 2u);
  expect_shard(plan.shards[0], 0, 575, 1, 1, 2);
  expect_shard(plan.shards[1], 575, 1094, 3, 24, 3);
  EXPECT_EQ(plan.shards[1].frame_offset, first.size());
  EXPECT_EQ(plan.shards[1].frame_start, 575u);
  EXPECT_EQ(index_plan_ndjson(plan),
            "{\"file\":\"" + path +
                "\",\"shard\":0,\"frame_offset\":0,\"frame_start\":0,\"start\":0,\"end\":575,"
                "\"first_game\":1,\"first_line\":1,\"games\":2}\n"
                "{\"file\":\"" +
                path + "\",\"shard\":1,\"frame_offset\":" + std::to_string(first.size()) +
                ",\"frame_start\":575,\"start\":575,\"end\":1094,\"first_game\":3,"
                "\"first_line\":24,\"games\":3}\n");
}

INSTANTIATE_TEST_SUITE_P(SizedAndNot, TwoFrames, ::testing::Bool());

TEST(PlanIndex, MissingInputHasNoPlan) {
  const IndexPlan plan = plan_index("no-such-file.pgn", shards(2));
  ASSERT_TRUE(plan.open_error.has_value());
  EXPECT_EQ(io::describe(*plan.open_error, plan.file),
            "no-such-file.pgn: no such file or directory");
  EXPECT_TRUE(plan.shards.empty());
  EXPECT_EQ(index_plan_ndjson(plan), "");
}

// After a read error the plan covers the bytes read, and the error comes with it.
TEST(PlanIndex, ReadErrorComesWithThePlan) {
  const IndexPlan plan = plan_index(kData + "check/truncated.pgn.zst", shards(2));
  EXPECT_FALSE(plan.open_error.has_value());
  ASSERT_TRUE(plan.read_error.has_value());
  EXPECT_EQ(io::describe(*plan.read_error, plan.read_name),
            kData +
                "check/truncated.pgn.zst: the input ended inside a zstd frame (truncated file) "
                "(at byte 0)");
  EXPECT_EQ(lines(plan),
            "{\"file\":\"check/truncated.pgn.zst\",\"shard\":0,\"start\":0,\"end\":0,"
            "\"first_game\":1,\"first_line\":1,\"games\":0}\n");
}

}  // namespace
}  // namespace pgnkit::commands::index_test

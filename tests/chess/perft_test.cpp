#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "chess/perft.h"
#include "chess/perft_suite.h"
#include "test_util.h"

#ifndef PGNKIT_PERFT_BUDGET_DIVISOR
#define PGNKIT_PERFT_BUDGET_DIVISOR 1
#endif

namespace pgnkit::chess {
namespace {

// The sanitized trees divide every suite's node budget (tests/chess/CMakeLists.txt); the
// counts a suite must reach shrink with it where the smaller budget leaves positions out.
constexpr std::uint64_t kBudgetDivisor = PGNKIT_PERFT_BUDGET_DIVISOR;
constexpr bool kFullBudget = kBudgetDivisor == 1;

// rules.md: perft from the start position is 20, 400, 8,902, 197,281, 4,865,609.
TEST(Perft, StartPositionFacts) {
  const Position start = Position::start();
  const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(perft(start, d), expected[d]) << "depth " << d;
}

// Runs every count of a suite file whose expected nodes fit the per-count budget (divided by
// kBudgetDivisor). Returns the number of counts checked.
int run_suite(const std::string& path, bool chess960, std::uint64_t budget) {
  const std::uint64_t max_nodes = budget / kBudgetDivisor;
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::string line;
  int checked = 0, number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    PerftCase c;
    const auto err = parse_perft_line(line, chess960, c);
    EXPECT_FALSE(err) << path << ":" << number << ": " << (err ? err->message : "");
    if (err) continue;
    for (const auto& e : c.expected) {
      if (e.nodes > max_nodes) break;
      EXPECT_EQ(perft(c.position, e.depth), e.nodes)
          << path << ":" << number << " depth " << e.depth;
      ++checked;
    }
  }
  return checked;
}

TEST(Perft, StandardPositions) {
  EXPECT_GE(run_suite(testing::source_dir() + "/data/perft/standard.epd", false, 200'000'000),
            kFullBudget ? 30 : 20);
}

TEST(Perft, VariedSuite) {
  EXPECT_GE(run_suite(testing::source_dir() + "/data/perft/suite.epd", false, 5'000'000), 500);
}

TEST(Perft, TrickyEnPassantAndCastling) {
  EXPECT_GE(run_suite(testing::source_dir() + "/data/perft/tricky.epd", false, 20'000'000), 30);
  EXPECT_GE(run_suite(testing::source_dir() + "/data/perft/tricky960.epd", true, 20'000'000), 20);
}

TEST(Perft, Chess960Suite) {
  EXPECT_GE(run_suite(testing::source_dir() + "/data/perft/chess960.epd", true, 200'000),
            kFullBudget ? 2000 : 1900);
}

// A second way to the same numbers: the reference suites as shipped beside the project.
TEST(Perft, SharedReferenceSuites) {
  const std::string dir = testing::shared_dir() + "/perft";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "../shared/perft not present; skipping";
  EXPECT_GT(run_suite(dir + "/perftsuite.epd", false, 2'000'000), 400);
  EXPECT_GT(run_suite(dir + "/chess960.epd", true, 100'000), 1500);
}

TEST(Perft, ThreadsAndHashGiveTheSameCounts) {
  const Position kiwipete =
      testing::fen_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const std::uint64_t plain = perft(kiwipete, 4);
  EXPECT_EQ(plain, 4085603u);
  PerftOptions opt;
  opt.threads = 2;
  EXPECT_EQ(perft_parallel(kiwipete, 4, opt), plain);
  opt.hash_mb = 4;
  std::vector<DivideEntry> divide;
  EXPECT_EQ(perft_parallel(kiwipete, 4, opt, &divide), plain);
  EXPECT_EQ(divide.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& d : divide) sum += d.nodes;
  EXPECT_EQ(sum, plain);
}

TEST(PerftSuite, MalformedLinesNameTheField) {
  PerftCase c;
  auto err = parse_perft_line("8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0", false, c);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, 1);
  err = parse_perft_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;X2 7", false, c);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, 3);
  err = parse_perft_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 five", false, c);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, 2);
  err = parse_perft_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D2 5 ;D1 3", false, c);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, 3);
  err = parse_perft_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, c);
  ASSERT_TRUE(err);
  EXPECT_FALSE(parse_perft_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;id kings", false, c));
  EXPECT_EQ(c.id, "kings");
}

TEST(PerftSuite, Chess960DetectedFromCastlingField) {
  PerftCase c;
  ASSERT_FALSE(parse_perft_line("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1 ;D1 17", false, c));
  EXPECT_TRUE(c.chess960);
  EXPECT_EQ(perft(c.position, 1), 17u);
}

}  // namespace
}  // namespace pgnkit::chess

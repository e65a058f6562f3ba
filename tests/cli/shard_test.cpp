// Shards (tools/shard.h, pgnkit index): for every fixture and several shard counts, the
// outputs of `--range` over the shards `pgnkit index` plans concatenate to exactly the
// one-run output (check NDJSON and text, status CSV), and the shards' NDJSON summaries add
// up to the one-run summary. The shard plan itself is checked against the reader: shard
// ranges tile the input, and their game counts add up to the games check counts.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "shard_support.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

using namespace shard_testing;

// The summary line's counts: "N games, N plies, N errors, N warnings, N games with errors,
// N unsupported-variant games".
std::vector<std::uint64_t> summary_counts(const std::string& err) {
  static const testing::Regex text(
      R"((\d+) games, (\d+) plies, (\d+) errors, (\d+) warnings, (\d+) games with errors, (\d+) unsupported)");
  const testing::RegexMatch m = text.search(err);
  if (!m) return {};
  std::vector<std::uint64_t> v;
  for (std::size_t i = 1; i <= 6; ++i) v.push_back(m.number(i));
  return v;
}

std::vector<std::uint64_t> json_counts(const std::string& err) {
  static const testing::Regex json(
      R"re("games":(\d+),"plies":(\d+),"errors":(\d+),"warnings":(\d+),"games_with_errors":(\d+),"unsupported":(\d+))re");
  const testing::RegexMatch m = json.search(err);
  if (!m) return {};
  std::vector<std::uint64_t> v;
  for (std::size_t i = 1; i <= 6; ++i) v.push_back(m.number(i));
  return v;
}

// Each fixture cut into 2 and 5 shards (in a sanitized build into one of them, in turn).
TEST(Shards, ConcatenateToTheOneRunOutput) {
  std::size_t multi_shard_plans = 0;
  const std::vector<std::string> files = fixtures();
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string& file = files[f];
    SCOPED_TRACE(file);
    const CommandRun whole = pgnkit("check --format ndjson -j 1 " + sh_quoted(file));
    const CommandRun whole_text = pgnkit("check -j 1 " + sh_quoted(file));
    const CommandRun whole_status =
        pgnkit("status --format csv -j 1 --no-header " + sh_quoted(file));
    for (const int n : testing::in_turn_when_sanitized(std::vector<int>{2, 5}, f)) {
      SCOPED_TRACE("shards " + std::to_string(n));
      const std::vector<Shard> shards = plan(file, n);
      ASSERT_FALSE(shards.empty());
      if (shards.size() > 1) ++multi_shard_plans;
      EXPECT_EQ(shards.front().start, 0u);
      EXPECT_EQ(shards.front().first_game, 1u);
      std::uint64_t games = 0;
      std::string out, text, status;
      std::vector<std::uint64_t> sums(6, 0);
      for (std::size_t i = 0; i < shards.size(); ++i) {
        if (i > 0) {
          EXPECT_EQ(shards[i].start, shards[i - 1].end);  // they tile the input
        }
        games += shards[i].games;
        const std::string range = range_args(shards[i]);
        const CommandRun part =
            pgnkit("check --format ndjson --summary-format ndjson" + range + sh_quoted(file));
        EXPECT_EQ(part.status == 2, whole.status == 2);
        out += part.out;
        const std::vector<std::uint64_t> counts = json_counts(part.err);
        ASSERT_EQ(counts.size(), 6u) << part.err;
        for (std::size_t k = 0; k < 6; ++k) sums[k] += counts[k];
        text += pgnkit("check" + range + sh_quoted(file)).out;
        status += pgnkit("status --format csv --no-header" + range + sh_quoted(file)).out;
      }
      EXPECT_EQ(out, whole.out);
      EXPECT_EQ(text, whole_text.out);
      EXPECT_EQ(status, whole_status.out);
      EXPECT_EQ(sums, summary_counts(whole.err));
      EXPECT_EQ(games, summary_counts(whole.err).at(0));
    }
  }
  // The fixtures are small, but several hold enough games to be cut.
  EXPECT_GE(multi_shard_plans, 10u);
}

TEST(Shards, AZstdFileIsOneShard) {
  const std::string zst = std::string(PGNKIT_SOURCE_DIR) + "/tests/data/check/clean.pgn.zst";
  const std::vector<Shard> shards = plan(zst, 4);
  ASSERT_EQ(shards.size(), 1u);
  const CommandRun whole = pgnkit("check --format ndjson " + sh_quoted(zst));
  EXPECT_EQ(shards[0].games, summary_counts(whole.err).at(0));
  // --range still works on it (decoding and discarding up to START).
  const CommandRun part = pgnkit("check --format ndjson" + range_args(shards[0]) + sh_quoted(zst));
  EXPECT_EQ(part.out, whole.out);
  EXPECT_EQ(summary_counts(part.err), summary_counts(whole.err));
}

TEST(Shards, RangeErrors) {
  const std::string sample = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
  const CommandRun two =
      pgnkit("check --range 0:10 " + sh_quoted(sample) + " " + sh_quoted(sample));
  EXPECT_EQ(two.status, 2);
  EXPECT_NE(two.err.find("--range reads one input, not 2"), std::string::npos) << two.err;
  const CommandRun bad = pgnkit("check --range 10:5 " + sh_quoted(sample));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("START:END"), std::string::npos) << bad.err;
  const CommandRun missing = pgnkit("index /nonexistent/x.pgn");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err, "pgnkit: /nonexistent/x.pgn: no such file or directory\n");
  // A START past the end: no game, no error.
  const CommandRun past =
      pgnkit("check --format ndjson --range 99999999:100000000 " + sh_quoted(sample));
  EXPECT_EQ(past.status, 0) << past.err;
  EXPECT_EQ(past.out, "");
  EXPECT_EQ(summary_counts(past.err).at(0), 0u);
}

}  // namespace
}  // namespace pgnkit

// Every command that reads games counts the same games in every fixture, on one thread and on
// two: check's summary, status's records, convert's NDJSON lines and select --count. A game
// the reader finds (a tag section without movetext, a tagless game after a blank line) is a
// game for all of them (docs/reader.md, game boundaries).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace fs = std::filesystem;

namespace {

using pgnkit::testing::run_pgnkit;
using pgnkit::testing::TempDir;

std::vector<fs::path> fixtures() {
  std::vector<fs::path> out;
  for (const char* dir : {"tests/data", "data"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(PGNKIT_SOURCE_DIR) / dir)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file() && (name.ends_with(".pgn") || name.ends_with(".pgn.zst"))) {
        out.push_back(e.path());
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// "N games, ..." at the start of the summary line (the last line of stderr).
long long summary_games(const std::string& err) {
  const std::size_t at = err.rfind(" games, ");
  if (at == std::string::npos) return -1;
  std::size_t from = err.rfind('\n', at);
  from = from == std::string::npos ? 0 : from + 1;
  return std::stoll(err.substr(from, at - from));
}

struct Counts {
  long long check = -1, status = -1, convert = -1, select = -1;
};

Counts count(const fs::path& file, const std::string& threads) {
  const TempDir dir;
  const std::string f = file.string();
  Counts c;
  c.check = summary_games(run_pgnkit(dir, {"check", "-j", threads, "--quiet", f}).err);
  c.status = static_cast<long long>(
      lines(run_pgnkit(dir, {"status", "-j", threads, "--format", "ndjson", f}).out));
  c.convert = static_cast<long long>(
      lines(run_pgnkit(dir, {"convert", "-j", threads, "--to", "ndjson", f}).out));
  const std::string n = run_pgnkit(dir, {"select", "-j", threads, "--count", f}).out;
  c.select = n.empty() ? -1 : std::stoll(n);
  return c;
}

TEST(GameCount, EveryCommandCountsTheSameGamesOnOneThreadAndTwo) {
  const std::vector<fs::path> files = fixtures();
  ASSERT_GE(files.size(), 30u);
  for (const fs::path& file : files) {
    const Counts one = count(file, "1");
    const std::string what = file.lexically_relative(PGNKIT_SOURCE_DIR).string();
    EXPECT_GE(one.check, 0) << what;
    EXPECT_EQ(one.status, one.check) << what;
    EXPECT_EQ(one.convert, one.check) << what;
    EXPECT_EQ(one.select, one.check) << what;
    const Counts two = count(file, "2");
    EXPECT_EQ(two.check, one.check) << what << " -j 2";
    EXPECT_EQ(two.status, one.check) << what << " -j 2";
    EXPECT_EQ(two.convert, one.check) << what << " -j 2";
    EXPECT_EQ(two.select, one.check) << what << " -j 2";
  }
}

TEST(GameCount, TheBoundaryFixturesHaveTheirGames) {
  const fs::path pgn = fs::path(PGNKIT_SOURCE_DIR) / "tests/data/pgn";
  EXPECT_EQ(count(pgn / "header_only_games.pgn", "1").check, 6);
  EXPECT_EQ(count(pgn / "tagless_games.pgn", "1").check, 4);
  EXPECT_EQ(count(pgn / "unicode_movetext.pgn", "1").check, 3);
}

}  // namespace

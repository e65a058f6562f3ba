// select --position-pattern through the binary against pgn-extract's -Tf (Debian's 19.04) on
// tests/data/select/select_pattern.pgn: the same games for every pattern, with pgn-extract
// told to search what select searches (-V: the main line only; --keepbroken: the legal part
// of a game with an illegal move; --matchplylimit: every ply, not its first 300), and what it
// selects without them. Skipped with a message where pgn-extract is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit::select_pattern_cli_test {
namespace {

namespace fs = std::filesystem;
using Events = std::vector<std::string>;

const std::string kFixture =
    std::string(PGNKIT_SOURCE_DIR) + "/tests/data/select/select_pattern.pgn";

std::string find_pgn_extract() {
  for (const char* p : {"/usr/games/pgn-extract", "/usr/bin/pgn-extract"})
    if (fs::exists(p)) return p;
  return "";
}

// The first word of each game's Event in a PGN text.
Events events_of(const std::string& pgn) {
  Events out;
  for (const std::string& line : testing::lines_of(pgn)) {
    if (!line.starts_with("[Event \"")) continue;
    out.push_back(line.substr(8, line.find_first_of(" \"", 8) - 8));
  }
  return out;
}

Events pgnkit_selects(const std::vector<std::string>& filters) {
  const testing::TempDir dir;
  std::vector<std::string> args = {"select"};
  args.insert(args.end(), filters.begin(), filters.end());
  args.push_back(kFixture);
  const testing::ChildRun r = testing::run_pgnkit(dir, args);
  EXPECT_LE(r.status, 1) << r.err;
  return events_of(r.out);
}

Events pgn_extract_selects(const std::string& program, const std::string& pattern,
                           const std::vector<std::string>& options) {
  const testing::TempDir dir;
  std::vector<std::string> argv = {program, "-s"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.push_back("-Tf" + pattern);
  argv.push_back(kFixture);
  const testing::ChildRun r = testing::run(dir, argv);
  EXPECT_EQ(r.status, 0) << r.err;
  return events_of(r.out);
}

const std::vector<std::string> kSameSearch = {"-V", "--keepbroken", "--matchplylimit", "100000"};

struct Case {
  std::string pattern;
  Events games;
};

TEST(PositionPatternCli, SameGamesAsPgnExtract) {
  const std::string pgn_extract = find_pgn_extract();
  if (pgn_extract.empty())
    GTEST_SKIP() << "pgn-extract is not installed (apt-get install pgn-extract)";
  const std::vector<Case> cases = {
      {"*/*/*/*/*/*/?????PBP/?????RK?", {"p1"}},
      {R"(??kr????/*/*/*/*/*/*/??KR????)", {"p2"}},
      {"rnbqkbnr/*/*/*/*/*/*/RNBQKBNR", {"p1", "p2", "p6", "p7", "p9"}},
      {R"(*/*/*/*/???PP???/*/*/*)", {"p7"}},
      {R"(*/*/*/??p?????/*/*/*/*)", {}},
      {"r*/*/*/*/*/*/*/*", {"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"}},
      {"*/*/*/*/*/*/*/3Q*", {"p3", "p8"}},
      {"*/*/*/*/*/*/[^Pp]*/*", {"p3", "p4", "p5", "p8"}},
      {"*/*/*/*/*/*/m*/*", {"p3", "p4", "p5", "p8"}},
      {"*/*/*/*/*/*/*/*K_", {"p1", "p3", "p4", "p5", "p8", "p9"}},
      {"??????k?/*/*/*/*/*/*/*", {"p1", "p3", "p4", "p5", "p8"}},
      {"*/*/*/*/*/*/*/*N*N*", {"p1", "p2", "p6", "p7", "p9"}},
      {"8/8/*/*/*/*/8/8", {}},
      {"*/*/*/*/*/*/*A!*/*", {"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"}},
      {"*/*/4[Aa]3/*/*/*/*/*", {"p5"}},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(pgnkit_selects({"--position-pattern", c.pattern}), c.games) << c.pattern;
    EXPECT_EQ(pgn_extract_selects(pgn_extract, c.pattern, kSameSearch), c.games) << c.pattern;
  }
  // Where the two differ by default: pgn-extract also searches variations (1... c5 in p6)
  // and drops a game with an illegal move (p7, whose d4 and e4 come before it).
  EXPECT_EQ(pgn_extract_selects(pgn_extract, R"(*/*/*/??p?????/*/*/*/*)", {}), Events{"p6"});
  EXPECT_EQ(pgn_extract_selects(pgn_extract, R"(*/*/*/*/???PP???/*/*/*)", {}), Events{});
}

TEST(PositionPatternCli, SideToMoveAndOr) {
  EXPECT_EQ(pgnkit_selects({"--position-pattern", R"(??kr????/*/*/*/*/*/*/??KR???? w)"}),
            Events{"p2"});
  EXPECT_EQ(pgnkit_selects({"--position-pattern", R"(??kr????/*/*/*/*/*/*/??KR???? b)"}), Events{});
  EXPECT_EQ(pgnkit_selects({"--position-pattern", "*/*/*/*/*/*/?????PBP/?????RK?",
                            "--position-pattern", R"(??kr????/*/*/*/*/*/*/??KR????)"}),
            (Events{"p1", "p2"}));
  // With another play filter: both must pass.
  EXPECT_EQ(pgnkit_selects({"--position-pattern", "*/*/*/*/*/*/*/3Q*", "--imbalance", "QvRR"}),
            Events{"p3"});
  EXPECT_EQ(pgnkit_selects({"--position-pattern", "*/*/*/*/*/*/*/3Q*", "--invert"}),
            (Events{"p1", "p2", "p4", "p5", "p6", "p7", "p9"}));
}

TEST(ImbalanceCli, SameGamesAsTheMaterialLists) {
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> pairs = {
      {{"--imbalance", "QvRR"}, {"--material", "KQPPP:KRRPPP"}},
      {{"--imbalance", "QvRR", "--imbalance-any-pawns"},
       {"--material", "KQPPP:KRRPPP", "--material", "KQPPPP:KRRPPP"}},
      {{"--imbalance", "RvB", "--imbalance", "BvN"},
       {"--material", "KBPPP:KRPPP", "--material", "KQRRBNNPPPPPPPP:KQRRBBNPPPPPPPP"}},
      {{"--imbalance", "RPvB", "--material-final"},
       {"--material", "KBPP:KRPPP", "--material-final"}},
  };
  for (const auto& [imbalance, material] : pairs) {
    const Events a = pgnkit_selects(imbalance), b = pgnkit_selects(material);
    EXPECT_FALSE(a.empty()) << imbalance[1];
    EXPECT_EQ(a, b) << imbalance[1];
  }
  EXPECT_EQ(pgnkit_selects({"--imbalance", "RvB", "--imbalance-plies", "6"}), Events{"p5"});
  EXPECT_EQ(pgnkit_selects({"--imbalance", "RvB", "--imbalance-plies", "7"}), Events{});
}

}  // namespace
}  // namespace pgnkit::select_pattern_cli_test

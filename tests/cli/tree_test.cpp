// `pgnkit tree` through the binary (issue 30, docs/tree.md), each answer two ways: -j 1
// against -j 2, a tree spilled to runs (a tiny --memory) against one held in memory, a saved
// tree's answers against the streaming query's, the games through a position against
// `select --fen`, each move's W/D/L against its games, and the Polyglot book against Debian's
// `polyglot make-book`'s on the same games, byte for byte.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit::cli_tree_test {
namespace {

using testing::ChildRun;
using testing::read_file;
using testing::run_pgnkit;
using testing::TempDir;

const std::string kSample = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
const std::string kPolyglot = "/usr/games/polyglot";

const std::vector<std::string> kQueries = {"", "1. e4", "1. e4 c5", "1. d4 Nf6 2. c4",
                                           "1. e4 e5 2. Nf3 Nc6 3. Bb5"};

std::string tree(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"tree", "-q"});
  const ChildRun r = run_pgnkit(dir, args);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

// The number after "key": in a line of NDJSON.
std::uint64_t field(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return UINT64_MAX;
  return std::strtoull(line.c_str() + at + key.size() + 3, nullptr, 10);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(Tree, StartPositionTableIsExact) {
  const TempDir dir;
  const std::string out = tree(dir, {kSample});
  const auto lines = lines_of(out);
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(lines[1], "315 games");
  EXPECT_EQ(lines[3].substr(0, 65),
            "e4         150   56.6%      68      34      48  2135  1750-2023  ");
}

TEST(Tree, SameAnswerForEveryThreadCount) {
  const TempDir dir;
  for (const std::string& moves : kQueries) {
    for (const std::string format : {"text", "ndjson"}) {
      const std::string one = tree(dir, {"-j", "1", "--format", format, "--moves", moves, kSample});
      EXPECT_EQ(one, tree(dir, {"-j", "2", "--format", format, "--moves", moves, kSample}))
          << moves;
    }
  }
  const std::string games = tree(dir, {"-j", "1", "--games", "--moves", "1. e4 c5", kSample});
  EXPECT_EQ(games, tree(dir, {"-j", "2", "--games", "--moves", "1. e4 c5", kSample}));
}

TEST(Tree, MovesAddUpToTheirGamesAndThePosition) {
  const TempDir dir;
  for (const std::string& moves : kQueries) {
    const auto lines = lines_of(tree(dir, {"--format", "ndjson", "--moves", moves, kSample}));
    ASSERT_FALSE(lines.empty());
    std::uint64_t sum = field(lines[0], "ended");
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const std::uint64_t g = field(lines[i], "games");
      EXPECT_EQ(field(lines[i], "white") + field(lines[i], "draws") + field(lines[i], "black"), g)
          << lines[i];
      sum += g;
    }
    EXPECT_EQ(sum, field(lines[0], "games")) << moves;
    // --games lists each of them once.
    EXPECT_EQ(lines_of(tree(dir, {"--games", "--moves", moves, kSample})).size(),
              field(lines[0], "games"));
  }
}

TEST(Tree, PositionGamesEqualSelectFen) {
  const TempDir dir;
  for (const std::string& moves : kQueries) {
    const auto lines =
        lines_of(tree(dir, {"--format", "ndjson", "--max-ply", "0", "--moves", moves, kSample}));
    ASSERT_FALSE(lines.empty());
    const std::string fen_json = lines[0].substr(8, lines[0].find('"', 8) - 8);
    const ChildRun s =
        run_pgnkit(dir, {"select", "--count", "--tag", "Result!=*", "--fen", fen_json, kSample});
    ASSERT_EQ(s.status, 0) << s.err;
    EXPECT_EQ(std::to_string(field(lines[0], "games")) + "\n", s.out) << moves;
  }
}

TEST(Tree, SavedTreeAnswersAsTheStreamingQuery) {
  const TempDir dir;
  const std::string saved = dir.path() + "/db.tree";
  const std::string spilled = dir.path() + "/spilled.tree";
  tree(dir, {"--save", saved, kSample});
  tree(dir, {"--save", spilled, "--memory", "64K", "-j", "2", kSample});
  EXPECT_EQ(read_file(saved), read_file(spilled));  // byte for byte
  for (const std::string& moves : kQueries) {
    for (const std::string format : {"text", "ndjson"}) {
      EXPECT_EQ(tree(dir, {"--open", saved, "--format", format, "--moves", moves}),
                tree(dir, {"--format", format, "--moves", moves, kSample}))
          << moves;
      // The games through it, from the saved postings.
      EXPECT_EQ(tree(dir, {"--open", saved, "--games", "--format", format, "--moves", moves}),
                tree(dir, {"--games", "--format", format, "--moves", moves, kSample}))
          << moves;
    }
  }
}

// select --tree: the games the saved tree lists through a position, byte for byte what
// select --fen writes (among games with a result: the tree counts no others), at -j 1 and 2,
// from the files given or, without them, from the tree's inputs.
TEST(Tree, SelectTreeIsSelectFen) {
  const TempDir dir;
  const std::string saved = dir.path() + "/every-ply.tree";
  tree(dir, {"--save", saved, "--max-ply", "0", kSample});
  for (const std::string& moves : kQueries) {
    const auto lines = lines_of(tree(dir, {"--format", "ndjson", "--moves", moves, kSample}));
    ASSERT_FALSE(lines.empty());
    const std::string fen = lines[0].substr(8, lines[0].find('"', 8) - 8);
    const ChildRun want =
        run_pgnkit(dir, {"select", "--tag", "Result!=*", "--fen", fen, "-j", "1", kSample});
    ASSERT_EQ(want.status, 0) << want.err;
    EXPECT_FALSE(want.out.empty());
    for (const std::string j : {"1", "2"}) {
      const ChildRun got =
          run_pgnkit(dir, {"select", "--tree", saved, "--fen", fen, "-j", j, kSample});
      EXPECT_EQ(got.status, 0) << got.err;
      EXPECT_TRUE(got.out == want.out) << moves << " -j " << j;
    }
    const ChildRun inputs = run_pgnkit(dir, {"select", "--tree", saved, "--fen", fen});
    EXPECT_TRUE(inputs.out == want.out) << moves << ": the tree's inputs";
  }
  const ChildRun no_fen = run_pgnkit(dir, {"select", "--tree", saved, kSample});
  EXPECT_EQ(no_fen.status, 2);
  EXPECT_NE(no_fen.err.find("--tree needs --fen"), std::string::npos) << no_fen.err;
}

TEST(Tree, UsageErrorsExitTwo) {
  const TempDir dir;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"tree", "--moves", "1. e5", kSample},
        {"tree", "--fen", "not a fen", kSample},
        {"tree", "--format", "polyglot", kSample},
        {"tree", "--open", "x.tree", kSample},
        {"tree", "--memory", "lots", kSample},
        {"tree", "--open", kSample}}) {
    const ChildRun r = run_pgnkit(dir, args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_NE(r.err.find("pgnkit"), std::string::npos);
    EXPECT_EQ(r.out, "");
  }
}

// The games make-book can read: standard start, legal moves, tags as the export format writes
// them (make-book stops at an unclosed quote).
std::string book_games(const TempDir& dir, const std::string& from) {
  const std::string legal = dir.path() + "/legal.pgn";
  const std::string standard = dir.path() + "/standard.pgn";
  std::string games = dir.path() + "/games.pgn";
  EXPECT_EQ(run_pgnkit(dir, {"select", "--legal", from, "-o", legal}).status, 0);
  EXPECT_EQ(
      run_pgnkit(dir, {"select", "--invert", "--tag", "SetUp=1", legal, "-o", standard}).status, 0);
  EXPECT_NE(run_pgnkit(dir, {"convert", "--to", "pgn", standard, "-o", games}).status, 2);
  return games;
}

void expect_same_book(const TempDir& dir, const std::string& games, const std::string& ply,
                      const std::string& min_games) {
  const std::string theirs = dir.path() + "/theirs.bin", ours = dir.path() + "/ours.bin";
  const std::string command = kPolyglot + " make-book -pgn '" + games + "' -bin '" + theirs +
                              "' -max-ply " + ply + " -min-game " + min_games + " >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  for (const std::string j : {"1", "2"}) {
    tree(dir, {"--format", "polyglot", "-o", ours, "--max-ply", ply, "--min-games", min_games, "-j",
               j, "--memory", j == "2" ? "64K" : "1G", games});
    const std::string a = read_file(theirs), b = read_file(ours);
    EXPECT_GT(a.size(), 0u);
    EXPECT_EQ(a.size(), b.size());
    EXPECT_TRUE(a == b) << "ply " << ply << " min " << min_games << " -j " << j;
  }
}

TEST(Tree, PolyglotBookIsMakeBooks) {
  if (std::system(("test -x " + kPolyglot).c_str()) != 0)
    GTEST_SKIP() << kPolyglot << " is absent (Debian package polyglot)";
  const TempDir dir;
  const std::string games = book_games(dir, kSample);
  expect_same_book(dir, games, "20", "1");
  expect_same_book(dir, games, "40", "3");
}

TEST(Tree, PolyglotBookIsMakeBooksOnMasterGames) {
  const std::string otb = std::string(PGNKIT_SHARED_DIR) + "/corpus/otb.pgn.zst";
  if (std::system(("test -x " + kPolyglot).c_str()) != 0)
    GTEST_SKIP() << kPolyglot << " is absent (Debian package polyglot)";
  if (std::system(("test -r '" + otb + "'").c_str()) != 0)
    GTEST_SKIP() << otb << " is absent (../shared)";
  const TempDir dir;
  // 104,499 games: the start position's and 1. e4's counts pass make-book's 16,384 and are
  // halved as it goes.
  const std::string games = book_games(dir, otb);
  expect_same_book(dir, games, "30", "3");
}

}  // namespace
}  // namespace pgnkit::cli_tree_test

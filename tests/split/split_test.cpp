// pgnkit split through the binary: the pieces' names and exact contents for --games, --bytes
// and --by (safe names, collisions, missing and empty values), --force, no temporaries left.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;

int pgnkit_run(const std::string& args) {
  const std::string command = std::string("'") + PGNKIT_BINARY + "' " + args + " 2>/dev/null";
  const int rc = std::system(command.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

std::set<std::string> files_in(const std::string& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

// Four games, one blank line after each: what select writes for them.
const std::string kA = "[Event \"a b\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
const std::string kB = "[Event \"a_b\"]\n[Result \"*\"]\n\n1. d4 *\n\n";
const std::string kC = "[Event \"\"]\n[Result \"*\"]\n\n1. c4 *\n\n";
const std::string kD = "[Result \"*\"]\n\n1. Nf3 *\n\n";
const std::string kE = "[Event \"a b\"]\n[Result \"1-0\"]\n\n1. b3 1-0\n\n";

class Split : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir_.ok());
    input_ = dir_.file("in.pgn", kA + kB + kC + kD + kE);
  }
  std::string out(const std::string& name) const { return (dir_ / ("out/" + name)).string(); }
  std::string read(const std::string& name) const { return testing::read_file(out(name)); }
  testing::TempDir dir_;
  std::string input_;
};

TEST_F(Split, ByGames) {
  ASSERT_EQ(pgnkit_run("split --games 2 " + input_ + " -o '" + out("p-%03d.pgn") + "'"), 0);
  EXPECT_EQ(files_in(out("")), (std::set<std::string>{"p-001.pgn", "p-002.pgn", "p-003.pgn"}));
  EXPECT_EQ(read("p-001.pgn"), kA + kB);
  EXPECT_EQ(read("p-002.pgn"), kC + kD);
  EXPECT_EQ(read("p-003.pgn"), kE);
}

TEST_F(Split, ByBytesNeverCuttingAGame) {
  const std::size_t limit = kA.size() + kB.size();  // exactly two games fit
  ASSERT_EQ(pgnkit_run("split --bytes " + std::to_string(limit) + " " + input_ + " -o '" +
                       out("%d.pgn") + "'"),
            0);
  EXPECT_EQ(read("1.pgn"), kA + kB);
  EXPECT_EQ(read("2.pgn"), kC + kD);
  EXPECT_EQ(read("3.pgn"), kE);
  // Smaller than any game: one game per file.
  ASSERT_EQ(pgnkit_run("split --force --bytes 10 " + input_ + " -o '" + out("%d.pgn") + "'"), 0);
  EXPECT_EQ(read("1.pgn"), kA);
  EXPECT_EQ(read("5.pgn"), kE);
}

TEST_F(Split, ByTagSafeNamesCollisionsMissingAndEmpty) {
  ASSERT_EQ(pgnkit_run("split --by Event " + input_ + " -o '" + out("{Event}.pgn") + "'"), 0);
  EXPECT_EQ(files_in(out("")),
            (std::set<std::string>{"a_b.pgn", "a_b~2.pgn", "_empty.pgn", "_missing.pgn"}));
  EXPECT_EQ(read("a_b.pgn"), kA + kE);  // "a b": the first value to take the name
  EXPECT_EQ(read("a_b~2.pgn"), kB);     // "a_b": another value, same safe name
  EXPECT_EQ(read("_empty.pgn"), kC);
  EXPECT_EQ(read("_missing.pgn"), kD);
}

// More values than open files (32): pieces closed and reopened are joined in order.
TEST_F(Split, ByTagWithManyValuesInterleaved) {
  std::string text;
  std::vector<std::string> expected(40);
  for (int round = 0; round < 3; ++round) {
    for (int v = 0; v < 40; ++v) {
      const std::string game = "[Event \"e" + std::to_string(v) + "\"]\n[Round \"" +
                               std::to_string(round) + "\"]\n\n1. e4 *\n\n";
      text += game;
      expected[static_cast<std::size_t>(v)] += game;
    }
  }
  const std::string in = dir_.file("many.pgn", text);
  ASSERT_EQ(pgnkit_run("split --by Event " + in + " -o '" + out("{Event}.pgn.zst") + "'"), 0);
  EXPECT_EQ(files_in(out("")).size(), 40u);
  ASSERT_EQ(pgnkit_run("select " + out("e7.pgn.zst") + " -o " + dir_.path() + "/e7.pgn"), 0);
  EXPECT_EQ(testing::read_file(dir_.path() + "/e7.pgn"), expected[7]);
  ASSERT_EQ(pgnkit_run("select " + out("e39.pgn.zst") + " -o " + dir_.path() + "/e39.pgn"), 0);
  EXPECT_EQ(testing::read_file(dir_.path() + "/e39.pgn"), expected[39]);
}

TEST_F(Split, RefusesToOverwriteWithoutForce) {
  fs::create_directories(out(""));
  testing::write_file(out("1.pgn"), "keep me");
  EXPECT_EQ(pgnkit_run("split --games 10 " + input_ + " -o '" + out("%d.pgn") + "'"), 2);
  EXPECT_EQ(read("1.pgn"), "keep me");
  EXPECT_EQ(files_in(out("")), (std::set<std::string>{"1.pgn"}));  // no temporary left
  EXPECT_EQ(pgnkit_run("split --force --games 10 " + input_ + " -o '" + out("%d.pgn") + "'"), 0);
  EXPECT_EQ(read("1.pgn"), kA + kB + kC + kD + kE);
  EXPECT_EQ(files_in(out("")), (std::set<std::string>{"1.pgn"}));
}

TEST_F(Split, CompressedPiecesAndUsageErrors) {
  ASSERT_EQ(pgnkit_run("split --games 3 " + input_ + " -o '" + out("%d.pgn.zst") + "'"), 0);
  const std::string first = read("1.pgn.zst");
  ASSERT_GE(first.size(), 4u);
  EXPECT_EQ(first.substr(0, 4), std::string("\x28\xB5\x2F\xFD", 4));  // zstd magic
  EXPECT_EQ(
      pgnkit_run("select " + out("1.pgn.zst") + " " + out("2.pgn.zst") + " -o " + out("all.pgn")),
      0);
  EXPECT_EQ(read("all.pgn"), kA + kB + kC + kD + kE);
  EXPECT_EQ(pgnkit_run("split " + input_ + " -o '" + out("%d.pgn") + "'"), 2);  // no mode
  EXPECT_EQ(pgnkit_run("split --games 1 " + input_ + " -o '" + out("x.pgn") + "'"), 2);
  EXPECT_EQ(pgnkit_run("split --games 1 " + input_ + " -o '" + out("%d-%d.pgn") + "'"), 2);
  EXPECT_EQ(pgnkit_run("split --bytes 0 " + input_ + " -o '" + out("%d.pgn") + "'"), 2);
  EXPECT_EQ(pgnkit_run("split --bytes 1X " + input_ + " -o '" + out("%d.pgn") + "'"), 2);
}

}  // namespace
}  // namespace pgnkit

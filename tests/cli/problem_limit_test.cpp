// Memory per game stays bounded whatever the game holds (issue 26 §6): "1. e4" and 300,000 ')'
// (300 KB, 300,000 errors) through every command that replays, with one thread and two. Each
// run's peak RSS stays under 48 MiB (before the limit: 118-266 MiB in all but check -j 1,
// status and select), its exit status and summary count every problem, and the one
// too_many_problems warning is printed where the command prints warnings (check) or where it
// stands for errors not listed (convert, annotate).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

constexpr long kRssLimitKiB = 48 * 1024;

constexpr std::string_view kNote =
    "parens.pgn:1:10007: warning[too_many_problems]: 290000 more problems in this game were not "
    "reported (290000 errors, 0 warnings; at most 10000 of each are reported per game) [game 1]\n";

class ProblemLimitCli : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir.ok());
    std::ofstream(dir / "parens.pgn") << "1. e4 " << std::string(300'000, ')') << "\n";
    // The same after the one game: 300,000 problems between games (text_between_games).
    std::ofstream(dir / "between.pgn") << "1. e4 *\n" << std::string(300'000, '*') << "\n";
  }
  // `stdout_file`: where stdout goes, not read back ("": read). The test keeps no big output
  // when it starts the next child: a fork's RSS counts the parent's pages until exec.
  testing::ChildRun run(std::vector<std::string> args, const std::string& file = "parens.pgn",
                        const std::string& stdout_file = "") {
    args.push_back((dir / file).string());
    testing::ChildIo io;
    io.limit = std::chrono::seconds(120);
    io.out = stdout_file;
    testing::ChildRun r = testing::run_pgnkit(dir, args, {}, io);
    std::string line;
    for (const std::string& a : args) line += " " + a;
    std::printf("    pgnkit%s: status %d, peak RSS %ld KiB\n", line.c_str(), r.status,
                r.max_rss_kib);
    EXPECT_FALSE(r.hung) << line;
    if (!testing::kSanitized) {  // ASan's shadow memory is not pgnkit's
      EXPECT_LT(r.max_rss_kib, kRssLimitKiB) << line;
    }
    return r;
  }
  // `text` with the temporary directory's path taken out.
  std::string local(std::string text) const {
    const std::string prefix = dir.path() + "/";
    for (std::size_t at; (at = text.find(prefix)) != std::string::npos;)
      text.erase(at, prefix.size());
    return text;
  }
  TempDir dir;
};

TEST_F(ProblemLimitCli, CheckCountsEveryProblemAndSaysSo) {
  for (const char* threads : {"1", "2"}) {
    const testing::ChildRun r = run({"check", "-j", threads});
    EXPECT_EQ(r.status, 1);
    const std::string out = local(r.out);
    EXPECT_NE(out.find(kNote), std::string::npos) << out.substr(out.size() - 600);
    EXPECT_TRUE(out.ends_with(kNote));  // the game's last line
    EXPECT_NE(r.err.find("1 games, 1 plies, 300000 errors, 8 warnings, 1 games with errors"),
              std::string::npos)
        << r.err;
  }
  const testing::ChildRun ndjson = run({"check", "--format", "ndjson", "-j", "2"});
  EXPECT_EQ(ndjson.status, 1);
  EXPECT_NE(ndjson.out.find("\"code\":\"too_many_problems\""), std::string::npos);
  const testing::ChildRun sarif = run({"check", "--format", "sarif", "-j", "1"});
  EXPECT_EQ(sarif.status, 1);
  EXPECT_NE(sarif.out.find("{\"ruleId\":\"too_many_problems\""), std::string::npos);
}

TEST_F(ProblemLimitCli, WritersListTheFirstErrorsAndSaySo) {
  const std::vector<std::vector<std::string>> commands = {{"convert", "--to", "ndjson", "-j", "1"},
                                                          {"convert", "--to", "ndjson", "-j", "2"},
                                                          {"convert", "--to", "pgn", "-j", "1"},
                                                          {"convert", "--to", "pgn", "-j", "2"},
                                                          {"convert", "--to", "uci", "-j", "1"},
                                                          {"annotate", "-j", "1"},
                                                          {"annotate", "-j", "2"}};
  for (const auto& command : commands) {
    const testing::ChildRun r = run(command);
    EXPECT_EQ(r.status, 0) << command[0];  // no move error: unmatched ')' are syntax errors
    const std::string err = local(r.err);
    std::size_t listed = 0;
    for (std::size_t at = err.find("error[unmatched_paren]"); at != std::string::npos;
         at = err.find("error[unmatched_paren]", at + 1))
      ++listed;
    EXPECT_EQ(listed, 10'000u) << command[0];
    EXPECT_NE(err.find(kNote), std::string::npos) << command[0];
  }
}

TEST_F(ProblemLimitCli, OtherCommandsAndProblemsBetweenGames) {
  for (const char* threads : {"1", "2"}) {
    EXPECT_EQ(run({"status", "-j", threads}).status, 0);
    EXPECT_EQ(run({"select", "-j", threads}).status, 0);
  }
  // Between games nothing is held per game: each problem is shown and forgotten (check), or
  // not kept at all (a record's problems are its game's).
  const testing::ChildRun check = run({"check", "-j", "1"}, "between.pgn", "/dev/null");
  EXPECT_NE(check.err.find("300007 warnings"), std::string::npos) << check.err;
  EXPECT_EQ(run({"annotate", "-j", "1"}, "between.pgn").status, 0);
  EXPECT_EQ(run({"convert", "--to", "pgn", "-j", "1"}, "between.pgn").status, 0);
}

}  // namespace
}  // namespace pgnkit

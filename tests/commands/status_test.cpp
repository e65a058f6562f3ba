// commands::run_status in-process: the counts and records the command line prints, the same
// bytes for one and two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "commands/status.h"
#include "fixtures.h"
#include "replay/game_report.h"

namespace pgnkit::commands::status_test {  // its own: the sanitizer tree joins the files
namespace {

using fixtures::kBroken;
using fixtures::kSample;
using fixtures::lines;

StatusSummary status(StatusOptions options, unsigned threads, MemoryConsole& console) {
  options.run.threads = threads;
  options.run.chunk_size = 4096;
  return run_status(options, console);
}

TEST(RunStatus, SummaryCountsOfTheBrokenFile) {
  StatusOptions options;
  options.inputs = {kBroken};
  options.summary = true;
  MemoryConsole console;
  const StatusSummary s = status(options, 1, console);
  EXPECT_EQ(s.games, 39u);
  EXPECT_EQ(s.by_status[static_cast<std::size_t>(replay::GameStatus::Checkmate)], 3u);
  EXPECT_EQ(s.by_status[static_cast<std::size_t>(replay::GameStatus::Illegal)], 15u);
  EXPECT_EQ(s.by_consistency[0], 17u);  // not judged
  EXPECT_EQ(s.by_consistency[1], 19u);
  EXPECT_EQ(s.by_consistency[2], 3u);
  EXPECT_EQ(s.exit_status, kExitProblems);
  EXPECT_EQ(console.out_text,
            "status checkmate: 3\nstatus illegal: 15\nstatus ongoing: 19\nstatus stalemate: "
            "1\nstatus unsupported_variant: 1\nconsistent: 19\ninconsistent: 3\nnot_judged: 17\n");
}

TEST(RunStatus, CsvRecordsAlikeOnOneAndTwoThreads) {
  StatusOptions options;
  options.inputs = {kSample};
  options.format = "csv";
  MemoryConsole one, two;
  const StatusSummary s = status(options, 1, one);
  status(options, 2, two);
  EXPECT_EQ(s.games, 315u);
  EXPECT_EQ(s.exit_status, kExitOk);
  EXPECT_EQ(lines(one.out_text), 316u);  // the header and one row per game
  EXPECT_EQ(one.out_text.rfind("file,game,white,black,result_tag,plies,status,", 0), 0u);
  EXPECT_EQ(two.out_text, one.out_text);
  EXPECT_EQ(status_counts_text(s, true),
            "{\"summary\":true,\"by_status\":{\"checkmate\":116,\"insufficient_material\":2,"
            "\"ongoing\":195,\"stalemate\":2},\"by_consistency\":{\"consistent\":315}}\n");
}

TEST(RunStatus, NoHeaderLeavesOnlyTheRecords) {
  StatusOptions options;
  options.inputs = {kSample};
  options.format = "text";
  options.no_header = true;
  MemoryConsole console;
  status(options, 1, console);
  EXPECT_EQ(lines(console.out_text), 315u);
  EXPECT_EQ(console.out_text.rfind("1     Morphy, Paul", 0), 0u);
}

}  // namespace
}  // namespace pgnkit::commands::status_test

// commands::run_dedup in-process: the games kept and their bytes, the counts and the summary
// line the command line prints, the report, the same bytes for one and two threads, and
// misuse reported as messages with status 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "commands/dedup.h"
#include "support/files.h"

namespace pgnkit::commands::dedup_test {  // its own: the sanitizer tree joins the files
namespace {

const std::string kGames = PGNKIT_SOURCE_DIR "/tests/data/dedup/games.pgn";
const std::string kStarts = PGNKIT_SOURCE_DIR "/tests/data/dedup/starts.pgn";

struct Outcome {
  MemoryConsole console;
  DedupSummary summary;
};

Outcome dedup(DedupOptions options, unsigned threads) {
  options.run.threads = threads;
  options.run.chunk_size = 128;  // a chunk per game or two, even in the small fixtures
  Outcome r;
  r.summary = run_dedup(options, r.console);
  return r;
}

// games.pgn without the games numbered in `dropped` (1-based), each game followed by a blank
// line as `select` writes it: the fixture's games are apart by one blank line, the last ends in
// one line feed.
std::string games_without(const std::vector<int>& dropped) {
  const std::string text = testing::read_file(kGames);
  std::vector<std::size_t> starts;
  for (std::size_t at = text.find("[Event "); at != std::string::npos;
       at = text.find("[Event ", at + 1)) {
    starts.push_back(at);
  }
  EXPECT_EQ(starts.size(), 9u);
  starts.push_back(text.size());
  std::string kept;
  for (std::size_t i = 0; i + 1 < starts.size(); ++i) {
    if (std::find(dropped.begin(), dropped.end(), static_cast<int>(i) + 1) == dropped.end())
      kept += text.substr(starts[i], starts[i + 1] - starts[i]);
  }
  return kept + "\n";
}

TEST(RunDedup, KeepsTheFirstOfEachGameByteForByte) {
  DedupOptions options;
  options.inputs = {kGames};
  const Outcome r = dedup(options, 1);
  const DedupSummary& s = r.summary;
  // Game 2 repeats game 1's moves under other tags, comments and a variation: dropped. The
  // two games without moves and the two with an illegal move are kept without comparing.
  EXPECT_EQ(s.games, 9u);
  EXPECT_EQ(s.written, 8u);
  EXPECT_EQ(s.dropped, 1u);
  EXPECT_EQ(s.no_moves, 2u);
  EXPECT_EQ(s.move_errors, 2u);
  EXPECT_EQ(s.unsupported, 0u);
  EXPECT_TRUE(s.ran);
  EXPECT_FALSE(s.io_failed);
  EXPECT_FALSE(s.learning_run.has_value());
  EXPECT_EQ(s.exit_status, kExitProblems);  // move errors: done, status 1
  EXPECT_EQ(r.console.out_text, games_without({2}));
  EXPECT_TRUE(r.console.messages.empty());
  EXPECT_EQ(dedup_summary_text(s),
            "9 games: 8 written (4 distinct, 4 not compared: 2 without moves, 2 with move "
            "errors, 0 unsupported variants), 1 duplicates dropped; table 0 MiB");
}

TEST(RunDedup, PrefixLongestReadsTwiceAndReportsEveryDrop) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  DedupOptions options;
  options.inputs = {kGames};
  options.prefix = true;
  options.keep = DedupKeep::Longest;
  options.output = (dir / "unique.pgn").string();
  options.report = (dir / "dropped.ndjson").string();
  const Outcome r = dedup(options, 1);
  const DedupSummary& s = r.summary;
  EXPECT_EQ(s.games, 9u);  // of the deciding pass only
  EXPECT_EQ(s.written, 6u);
  EXPECT_EQ(s.dropped, 3u);
  ASSERT_TRUE(s.learning_run.has_value());
  EXPECT_EQ(s.learning_run->games, 9u);
  EXPECT_EQ(r.console.out_text, "");  // into the file
  // Games 1, 2 and 4 are prefixes of game 9 (2 as a copy of 1), which stays.
  EXPECT_EQ(testing::read_file(options.output), games_without({1, 2, 4}));
  const auto o = [](int game, int offset, int plies) {
    return "\"game\":" + std::to_string(game) + ",\"offset\":" + std::to_string(offset) +
           ",\"plies\":" + std::to_string(plies);
  };
  const std::string file = "{\"file\":\"" + kGames + "\",\"input\":0,";
  const std::string kept_by_9 =
      ",\"reason\":\"is_prefix\",\"kept\":" + file + o(9, 555, 6) + "}}\n";
  EXPECT_EQ(testing::read_file(options.report), file + o(1, 0, 5) + kept_by_9 + file + o(2, 72, 5) +
                                                    kept_by_9 + file + o(4, 306, 3) + kept_by_9);
}

TEST(RunDedup, AcrossInputsAlikeOnOneAndTwoThreads) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  DedupOptions options;
  options.inputs = {kGames, kStarts, kGames};
  options.report = (dir / "one.ndjson").string();
  const Outcome one = dedup(options, 1);
  options.report = (dir / "two.ndjson").string();
  const Outcome two = dedup(options, 2);
  // As the command line says for these inputs (tests/cli/cases/dedup_report_two_files): the
  // second games.pgn drops every game but the four not compared.
  EXPECT_EQ(dedup_summary_text(one.summary),
            "27 games: 19 written (9 distinct, 10 not compared: 4 without moves, 4 with move "
            "errors, 2 unsupported variants), 8 duplicates dropped; table 0 MiB");
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  EXPECT_EQ(testing::read_file(dir / "two.ndjson"), testing::read_file(dir / "one.ndjson"));
  EXPECT_EQ(dedup_summary_text(two.summary), dedup_summary_text(one.summary));
  EXPECT_EQ(two.summary.exit_status, one.summary.exit_status);
  EXPECT_GT(two.summary.run.chunks, 1u);  // it did go through the pipeline
  EXPECT_EQ(testing::lines_of(testing::read_file(dir / "one.ndjson")).size(), one.summary.dropped);
}

TEST(RunDedup, MaxMemoryStopsWithStatus2) {
  DedupOptions options;
  options.inputs = {kGames};
  options.max_memory = "1K";
  const Outcome r = dedup(options, 2);
  EXPECT_TRUE(r.summary.out_of_memory);
  EXPECT_EQ(r.summary.exit_status, kExitUsage);
  EXPECT_EQ(r.summary.written, 0u);
  EXPECT_EQ(r.console.out_text, "");
  EXPECT_EQ(r.console.messages,
            std::vector<std::string>{"dedup: --max-memory 1K exceeded: the tables of 0 distinct "
                                     "games and 0 prefixes would need 32768 bytes, at " +
                                     kGames + " game 1; stopped"});
}

TEST(RunDedup, UsageErrorsReadNothing) {
  const auto misuse = [](DedupOptions options) {
    options.inputs.insert(options.inputs.begin(), kGames);
    const Outcome r = dedup(options, 1);
    EXPECT_FALSE(r.summary.ran);
    EXPECT_EQ(r.summary.exit_status, kExitUsage);
    EXPECT_EQ(r.summary.games, 0u);
    EXPECT_EQ(r.console.out_text, "");
    return r.console.messages;
  };
  DedupOptions bad_size;
  bad_size.max_memory = "12Q";
  EXPECT_EQ(misuse(bad_size), std::vector<std::string>{
                                  "dedup: --max-memory '12Q': expected a size such as 512M or 8G"});
  DedupOptions stdin_twice;
  stdin_twice.inputs = {"-"};
  stdin_twice.prefix = true;
  stdin_twice.keep = DedupKeep::Longest;
  EXPECT_EQ(misuse(stdin_twice),
            std::vector<std::string>{
                "dedup: --keep longest reads its inputs twice: give files, not stdin"});
  DedupOptions no_report;
  no_report.report = "/nonexistent/dropped.ndjson";
  EXPECT_EQ(misuse(no_report), std::vector<std::string>{
                                   "dedup: /nonexistent/dropped.ndjson: cannot create the report"});
}

TEST(RunDedup, AMissingInputIsAnIoFailureAfterTheOthers) {
  DedupOptions options;
  options.inputs = {kGames, "/nonexistent/x.pgn"};
  const Outcome r = dedup(options, 2);
  EXPECT_TRUE(r.summary.ran);
  EXPECT_TRUE(r.summary.io_failed);
  EXPECT_EQ(r.summary.exit_status, kExitUsage);
  EXPECT_EQ(r.summary.written, 8u);
  EXPECT_EQ(r.console.out_text, games_without({2}));
  ASSERT_EQ(r.console.messages.size(), 1u);
  EXPECT_EQ(r.console.messages[0].rfind("/nonexistent/x.pgn: ", 0), 0u) << r.console.messages[0];
}

}  // namespace
}  // namespace pgnkit::commands::dedup_test

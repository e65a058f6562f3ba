// commands::run_check in-process: the numbers the command line prints for the bundled files,
// the same bytes for every thread count, and misuse reported as messages with status 2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "commands/check.h"
#include "fixtures.h"
#include "support/files.h"

namespace pgnkit::commands::check_test {  // its own: the sanitizer tree joins the files
namespace {

using fixtures::kBroken;
using fixtures::kSample;

struct Outcome {
  MemoryConsole console;
  CheckSummary summary;
};

Outcome check(CheckOptions options, unsigned threads) {
  options.run.threads = threads;
  options.run.chunk_size = 4096;  // many chunks even in the small files
  options.ci.no_config = true;    // no pgnkit.toml of the machine's folders
  Outcome r;
  r.summary = run_check(options, r.console);
  return r;
}

TEST(RunCheck, SampleIsClean) {
  CheckOptions options;
  options.inputs = {kSample};
  const Outcome r = check(options, 1);
  EXPECT_EQ(r.summary.games, 315u);
  EXPECT_EQ(r.summary.plies, 23998u);
  EXPECT_EQ(r.summary.errors, 0u);
  EXPECT_EQ(r.summary.warnings, 0u);
  EXPECT_EQ(r.summary.exit_status, kExitOk);
  EXPECT_EQ(r.console.out_text, "");
  EXPECT_TRUE(r.console.messages.empty());
}

TEST(RunCheck, BrokenFileCountsAndLinesAlikeOnOneAndTwoThreads) {
  CheckOptions options;
  options.inputs = {kBroken};
  const Outcome one = check(options, 1);
  EXPECT_EQ(one.summary.games, 39u);
  EXPECT_EQ(one.summary.plies, 248u);
  EXPECT_EQ(one.summary.errors, 24u);
  EXPECT_EQ(one.summary.warnings, 16u);
  EXPECT_EQ(one.summary.games_with_errors, 24u);
  EXPECT_EQ(one.summary.unsupported, 1u);
  EXPECT_EQ(one.summary.exit_status, kExitProblems);
  EXPECT_EQ(one.console.out_text.rfind(
                kBroken + ":14:24: error[no_piece_can_move]: no piece can make that move [game "
                          "1, ply 5, move 'Nd5']\n",
                0),
            0u);
  const Outcome two = check(options, 2);
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  EXPECT_EQ(two.summary.errors, one.summary.errors);
  EXPECT_EQ(two.summary.plies, one.summary.plies);
  EXPECT_GT(two.summary.run.chunks, 1u);  // it did go through the pipeline
}

TEST(RunCheck, NdjsonSummaryAndTextSummaryNameTheSameNumbers) {
  CheckOptions options;
  options.inputs = {kBroken};
  options.quiet = true;
  Outcome r = check(options, 1);
  EXPECT_EQ(r.console.out_text, "");  // quiet: counted, not reported
  r.summary.seconds = 0;
  EXPECT_EQ(summary_text(r.summary),
            "39 games, 248 plies, 24 errors, 16 warnings, 24 games with errors, 1 "
            "unsupported-variant games, 0.00 s, 0.0 MB/s");
  EXPECT_EQ(summary_ndjson(r.summary),
            "{\"summary\":\"check\",\"games\":39,\"plies\":248,\"errors\":24,\"warnings\":16,"
            "\"games_with_errors\":24,\"unsupported\":1,\"bytes\":" +
                std::to_string(r.summary.bytes) +
                ",\"seconds\":0.000,\"io_failed\":false,\"stopped\":false,\"counted\":24,"
                "\"max_errors\":0}");
}

TEST(RunCheck, MissingInputIsAMessageAndStatusTwo) {
  CheckOptions options;
  options.inputs = {"no-such-file.pgn", kSample};
  const Outcome r = check(options, 1);
  ASSERT_EQ(r.console.messages.size(), 1u);
  EXPECT_EQ(r.console.messages[0], "no-such-file.pgn: no such file or directory");
  EXPECT_EQ(r.summary.games, 315u);  // the other input is read
  EXPECT_TRUE(r.summary.io_failed);
  EXPECT_EQ(r.summary.exit_status, kExitUsage);
}

TEST(RunCheck, UnknownRuleNameReadsNothing) {
  CheckOptions options;
  options.inputs = {kBroken};
  options.ci.rules.select = std::vector<std::string>{"nonsense"};
  bool summarized = false;
  MemoryConsole console;
  const CheckSummary s =
      run_check(options, console, [&summarized](const CheckSummary&) { summarized = true; });
  ASSERT_EQ(console.messages.size(), 1u);
  EXPECT_EQ(console.messages[0],
            "unknown code or group 'nonsense' (see pgnkit check --list-codes)");
  EXPECT_FALSE(summarized);
  EXPECT_EQ(s.games, 0u);
  EXPECT_EQ(s.exit_status, kExitUsage);
}

TEST(RunCheck, UnknownFormatReadsNothing) {
  CheckOptions options;
  options.inputs = {kBroken};
  options.format = "xml";
  MemoryConsole console;
  const CheckSummary s = run_check(options, console);
  ASSERT_EQ(console.messages.size(), 1u);
  EXPECT_EQ(console.messages[0], "unknown format 'xml' (text, ndjson, sarif, github or gitlab)");
  EXPECT_EQ(s.games, 0u);
  EXPECT_EQ(s.exit_status, kExitUsage);
}

TEST(RunCheck, MaxErrorsStopsAtTheSameProblemOnEveryThreadCount) {
  CheckOptions options;
  options.inputs = {kBroken};
  options.max_errors = 5;
  const Outcome one = check(options, 1);
  const Outcome two = check(options, 2);
  EXPECT_TRUE(one.summary.stopped);
  // Five errors reported; the summary also counts the syntax error found in the rest, which
  // is still read (not replayed): what the command line prints.
  std::size_t reported = 0;
  for (std::size_t at = 0; (at = one.console.out_text.find(": error[", at)) != std::string::npos;
       ++at)
    ++reported;
  EXPECT_EQ(reported, 5u);
  EXPECT_EQ(one.summary.errors, 6u);
  EXPECT_EQ(one.summary.plies, 29u);
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  EXPECT_EQ(two.summary.errors, 6u);
  EXPECT_EQ(two.summary.plies, 29u);
}

// --write-baseline's lines reach the merging thread as typed records (BaselineLines): the
// same file for one and two threads, one line per problem after the header.
TEST(RunCheck, WriteBaselineFileAlikeOnOneAndTwoThreads) {
  const testing::TempDir dir;
  std::string written[2];
  for (const unsigned threads : {1u, 2u}) {
    CheckOptions options;
    options.inputs = {kBroken};
    options.quiet = true;
    options.ci.write_baseline = dir.path() + "/known" + std::to_string(threads) + ".txt";
    const Outcome r = check(options, threads);
    EXPECT_EQ(r.summary.exit_status, kExitOk) << threads;  // the problems are known now
    EXPECT_EQ(r.console.messages,
              std::vector<std::string>{"wrote 40 known problems to " + options.ci.write_baseline +
                                       " (40 distinct lines)"});
    written[threads - 1] = testing::read_file(options.ci.write_baseline);
  }
  EXPECT_EQ(fixtures::lines(written[0]), 41u);  // the header and 24 errors + 16 warnings
  EXPECT_EQ(written[0], written[1]);
}

TEST(RunCheck, SarifDocumentIsWholeAndSelectedProblemsOnly) {
  CheckOptions options;
  options.inputs = {kBroken};
  options.format = "sarif";
  options.ci.rules.select = std::vector<std::string>{"pinned_piece"};
  const Outcome one = check(options, 1);
  const Outcome two = check(options, 2);
  EXPECT_EQ(one.console.out_text.rfind("{\"$schema\":", 0), 0u);
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  std::size_t results = 0;
  for (std::size_t at = 0; (at = one.console.out_text.find("\"ruleId\":", at)) != std::string::npos;
       ++at)
    ++results;
  EXPECT_EQ(results, one.summary.errors + one.summary.warnings);
  EXPECT_EQ(one.console.out_text.find("\"ruleId\":\"no_piece_can_move\""), std::string::npos);
}

}  // namespace
}  // namespace pgnkit::commands::check_test

// commands::run_annotate in-process: the bytes, summary line and exit status of the command
// line's goldens (tests/cli/cases), the same bytes for one and two threads, in-place rewrites
// that succeed or leave the file alone, and misuse told to the Console with status 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "commands/annotate.h"
#include "eco/book.h"
#include "fixtures.h"
#include "support/files.h"

namespace pgnkit::commands::annotate_test {  // its own: the sanitizer tree joins the files
namespace {

namespace fs = std::filesystem;
using testing::read_file;

using fixtures::kBroken;
using fixtures::kData;
using fixtures::kSample;

std::string golden(const std::string& name, const std::string& stream) {
  return read_file(fs::path(PGNKIT_SOURCE_DIR) / "tests/cli/cases" / name / stream);
}

struct Outcome {
  MemoryConsole console;
  AnnotateSummary summary;
  // What the command line prints on stderr: the diagnostics with the paths as the goldens
  // name them (relative to tests/data), then the summary line.
  std::string stderr_text() const {
    std::string err = console.err_text;
    for (std::size_t at = err.find(kData); at != std::string::npos; at = err.find(kData, at))
      err.erase(at, kData.size());
    return err + annotate_summary_text(summary) + "\n";
  }
};

Outcome annotate(AnnotateOptions options, unsigned threads) {
  options.run.threads = threads;
  options.run.chunk_size = 4096;  // many chunks even in the small files
  Outcome r;
  r.summary = run_annotate(options, r.console);
  return r;
}

void expect_golden(const std::string& name, const AnnotateOptions& options) {
  for (const unsigned threads : {1u, 2u}) {
    SCOPED_TRACE(name + " with threads " + std::to_string(threads));
    const Outcome r = annotate(options, threads);
    EXPECT_TRUE(r.summary.ran);
    EXPECT_EQ(r.console.out_text, golden(name, "stdout"));
    EXPECT_EQ(r.stderr_text(), golden(name, "stderr"));
    EXPECT_EQ(std::to_string(r.summary.exit_status) + "\n", golden(name, "status"));
    EXPECT_TRUE(r.console.messages.empty());
  }
}

TEST(RunAnnotate, FixResultsAsTheGolden) {
  AnnotateOptions options;
  options.inputs = {kData + "annotate/endings.pgn"};
  options.fix_results = true;
  expect_golden("annotate_fix_results", options);
}

TEST(RunAnnotate, OnErrorSkipAsTheGolden) {
  AnnotateOptions options;
  options.inputs = {kData + "check/problems.pgn"};
  options.on_error = "skip";
  expect_golden("annotate_on_error_skip", options);
  const Outcome r = annotate(options, 1);
  EXPECT_EQ(r.summary.games, 5u);
  EXPECT_EQ(r.summary.bad_games, 3u);
  EXPECT_EQ(r.summary.dropped, 3u);
  EXPECT_EQ(r.summary.exit_status, kExitProblems);
  EXPECT_EQ(annotate_summary_ndjson(r.summary),
            "{\"summary\":\"annotate\",\"games\":5,\"bad_games\":3,\"dropped\":3,"
            "\"io_failed\":false}");
}

TEST(RunAnnotate, LineLengthAsTheGolden) {
  AnnotateOptions options;
  options.inputs = {kData + "annotate/endings.pgn"};
  options.line_length = 40;
  expect_golden("annotate_line_length", options);
}

TEST(RunAnnotate, EcoTagsFromTheCallersBookAsTheGolden) {
  eco::BookError error;
  const std::optional<eco::Book> book = eco::Book::load(kData + "eco/small_eco.pgn", error);
  ASSERT_TRUE(book.has_value());
  AnnotateOptions options;
  options.inputs = {kData + "eco/games.pgn"};
  options.eco = &*book;
  expect_golden("annotate_eco", options);
}

TEST(RunAnnotate, AlikeOnOneAndTwoThreads) {
  AnnotateOptions options;
  options.inputs = {kSample, kBroken};
  options.fix_results = true;
  options.end_tags = true;
  options.claim_comments = true;
  options.on_error = "truncate";
  const Outcome one = annotate(options, 1);
  const Outcome two = annotate(options, 2);
  EXPECT_EQ(one.summary.games, 354u);
  EXPECT_EQ(one.summary.bad_games, 18u);
  EXPECT_EQ(one.summary.exit_status, kExitProblems);
  EXPECT_GT(one.console.out_text.size(), 100000u);
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  EXPECT_EQ(two.console.err_text, one.console.err_text);
  EXPECT_EQ(annotate_summary_text(two.summary), annotate_summary_text(one.summary));
}

TEST(RunAnnotate, InPlaceRewritesTheFileAsTheGoldenAndKeepsItsMode) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string file = dir.file("endings.pgn", read_file(kData + "annotate/endings.pgn"));
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  AnnotateOptions options;
  options.inputs = {file};
  options.in_place = true;
  options.fix_results = true;
  int reads = 0;
  MemoryConsole console;
  const AnnotateSummary s =
      run_annotate(options, console, {},
                   [&reads](const pipeline::RunStats&, const pipeline::Settings&) { ++reads; });
  EXPECT_EQ(s.exit_status, kExitOk);
  EXPECT_EQ(reads, 1);
  EXPECT_EQ(read_file(file), golden("annotate_fix_results", "stdout"));
  EXPECT_EQ(console.out_text, "");
  EXPECT_EQ(annotate_summary_text(s), "5 games, 0 with move errors, 0 dropped");
  EXPECT_EQ(fs::status(file).permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1);  // no temporary file left
}

TEST(RunAnnotate, InPlaceFailureLeavesTheFileAlone) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string truncated = read_file(kData + "check/truncated.pgn.zst");
  const std::string file = dir.file("broken.pgn.zst", truncated);
  const std::string good = dir.file("endings.pgn", read_file(kData + "annotate/endings.pgn"));
  AnnotateOptions options;
  options.inputs = {file, good};
  options.in_place = true;
  options.fix_results = true;
  MemoryConsole console;
  const AnnotateSummary s = run_annotate(options, console);
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_TRUE(s.io_failed);
  EXPECT_EQ(read_file(file), truncated);
  ASSERT_FALSE(console.messages.empty());
  EXPECT_EQ(console.messages.back(), file + ": left unchanged");
  EXPECT_EQ(read_file(good), golden("annotate_fix_results", "stdout"));  // the next file is done
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 2);
}

TEST(RunAnnotate, InPlaceMisuseIsAUsageError) {
  AnnotateOptions options;
  options.in_place = true;
  MemoryConsole none;
  EXPECT_EQ(run_annotate(options, none).exit_status, kExitUsage);
  EXPECT_EQ(none.messages,
            std::vector<std::string>{"annotate: --in-place needs input files and no -o"});

  options.inputs = {kSample, "-"};
  MemoryConsole stdin_console;
  const AnnotateSummary s = run_annotate(options, stdin_console);
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_FALSE(s.ran);
  EXPECT_EQ(stdin_console.messages,
            std::vector<std::string>{"annotate: --in-place cannot rewrite stdin"});

  options.inputs = {kSample};
  options.shard = pipeline::Shard{};
  MemoryConsole shard_console;
  EXPECT_EQ(run_annotate(options, shard_console).exit_status, kExitUsage);
  EXPECT_EQ(shard_console.messages,
            std::vector<std::string>{"annotate: --in-place rewrites whole files, not a --range"});
}

TEST(RunAnnotate, FailedOutputIsAnIoFailure) {
  AnnotateOptions options;
  options.inputs = {kData + "annotate/endings.pgn"};
  MemoryConsole console;
  const AnnotateSummary s = run_annotate(options, console, [] { return true; });
  EXPECT_TRUE(s.ran);
  EXPECT_TRUE(s.io_failed);
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_EQ(annotate_summary_ndjson(s),
            "{\"summary\":\"annotate\",\"games\":5,\"bad_games\":0,\"dropped\":0,"
            "\"io_failed\":true}");
}

}  // namespace
}  // namespace pgnkit::commands::annotate_test

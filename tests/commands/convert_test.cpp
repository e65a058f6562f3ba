// commands::run_convert in-process: the bytes, summary line and exit status of the command
// line's goldens (tests/cli/cases), the same bytes for one and two threads, the output file,
// and misuse told to the Console with status 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "commands/convert.h"
#include "fixtures.h"
#include "support/files.h"

namespace pgnkit::commands::convert_test {  // its own: the sanitizer tree joins the files
namespace {

namespace fs = std::filesystem;
using testing::read_file;

using fixtures::kBroken;
using fixtures::kData;
using fixtures::kSample;

// The golden case's stdout, stderr or status, as pgnkit printed them from tests/data.
std::string golden(const std::string& name, const std::string& stream) {
  return read_file(fs::path(PGNKIT_SOURCE_DIR) / "tests/cli/cases" / name / stream);
}

// A Console that also keeps the command each usage error names (MemoryConsole keeps only the
// line).
class UsageConsole final : public Console {
 public:
  std::string out_text, err_text;
  std::vector<std::string> messages, usage_commands;

  void out(std::string_view bytes) override { out_text += bytes; }
  void err(std::string_view bytes) override { err_text += bytes; }
  void message(std::string_view line) override { messages.emplace_back(line); }
  void command_message(std::string_view command, std::string_view line) override {
    usage_commands.emplace_back(command);
    message(line);
  }
};

struct Outcome {
  MemoryConsole console;
  ConvertSummary summary;
  // What the command line prints on stderr: the diagnostics with the paths as the goldens
  // name them (relative to tests/data), then the summary line.
  std::string stderr_text() const {
    std::string err = console.err_text;
    for (std::size_t at = err.find(kData); at != std::string::npos; at = err.find(kData, at))
      err.erase(at, kData.size());
    return err + convert_summary_text(summary) + "\n";
  }
};

Outcome convert(ConvertOptions options, unsigned threads) {
  options.run.threads = threads;
  options.run.chunk_size = 4096;  // many chunks even in the small files
  Outcome r;
  r.summary = run_convert(options, r.console);
  return r;
}

// The golden `name` (its args: `pgnkit convert` with these options) on one and two threads.
void expect_golden(const std::string& name, const ConvertOptions& options) {
  for (const unsigned threads : {1u, 2u}) {
    SCOPED_TRACE(name + " with threads " + std::to_string(threads));
    const Outcome r = convert(options, threads);
    EXPECT_TRUE(r.summary.ran);
    EXPECT_EQ(r.console.out_text, golden(name, "stdout"));
    EXPECT_EQ(r.stderr_text(), golden(name, "stderr"));
    EXPECT_EQ(std::to_string(r.summary.exit_status) + "\n", golden(name, "status"));
    EXPECT_TRUE(r.console.messages.empty());
  }
}

TEST(RunConvert, UciAsTheGolden) {
  ConvertOptions options;
  options.inputs = {kData + "convert/features.pgn"};
  options.to = "uci";
  expect_golden("convert_uci", options);
  const Outcome r = convert(options, 1);
  EXPECT_EQ(r.summary.games, 8u);
  EXPECT_EQ(r.summary.bad_games, 1u);
  EXPECT_EQ(r.summary.dropped, 0u);
  EXPECT_EQ(r.summary.exit_status, kExitProblems);
}

TEST(RunConvert, OnErrorSkipDropsTheGameWithMoveErrors) {
  ConvertOptions options;
  options.inputs = {kData + "convert/features.pgn"};
  options.to = "uci";
  options.on_error = "skip";
  expect_golden("convert_on_error_skip", options);
  const Outcome r = convert(options, 2);
  EXPECT_EQ(r.summary.games, 8u);
  EXPECT_EQ(r.summary.dropped, 1u);
  EXPECT_EQ(convert_summary_text(r.summary), "8 games, 1 with move errors (see above), 1 dropped");
}

// EPD ids count the games of every input: numbers the merge fills in.
TEST(RunConvert, EpdIdsAcrossInputsAsTheGolden) {
  ConvertOptions options;
  options.inputs = {kData + "convert/features.pgn", kData + "convert/latin1.pgn"};
  options.to = "epd";
  expect_golden("convert_epd", options);
}

TEST(RunConvert, CsvHeaderAndColumnsAsTheGolden) {
  ConvertOptions options;
  options.inputs = {kData + "convert/features.pgn", kData + "convert/latin1.pgn"};
  options.to = "csv";
  options.columns = {"WhiteElo", "TimeControl", "Variant"};
  options.given = {"--to", "--columns"};
  expect_golden("convert_csv", options);
}

TEST(RunConvert, BadNdjsonLinesCountedAndSummarised) {
  ConvertOptions options;
  options.inputs = {kData + "convert/broken.ndjson"};
  options.from = "ndjson";
  options.to = "uci";
  expect_golden("convert_broken_ndjson", options);
  const Outcome r = convert(options, 1);
  EXPECT_EQ(r.summary.games, 4u);
  EXPECT_EQ(r.summary.bad_games, 2u);
  EXPECT_EQ(r.summary.bad_lines, 12u);
  EXPECT_EQ(convert_summary_ndjson(r.summary),
            "{\"summary\":\"convert\",\"games\":4,\"bad_games\":2,\"dropped\":0,"
            "\"bad_lines\":12,\"io_failed\":false}");
}

TEST(RunConvert, NdjsonAlikeOnOneAndTwoThreads) {
  ConvertOptions options;
  options.inputs = {kSample, kBroken};
  options.to = "ndjson";
  options.on_error = "truncate";
  const Outcome one = convert(options, 1);
  const Outcome two = convert(options, 2);
  EXPECT_EQ(one.summary.games, 354u);
  EXPECT_EQ(one.summary.bad_games, 18u);
  EXPECT_EQ(one.summary.exit_status, kExitProblems);
  EXPECT_EQ(testing::lines_of(one.console.out_text).size(), 354u);  // one line per game
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  EXPECT_EQ(two.console.err_text, one.console.err_text);
  EXPECT_EQ(convert_summary_ndjson(two.summary), convert_summary_ndjson(one.summary));
}

TEST(RunConvert, MisplacedOptionIsAUsageErrorOfConvert) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  ConvertOptions options;
  options.inputs = {kData + "convert/features.pgn"};
  options.to = "uci";
  options.moves_only = true;
  options.given = {"--to", "--moves-only", "files"};
  options.output = (dir / "out.txt").string();
  UsageConsole console;
  const ConvertSummary s = run_convert(options, console);
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_FALSE(s.ran);
  EXPECT_EQ(console.messages, std::vector<std::string>{"--moves-only applies to --to ndjson only"});
  EXPECT_EQ(console.usage_commands, std::vector<std::string>{"convert"});
  EXPECT_FALSE(fs::exists(dir / "out.txt"));  // nothing created
  EXPECT_EQ(console.out_text + console.err_text, "");
  // An option the caller did not name as given is not checked.
  options.given.clear();
  MemoryConsole quiet;
  EXPECT_EQ(run_convert(options, quiet).exit_status, kExitProblems);
  EXPECT_TRUE(quiet.messages.empty());
}

TEST(RunConvert, UnknownFormatIsAUsageError) {
  ConvertOptions options;
  options.to = "xml";
  MemoryConsole console;
  const ConvertSummary s = run_convert(options, console);
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_EQ(console.messages,
            std::vector<std::string>{
                "convert: unknown --to 'xml' (pgn, ndjson, uci, lan, fen, epd or csv)"});
}

TEST(RunConvert, OutputFileHoldsWhatTheConsoleWouldHave) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  ConvertOptions options;
  options.inputs = {kSample};
  options.to = "fen";
  const Outcome to_console = convert(options, 1);
  options.output = (dir / "positions.fen").string();
  const Outcome to_file = convert(options, 2);
  EXPECT_EQ(to_file.console.out_text, "");
  EXPECT_EQ(read_file(options.output), to_console.console.out_text);
  EXPECT_EQ(to_file.summary.exit_status, kExitOk);
  EXPECT_EQ(to_file.summary.games, 315u);
  EXPECT_GT(to_console.console.out_text.size(), 100000u);
}

TEST(RunConvert, OutputThatCannotBeCreatedStopsBeforeTheRead) {
  ConvertOptions options;
  options.inputs = {kSample};
  options.to = "uci";
  options.output = "/nonexistent/dir/x.txt";
  MemoryConsole console;
  const ConvertSummary s = run_convert(options, console);
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_FALSE(s.ran);
  EXPECT_EQ(s.games, 0u);
  EXPECT_EQ(
      console.messages,
      std::vector<std::string>{
          "/nonexistent/dir/x.txt: cannot create the output file: No such file or directory"});
}

TEST(RunConvert, FailedOutputAndManyInputsOfAShardAreIoFailures) {
  ConvertOptions options;
  options.inputs = {kSample};
  options.to = "uci";
  MemoryConsole console;
  const ConvertSummary failed = run_convert(options, console, [] { return true; });
  EXPECT_TRUE(failed.io_failed);
  EXPECT_EQ(failed.exit_status, kExitUsage);
  EXPECT_EQ(failed.games, 315u);

  options.inputs = {kSample, kBroken};
  options.shard = pipeline::Shard{};
  MemoryConsole shard_console;
  std::uint64_t games_read = 99;
  const ConvertSummary s =
      run_convert(options, shard_console, {},
                  [&games_read](const pipeline::RunStats& run, const pipeline::Settings&) {
                    games_read = run.games;
                  });
  EXPECT_EQ(games_read, 0u);  // nothing read
  EXPECT_EQ(shard_console.messages, std::vector<std::string>{"--range reads one input, not 2"});
  EXPECT_TRUE(s.ran);  // the command line prints its summary line
  EXPECT_EQ(s.exit_status, kExitUsage);
  EXPECT_EQ(convert_summary_ndjson(s),
            "{\"summary\":\"convert\",\"games\":0,\"bad_games\":0,\"dropped\":0,"
            "\"bad_lines\":0,\"io_failed\":true}");
}

TEST(RunConvert, AfterReadSeesTheRun) {
  ConvertOptions options;
  options.inputs = {kSample};
  options.to = "lan";
  options.run.threads = 2;
  options.run.chunk_size = 4096;
  MemoryConsole console;
  std::uint64_t games = 0, chunks = 0;
  run_convert(options, console, {},
              [&](const pipeline::RunStats& stats, const pipeline::Settings& used) {
                games = stats.games;
                chunks = stats.chunks;
                EXPECT_EQ(used.threads, 2u);
              });
  EXPECT_EQ(games, 315u);
  EXPECT_GT(chunks, 1u);
}

}  // namespace
}  // namespace pgnkit::commands::convert_test

// commands::run_split in-process: the files written (names and bytes) in each mode, the
// summary line the command line prints, the same files for one and two threads, an existing
// file refused without force, and misuse reported as messages with status 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "commands/split.h"
#include "fixtures.h"
#include "support/files.h"

namespace pgnkit::commands::split_test {  // its own: the sanitizer tree joins the files
namespace {

namespace fs = std::filesystem;
using Files = std::map<std::string, std::string>;

using fixtures::kSample;

// Every file under root (temporaries too: their names start with '.'), by relative path.
Files files_under(const fs::path& root) {
  Files files;
  if (!fs::exists(root)) return files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.is_regular_file())
      files[fs::relative(e.path(), root).string()] = testing::read_file(e.path());
  }
  return files;
}

struct Outcome {
  MemoryConsole console;
  SplitSummary summary;
  Files files;
};

// Splits into dir/<sub>/, named by options.pattern under it.
Outcome split(SplitOptions options, const testing::TempDir& dir, const std::string& sub,
              unsigned threads) {
  options.pattern = (dir / sub / options.pattern).string();
  options.run.threads = threads;
  options.run.chunk_size = 4096;  // many chunks even in the small files
  Outcome r;
  r.summary = run_split(options, r.console);
  r.files = files_under(dir / sub);
  return r;
}

// Five games in the order A, C, D, E, B: C in CRLF lines, B last and without a final line
// break. Written as `select` writes them: 24, 25, 30, 24 and 24 bytes.
const std::string kGameA = "[Event \"a/b\"]\n\n1. e4 *\n";
const std::string kGameB = "[Event \"a_b\"]\n\n1. d4 *";
const std::string kGameC = "[Event \"\"]\r\n\r\n1. c4 *\r\n";
const std::string kGameD = "[White \"no Event\"]\n\n1. Nf3 *\n";
const std::string kGameE = "[Event \"a/b\"]\n\n1. g3 *\n";

std::string five_games(const testing::TempDir& dir) {
  return dir.file("five.pgn",
                  kGameA + "\n" + kGameC + "\r\n" + kGameD + "\n" + kGameE + "\n" + kGameB);
}

TEST(RunSplit, GamesModeNumbersThePiecesAndWritesEachGameAsSelectDoes) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  SplitOptions options;
  options.inputs = {five_games(dir)};
  options.games = 2;
  options.pattern = "p-%03d.pgn";
  const Outcome r = split(options, dir, "out", 1);
  EXPECT_EQ(r.summary.exit_status, kExitOk);
  EXPECT_EQ(r.summary.games, 5u);
  EXPECT_EQ(r.summary.files, 3u);
  EXPECT_EQ(split_summary_text(r.summary), "5 games in 3 files");
  // Each game, then the line break that ends it (one is added where it has none), then a
  // blank line in the game's own line ending.
  EXPECT_EQ(r.files, (Files{{"p-001.pgn", kGameA + "\n" + kGameC + "\r\n"},
                            {"p-002.pgn", kGameD + "\n" + kGameE + "\n"},
                            {"p-003.pgn", kGameB + "\n\n"}}));
  EXPECT_TRUE(r.console.messages.empty());
  EXPECT_EQ(r.console.err_text, "");
}

TEST(RunSplit, ByTagNamesFilesFromValuesSafely) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  SplitOptions options;
  options.inputs = {five_games(dir)};
  options.by = "Event";
  options.pattern = "{Event}.pgn";
  const Outcome r = split(options, dir, "out", 1);
  EXPECT_EQ(r.summary.exit_status, kExitOk);
  EXPECT_EQ(r.summary.files, 4u);
  // "a/b" and "a_b" make the same safe name: the second value gets ~2.
  EXPECT_EQ(r.files, (Files{{"a_b.pgn", kGameA + "\n" + kGameE + "\n"},
                            {"a_b~2.pgn", kGameB + "\n\n"},
                            {"_empty.pgn", kGameC + "\r\n"},
                            {"_missing.pgn", kGameD + "\n"}}));
}

TEST(RunSplit, BytesModeNeverCutsAGame) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  SplitOptions options;
  options.inputs = {five_games(dir)};
  options.bytes = "50";  // A + C: 49 bytes; C + D, D + E: more than 50
  options.pattern = "%d.pgn";
  const Outcome r = split(options, dir, "out", 1);
  EXPECT_EQ(r.summary.exit_status, kExitOk);
  EXPECT_EQ(r.files, (Files{{"1.pgn", kGameA + "\n" + kGameC + "\r\n"},
                            {"2.pgn", kGameD + "\n"},
                            {"3.pgn", kGameE + "\n" + kGameB + "\n\n"}}));
}

TEST(RunSplit, AlikeOnOneAndTwoThreads) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  for (const bool by : {false, true}) {
    SplitOptions options;
    options.inputs = {kSample};
    options.games = by ? 0 : 40;
    options.by = by ? "White" : "";
    options.pattern = by ? "{White}.pgn.zst" : "%02d.pgn";
    const std::string sub = by ? "by" : "games";
    const Outcome one = split(options, dir, sub + "1", 1);
    const Outcome two = split(options, dir, sub + "2", 2);
    EXPECT_EQ(one.summary.exit_status, kExitOk);
    EXPECT_EQ(one.summary.games, 315u);
    EXPECT_EQ(one.summary.files, by ? one.files.size() : 8u);
    EXPECT_GT(one.files.size(), 1u);
    EXPECT_EQ(two.files, one.files) << sub;
    EXPECT_EQ(split_summary_text(two.summary), split_summary_text(one.summary));
    EXPECT_GT(two.summary.run.chunks, 1u);  // it did go through the pipeline
  }
}

TEST(RunSplit, AnExistingFileStopsTheWritingWithoutForce) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  fs::create_directories(dir / "out");
  testing::write_file(dir / "out" / "2.pgn", "mine");
  SplitOptions options;
  options.inputs = {five_games(dir)};
  options.games = 2;
  options.pattern = "%d.pgn";
  const Outcome r = split(options, dir, "out", 1);
  EXPECT_EQ(r.summary.exit_status, kExitUsage);
  EXPECT_TRUE(r.summary.failed);
  EXPECT_EQ(r.summary.files, 1u);
  EXPECT_EQ(r.console.messages,
            std::vector<std::string>{"split: " + (dir / "out" / "2.pgn").string() +
                                     " exists (use --force to overwrite); stopping"});
  // No temporary is left; the first piece was complete and stays.
  EXPECT_EQ(r.files, (Files{{"1.pgn", kGameA + "\n" + kGameC + "\r\n"}, {"2.pgn", "mine"}}));
  options.force = true;
  const Outcome forced = split(options, dir, "out", 1);
  EXPECT_EQ(forced.summary.exit_status, kExitOk);
  EXPECT_EQ(forced.files.at("2.pgn"), kGameD + "\n" + kGameE + "\n");
}

TEST(RunSplit, UsageErrorsReadNothing) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const auto misuse = [&dir](SplitOptions options) {
    options.inputs = {kSample};
    const Outcome r = split(options, dir, "out", 1);
    EXPECT_FALSE(r.summary.ran);
    EXPECT_EQ(r.summary.exit_status, kExitUsage);
    EXPECT_TRUE(r.files.empty());
    return r.console.messages;
  };
  SplitOptions two_modes;
  two_modes.games = 3;
  two_modes.by = "Event";
  two_modes.pattern = "{Event}.pgn";
  EXPECT_EQ(misuse(two_modes),
            std::vector<std::string>{"split: give exactly one of --games, --bytes, --by"});
  SplitOptions no_number;
  no_number.games = 3;
  no_number.pattern = "x.pgn";
  EXPECT_EQ(misuse(no_number),
            std::vector<std::string>{"split: -o '" + (dir / "out" / "x.pgn").string() +
                                     "': the pattern needs exactly one %d (or %0Nd) or one "
                                     "{TAG}"});
  SplitOptions tag_without_by;
  tag_without_by.games = 3;
  tag_without_by.pattern = "{Site}.pgn";
  EXPECT_EQ(misuse(tag_without_by),
            std::vector<std::string>{"split: {Site} in the -o pattern needs --by Site"});
  SplitOptions bad_size;
  bad_size.bytes = "10Q";
  bad_size.pattern = "%d.pgn";
  EXPECT_EQ(
      misuse(bad_size),
      std::vector<std::string>{"split: --bytes: expected a size such as 1000000, 64K, 10M or 2G"});
}

}  // namespace
}  // namespace pgnkit::commands::split_test

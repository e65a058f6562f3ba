// One reader maps a plain file into memory (PGNKIT_MAP_FILES, on by default) or reads it
// through read(2) (PGNKIT_MAP_FILES=0): the same stdout, stderr and exit status for every
// command on every fixture, for a --range shard and for index, and a mapped read holds about
// the reader's window in memory, not the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "pipeline/cli_compare.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

using namespace pipeline_cli;

const std::vector<std::vector<std::string>> kCommands = {
    {"check", "-j", "1", "--format", "ndjson"},
    {"status", "-j", "1", "--format", "csv"},
    {"annotate", "-j", "1", "--fix-results", "--end-tags"},
    {"convert", "-j", "1", "--to", "ndjson"},
    {"select", "-j", "1", "--result", "1-0"},
    {"dedup", "-j", "1"},
    {"stats", "-j", "1", "--format", "json"},
    {"index", "--shard-size", "2000"},
};

class MappedCli : public pipeline_cli::CliThreadsTest {
 protected:
  // args run mapped (the default) and read: the same output and status. Returns the runs.
  std::pair<ChildRun, ChildRun> expect_same_read(const std::vector<std::string>& args,
                                                 const ChildIo& io = {}) {
    const ChildRun mapped = testing::run_pgnkit(dir, args, {}, io);
    const ChildRun read = testing::run_pgnkit(dir, args, {"PGNKIT_MAP_FILES=0"}, io);
    std::string what;
    for (const std::string& a : args) what += a + " ";
    EXPECT_EQ(mapped.signal, 0) << what << mapped.err;
    EXPECT_EQ(mapped.status, read.status) << what << mapped.err;
    EXPECT_TRUE(mapped.out == read.out) << what << ": stdout differs (" << mapped.out.size()
                                        << " vs " << read.out.size() << " bytes)";
    EXPECT_EQ(testing::mask_timings(mapped.err), testing::mask_timings(read.err)) << what;
    return {mapped, read};
  }
};

TEST_F(MappedCli, EveryCommandOnEveryFixtureGivesTheReadOutput) {
  const std::vector<std::string> files = pgn_fixtures();
  ASSERT_GE(files.size(), 10u);
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (std::vector<std::string> args : testing::in_turn_when_sanitized(kCommands, i)) {
      args.push_back(files[i]);
      expect_same_read(args);
    }
  }
}

// Several files at once, a missing one among them; a --range shard from the middle of a file.
TEST_F(MappedCli, SeveralFilesAndAShardGiveTheReadOutput) {
  const std::string sample = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const auto [mapped, read] = expect_same_read(
      {"check", "-j", "1", sample, dir.file("empty.pgn", ""), "missing.pgn", broken, sample});
  EXPECT_EQ(mapped.status, 2);
  EXPECT_NE(mapped.err.find("missing.pgn"), std::string::npos);
  const ChildRun plan = testing::run_pgnkit(dir, {"index", "--shards", "3", sample}, {});
  ASSERT_EQ(plan.status, 0) << plan.err;
  ASSERT_EQ(std::count(plan.out.begin(), plan.out.end(), '\n'), 3);
  const std::string::size_type at = plan.out.find("\"start\":", plan.out.find('\n'));
  const std::string start = plan.out.substr(at + 8, plan.out.find(',', at) - at - 8);
  ASSERT_GT(std::stoul(start), 0u);
  const auto [shard, shard_read] = expect_same_read(
      {"status", "--format", "ndjson", "--range", start + ":" + std::to_string(1 << 30), sample});
  EXPECT_EQ(shard.status, 0) << shard.err;
  EXPECT_GT(std::count(shard.out.begin(), shard.out.end(), '\n'), 10);
}

// Stdin redirected from a file is a regular file too: mapped from where it stands, and given
// twice it is read once.
TEST_F(MappedCli, StdinFromAFileGivesTheReadOutput) {
  ChildIo io;
  io.in = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  const auto [once, once_read] = expect_same_read({"status", "-j", "1", "-"}, io);
  const auto [twice, twice_read] = expect_same_read({"status", "-j", "1", "-", "-"}, io);
  EXPECT_EQ(once.status, 0) << once.err;
  EXPECT_TRUE(twice.out == once.out);
}

// 48 MiB at one thread: the pages behind the reader are given back, so the peak RSS of a
// mapped read stays near that of a read one.
TEST_F(MappedCli, MemoryStaysBounded) {
  const std::string sample = testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn");
  std::string big;
  while (big.size() < (std::size_t{48} << 20)) big += sample;
  const std::string file = dir.file("big.pgn", big);
  big.clear();
  big.shrink_to_fit();
  const auto [mapped, read] = expect_same_read({"check", "-j", "1", "--quiet", file});
  std::printf("    48 MiB -j 1: peak RSS mapped %ld KiB, read %ld KiB\n", mapped.max_rss_kib,
              read.max_rss_kib);
#if !defined(PGNKIT_TEST_SANITIZED) && !defined(__SANITIZE_THREAD__)
  EXPECT_LT(mapped.max_rss_kib, read.max_rss_kib + long{8} * 1024);
#endif
}

}  // namespace
}  // namespace pgnkit

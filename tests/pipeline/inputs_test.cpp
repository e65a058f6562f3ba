// Several inputs at once: with N threads up to N of them are opened, decoded and split at
// the same time (each .zst on its own decoder thread), and merged in argument order. The
// output must be the one-thread output byte for byte, an unopenable file and a truncated
// .zst in the middle included (same messages in the same place, same status), and memory
// must stay bounded however many big inputs are given.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "io/zstd_frames.h"
#include "pipeline/cli_compare.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace pipeline_cli;

std::string repeated(const std::string& path, int times) {
  const std::string text = testing::read_file(path);
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

class SeveralInputs : public pipeline_cli::CliThreadsTest {};

TEST_F(SeveralInputs, MixedZstdAndPlainGiveTheOneThreadOutput) {
  const std::string sample = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::string truncated = PGNKIT_SOURCE_DIR "/tests/data/check/truncated.pgn.zst";
  const std::string broken_zst =
      dir.file("broken5.pgn.zst", io::test::compress(repeated(broken, 5), 1));
  const std::string sample_zst =
      dir.file("sample.pgn.zst", io::test::compress(testing::read_file(sample), 1));
  const std::string famous_zst =
      dir.file("famous.pgn.zst",
               io::test::compress(testing::read_file(PGNKIT_SOURCE_DIR "/data/famous.pgn")));
  // Plain and .zst alternate; a missing file, a directory and a truncated .zst in between.
  const std::vector<std::string> files = {
      sample,     broken_zst, "missing.pgn", famous_zst,
      truncated,  broken,     sample_zst,    PGNKIT_SOURCE_DIR "/data",
      broken_zst, truncated,  sample};
  const std::vector<std::vector<std::string>> commands = {
      {"check", "--format", "ndjson"},
      {"status", "--format", "csv"},
      {"convert", "--to", "ndjson"},
      {"annotate", "--fix-results"},
  };
  std::uint64_t open_at_once = 0;
  for (const std::vector<std::string>& cmd : commands) {
    std::vector<std::string> args = cmd;
    args.insert(args.end(), files.begin(), files.end());
    SCOPED_TRACE(cmd[0]);
    const PipelineStats s = expect_same(dir, args, 500, {2, 3, 8});
    EXPECT_GT(s.speculative, 100u);
    open_at_once = std::max(open_at_once, s.open_inputs);
  }
  EXPECT_GE(open_at_once, 2u);  // the inputs really were split in parallel
  // The I/O messages in argument order, and the status of an I/O error.
  const CliRun r = run(dir, {"check", sample, "missing.pgn", truncated, broken_zst}, 8, 500);
  EXPECT_EQ(r.child.status, 2);
  const std::size_t missing = r.err.find("pgnkit: missing.pgn: ");
  const std::size_t cut = r.err.find("truncated.pgn.zst: the input ended inside a zstd frame");
  ASSERT_NE(missing, std::string::npos) << r.err;
  ASSERT_NE(cut, std::string::npos) << r.err;
  EXPECT_LT(missing, cut);
  // The input after them is read too (its diagnostics go to stdout).
  EXPECT_NE(r.child.out.find("broken5.pgn.zst:"), std::string::npos);
}

// Stdin given twice is one stream: read to its end once, then empty, as with one thread.
TEST_F(SeveralInputs, StdinTwiceIsReadOnce) {
  ChildIo io;
  io.in = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::string sample = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  expect_same(dir, {"check", "-", sample, "-"}, 400, {2, 3, 8}, io);
  expect_same(dir, {"status", "--format", "ndjson", "-", "-"}, 400, {2, 8}, io);
}

// Six inputs of 8 MiB (half of them .zst) at -j 8: six open at once at most, the one-thread
// output, and a peak RSS well under the 48 MiB target of one input.
TEST_F(SeveralInputs, MemoryStaysBoundedWithManyBigInputs) {
  const std::string sample = testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn");
  std::string big;
  while (big.size() < (std::size_t{8} << 20)) big += sample;
  std::vector<std::string> args = {"check", "-q"};
  for (int i = 0; i < 6; ++i) {
    const std::string name = "big" + std::to_string(i) + ".pgn";
    args.push_back(i % 2 == 0 ? dir.file(name, big)
                              : dir.file(name + ".zst", io::test::compress(big, 1)));
  }
  big.clear();
  big.shrink_to_fit();
  const CliRun one = run(dir, args, 1, std::size_t{1} << 19);
  const CliRun many = run(dir, args, 8, std::size_t{1} << 19);
  EXPECT_EQ(many.child.status, one.child.status);
  EXPECT_EQ(many.err, one.err);
  EXPECT_TRUE(many.child.out == one.child.out);
  EXPECT_GE(many.stats.open_inputs, 2u);
  EXPECT_LE(many.stats.open_inputs, 6u);
  std::printf("    6 x 8 MiB -j 8: peak RSS %ld KiB (-j 1: %ld), %llu inputs open at once\n",
              many.child.max_rss_kib, one.child.max_rss_kib,
              static_cast<unsigned long long>(many.stats.open_inputs));
// PGNKIT_TEST_SANITIZED: ASan with clang too, which has no __SANITIZE_ADDRESS__.
#if !defined(PGNKIT_TEST_SANITIZED) && !defined(__SANITIZE_THREAD__)
  EXPECT_LT(many.child.max_rss_kib, 64 * 1024);
#endif
}

}  // namespace
}  // namespace pgnkit

// A failed write to stdout ends every command the same way, whatever -j: the message
// "pgnkit: <stdout>: write error: <why>" on stderr, exit status 2, and nothing else that the
// run had to say on stderr lost (the diagnostics and the summary of a run into a file, with
// the message before the summary). Into /dev/full (ENOSPC), into a closed pipe with SIGPIPE
// ignored (EPIPE), and into a closed pipe with SIGPIPE at its default (killed by it, as with
// one thread).
#include <gtest/gtest.h>

#include <signal.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/timings.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using testing::ChildIo;
using testing::ChildRun;
using testing::TempDir;

const std::string kBroken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
const std::string kSample = PGNKIT_SOURCE_DIR "/data/sample.pgn";

struct Command {
  std::vector<std::string> args;
  bool threads = true;  // takes -j
};

// Every command and format that writes to stdout.
std::vector<Command> commands(const std::string& baseline) {
  return {
      {{"check", kBroken}},
      {{"check", "--format", "ndjson", "--strict", kBroken}},
      {{"check", "--format", "sarif", kBroken}},
      {{"check", "--format", "github", kBroken}},
      {{"check", "--format", "gitlab", kBroken}},
      {{"check", "--select", "illegal,end", "--ignore", "pinned_piece", kBroken}},
      {{"check", "--baseline", baseline, "--format", "sarif", kBroken, kSample}},
      {{"check", "--write-baseline", baseline + ".new", kBroken}},
      {{"status", kBroken}},
      {{"status", "--format", "csv", kBroken}},
      {{"status", "--format", "ndjson", kSample}},
      {{"status", "--summary", kBroken}},
      {{"status", "--eco", "--format", "csv", kSample}},
      {{"annotate", "--fix-results", kBroken}},
      {{"convert", "--to", "ndjson", kBroken}},
      {{"convert", "--to", "epd", kSample}},
      {{"select", "--result", "1-0", kSample}, false},
      {{"dedup", kSample}, false},
      {{"index", kSample}, false},
      {{"perft", "3"}, false},
      {{"perft", "--suite", PGNKIT_SOURCE_DIR "/data/perft/standard.epd", "--max-depth", "2"},
       false},
      {{"check", "--list-codes"}, false},
      {{"--version"}, false},
      {{"check", "--help"}, false},
  };
}

std::string describe(const std::vector<std::string>& args) {
  std::string s;
  for (const std::string& a : args) s += a + " ";
  return s;
}

// The stderr of a run into a file with `message` inserted where the failure is reported:
// before the summary line (the first that starts with a count: "39 games, ...", "6
// positions, ..."), else at the end.
std::string expected_err(const std::string& ok_err, const std::string& message) {
  for (std::size_t at = 0; at < ok_err.size(); at = ok_err.find('\n', at) + 1) {
    if (ok_err[at] >= '0' && ok_err[at] <= '9')
      return ok_err.substr(0, at) + message + ok_err.substr(at);
    if (ok_err.find('\n', at) == std::string::npos) break;
  }
  return ok_err + message;
}

class WriteErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir.ok());
    baseline = (dir / "known.txt").string();
    // A baseline of part of broken.pgn's problems: some suppressed, some new.
    const ChildRun r = testing::run_pgnkit(
        dir, {"check", "--select", "illegal", "--write-baseline", baseline, kBroken});
    ASSERT_EQ(r.status, 0) << r.err;
  }

  // Runs every command with -j 1 and -j 8 (where it takes -j) into `io` and checks that it
  // ends with `message` and status 2, its other stderr as into a file.
  void expect_write_error(const ChildIo& io, const std::string& message) {
    for (const Command& c : commands(baseline)) {
      for (const unsigned threads : {1u, 8u}) {
        if (!c.threads && threads > 1) continue;
        std::vector<std::string> args = c.args;
        if (c.threads) args.insert(args.begin() + 1, {"-j", std::to_string(threads)});
        const std::vector<std::string> env = {"PGNKIT_CHUNK_SIZE=400"};
        const ChildRun ok = testing::run_pgnkit(dir, args, env);
        const ChildRun bad = testing::run_pgnkit(dir, args, env, io);
        const std::string what = describe(args);
        ASSERT_NE(ok.status, -1) << what;
        EXPECT_FALSE(ok.out.empty()) << what;  // it does write to stdout
        EXPECT_EQ(bad.signal, 0) << what;
        EXPECT_EQ(bad.status, 2) << what << "\n" << bad.err;
        EXPECT_EQ(testing::mask_timings(bad.err),
                  testing::mask_timings(expected_err(ok.err, message)))
            << what;
      }
    }
  }

  TempDir dir;
  std::string baseline;
};

TEST_F(WriteErrors, FullDiskEndsEveryCommandWithTheMessageAndStatus2) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  ChildIo io;
  io.out = "/dev/full";
  expect_write_error(io, "pgnkit: <stdout>: write error: No space left on device\n");
}

TEST_F(WriteErrors, ClosedPipeWithSigpipeIgnoredIsAWriteError) {
  ChildIo io;
  io.close_stdout = true;
  io.ignore_sigpipe = true;
  expect_write_error(io, "pgnkit: <stdout>: write error: Broken pipe\n");
}

// SIGPIPE at its default: the first write kills the process, with any -j.
TEST_F(WriteErrors, ClosedPipeKillsAsWithOneThread) {
  ChildIo io;
  io.close_stdout = true;
  for (const Command& c : commands(baseline)) {
    if (!c.threads) continue;
    std::vector<std::string> args = c.args;
    args.insert(args.begin() + 1, {"-j", "1"});
    const ChildRun one = testing::run_pgnkit(dir, args, {"PGNKIT_CHUNK_SIZE=400"}, io);
    args[2] = "8";
    const ChildRun many = testing::run_pgnkit(dir, args, {"PGNKIT_CHUNK_SIZE=400"}, io);
    EXPECT_EQ(one.signal, SIGPIPE) << describe(args);
    EXPECT_EQ(many.signal, one.signal) << describe(args);
    EXPECT_EQ(many.status, one.status) << describe(args);
  }
}

}  // namespace
}  // namespace pgnkit

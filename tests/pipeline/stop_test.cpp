// When the merger is done early, a splitter stuck on a silent input must not keep the run
// alive. `check --max-errors 1 broken.pgn -` with one thread stops before stdin and never
// reads it; with N threads stdin is opened (and sniffed) in parallel, and its splitter
// blocks in read(2) on a pipe whose writer neither writes nor closes. The run must end all
// the same, with the one-thread output; and a closed stdout (SIGPIPE, or EPIPE when SIGPIPE
// is ignored) must end it as it ends one thread. The child is killed after a generous guard
// time: only so that a regression fails instead of hanging the suite, never a measurement.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/timings.h"

namespace pgnkit {
namespace {

using testing::TempDir;

constexpr auto kGuard = std::chrono::seconds(60);

using Exit = testing::ChildRun;  // hung: still running after kGuard (then killed)

enum class Stdout { File, ClosedPipe };

// Runs pgnkit with args; stdin is the read end of a pipe whose write end this process
// holds open, silent after `prefix`, until the child has exited.
Exit run_with_silent_stdin(const TempDir& dir, const std::vector<std::string>& args,
                           Stdout out_mode, bool ignore_sigpipe, const std::string& prefix = "") {
  int in_pipe[2];
  // Close-on-exec: the child has the reader as its stdin and no writer; only this process does.
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) return {};
  Exit e;
  // Written before the child exists (the pipe holds it): a child that exits at once
  // cannot make this write raise SIGPIPE here.
  if (prefix.empty() || ::write(in_pipe[1], prefix.data(), prefix.size()) >= 0) {
    testing::ChildIo io;
    io.in_fd = in_pipe[0];
    io.close_stdout = out_mode == Stdout::ClosedPipe;
    io.ignore_sigpipe = ignore_sigpipe;
    io.limit = kGuard;
    e = testing::run_pgnkit(dir, args, {}, io);
    e.err = testing::mask_timings(e.err);
  }
  ::close(in_pipe[0]);
  ::close(in_pipe[1]);
  return e;
}

class StopOnSilentInput : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(dir.ok()); }
  TempDir dir;
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
};

TEST_F(StopOnSilentInput, MaxErrorsEndsTheRunWithTheOneThreadOutput) {
  // The first 64 bytes of a .zst: stdin is then decoded on a decode-ahead thread, which is
  // the one stuck in read(2).
  const std::string zst = testing::read_file(PGNKIT_SOURCE_DIR "/tests/data/check/clean.pgn.zst");
  ASSERT_GT(zst.size(), 64u);
  for (const std::string& prefix :
       {std::string(), std::string("[Event \"x\"]\n"), zst.substr(0, 64)})
    for (const std::vector<std::string>& tail :
         {std::vector<std::string>{broken, "-"}, std::vector<std::string>{broken, broken, "-"}}) {
      std::vector<std::string> base = {"check", "--max-errors", "1"};
      base.insert(base.end(), tail.begin(), tail.end());
      std::vector<std::string> one = base;
      one.insert(one.begin() + 1, {"-j", "1"});
      const Exit expected = run_with_silent_stdin(dir, one, Stdout::File, false, prefix);
      ASSERT_FALSE(expected.hung);
      EXPECT_EQ(expected.status, 1);
      EXPECT_NE(expected.err.find("(stopped at --max-errors)"), std::string::npos) << expected.err;
      EXPECT_NE(expected.out.find("error["), std::string::npos);
      for (const char* n : {"2", "3", "8"}) {
        std::vector<std::string> many = base;
        many.insert(many.begin() + 1, {"-j", n});
        const Exit got = run_with_silent_stdin(dir, many, Stdout::File, false, prefix);
        EXPECT_FALSE(got.hung) << "-j " << n << ": still waiting for stdin";
        EXPECT_EQ(got.status, expected.status) << "-j " << n;
        EXPECT_EQ(got.out, expected.out) << "-j " << n;
        EXPECT_EQ(got.err, expected.err) << "-j " << n;
      }
    }
}

// A closed stdout while stdin is silent: killed by SIGPIPE as one thread is, or (SIGPIPE
// ignored) the write error and --max-errors end it with the status of one thread.
TEST_F(StopOnSilentInput, ClosedStdoutEndsTheRunAsWithOneThread) {
  for (const bool ignore : {false, true}) {
    SCOPED_TRACE(ignore ? "SIGPIPE ignored" : "SIGPIPE default");
    const std::vector<std::string> args = {"check", "--max-errors", "1", broken, "-"};
    std::vector<std::string> one = args, many = args;
    one.insert(one.begin() + 1, {"-j", "1"});
    many.insert(many.begin() + 1, {"-j", "4"});
    const Exit expected = run_with_silent_stdin(dir, one, Stdout::ClosedPipe, ignore);
    const Exit got = run_with_silent_stdin(dir, many, Stdout::ClosedPipe, ignore);
    ASSERT_FALSE(expected.hung);
    EXPECT_FALSE(got.hung);
    EXPECT_EQ(got.signal, expected.signal);
    EXPECT_EQ(got.status, expected.status);
    if (!ignore) {
      EXPECT_EQ(expected.signal, SIGPIPE);
    }
    EXPECT_EQ(got.err, expected.err);
  }
}

}  // namespace
}  // namespace pgnkit

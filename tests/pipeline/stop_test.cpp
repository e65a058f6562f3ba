// When the merger is done early, a splitter stuck on a silent input must not keep the run
// alive. `check --max-errors 1 broken.pgn -` with one thread stops before stdin and never
// reads it; with N threads stdin is opened (and sniffed) in parallel, and its splitter
// blocks in read(2) on a pipe whose writer neither writes nor closes. The run must end all
// the same, with the one-thread output; and a closed stdout (SIGPIPE, or EPIPE when SIGPIPE
// is ignored) must end it as it ends one thread. The child is killed after a generous guard
// time: only so that a regression fails instead of hanging the suite, never a measurement.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "support/files.h"
#include "support/timings.h"

extern char** environ;

namespace pgnkit {
namespace {

using testing::TempDir;

constexpr auto kGuard = std::chrono::seconds(60);

struct Exit {
  bool hung = false;  // still running after kGuard (then killed)
  int status = -1;    // exit status, or -1 when a signal ended it
  int signal = 0;
  std::string out, err;
};

enum class Stdout { File, ClosedPipe };

// Runs pgnkit with args; stdin is the read end of a pipe whose write end this process
// holds open, silent after `prefix`, until the child has exited.
Exit run_with_silent_stdin(const TempDir& dir, std::vector<std::string> args, Stdout out_mode,
                           bool ignore_sigpipe, const std::string& prefix = "") {
  Exit e;
  const std::string out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  args.insert(args.begin(), PGNKIT_BINARY);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int in_pipe[2], out_pipe[2] = {-1, -1};
  if (::pipe(in_pipe) != 0) return e;
  if (out_mode == Stdout::ClosedPipe && ::pipe(out_pipe) != 0) return e;
  if (out_pipe[0] >= 0) ::close(out_pipe[0]);  // no reader: the first write fails
  // Written before the child exists (the pipe holds it): a child that exits at once
  // cannot make this write raise SIGPIPE here.
  if (!prefix.empty() && ::write(in_pipe[1], prefix.data(), prefix.size()) < 0) return e;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGPIPE, ignore_sigpipe ? SIG_IGN : SIG_DFL);
    ::setenv("NO_COLOR", "1", 1);
    const int o =
        out_pipe[1] >= 0 ? out_pipe[1] : ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int er = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || er < 0 || ::dup2(in_pipe[0], 0) < 0 || ::dup2(o, 1) < 0 || ::dup2(er, 2) < 0)
      ::_exit(126);
    ::close(in_pipe[1]);  // only the parent holds the writer
    ::execve(argv[0], argv.data(), environ);
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  if (out_pipe[1] >= 0) ::close(out_pipe[1]);
  int wstatus = 0;
  const auto deadline = std::chrono::steady_clock::now() + kGuard;
  for (;;) {
    const pid_t done = ::waitpid(pid, &wstatus, WNOHANG);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      e.hung = true;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &wstatus, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::close(in_pipe[1]);
  if (!e.hung && WIFEXITED(wstatus)) e.status = WEXITSTATUS(wstatus);
  if (!e.hung && WIFSIGNALED(wstatus)) e.signal = WTERMSIG(wstatus);
  if (out_mode == Stdout::File) e.out = testing::read_file(out);
  e.err = testing::mask_timings(testing::read_file(err));
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

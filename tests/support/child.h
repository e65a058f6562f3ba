// Runs the pgnkit binary as a child process: arguments, extra environment, stdin from a
// file, stdout and stderr captured to files, exit status or signal, peak RSS (wait4).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "support/files.h"

extern char** environ;

namespace pgnkit::testing {

struct ChildRun {
  int status = -1;  // exit status, or -1 if killed by a signal
  int signal = 0;
  long max_rss_kib = 0;
  std::string out, err;
};

struct ChildIo {
  std::string in = "/dev/null";  // stdin
  std::string out;               // stdout file, not read back ("": a file in dir, read)
  bool close_stdout = false;     // stdout is a pipe whose reader has gone (EPIPE / SIGPIPE)
  bool ignore_sigpipe = false;   // the child starts with SIGPIPE ignored: writes fail with EPIPE
};

// Runs PGNKIT_BINARY with args; env entries ("NAME=value") are added to this environment
// (NO_COLOR=1 always). Output files live in dir.
inline ChildRun run_pgnkit(const TempDir& dir, const std::vector<std::string>& args,
                           const std::vector<std::string>& env = {}, const ChildIo& io = {}) {
  ChildRun r;
  const std::string out = io.out.empty() ? (dir / "stdout.txt").string() : io.out;
  const std::string err = (dir / "stderr.txt").string();
  std::vector<std::string> argv_s = {PGNKIT_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s = {"NO_COLOR=1"};
  env_s.insert(env_s.end(), env.begin(), env.end());
  for (char** e = environ; *e; ++e) env_s.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  int pipe_fds[2] = {-1, -1};
  if (io.close_stdout) {
    if (::pipe(pipe_fds) != 0) return r;
    ::close(pipe_fds[0]);  // no reader, before the child exists: its first write fails
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGPIPE, io.ignore_sigpipe ? SIG_IGN : SIG_DFL);  // kept across execve
    const int in = ::open(io.in.c_str(), O_RDONLY);
    const int o =
        io.close_stdout ? pipe_fds[1] : ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0 || ::dup2(in, 0) < 0 || ::dup2(o, 1) < 0 || ::dup2(e, 2) < 0)
      ::_exit(126);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  if (io.close_stdout) ::close(pipe_fds[1]);
  int wstatus = 0;
  struct rusage ru {};
  while (::wait4(pid, &wstatus, 0, &ru) < 0 && errno == EINTR) {
  }
  r.max_rss_kib = ru.ru_maxrss;
  if (WIFEXITED(wstatus)) r.status = WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) r.signal = WTERMSIG(wstatus);
  if (!io.close_stdout && io.out.empty()) r.out = read_file(out);  // not /dev/full
  r.err = read_file(err);
  return r;
}

}  // namespace pgnkit::testing

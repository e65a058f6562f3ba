// Runs a program as a child process (the one place the tests fork and exec): arguments, extra
// environment, stdin from a file or a descriptor, stdout and stderr captured to files, exit
// status or signal, peak RSS (wait4), wall time, and a time limit after which it is killed.
// run_pgnkit() runs the pgnkit binary (run_pgnkit_line() through bash); run_shell() a /bin/sh
// command line.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "support/files.h"

extern char** environ;

namespace pgnkit::testing {

struct ChildRun {
  int status = -1;  // exit status, or -1 if killed by a signal
  int signal = 0;
  bool hung = false;  // still running after ChildIo::limit, then killed (signal SIGKILL)
  long max_rss_kib = 0;
  double seconds = 0;  // wall time from fork to exit
  std::string out, err;
};

struct ChildIo {
  std::string in = "/dev/null";  // stdin
  int in_fd = -1;                // stdin from this descriptor instead (the caller keeps it)
  std::string out;               // stdout file, not read back ("": a file in dir, read)
  bool close_stdout = false;     // stdout is a pipe whose reader has gone (EPIPE / SIGPIPE)
  bool ignore_sigpipe = false;   // the child starts with SIGPIPE ignored: writes fail with EPIPE
  std::chrono::milliseconds limit{0};  // > 0: killed when still running after this long
};

// Runs argv (argv[0] a path: no PATH search); env entries ("NAME=value") come before this
// process's environment, so they win. Output files live in dir. A child that could not set
// up its descriptors exits with 126, one that could not be executed with 127.
inline ChildRun run(const TempDir& dir, std::vector<std::string> argv_s,
                    const std::vector<std::string>& env = {}, const ChildIo& io = {}) {
  ChildRun r;
  const std::string out = io.out.empty() ? (dir / "stdout.txt").string() : io.out;
  const std::string err = (dir / "stderr.txt").string();
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s = env;
  for (char** e = environ; *e; ++e) env_s.emplace_back(*e);
  std::vector<char*> envp;
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  int pipe_fds[2] = {-1, -1};
  if (io.close_stdout) {
    if (::pipe(pipe_fds) != 0) return r;
    ::close(pipe_fds[0]);  // no reader, before the child exists: its first write fails
  }
  // fork + execve rather than posix_spawn: a vfork-style spawn shares this process's memory
  // until exec, and the kernel then counts this process's high-water mark in the child's
  // ru_maxrss. After fork the child starts from this process's current RSS (a few MiB).
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGPIPE, io.ignore_sigpipe ? SIG_IGN : SIG_DFL);  // kept across execve
    const int in = io.in_fd >= 0 ? io.in_fd : ::open(io.in.c_str(), O_RDONLY);
    const int o =
        io.close_stdout ? pipe_fds[1] : ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0 || ::dup2(in, 0) < 0 || ::dup2(o, 1) < 0 || ::dup2(e, 2) < 0)
      ::_exit(126);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  if (io.close_stdout) ::close(pipe_fds[1]);
  if (pid < 0) return r;
  int wstatus = 0;
  struct rusage ru {};
  const int options = io.limit.count() > 0 ? WNOHANG : 0;
  for (;;) {
    const pid_t w = ::wait4(pid, &wstatus, options, &ru);
    if (w == pid || (w < 0 && errno != EINTR)) break;
    if (w == 0 && std::chrono::steady_clock::now() - t0 > io.limit) {
      ::kill(pid, SIGKILL);
      while (::wait4(pid, &wstatus, 0, &ru) < 0 && errno == EINTR) {
      }
      r.hung = true;
      break;
    }
    if (w == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.max_rss_kib = ru.ru_maxrss;  // KiB on Linux
  if (WIFEXITED(wstatus)) r.status = WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) r.signal = WTERMSIG(wstatus);
  if (!io.close_stdout && io.out.empty()) r.out = read_file(out);  // not /dev/full
  r.err = read_file(err);
  return r;
}

#ifdef PGNKIT_BINARY  // defined by the test targets that run pgnkit
// Runs PGNKIT_BINARY with args, NO_COLOR=1 in its environment.
inline ChildRun run_pgnkit(const TempDir& dir, const std::vector<std::string>& args,
                           const std::vector<std::string>& env = {}, const ChildIo& io = {}) {
  std::vector<std::string> argv = {PGNKIT_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<std::string> env_s = {"NO_COLOR=1"};
  env_s.insert(env_s.end(), env.begin(), env.end());
  return run(dir, argv, env_s, io);
}

// Runs `pgnkit ARGS` through bash, ARGS as bash reads them (quotes, globs), from directory
// `cwd` ("": this one), after `env` ("NAME=value ...", as bash reads it); NO_COLOR=1.
inline ChildRun run_pgnkit_line(const std::string& args, const std::string& cwd = "",
                                const std::string& env = "", const ChildIo& io = {}) {
  const TempDir dir;
  const std::string cd = cwd.empty() ? "" : "cd '" + cwd + "' && ";
  return run(dir, {"/bin/bash", "-c", cd + env + " '" PGNKIT_BINARY "' " + args}, {"NO_COLOR=1"},
             io);
}
#endif

// Runs `/bin/sh -c command` (stdin /dev/null) in a temporary directory of its own.
inline ChildRun run_shell(const std::string& command) {
  const TempDir dir;
  return run(dir, {"/bin/sh", "-c", command});
}

}  // namespace pgnkit::testing

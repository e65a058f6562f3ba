#include "engine/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace pgnkit::engine {
namespace {

constexpr std::size_t kMaxLine = std::size_t{1} << 20;

}  // namespace

EngineProcess::~EngineProcess() {
  kill();
}

bool EngineProcess::start(const std::string& path, std::string* why) {
  kill();
  // One socket pair for the child's stdin and stdout: a socket can be written with
  // MSG_NOSIGNAL, so an engine that died costs an error, not this process's SIGPIPE.
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    if (why) *why = std::string("cannot create a socket pair: ") + std::strerror(errno);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // The child gets the default SIGPIPE, whatever this process does with it.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  std::string arg0 = path;
  char* argv[] = {arg0.data(), nullptr};
  pid_t pid = -1;
  // posix_spawnp: a name without a slash is looked up on the PATH.
  const int rc = posix_spawnp(&pid, path.c_str(), &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    if (why) *why = std::strerror(rc);
    return false;
  }
  pid_ = pid;
  to_child_ = fds[0];
  from_child_ = fds[0];
  buffer_.clear();
  scanned_ = 0;
  return true;
}

bool EngineProcess::send(std::string_view line) {
  if (pid_ <= 0) return false;
  std::string text(line);
  text += '\n';
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::send(to_child_, p, left, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

ReadStatus EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    const auto end =
        std::find(buffer_.begin() + static_cast<std::ptrdiff_t>(scanned_), buffer_.end(), '\n');
    if (end != buffer_.end() || buffer_.size() >= kMaxLine) {
      const auto length = static_cast<std::size_t>(end - buffer_.begin());
      line.assign(buffer_, 0, length);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, end == buffer_.end() ? length : length + 1);
      scanned_ = 0;
      return ReadStatus::Line;
    }
    scanned_ = buffer_.size();
    if (pid_ <= 0) return ReadStatus::Closed;
    const auto now = Clock::now();
    if (now >= deadline) return ReadStatus::Timeout;
    const auto wait =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
    pollfd pfd{from_child_, POLLIN, 0};
    const int ready = poll(&pfd, 1, static_cast<int>(std::min<long long>(wait, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return ReadStatus::Timeout;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // The rest of a last line without its line feed is not an answer: the process ended.
      return ReadStatus::Closed;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void EngineProcess::ask_to_quit() {
  if (pid_ <= 0) return;
  send("quit");
  ::shutdown(to_child_, SHUT_WR);  // and end of input, for an engine that reads to its end
}

void EngineProcess::end(Clock::time_point deadline) {
  while (pid_ > 0) {
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      pid_ = -1;  // exited (or not ours to wait for): nothing to kill
      break;
    }
    if (Clock::now() >= deadline) break;
    ::usleep(2000);
  }
  kill();  // kills what still runs, and closes the socket either way
}

void EngineProcess::kill() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
  if (to_child_ >= 0) close(to_child_);
  to_child_ = from_child_ = -1;
  buffer_.clear();
  scanned_ = 0;
}

}  // namespace pgnkit::engine

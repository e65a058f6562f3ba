// A child process spoken to by lines: an engine's standard input and output as pipes. Reads
// wait with a deadline, so a process that stops answering cannot hang its caller.
//
//   EngineProcess p;
//   if (!p.start("/usr/games/stockfish", &why)) ...;
//   p.send("uci");
//   std::string line;
//   while (p.read_line(line, deadline) == ReadStatus::Line) ...;
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>

namespace pgnkit::engine {

enum class ReadStatus : unsigned char {
  Line,     // a whole line, without its line feed (and carriage return)
  Timeout,  // nothing more before the deadline
  Closed,   // the process closed its output (exited or crashed)
};

using Clock = std::chrono::steady_clock;

class EngineProcess {
 public:
  EngineProcess() = default;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess();  // kills the process if it still runs

  // Starts `path` with no arguments, its standard error to /dev/null. False (and `why`) when
  // it cannot be started: no such file, not executable.
  bool start(const std::string& path, std::string* why);
  bool running() const { return pid_ > 0; }

  // Writes `line` and a line feed. False when the process no longer reads (it exited).
  bool send(std::string_view line);
  // The next line of the process's output, waiting until `deadline` at most. A line longer
  // than 1 MiB is cut there (the rest is read as the next line): memory stays bounded.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);

  // Ends the process: SIGKILL, then waits for it. Idempotent.
  void kill();
  // Ends it politely: "quit" and the end of its input now (ask_to_quit), then waits until
  // `deadline` for it to exit and kills it only if it has not (end). Several processes are
  // asked first and waited for after, so that they exit side by side.
  void ask_to_quit();
  void end(Clock::time_point deadline);

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;    // its stdin
  int from_child_ = -1;  // its stdout
  std::string buffer_;   // read but not yet returned
  std::size_t scanned_ = 0;
};

}  // namespace pgnkit::engine

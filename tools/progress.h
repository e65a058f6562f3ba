// The progress line of long runs, the way pv and zstd -v show theirs: one line on stderr,
// redrawn a few times a second and cleared at the end, with the bytes read (of the total, a
// percentage and an ETA when the inputs' sizes are known), the games, and the current rate.
//
// Shown when stderr is a terminal and the run has lasted about a second (--progress shows it
// whatever stderr is, --no-progress never). The bytes are those read from the inputs as stored
// (compressed bytes for .zst, so that the total is the files' sizes), counted by io::Source
// through SourceOptions::bytes_read; the command reports its games with set_games().
//
//   Progress progress(mode, input_bytes(paths));
//   auto options = io::SourceOptions{.bytes_read = progress.bytes_counter()};
//   ... progress.set_games(games) as games end ...
//   progress.before_output();   // before writing other text to the terminal
//   progress.finish();          // or the destructor: stops and clears the line
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

namespace pgnkit::tools {

enum class ProgressMode : std::uint8_t { Auto, Always, Never };

// Erases the line of the Progress alive now, if any and drawn: call it before writing other
// text to stderr or to a terminal (a message, a summary). Thread-safe.
void progress_before_output();

// Adds --progress and --no-progress to a command; they set `mode`.
void add_progress_options(CLI::App* cmd, ProgressMode& mode);

// The inputs' total size in bytes as stored, or 0 when one of them has no known size (a pipe,
// a terminal, a path that cannot be opened). "-" is stdin, whatever it is redirected from.
std::uint64_t input_bytes(const std::vector<std::string>& paths);

class Progress {
 public:
  // total_bytes: what the inputs hold (0: unknown, then no percentage or ETA). Starts the
  // drawing thread only when the line may be shown.
  Progress(ProgressMode mode, std::uint64_t total_bytes);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();

  // For io::SourceOptions::bytes_read.
  std::atomic<std::uint64_t>* bytes_counter() { return &bytes_; }
  // The games read so far (one relaxed store: cheap enough once per game).
  void set_games(std::uint64_t games) { games_.store(games, std::memory_order_relaxed); }
  // The positions an engine searched so far (analyse): the line then shows them and their
  // rate, and the ETA from the share of the input read so far.
  void set_positions(std::uint64_t positions) {
    positions_.store(positions, std::memory_order_relaxed);
    counting_positions_.store(true, std::memory_order_relaxed);
  }
  // Erases the line, if it is drawn, so that text written next starts on a clean line; the
  // next redraw puts it back.
  void before_output();
  // Stops redrawing and erases the line. Idempotent.
  void finish();

  // One progress line, without line break or escape sequences (for tests and the drawer).
  // rate: bytes per second now; elapsed: seconds since the start.
  static std::string format_line(std::uint64_t bytes, std::uint64_t total, std::uint64_t games,
                                 double rate, double elapsed);
  // The line of a run that counts positions: rate is positions per second.
  static std::string format_positions_line(std::uint64_t bytes, std::uint64_t total,
                                           std::uint64_t games, std::uint64_t positions,
                                           double rate, double elapsed);

 private:
  void run();
  void draw(double elapsed, double rate, double positions_rate);  // holds mutex_

  const std::uint64_t total_;
  std::atomic<std::uint64_t> bytes_{0};
  std::atomic<std::uint64_t> games_{0};
  std::atomic<std::uint64_t> positions_{0};
  std::atomic<bool> counting_positions_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;   // under mutex_
  bool drawn_ = false;  // a line is on the terminal now; under mutex_
  std::thread thread_;
};

}  // namespace pgnkit::tools

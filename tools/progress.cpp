#include "progress.h"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace pgnkit::tools {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kRedraw = std::chrono::milliseconds(250);

// How long a run goes before the line appears; PGNKIT_PROGRESS_DELAY_MS changes it (tests use
// 0 so that they need not run for a second).
std::chrono::milliseconds start_delay() {
  if (const char* ms = std::getenv("PGNKIT_PROGRESS_DELAY_MS")) {
    char* end = nullptr;
    const long v = std::strtol(ms, &end, 10);
    if (end != ms && *end == '\0' && v >= 0) return std::chrono::milliseconds(v);
  }
  return std::chrono::milliseconds(1000);
}

// 999 B, 12.3 kB, 412.5 MB, 1.23 GB: decimal units, as file sizes and zstd show them.
std::string human_bytes(std::uint64_t n) {
  char text[32];
  const double v = static_cast<double>(n);
  if (n < 1000) {
    std::snprintf(text, sizeof text, "%" PRIu64 " B", n);
  } else if (n < 1000ULL * 1000) {
    std::snprintf(text, sizeof text, "%.1f kB", v / 1e3);
  } else if (n < 1000ULL * 1000 * 1000) {
    std::snprintf(text, sizeof text, "%.1f MB", v / 1e6);
  } else {
    std::snprintf(text, sizeof text, "%.2f GB", v / 1e9);
  }
  return text;
}

// 1,203,113
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, 1, ',');
  return digits;
}

// 0:06, 12:34, 1:02:03
std::string clock_text(double seconds) {
  const auto s = static_cast<std::uint64_t>(std::llround(seconds));
  char text[32];
  if (s >= 3600) {
    std::snprintf(text, sizeof text, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600, s / 60 % 60,
                  s % 60);
  } else {
    std::snprintf(text, sizeof text, "%" PRIu64 ":%02" PRIu64, s / 60, s % 60);
  }
  return text;
}

// The terminal's width, or 0 when stderr is not a terminal (then the line is not cut).
std::size_t terminal_columns() {
  winsize ws{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 0;
}

void write_all(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
    if (n <= 0) return;  // a progress line is not worth an error of its own
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

constexpr std::string_view kErase = "\r\033[K";

// The Progress of this run: one at a time, as there is one terminal.
std::atomic<Progress*> active{nullptr};

}  // namespace

void progress_before_output() {
  if (Progress* p = active.load(std::memory_order_acquire)) p->before_output();
}

void add_progress_options(CLI::App* cmd, ProgressMode& mode) {
  cmd->add_flag_callback(
      "--progress", [&mode] { mode = ProgressMode::Always; },
      "Show the progress line on stderr even when it is not a terminal");
  cmd->add_flag_callback(
      "--no-progress", [&mode] { mode = ProgressMode::Never; },
      "Never show the progress line (default: shown on a terminal after about a second)");
}

std::uint64_t input_bytes(const std::vector<std::string>& paths) {
  std::uint64_t total = 0;
  const std::vector<std::string> stdin_only{"-"};
  for (const std::string& path : paths.empty() ? stdin_only : paths) {
    struct stat st {};
    const int rc = path == "-" ? ::fstat(STDIN_FILENO, &st) : ::stat(path.c_str(), &st);
    if (rc != 0 || !S_ISREG(st.st_mode)) return 0;
    total += static_cast<std::uint64_t>(st.st_size);
  }
  return total;
}

std::string Progress::format_line(std::uint64_t bytes, std::uint64_t total, std::uint64_t games,
                                  double rate, double elapsed) {
  std::string line = "pgnkit: " + human_bytes(bytes);
  if (total > 0) {
    const std::uint64_t shown = bytes < total ? bytes : total;
    line += " of " + human_bytes(total) + " (" + std::to_string(shown * 100 / total) + "%)";
  }
  line += ", " + grouped(games) + (games == 1 ? " game" : " games");
  line += ", " + human_bytes(static_cast<std::uint64_t>(rate)) + "/s";
  if (total > 0 && rate > 0 && bytes < total) {
    line += ", ETA " + clock_text(static_cast<double>(total - bytes) / rate);
  } else {
    line += ", " + clock_text(elapsed);
  }
  return line;
}

std::string Progress::format_positions_line(std::uint64_t bytes, std::uint64_t total,
                                            std::uint64_t games, std::uint64_t positions,
                                            double rate, double elapsed) {
  std::string line = "pgnkit: ";
  if (total > 0) {
    const std::uint64_t shown = bytes < total ? bytes : total;
    line += std::to_string(shown * 100 / total) + "% of " + human_bytes(total) + ", ";
  }
  line += grouped(games) + (games == 1 ? " game" : " games");
  line += ", " + grouped(positions) + (positions == 1 ? " position" : " positions");
  line += ", " + grouped(static_cast<std::uint64_t>(rate)) + "/s";
  // The reader runs only a few games ahead of the engines: the share read is the share done.
  if (total > 0 && bytes > 0 && bytes < total) {
    line += ", ETA " +
            clock_text(elapsed * static_cast<double>(total - bytes) / static_cast<double>(bytes));
  } else {
    line += ", " + clock_text(elapsed);
  }
  return line;
}

Progress::Progress(ProgressMode mode, std::uint64_t total_bytes) : total_(total_bytes) {
  const bool shown =
      mode == ProgressMode::Always || (mode == ProgressMode::Auto && ::isatty(STDERR_FILENO));
  if (!shown) return;
  active.store(this, std::memory_order_release);
  thread_ = std::thread([this] { run(); });
}

Progress::~Progress() {
  finish();
  Progress* self = this;
  active.compare_exchange_strong(self, nullptr, std::memory_order_acq_rel);
}

void Progress::before_output() {
  const std::lock_guard lock(mutex_);
  if (!drawn_) return;
  write_all(kErase);
  drawn_ = false;
}

void Progress::finish() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  before_output();
}

void Progress::run() {
  const Clock::time_point start = Clock::now();
  std::unique_lock lock(mutex_);
  if (wake_.wait_until(lock, start + start_delay(), [this] { return stop_; })) return;
  // The rate is smoothed over about a second, so that it neither jumps with each block read
  // nor lags a change of pace for long.
  Clock::time_point last_time = Clock::now();
  std::uint64_t last_bytes = bytes_.load(std::memory_order_relaxed);
  const double first_elapsed = std::chrono::duration<double>(last_time - start).count();
  double rate = first_elapsed > 0 ? static_cast<double>(last_bytes) / first_elapsed : 0;
  std::uint64_t last_positions = positions_.load(std::memory_order_relaxed);
  double positions_rate =
      first_elapsed > 0 ? static_cast<double>(last_positions) / first_elapsed : 0;
  for (;;) {
    draw(std::chrono::duration<double>(Clock::now() - start).count(), rate, positions_rate);
    if (wake_.wait_for(lock, kRedraw, [this] { return stop_; })) return;
    const Clock::time_point now = Clock::now();
    const std::uint64_t bytes = bytes_.load(std::memory_order_relaxed);
    const double dt = std::chrono::duration<double>(now - last_time).count();
    const std::uint64_t positions = positions_.load(std::memory_order_relaxed);
    if (dt > 0) {
      rate = 0.75 * rate + 0.25 * static_cast<double>(bytes - last_bytes) / dt;
      positions_rate =
          0.75 * positions_rate + 0.25 * static_cast<double>(positions - last_positions) / dt;
    }
    last_time = now;
    last_bytes = bytes;
    last_positions = positions;
  }
}

void Progress::draw(double elapsed, double rate, double positions_rate) {
  const std::uint64_t bytes = bytes_.load(std::memory_order_relaxed);
  const std::uint64_t games = games_.load(std::memory_order_relaxed);
  std::string line =
      counting_positions_.load(std::memory_order_relaxed)
          ? format_positions_line(bytes, total_, games, positions_.load(std::memory_order_relaxed),
                                  positions_rate, elapsed)
          : format_line(bytes, total_, games, rate, elapsed);
  if (const std::size_t columns = terminal_columns(); columns > 1 && line.size() >= columns)
    line.resize(columns - 1);  // never wrap: a wrapped line cannot be erased with \r
  write_all(std::string(kErase) + line);
  drawn_ = true;
}

}  // namespace pgnkit::tools

// Starts and ends the pipeline's threads (pipeline_state.h): the splitters and workers, the
// merger on the calling thread.
#include "pipeline/pipeline.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "pipeline/pipeline_state.h"

namespace pgnkit::pipeline {
namespace detail {
namespace {

bool streamed_input(const std::string& path) {
  if (path == "-") return true;
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
}

}  // namespace

void OutputPool::take(ChunkResult& into) {
  std::lock_guard lock(m_);
  if (free_.empty()) return;
  into.out = std::move(free_.back().out);
  into.err = std::move(free_.back().err);
  into.records = std::move(free_.back().records);
  free_.pop_back();
}

void OutputPool::give(ChunkResult& from) {
  const std::size_t records = from.records ? from.records->capacity_bytes() : 0;
  if (from.out.capacity_bytes() + from.err.capacity_bytes() + records > max_bytes_) return;
  from.out.reset();
  from.err.reset();
  if (from.records) from.records->clear();
  std::lock_guard lock(m_);
  if (free_.size() < limit_) {
    free_.push_back(Kept{std::move(from.out), std::move(from.err), std::move(from.records)});
  }
}

Pipeline::Pipeline(const std::vector<io::ListedInput>& inputs, const Job& job, Emitter& emitter,
                   const Settings& settings)
    : job_(job),
      emitter_(emitter),
      settings_(settings),
      pool_(2 * std::size_t{std::max(1u, settings.threads)} + 8),
      // An output of up to 8 chunk sizes is kept (NDJSON is about twice its PGN; a forced cut
      // makes a chunk up to 4 times the target): a rare bigger one is freed.
      outputs_(2 * std::size_t{std::max(1u, settings.threads)} + 8,
               8 * std::max<std::size_t>(settings.chunk_size, 64)),
      lanes_(inputs.size()) {
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    lanes_[i].path = inputs[i].path;
    lanes_[i].listed_error = inputs[i].error;
    lanes_[i].empty_directory = inputs[i].empty_directory;
    lanes_[i].streamed =
        !inputs[i].error && !inputs[i].empty_directory && streamed_input(inputs[i].path);
  }
  settings_.threads = std::max(1u, settings_.threads);
  settings_.chunk_size = std::max<std::size_t>(settings_.chunk_size, 64);
  open_limit_ = std::min(settings_.threads, kMaxOpenInputs);
  // Input bytes in flight (docs/threads.md). The input being merged: enough for every
  // worker to have a chunk and one waiting, and for a continuation to keep what its
  // reader's buffer may still hold (reader_buffer) plus the chunk it reads (at most
  // 4 * chunk_size, the splitter's cap), so that it can always pull the next one. The
  // inputs after it, together: enough to keep the workers busy across the switch.
  const std::size_t chunks =
      std::max<std::size_t>(2 * std::size_t{settings_.threads} + 2, 6) * settings_.chunk_size;
  budget_ = settings_.reader_buffer + kKeepSlack + chunks;
  ahead_budget_ = chunks;
}

RunStats Pipeline::run() {
  // Closing stop_pipe[1] ends the reads of inputs that may block (SourceOptions::stop_fd),
  // so that a splitter stuck on a silent stdin or pipe cannot keep the run alive once the
  // merger is done (check --max-errors stops before the next input).
  int stop_pipe[2] = {-1, -1};
  if (::pipe2(stop_pipe, O_CLOEXEC) == 0) settings_.source.stop_fd = stop_pipe[0];
  const std::size_t splitters = std::min<std::size_t>(open_limit_, lanes_.size());
  splitters_running_ = splitters;
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < splitters; ++i) threads.emplace_back([this] { split(); });
  // The merger reads chunks too while it waits (ensure_done): N readers in all.
  for (unsigned i = 1; i < settings_.threads; ++i) threads.emplace_back([this] { work(); });
  merge();
  {
    std::lock_guard lock(m_);
    stop_ = true;
  }
  work_cv_.notify_all();
  merge_cv_.notify_all();
  split_cv_.notify_all();
  if (stop_pipe[1] >= 0) ::close(stop_pipe[1]);
  for (std::thread& t : threads) t.join();
  if (stop_pipe[0] >= 0) ::close(stop_pipe[0]);
  return stats_;
}

}  // namespace detail

RunStats run(const std::vector<io::ListedInput>& inputs, const Job& job, Emitter& emitter,
             const Settings& settings) {
  return detail::Pipeline(inputs, job, emitter, settings).run();
}

RunStats run(const std::vector<std::string>& paths, const Job& job, Emitter& emitter,
             const Settings& settings) {
  std::vector<io::ListedInput> inputs;
  inputs.reserve(paths.size());
  for (const std::string& path : paths)
    inputs.push_back(io::ListedInput{path, std::nullopt, false});
  return run(inputs, job, emitter, settings);
}

unsigned default_threads() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
}

}  // namespace pgnkit::pipeline

// The worker threads: each takes the earliest pending slot and reads its chunk
// speculatively, as if a reader were between games at its first byte (pipeline.h).
#include <algorithm>
#include <cstring>
#include <mutex>

#include "pipeline/pipeline_state.h"

namespace pgnkit::pipeline::detail {

// The next slot for a worker (m_ held): the earliest open input's first, so that the
// merger waits as little as possible.
SlotPtr Pipeline::take() {
  for (std::size_t i = front_; i < next_lane_; ++i) {
    std::list<SlotPtr>& todo = lanes_[i].todo;
    while (!todo.empty()) {
      SlotPtr slot = std::move(todo.front());
      todo.pop_front();
      if (slot->cancelled || slot->state != SlotState::Pending) continue;
      slot->state = SlotState::Running;
      return slot;
    }
  }
  return nullptr;
}

// A worker thread: speculative reads of the chunks in order.
void Pipeline::work() {
  for (;;) {
    SlotPtr slot;
    {
      std::unique_lock lock(m_);
      for (;;) {
        if (stop_) return;
        slot = take();
        if (slot) break;
        if (splitters_running_ == 0) return;  // no input will get another chunk
        work_cv_.wait(lock);
      }
    }
    speculate(*slot);
    bool awaited = false;
    {
      std::lock_guard lock(m_);
      slot->state = SlotState::Done;
      awaited = slot.get() == awaited_;
    }
    if (awaited) merge_cv_.notify_one();
  }
}

// Reads one chunk as if a reader were between games at its start.
void Pipeline::speculate(Slot& slot) {
  Bytes& bytes = slot.chunk.bytes;
  const std::optional<io::IoError> end_error = slot.chunk.last ? slot.error : std::nullopt;
  pgn::ReaderOptions options;
  options.start = slot.chunk.start;
  // A PGN reader lexes the chunk in place (the splitter leaves the padding it needs): the
  // source then only ends the input. Line jobs (NDJSON) read the bytes from the source.
  const bool in_place =
      !job_.reads_lines() && bytes.capacity() - bytes.size() >= pgn::kReaderPadding;
  std::size_t pos = in_place ? bytes.size() : 0;
  io::Source source = io::Source::from_pull(
      slot.input->name, [&](char* dst, std::size_t cap, std::optional<io::IoError>& error) {
        const std::size_t n = std::min(cap, bytes.size() - pos);
        if (n == 0) {
          error = end_error;
          return std::size_t{0};
        }
        std::memcpy(dst, bytes.data() + pos, n);
        pos += n;
        return n;
      });
  if (in_place) {
    options.in_memory = bytes.data();
    options.in_memory_size = bytes.size();
  } else {
    // A buffer larger than the chunk changes nothing (every token of it fits either way;
    // one that runs to its end makes the read unclean), so small chunks get small buffers.
    options.buffer_size = std::min(settings_.reader_buffer, bytes.size() + 1);
  }
  static const Counters kZero{};
  job_.read(ChunkRead{source, slot.input->name, options, kZero, nullptr, std::nullopt},
            slot.result);
}

// The merger's wait for slot's speculative result. While it waits it is one of the workers:
// it reads the earliest pending chunk (slot itself, if no worker has begun it), so that N
// threads read chunks with N - 1 worker threads, and the merger sleeps only when there is
// nothing to read. A fourth thread on two cores cost a context switch per chunk (about 1,000
// per run on lichess.pgn) and 8% of the CPU (docs/benchmarks.md).
void Pipeline::ensure_done(Slot& slot) {
  std::unique_lock lock(m_);
  while (slot.state != SlotState::Done) {
    if (const SlotPtr pending = take()) {
      lock.unlock();
      speculate(*pending);
      lock.lock();
      pending->state = SlotState::Done;
      continue;
    }
    awaited_ = &slot;
    merge_cv_.wait(lock);  // slot done, or a slot pushed that the merger may read
    awaited_ = nullptr;
  }
}

}  // namespace pgnkit::pipeline::detail

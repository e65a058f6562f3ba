// The boundary repair: one sequential reader on the merger's thread over a chain of chunks,
// stopped where a game begins at a later chunk's start, releasing the chunks behind it.
#include <algorithm>
#include <cstring>
#include <mutex>

#include "pipeline/pipeline_state.h"

namespace pgnkit::pipeline::detail {

// One reader from first's start over the chunks in turn, on this thread. With `stop`, it
// ends at the first later chunk start where a game begins and returns that chunk; else (or
// when it reaches the input's end) it reads on to the end and returns null. The slots it
// has read are released as soon as no stop can fall in them.
SlotPtr Pipeline::continuation(Lane& lane, const SlotPtr& first, bool stop,
                               std::optional<io::IoError>& error) {
  ++stats_.continuations;
  struct Chain {
    Pipeline* self;
    Lane* lane;
    SlotPtr first, cur, stop_at;
    std::size_t pos = 0;
  } chain{this, &lane, first, first, nullptr};
  const std::uint64_t keep = settings_.reader_buffer + kKeepSlack;  // its buffer's bytes
  io::Source source = io::Source::from_pull(
      first->input->name, [&](char* dst, std::size_t cap, std::optional<io::IoError>& e) {
        for (;;) {
          const Bytes& bytes = chain.cur->chunk.bytes;
          if (chain.pos < bytes.size()) {
            const std::size_t n = std::min(cap, bytes.size() - chain.pos);
            std::memcpy(dst, bytes.data() + chain.pos, n);
            chain.pos += n;
            const std::uint64_t delivered = chain.cur->chunk.start.offset + chain.pos;
            if (delivered > keep) release_before(lane, chain.cur, delivered - keep);
            return n;
          }
          if (chain.cur->chunk.last) {
            e = chain.cur->error;
            return std::size_t{0};
          }
          chain.cur = slot_after(lane, *chain.cur);
          chain.pos = 0;
          if (!chain.cur) return std::size_t{0};  // stopped: cannot happen mid-input
        }
      });
  pgn::ReaderOptions options;
  options.buffer_size = settings_.reader_buffer;
  options.start = first->chunk.start;
  if (stop) {
    options.stop_ctx = &chain;
    options.stop_before_game = [](void* ctx, std::uint64_t offset) {
      auto& c = *static_cast<Chain*>(ctx);
      if (offset == c.first->chunk.start.offset) return false;
      c.stop_at = c.self->chunk_starting_at(*c.lane, *c.first, offset);
      return c.stop_at != nullptr;
    };
  }
  ChunkResult r;
  r.out.set_base(input_games_, earlier_games_);
  r.err.set_base(input_games_, earlier_games_);
  job_.read(ChunkRead{source, first->input->name, options, stats_.totals, this, input_games_}, r);
  emit(r, 0);
  account(r);
  // Release what the continuation read: up to its stop, or the input's last chunk.
  for (;;) {
    SlotPtr f = front_slot(lane);  // not const: returned, so moved
    if (!f) return nullptr;        // the run is stopping
    if (f == chain.stop_at) return f;
    ++stats_.chunks;
    ++stats_.continued_chunks;
    pop_front(lane);
    if (f == chain.cur && !chain.stop_at) {
      error = f->error;
      return nullptr;
    }
  }
}

// A slot of lane after first whose chunk starts at offset (null: none).
SlotPtr Pipeline::chunk_starting_at(const Lane& lane, const Slot& first, std::uint64_t offset) {
  std::lock_guard lock(m_);
  for (const SlotPtr& s : lane.slots) {
    if (s->index > first.index && s->input == first.input && s->chunk.start.offset == offset)
      return s;
  }
  return nullptr;
}

// Releases lane's front slots (of the continuation, before cur) that start before `limit`.
void Pipeline::release_before(Lane& lane, const SlotPtr& cur, std::uint64_t limit) {
  for (;;) {
    {
      std::lock_guard lock(m_);
      const Slot& f = *lane.slots.front();
      // A chunk starting before limit cannot be a stop target: its bytes are in the reader.
      if (lane.slots.front() == cur || f.chunk.start.offset >= limit) return;
    }
    ++stats_.chunks;
    ++stats_.continued_chunks;
    pop_front(lane);
  }
}

}  // namespace pgnkit::pipeline::detail

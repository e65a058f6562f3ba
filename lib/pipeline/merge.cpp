// The merger, on the thread that called run(): the inputs in argument order (an archive's
// members in archive order), each stream's chunk results strictly in chunk order,
// game-number holes filled, a chunk after an unclean end handed to a continuation
// (continuation.cpp).
#include <mutex>

#include "pipeline/pipeline_state.h"

namespace pgnkit::pipeline::detail {
namespace {

void add(Counters& to, const Counters& from) {
  for (std::size_t i = 0; i < to.size(); ++i) to[i] += from[i];
}

}  // namespace

// The chunk after slot in lane (waits for its splitter); null when there is none.
SlotPtr Pipeline::slot_after(Lane& lane, const Slot& slot) {
  const std::uint64_t want = slot.index + 1;
  std::unique_lock lock(m_);
  const auto available = [&] { return !lane.slots.empty() && lane.slots.back()->index >= want; };
  // pop_front() wakes the splitter only once there is room for several chunks: if it sleeps
  // with less, the chunk the merger waits for may be the one it holds back.
  if (!available()) split_cv_.notify_all();
  merge_cv_.wait(lock, [&] { return stop_ || lane.split_done || available(); });
  if (!available()) return nullptr;
  // Near the front: the merger's next chunk, or the one after a continuation's current one.
  for (const SlotPtr& s : lane.slots)
    if (s->index == want) return s;
  return nullptr;
}

// Releases lane's front slot (the merger is done with it). Its splitter is woken only once
// the lane has room for kWakeRoom chunks, so that it cuts several per wake-up instead of one
// per merged chunk (slot_after() wakes it whenever the merger would wait for it).
void Pipeline::pop_front(Lane& lane) {
  {
    std::lock_guard lock(m_);
    Slot& slot = *lane.slots.front();
    slot.cancelled = true;
    const std::size_t bytes = slot.chunk.bytes.size() + 1;
    lane.bytes -= bytes;
    alive_bytes_ -= bytes;
    lane.slots.pop_front();
    if (lane.bytes + kWakeRoom * settings_.chunk_size > budget_) return;
  }
  split_cv_.notify_all();  // room freed
}

// o's bytes with its holes filled; without holes (convert's NDJSON, PGN) its own bytes, not
// a copy.
std::string_view Pipeline::filled(const Output& o, std::uint64_t base) {
  if (o.holes().empty()) return o.view();
  scratch_.clear();
  fill_holes(scratch_, o.view(), o.holes(), base, earlier_games_);
  return scratch_;
}

void Pipeline::emit(ChunkResult& r, std::uint64_t base) {
  if (r.records && !r.records->empty()) {
    emitter_.records(*r.records, base);
    r.records->clear();
  }
  if (!r.out.empty()) emitter_.out(filled(r.out, base));
  if (!r.err.empty()) emitter_.err(filled(r.err, base));
  r.out.clear();
  r.err.clear();
}

// Drain: a continuation's output, numbers already final (Output::set_base).
void Pipeline::flush(ChunkResult& r) {
  emit(r, 0);
}

// The calling thread: the inputs in argument order, each one's results strictly in order.
void Pipeline::merge() {
  for (; front_ < lanes_.size(); advance()) {
    Lane& lane = lanes_[front_];
    {
      std::unique_lock lock(m_);
      merge_cv_.wait(lock, [&] { return lane.split_done || !lane.slots.empty(); });
    }
    if (lane.open_error) {
      emitter_.open_failed(lane.path, *lane.open_error);
      stats_.io_failed = true;
      continue;
    }
    if (job_.cancelled()) return;
    if (!merge_lane(lane)) return;
  }
}

// Members that are not read: a note for each one skipped, a failure for each one unreadable.
void Pipeline::report(const std::vector<MemberEvent>& events) {
  for (const MemberEvent& e : events) {
    if (e.failure) {
      emitter_.open_failed(e.name, *e.failure);
      stats_.io_failed = true;
    } else {
      emitter_.skipped(e.name, e.why);
    }
  }
}

// Every stream of one input (an archive's members in turn). False when the run stops.
bool Pipeline::merge_lane(Lane& lane) {
  for (SlotPtr slot = next_stream_slot(lane); slot;) {
    report(slot->events_before);
    slot = merge_input(lane, slot);
    if (job_.cancelled() || job_.stop_after_input(stats_.totals)) return false;
  }
  {
    std::unique_lock lock(m_);
    merge_cv_.wait(lock, [&] { return stop_ || lane.split_done; });
    if (!lane.split_done) return false;
  }
  report(lane.tail_events);
  if (lane.end_error) {
    emitter_.open_failed(lane.name, *lane.end_error);
    stats_.io_failed = true;
  }
  return true;
}

// The first chunk of the lane's next stream (the merger has taken every chunk before it);
// null when there is none, or the run stops.
SlotPtr Pipeline::next_stream_slot(Lane& lane) {
  std::unique_lock lock(m_);
  if (lane.slots.empty()) split_cv_.notify_all();  // room: the splitter may be waiting
  merge_cv_.wait(lock, [&] { return stop_ || lane.split_done || !lane.slots.empty(); });
  return lane.slots.empty() ? nullptr : lane.slots.front();
}

// The merger moves on to the next input: it gets the budget of the input being merged.
void Pipeline::advance() {
  {
    std::lock_guard lock(m_);
    ++front_;
  }
  split_cv_.notify_all();  // the next input's budget, and one more input may open
}

void Pipeline::account(const ChunkResult& r) {
  add(stats_.totals, r.counters);
  stats_.bytes += r.stats.bytes;
  stats_.games += r.stats.games;
  input_games_ += r.stats.games;
  emitter_.progress(stats_.bytes, stats_.games);
}

SlotPtr Pipeline::front_slot(Lane& lane) {
  std::lock_guard lock(m_);
  return lane.slots.empty() ? nullptr : lane.slots.front();
}

// Every chunk of one stream, from its first slot. Returns the next stream's first slot, or
// null when the lane has no more (or the run stops).
SlotPtr Pipeline::merge_input(Lane& lane, SlotPtr slot) {
  const std::shared_ptr<const Input> input = slot->input;
  std::optional<io::IoError> error;
  input_games_ = 0;
  emitter_.input_begin(input->name);
  while (slot) {
    ensure_done(*slot);
    ChunkResult& r = slot->result;
    if (job_.needs_sequential(stats_.totals, r.counters)) {
      ++stats_.sequential_rests;
      continuation(lane, slot, false, error);
      break;
    }
    const bool exact_end =
        slot->chunk.last || (r.stats.clean_end && slot->chunk.cut != Cut::Forced);
    if (!exact_end || job_.needs_exact_read(stats_.totals, r.counters)) {
      if (exact_end) ++stats_.exact_rereads;
      slot = continuation(lane, slot, true, error);
      continue;
    }
    ++stats_.chunks;
    ++stats_.speculative;
    emit(r, input_games_);
    account(r);
    const bool last = slot->chunk.last;
    if (last) error = slot->error;
    pop_front(lane);
    if (job_.cancelled()) return nullptr;             // the rest of the input is not read
    slot = last ? nullptr : slot_after(lane, *slot);  // the new front
  }
  if (error) stats_.io_failed = true;
  earlier_games_ += input_games_;
  emitter_.input_end(input->name, error);
  if (job_.cancelled()) return nullptr;
  return next_stream_slot(lane);
}

}  // namespace pgnkit::pipeline::detail

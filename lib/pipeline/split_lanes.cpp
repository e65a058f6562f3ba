// The splitter threads: each opens the next input when it may, and cuts it into slots
// while its lane has room (the budgets of docs/threads.md).
#include <algorithm>
#include <memory>
#include <mutex>
#include <utility>

#include "io/input.h"
#include "pipeline/line_splitter.h"
#include "pipeline/pipeline_state.h"
#include "pipeline/splitter.h"

namespace pgnkit::pipeline::detail {

// A splitter thread: takes the next input not yet opened, as soon as it may be opened,
// and cuts it into slots; then the next one.
void Pipeline::split() {
  for (;;) {
    std::size_t i = 0;
    {
      std::unique_lock lock(m_);
      split_cv_.wait(lock,
                     [&] { return stop_ || next_lane_ == lanes_.size() || may_open(next_lane_); });
      if (stop_ || next_lane_ == lanes_.size()) {
        if (--splitters_running_ == 0) {
          lock.unlock();
          work_cv_.notify_all();  // workers waiting for a slot: there will be none
        }
        return;
      }
      i = next_lane_++;
      stats_.open_inputs = std::max<std::uint64_t>(stats_.open_inputs, ++open_now_);
    }
    split_lane(lanes_[i]);  // lanes_ never changes size: the reference stays valid
    std::lock_guard lock(m_);
    --open_now_;
  }
}

// Whether lane i may be opened now (m_ held): it is among the open_limit_ inputs from the
// one being merged, and no earlier streamed input is still being read.
bool Pipeline::may_open(std::size_t i) const {
  if (i >= front_ + open_limit_) return false;
  if (!lanes_[i].streamed) return true;
  for (std::size_t j = front_; j < i; ++j)  // the lanes before front_ are merged, so done
    if (lanes_[j].streamed && !lanes_[j].split_done) return false;
  return true;
}

// Whether lane may push another chunk (m_ held): the input being merged has its own
// budget, so that it can always make progress; the inputs after it share another.
bool Pipeline::has_room(const Lane& lane) const {
  if (front_ < lanes_.size() && &lane == &lanes_[front_]) return lane.bytes < budget_;
  const std::size_t front_bytes = front_ < lanes_.size() ? lanes_[front_].bytes : 0;
  return alive_bytes_ - front_bytes < ahead_budget_;
}

void Pipeline::split_lane(Lane& lane) {
  io::IoError err;
  std::optional<io::Input> input;
  if (lane.listed_error) {
    err = *lane.listed_error;
  } else if (!lane.empty_directory) {
    input = io::Input::open(lane.path, &err, settings_.source, job_.reads_lines());
  }
  if (!input) {
    {
      std::lock_guard lock(m_);
      if (lane.empty_directory) {
        lane.tail_events.push_back(MemberEvent{lane.path, std::nullopt, io::kEmptyDirectoryNote});
      } else {
        lane.open_error = err;
      }
      lane.split_done = true;
    }
    merge_cv_.notify_one();
    split_cv_.notify_all();  // a later streamed input may now be opened
    return;
  }
  std::uint64_t index = 0;
  std::vector<MemberEvent> events;  // members not read, for the next stream's first chunk
  bool stopped = false;
  while (std::optional<io::InputEntry> entry = input->next()) {
    if (entry->source == nullptr) {
      events.push_back(MemberEvent{std::move(entry->name), entry->failure, entry->skipped});
      continue;
    }
    if (!split_stream(lane, *entry->source, index, events)) {
      stopped = true;
      break;
    }
  }
  {
    std::lock_guard lock(m_);
    lane.name = std::string(input->name());
    if (!stopped) {
      lane.tail_events = std::move(events);
      lane.end_error = input->error();
    }
    lane.split_done = true;
  }
  merge_cv_.notify_one();
  split_cv_.notify_all();  // a later streamed input may now be opened
}

// Cuts one stream (the input's, or an archive member's) into the lane's slots. False when
// the run stops.
bool Pipeline::split_stream(Lane& lane, io::Source& source, std::uint64_t& index,
                            std::vector<MemberEvent>& events) {
  auto input = std::make_shared<Input>();
  input->path = lane.path;
  input->name = std::string(source.name());
  if (job_.reads_lines()) {
    LineSplitter splitter(source, settings_.chunk_size);
    return split_chunks(lane, input, source, splitter, index, events);
  }
  Splitter splitter(source, settings_.chunk_size, &pool_);
  return split_chunks(lane, input, source, splitter, index, events);
}

// Pushes every chunk of source as the splitter cuts it, while lane has room; the first one
// carries `events`. False when the run stops.
template <class Cutter>
bool Pipeline::split_chunks(Lane& lane, const std::shared_ptr<const Input>& input,
                            io::Source& source, Cutter& splitter, std::uint64_t& index,
                            std::vector<MemberEvent>& events) {
  for (bool first = true;; first = false) {
    {
      std::unique_lock lock(m_);
      split_cv_.wait(lock, [&] { return stop_ || has_room(lane); });
      if (stop_) return false;
    }
    auto slot = std::make_shared<Slot>();
    slot->input = input;
    slot->index = index++;
    slot->pool = &pool_;
    slot->outputs = &outputs_;
    if (first) slot->events_before = std::exchange(events, {});
    outputs_.take(slot->result);
    splitter.next(slot->chunk);
    if (slot->chunk.last) slot->error = source.error();
    const bool last = slot->chunk.last;
    if (!push(lane, std::move(slot))) return false;
    if (last) return true;
  }
}

bool Pipeline::push(Lane& lane, SlotPtr slot) {
  {
    std::lock_guard lock(m_);
    if (stop_) return false;
    switch (slot->chunk.cut) {
      case Cut::TagLine: ++stats_.tag_line_cuts; break;
      case Cut::LineStart: ++stats_.line_cuts; break;
      case Cut::Forced: ++stats_.forced_cuts; break;
      case Cut::Candidate:
      case Cut::End: break;
    }
    const std::size_t bytes = slot->chunk.bytes.size() + 1;
    lane.bytes += bytes;
    alive_bytes_ += bytes;
    lane.todo.push_back(slot);
    lane.slots.push_back(std::move(slot));
  }
  work_cv_.notify_one();
  merge_cv_.notify_one();
  return true;
}

}  // namespace pgnkit::pipeline::detail

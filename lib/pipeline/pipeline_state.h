// Internal to lib/pipeline: the state that the splitter threads (split_lanes.cpp), the
// workers (speculate.cpp), the merger (merge.cpp) and its boundary repairs (continuation.cpp)
// share, and the one class whose members they are. pipeline.h has the contract; pipeline.cpp
// starts and ends the threads.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pipeline/pipeline.h"
#include "pipeline/splitter.h"

namespace pgnkit::pipeline::detail {

enum class SlotState : std::uint8_t { Pending, Running, Done };

// One stream of a lane: the input itself, or one member of an archive.
struct Input {
  std::string path;  // the argument as given
  std::string name;  // io::Source::name(): the path, <stdin>, or "archive:member"
};

// An archive member that is not read, reported in order with the lane's streams.
struct MemberEvent {
  std::string name;
  std::optional<io::IoError> failure;  // set: it could not be read; else skipped, as `why`
  std::string_view why;
};

// Chunk outputs (and a job's records) handed back once the merger has written them, for a
// later chunk's read: an output grown from nothing for every chunk reallocates its way up
// (copying, and touching fresh pages) again and again, which cost convert's workers more than
// the writing itself.
// Thread-safe; keeps at most `limit` pairs, none over `max_bytes`.
class OutputPool {
 public:
  OutputPool(std::size_t limit, std::size_t max_bytes) : limit_(limit), max_bytes_(max_bytes) {}
  void take(ChunkResult& into);  // into's outputs and records (empty) get pooled memory, if any
  void give(ChunkResult& from);  // takes from's outputs' and records' memory

 private:
  std::mutex m_;
  struct Kept {
    Output out, err;
    std::unique_ptr<Records> records;
  };
  std::vector<Kept> free_;
  std::size_t limit_, max_bytes_;
};

// One chunk on its way from its input's splitter to the merger.
struct Slot {
  std::shared_ptr<const Input> input;      // the stream (an archive's member) it is a chunk of
  std::uint64_t index = 0;                 // chunk number within the lane, over all its streams
  std::vector<MemberEvent> events_before;  // a stream's first chunk: members skipped before it
  Chunk chunk;
  std::optional<io::IoError> error;  // a stream's last chunk: the source's error
  SlotState state = SlotState::Pending;
  bool cancelled = false;  // released before a worker took it
  ChunkResult result;
  ChunkPool* pool = nullptr;      // where the chunk's buffer goes back to
  OutputPool* outputs = nullptr;  // where the result's output memory goes back to

  Slot() = default;
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  ~Slot() {
    if (pool) pool->give(std::move(chunk.bytes));
    if (outputs) outputs->give(result);
  }
};
using SlotPtr = std::shared_ptr<Slot>;

// One input between its splitter thread and the merger: its stream, or an archive's members
// one after another (each stream's chunks end with one whose Chunk::last is set). Guarded by
// Pipeline::m_.
struct Lane {
  std::string path;
  std::optional<io::IoError> listed_error;  // a directory (or one under it) could not be listed
  bool empty_directory = false;             // a directory argument holding no input file
  // stdin, a pipe or a device: opened only once every earlier such input has been read to
  // its end, as one thread would (two of them may be the same stream).
  bool streamed = false;
  std::optional<io::IoError> open_error;  // set: no chunk, the input could not be opened
  // Lists, not deques: an empty list allocates nothing, and there is a Lane per argument.
  std::list<SlotPtr> slots;  // consecutive chunk indices; the merger pops the front
  std::list<SlotPtr> todo;   // slots no worker has taken yet
  std::size_t bytes = 0;     // input bytes held by `slots`
  bool split_done = false;   // the last chunk is pushed, or open_error is set
  // Set with split_done: members skipped after the last stream, and what ended an archive.
  std::vector<MemberEvent> tail_events;
  std::optional<io::IoError> end_error;
  std::string name;  // the input's name (for end_error)
};

// Inputs opened and split at once, at most (each has a splitter thread and, for .zst, a
// decoder thread with its window): about one per worker, so that several .zst inputs are
// decoded in parallel, but bounded.
constexpr unsigned kMaxOpenInputs = 8;

// The room, in chunks, that the input being merged must have before its splitter is woken.
constexpr std::size_t kWakeRoom = 2;

// A continuation keeps the chunks its reader's buffer may still hold, plus this margin.
constexpr std::size_t kKeepSlack = 1024;

class Pipeline final : Drain {
 public:
  Pipeline(const std::vector<io::ListedInput>& inputs, const Job& job, Emitter& emitter,
           const Settings& settings);
  RunStats run();

 private:
  // Splitter threads (split_lanes.cpp).
  void split();
  bool may_open(std::size_t i) const;
  bool has_room(const Lane& lane) const;
  void split_lane(Lane& lane);
  bool split_stream(Lane& lane, io::Source& source, std::uint64_t& index,
                    std::vector<MemberEvent>& events);
  template <class Cutter>
  bool split_chunks(Lane& lane, const std::shared_ptr<const Input>& input, io::Source& source,
                    Cutter& splitter, std::uint64_t& index, std::vector<MemberEvent>& events);
  bool push(Lane& lane, SlotPtr slot);

  // Workers (speculate.cpp).
  SlotPtr take();
  void work();
  void speculate(Slot& slot);
  void ensure_done(Slot& slot);

  // The merger (merge.cpp).
  SlotPtr slot_after(Lane& lane, const Slot& slot);
  void pop_front(Lane& lane);
  std::string_view filled(const Output& o, std::uint64_t base);
  void emit(ChunkResult& r, std::uint64_t base);
  void flush(ChunkResult& r) override;
  void merge();
  void advance();
  void account(const ChunkResult& r);
  SlotPtr front_slot(Lane& lane);
  SlotPtr next_stream_slot(Lane& lane);
  void report(const std::vector<MemberEvent>& events);
  bool merge_lane(Lane& lane);
  SlotPtr merge_input(Lane& lane, SlotPtr slot);

  // Boundary repairs, on the merger's thread (continuation.cpp).
  SlotPtr continuation(Lane& lane, const SlotPtr& first, bool stop,
                       std::optional<io::IoError>& error);
  SlotPtr chunk_starting_at(const Lane& lane, const Slot& first, std::uint64_t offset);
  void release_before(Lane& lane, const SlotPtr& cur, std::uint64_t limit);

  const Job& job_;
  Emitter& emitter_;
  Settings settings_;
  ChunkPool pool_;      // before the lanes and slots: a slot gives its buffer back when it goes
  OutputPool outputs_;  // likewise its output's memory
  unsigned open_limit_ = 1;
  std::size_t budget_ = 0;        // input bytes of the input being merged
  std::size_t ahead_budget_ = 0;  // input bytes of the inputs after it, together

  // Each kind of thread waits on its own condition, so that a change wakes only the threads
  // it may concern: waking every thread at every chunk cost the workers their cores (two
  // wake-ups and context switches per chunk per thread on a machine with fewer cores than
  // threads). Waiters re-check their condition.
  std::mutex m_;
  std::condition_variable work_cv_;   // workers: a slot pushed, the splitters done, stop_
  std::condition_variable merge_cv_;  // the merger: a slot pushed or done, a lane split or
                                      // failed to open, stop_
  std::condition_variable split_cv_;  // splitters: room freed, front_ moved, a lane split
  const Slot* awaited_ = nullptr;     // the slot the merger waits to see done, if any
  std::vector<Lane> lanes_;           // one per input, in argument order
  std::size_t front_ = 0;             // the lane being merged; those before it are done
  std::size_t next_lane_ = 0;         // the next lane a splitter thread opens
  std::size_t splitters_running_ = 0;
  std::size_t open_now_ = 0;     // lanes being split
  std::size_t alive_bytes_ = 0;  // input bytes held by every lane's slots
  bool stop_ = false;

  // The merger's own.
  RunStats stats_;
  std::uint64_t input_games_ = 0;    // games merged from the current input
  std::uint64_t earlier_games_ = 0;  // games of the inputs before it (Scope::Run numbers)
  std::string scratch_;
};

}  // namespace pgnkit::pipeline::detail

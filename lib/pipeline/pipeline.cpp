#include "pipeline/pipeline.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <list>
#include <memory>
#include <mutex>
#include <thread>

#include "pipeline/line_splitter.h"
#include "pipeline/splitter.h"

namespace pgnkit::pipeline {
namespace {

enum class SlotState : std::uint8_t { Pending, Running, Done };

struct Input {
  std::string path;  // as given
  std::string name;  // io::Source::name()
};

// One chunk on its way from its input's splitter to the merger.
struct Slot {
  std::shared_ptr<const Input> input;
  std::uint64_t index = 0;  // chunk number within the input
  Chunk chunk;
  std::optional<io::IoError> error;  // the last chunk's: the source's error
  SlotState state = SlotState::Pending;
  bool cancelled = false;  // released before a worker took it
  ChunkResult result;
  ChunkPool* pool = nullptr;  // where the chunk's buffer goes back to

  Slot() = default;
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  ~Slot() {
    if (pool) pool->give(std::move(chunk.bytes));
  }
};
using SlotPtr = std::shared_ptr<Slot>;

// One input between its splitter thread and the merger. Guarded by Pipeline::m_.
struct Lane {
  std::string path;
  // stdin, a pipe or a device: opened only once every earlier such input has been read to
  // its end, as one thread would (two of them may be the same stream).
  bool streamed = false;
  std::optional<io::IoError> open_error;  // set: no chunk, the input could not be opened
  // Lists, not deques: an empty list allocates nothing, and there is a Lane per argument.
  std::list<SlotPtr> slots;  // consecutive chunk indices; the merger pops the front
  std::list<SlotPtr> todo;   // slots no worker has taken yet
  std::size_t bytes = 0;     // input bytes held by `slots`
  bool split_done = false;   // the last chunk is pushed, or open_error is set
};

// Inputs opened and split at once, at most (each has a splitter thread and, for .zst, a
// decoder thread with its window): about one per worker, so that several .zst inputs are
// decoded in parallel, but bounded.
constexpr unsigned kMaxOpenInputs = 8;

// A continuation keeps the chunks its reader's buffer may still hold, plus this margin.
constexpr std::size_t kKeepSlack = 1024;

void add(Counters& to, const Counters& from) {
  for (std::size_t i = 0; i < to.size(); ++i) to[i] += from[i];
}

bool streamed_input(const std::string& path) {
  if (path == "-") return true;
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
}

class Pipeline final : Drain {
 public:
  Pipeline(const std::vector<std::string>& paths, const Job& job, Emitter& emitter,
           const Settings& settings)
      : job_(job),
        emitter_(emitter),
        settings_(settings),
        pool_(2 * std::size_t{std::max(1u, settings.threads)} + 8),
        lanes_(paths.size()) {
    for (std::size_t i = 0; i < paths.size(); ++i) {
      lanes_[i].path = paths[i];
      lanes_[i].streamed = streamed_input(paths[i]);
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

  RunStats run() {
    // Closing stop_pipe[1] ends the reads of inputs that may block (SourceOptions::stop_fd),
    // so that a splitter stuck on a silent stdin or pipe cannot keep the run alive once the
    // merger is done (check --max-errors stops before the next input).
    int stop_pipe[2] = {-1, -1};
    if (::pipe2(stop_pipe, O_CLOEXEC) == 0) settings_.source.stop_fd = stop_pipe[0];
    const std::size_t splitters = std::min<std::size_t>(open_limit_, lanes_.size());
    splitters_running_ = splitters;
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < splitters; ++i) threads.emplace_back([this] { split(); });
    for (unsigned i = 0; i < settings_.threads; ++i) threads.emplace_back([this] { work(); });
    merge();
    {
      std::lock_guard lock(m_);
      stop_ = true;
    }
    cv_.notify_all();
    if (stop_pipe[1] >= 0) ::close(stop_pipe[1]);
    for (std::thread& t : threads) t.join();
    if (stop_pipe[0] >= 0) ::close(stop_pipe[0]);
    return stats_;
  }

 private:
  // A splitter thread: takes the next input not yet opened, as soon as it may be opened,
  // and cuts it into slots; then the next one.
  void split() {
    for (;;) {
      std::size_t i = 0;
      {
        std::unique_lock lock(m_);
        cv_.wait(lock,
                 [&] { return stop_ || next_lane_ == lanes_.size() || may_open(next_lane_); });
        if (stop_ || next_lane_ == lanes_.size()) {
          if (--splitters_running_ == 0) {
            lock.unlock();
            cv_.notify_all();  // workers waiting for a slot: there will be none
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
  bool may_open(std::size_t i) const {
    if (i >= front_ + open_limit_) return false;
    if (!lanes_[i].streamed) return true;
    for (std::size_t j = front_; j < i; ++j)  // the lanes before front_ are merged, so done
      if (lanes_[j].streamed && !lanes_[j].split_done) return false;
    return true;
  }

  // Whether lane may push another chunk (m_ held): the input being merged has its own
  // budget, so that it can always make progress; the inputs after it share another.
  bool has_room(const Lane& lane) const {
    if (front_ < lanes_.size() && &lane == &lanes_[front_]) return lane.bytes < budget_;
    const std::size_t front_bytes = front_ < lanes_.size() ? lanes_[front_].bytes : 0;
    return alive_bytes_ - front_bytes < ahead_budget_;
  }

  void split_lane(Lane& lane) {
    io::IoError err;
    auto source = io::Source::open(lane.path, &err, settings_.source);
    auto input = std::make_shared<Input>();
    input->path = lane.path;
    if (!source) {
      {
        std::lock_guard lock(m_);
        lane.open_error = err;
        lane.split_done = true;
      }
      cv_.notify_all();
      return;
    }
    input->name = std::string(source->name());
    if (job_.reads_lines()) {
      LineSplitter splitter(*source, settings_.chunk_size);
      split_chunks(lane, input, *source, splitter);
    } else {
      Splitter splitter(*source, settings_.chunk_size, &pool_);
      split_chunks(lane, input, *source, splitter);
    }
  }

  // Pushes every chunk of source as the splitter cuts it, while lane has room.
  template <class Cutter>
  void split_chunks(Lane& lane, const std::shared_ptr<const Input>& input, io::Source& source,
                    Cutter& splitter) {
    for (std::uint64_t index = 0;; ++index) {
      {
        std::unique_lock lock(m_);
        cv_.wait(lock, [&] { return stop_ || has_room(lane); });
        if (stop_) return;
      }
      auto slot = std::make_shared<Slot>();
      slot->input = input;
      slot->index = index;
      slot->pool = &pool_;
      splitter.next(slot->chunk);
      if (slot->chunk.last) slot->error = source.error();
      const bool last = slot->chunk.last;
      if (!push(lane, std::move(slot)) || last) return;
    }
  }

  bool push(Lane& lane, SlotPtr slot) {
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
      if (slot->chunk.last) lane.split_done = true;
      lane.todo.push_back(slot);
      lane.slots.push_back(std::move(slot));
    }
    cv_.notify_all();
    return true;
  }

  // The next slot for a worker (m_ held): the earliest open input's first, so that the
  // merger waits as little as possible.
  SlotPtr take() {
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
  void work() {
    for (;;) {
      SlotPtr slot;
      {
        std::unique_lock lock(m_);
        for (;;) {
          if (stop_) return;
          slot = take();
          if (slot) break;
          if (splitters_running_ == 0) return;  // no input will get another chunk
          cv_.wait(lock);
        }
      }
      speculate(*slot);
      {
        std::lock_guard lock(m_);
        slot->state = SlotState::Done;
      }
      cv_.notify_all();
    }
  }

  // Reads one chunk as if a reader were between games at its start.
  void speculate(Slot& slot) {
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

  // The merger's wait for slot's speculative result; runs it here if no worker has begun.
  void ensure_done(Slot& slot) {
    std::unique_lock lock(m_);
    if (slot.state == SlotState::Pending) {
      slot.state = SlotState::Running;
      lock.unlock();
      speculate(slot);
      lock.lock();
      slot.state = SlotState::Done;
      return;
    }
    cv_.wait(lock, [&] { return slot.state == SlotState::Done; });
  }

  // The chunk after slot in lane (waits for its splitter); null when there is none.
  SlotPtr slot_after(Lane& lane, const Slot& slot) {
    const std::uint64_t want = slot.index + 1;
    std::unique_lock lock(m_);
    const auto available = [&] { return !lane.slots.empty() && lane.slots.back()->index >= want; };
    cv_.wait(lock, [&] { return stop_ || lane.split_done || available(); });
    if (!available()) return nullptr;
    // Near the front: the merger's next chunk, or the one after a continuation's current one.
    for (const SlotPtr& s : lane.slots)
      if (s->index == want) return s;
    return nullptr;
  }

  // Releases lane's front slot (the merger is done with it).
  void pop_front(Lane& lane) {
    {
      std::lock_guard lock(m_);
      Slot& slot = *lane.slots.front();
      slot.cancelled = true;
      const std::size_t bytes = slot.chunk.bytes.size() + 1;
      lane.bytes -= bytes;
      alive_bytes_ -= bytes;
      lane.slots.pop_front();
    }
    cv_.notify_all();
  }

  void emit(ChunkResult& r, std::uint64_t base) {
    if (!r.out.empty()) {
      scratch_.clear();
      fill_holes(scratch_, r.out.view(), r.out.holes(), base, earlier_games_);
      emitter_.out(scratch_);
    }
    if (!r.err.empty()) {
      scratch_.clear();
      fill_holes(scratch_, r.err.view(), r.err.holes(), base, earlier_games_);
      emitter_.err(scratch_);
    }
    r.out.clear();
    r.err.clear();
  }

  // Drain: a continuation's output, numbers already final (Output::set_base).
  void flush(ChunkResult& r) override { emit(r, 0); }

  // The calling thread: the inputs in argument order, each one's results strictly in order.
  void merge() {
    for (; front_ < lanes_.size(); advance()) {
      Lane& lane = lanes_[front_];
      {
        std::unique_lock lock(m_);
        cv_.wait(lock, [&] { return lane.open_error || !lane.slots.empty(); });
      }
      if (lane.open_error) {
        emitter_.open_failed(lane.path, *lane.open_error);
        stats_.io_failed = true;
        continue;
      }
      merge_input(lane);
      if (job_.stop_after_input(stats_.totals)) return;
    }
  }

  // The merger moves on to the next input: it gets the budget of the input being merged.
  void advance() {
    {
      std::lock_guard lock(m_);
      ++front_;
    }
    cv_.notify_all();
  }

  void account(const ChunkResult& r) {
    add(stats_.totals, r.counters);
    stats_.bytes += r.stats.bytes;
    stats_.games += r.stats.games;
    input_games_ += r.stats.games;
    emitter_.progress(stats_.bytes, stats_.games);
  }

  SlotPtr front_slot(Lane& lane) {
    std::lock_guard lock(m_);
    return lane.slots.empty() ? nullptr : lane.slots.front();
  }

  // Every chunk of one input, from its first slot.
  void merge_input(Lane& lane) {
    SlotPtr slot = front_slot(lane);
    const std::shared_ptr<const Input> input = slot->input;
    std::optional<io::IoError> error;
    input_games_ = 0;
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
      if (!exact_end) {
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
      slot = last ? nullptr : slot_after(lane, *slot);  // the new front
    }
    if (error) stats_.io_failed = true;
    earlier_games_ += input_games_;
    emitter_.input_end(input->name, error);
  }

  // One reader from first's start over the chunks in turn, on this thread. With `stop`, it
  // ends at the first later chunk start where a game begins and returns that chunk; else (or
  // when it reaches the input's end) it reads on to the end and returns null. The slots it
  // has read are released as soon as no stop can fall in them.
  SlotPtr continuation(Lane& lane, const SlotPtr& first, bool stop,
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
      const SlotPtr f = front_slot(lane);
      if (!f) return nullptr;  // the run is stopping
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
  SlotPtr chunk_starting_at(const Lane& lane, const Slot& first, std::uint64_t offset) {
    std::lock_guard lock(m_);
    for (const SlotPtr& s : lane.slots) {
      if (s->index > first.index && s->chunk.start.offset == offset) return s;
    }
    return nullptr;
  }

  // Releases lane's front slots (of the continuation, before cur) that start before `limit`.
  void release_before(Lane& lane, const SlotPtr& cur, std::uint64_t limit) {
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

  const Job& job_;
  Emitter& emitter_;
  Settings settings_;
  ChunkPool pool_;  // before the lanes and slots: a slot gives its buffer back when it goes
  unsigned open_limit_ = 1;
  std::size_t budget_ = 0;        // input bytes of the input being merged
  std::size_t ahead_budget_ = 0;  // input bytes of the inputs after it, together

  std::mutex m_;
  std::condition_variable cv_;  // every change of the state below; waiters re-check
  std::vector<Lane> lanes_;     // one per input, in argument order
  std::size_t front_ = 0;       // the lane being merged; those before it are done
  std::size_t next_lane_ = 0;   // the next lane a splitter thread opens
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

}  // namespace

RunStats run(const std::vector<std::string>& paths, const Job& job, Emitter& emitter,
             const Settings& settings) {
  return Pipeline(paths, job, emitter, settings).run();
}

unsigned default_threads() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
}

}  // namespace pgnkit::pipeline

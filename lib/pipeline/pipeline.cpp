#include "pipeline/pipeline.h"

#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "pipeline/splitter.h"

namespace pgnkit::pipeline {
namespace {

enum class SlotState : std::uint8_t { Pending, Running, Done };

struct Input {
  std::string path;  // as given
  std::string name;  // io::Source::name()
};

// One chunk on its way from the splitter to the merger, or an input that could not be opened.
struct Slot {
  std::uint64_t seq = 0;  // position in the whole run; slots_ holds consecutive ones
  std::shared_ptr<const Input> input;
  std::optional<io::IoError> open_error;  // set: no chunk, the input could not be opened
  std::uint64_t index = 0;                // chunk number within the input
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

// A continuation keeps the chunks its reader's buffer may still hold, plus this margin.
constexpr std::size_t kKeepSlack = 1024;

void add(Counters& to, const Counters& from) {
  for (std::size_t i = 0; i < to.size(); ++i) to[i] += from[i];
}

class Pipeline final : Drain {
 public:
  Pipeline(const std::vector<std::string>& paths, const Job& job, Emitter& emitter,
           const Settings& settings)
      : paths_(paths),
        job_(job),
        emitter_(emitter),
        settings_(settings),
        pool_(2 * std::size_t{std::max(1u, settings.threads)} + 8) {
    settings_.threads = std::max(1u, settings_.threads);
    settings_.chunk_size = std::max<std::size_t>(settings_.chunk_size, 64);
    // Input bytes in flight (docs/threads.md): enough for every worker to have a chunk and
    // one waiting, and for a continuation to keep what its reader's buffer may still hold
    // (reader_buffer) plus the chunk it reads (at most 4 * chunk_size, the splitter's cap),
    // so that it can always pull the next one.
    budget_ =
        settings_.reader_buffer + kKeepSlack +
        std::max<std::size_t>(2 * std::size_t{settings_.threads} + 2, 6) * settings_.chunk_size;
  }

  RunStats run() {
    std::thread splitter([this] { split(); });
    std::vector<std::thread> workers;
    for (unsigned i = 0; i < settings_.threads; ++i) workers.emplace_back([this] { work(); });
    merge();
    {
      std::lock_guard lock(m_);
      stop_ = true;
    }
    cv_.notify_all();
    splitter.join();
    for (std::thread& t : workers) t.join();
    return stats_;
  }

 private:
  // The splitter thread: opens each input in turn and cuts it into slots, while the bytes
  // in flight stay under the budget.
  void split() {
    std::uint64_t seq = 0;
    for (const std::string& path : paths_) {
      io::IoError err;
      auto source = io::Source::open(path, &err, settings_.source);
      auto input = std::make_shared<Input>();
      input->path = path;
      if (!source) {
        auto slot = std::make_shared<Slot>();
        slot->input = input;
        slot->open_error = err;
        if (!push(std::move(slot), seq, false)) return finish_split();
        continue;
      }
      input->name = std::string(source->name());
      Splitter splitter(*source, settings_.chunk_size, &pool_);
      for (std::uint64_t index = 0;; ++index) {
        {
          std::unique_lock lock(m_);
          cv_.wait(lock, [&] { return stop_ || alive_bytes_ < budget_; });
          if (stop_) {
            lock.unlock();
            return finish_split();
          }
        }
        auto slot = std::make_shared<Slot>();
        slot->input = input;
        slot->index = index;
        slot->pool = &pool_;
        splitter.next(slot->chunk);
        if (slot->chunk.last) slot->error = source->error();
        const bool last = slot->chunk.last;
        if (!push(std::move(slot), seq, true)) return finish_split();
        if (last) break;
      }
    }
    finish_split();
  }

  bool push(SlotPtr slot, std::uint64_t& seq, bool work) {
    {
      std::lock_guard lock(m_);
      if (stop_) return false;
      slot->seq = seq++;
      switch (slot->chunk.cut) {
        case Cut::TagLine: ++stats_.tag_line_cuts; break;
        case Cut::LineStart: ++stats_.line_cuts; break;
        case Cut::Forced: ++stats_.forced_cuts; break;
        case Cut::Candidate:
        case Cut::End: break;
      }
      alive_bytes_ += slot->chunk.bytes.size() + 1;
      if (work) todo_.push_back(slot);
      slots_.push_back(std::move(slot));
    }
    cv_.notify_all();
    return true;
  }

  void finish_split() {
    {
      std::lock_guard lock(m_);
      split_done_ = true;
    }
    cv_.notify_all();
  }

  // A worker thread: speculative reads of the chunks in order.
  void work() {
    for (;;) {
      SlotPtr slot;
      {
        std::unique_lock lock(m_);
        cv_.wait(lock, [&] { return stop_ || !todo_.empty() || split_done_; });
        if (stop_ || todo_.empty()) return;
        slot = std::move(todo_.front());
        todo_.pop_front();
        if (slot->cancelled || slot->state != SlotState::Pending) continue;
        slot->state = SlotState::Running;
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
    // The reader lexes the chunk in place (the splitter leaves the padding it needs), so
    // the source only ends the input, with the last chunk's error.
    io::Source source = io::Source::from_pull(
        slot.input->name, [&](char*, std::size_t, std::optional<io::IoError>& error) {
          error = end_error;
          return std::size_t{0};
        });
    pgn::ReaderOptions options;
    options.in_memory = bytes.data();
    options.in_memory_size = bytes.size();
    options.start = slot.chunk.start;
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

  // The slot after seq (waits for the splitter); null when the splitter is done without one.
  SlotPtr slot_after(std::uint64_t seq) {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return split_done_ || (!slots_.empty() && slots_.back()->seq > seq); });
    if (slots_.empty() || slots_.back()->seq <= seq) return nullptr;
    return slots_[static_cast<std::size_t>(seq + 1 - slots_.front()->seq)];
  }

  SlotPtr front() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return split_done_ || !slots_.empty(); });
    return slots_.empty() ? nullptr : slots_.front();
  }

  // Releases the front slot (the merger is done with it).
  void pop_front() {
    {
      std::lock_guard lock(m_);
      Slot& slot = *slots_.front();
      slot.cancelled = true;
      alive_bytes_ -= slot.chunk.bytes.size() + 1;
      slots_.pop_front();
    }
    cv_.notify_all();
  }

  void emit(ChunkResult& r, std::uint64_t base) {
    if (!r.out.empty()) {
      scratch_.clear();
      fill_holes(scratch_, r.out.view(), r.out.holes(), base);
      emitter_.out(scratch_);
    }
    if (!r.err.empty()) {
      scratch_.clear();
      fill_holes(scratch_, r.err.view(), r.err.holes(), base);
      emitter_.err(scratch_);
    }
    r.out.clear();
    r.err.clear();
  }

  // Drain: a continuation's output, numbers already final (Output::set_base).
  void flush(ChunkResult& r) override { emit(r, 0); }

  // The calling thread: results strictly in order.
  void merge() {
    while (SlotPtr slot = front()) {
      if (slot->open_error) {
        emitter_.open_failed(slot->input->path, *slot->open_error);
        stats_.io_failed = true;
        pop_front();
        continue;
      }
      merge_input(slot);
      if (job_.stop_after_input(stats_.totals)) return;
    }
  }

  void account(const ChunkResult& r) {
    add(stats_.totals, r.counters);
    stats_.bytes += r.stats.bytes;
    stats_.games += r.stats.games;
    input_games_ += r.stats.games;
    emitter_.progress(stats_.bytes, stats_.games);
  }

  // Every chunk of one input, from its first slot (the front).
  void merge_input(SlotPtr slot) {
    const std::shared_ptr<const Input> input = slot->input;
    std::optional<io::IoError> error;
    input_games_ = 0;
    while (slot) {
      ensure_done(*slot);
      ChunkResult& r = slot->result;
      if (job_.needs_sequential(stats_.totals, r.counters)) {
        ++stats_.sequential_rests;
        continuation(slot, false, error);
        break;
      }
      const bool exact_end =
          slot->chunk.last || (r.stats.clean_end && slot->chunk.cut != Cut::Forced);
      if (!exact_end) {
        slot = continuation(slot, true, error);
        continue;
      }
      ++stats_.chunks;
      ++stats_.speculative;
      emit(r, input_games_);
      account(r);
      const bool last = slot->chunk.last;
      if (last) error = slot->error;
      const std::uint64_t seq = slot->seq;
      pop_front();
      slot = last ? nullptr : slot_after(seq);  // the new front
    }
    if (error) stats_.io_failed = true;
    emitter_.input_end(input->name, error);
  }

  // One reader from first's start over the chunks in turn, on this thread. With `stop`, it
  // ends at the first later chunk start where a game begins and returns that chunk; else (or
  // when it reaches the input's end) it reads on to the end and returns null. The slots it
  // has read are released as soon as no stop can fall in them.
  SlotPtr continuation(const SlotPtr& first, bool stop, std::optional<io::IoError>& error) {
    ++stats_.continuations;
    struct Chain {
      Pipeline* self;
      SlotPtr first, cur, stop_at;
      std::size_t pos = 0;
    } chain{this, first, first, nullptr};
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
              if (delivered > keep) release_before(chain.cur, delivered - keep);
              return n;
            }
            if (chain.cur->chunk.last) {
              e = chain.cur->error;
              return std::size_t{0};
            }
            chain.cur = slot_after(chain.cur->seq);
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
        c.stop_at = c.self->chunk_starting_at(*c.first, offset);
        return c.stop_at != nullptr;
      };
    }
    ChunkResult r;
    r.out.set_base(input_games_);
    r.err.set_base(input_games_);
    job_.read(ChunkRead{source, first->input->name, options, stats_.totals, this, input_games_}, r);
    emit(r, 0);
    account(r);
    // Release what the continuation read: up to its stop, or the input's last chunk.
    for (;;) {
      SlotPtr f;
      {
        std::lock_guard lock(m_);
        if (slots_.empty()) return nullptr;  // the run is stopping
        f = slots_.front();
      }
      if (f == chain.stop_at) return f;
      ++stats_.chunks;
      ++stats_.continued_chunks;
      pop_front();
      if (f == chain.cur && !chain.stop_at) {
        error = f->error;
        return nullptr;
      }
    }
  }

  // A slot of first's input, after first, whose chunk starts at offset (null: none).
  SlotPtr chunk_starting_at(const Slot& first, std::uint64_t offset) {
    std::lock_guard lock(m_);
    for (const SlotPtr& s : slots_) {
      if (s->input == first.input && s->seq > first.seq && s->chunk.start.offset == offset)
        return s;
    }
    return nullptr;
  }

  // Releases front slots (of the continuation, before cur) that start before `limit`.
  void release_before(const SlotPtr& cur, std::uint64_t limit) {
    for (;;) {
      {
        std::lock_guard lock(m_);
        const Slot& f = *slots_.front();
        // A chunk starting before limit cannot be a stop target: its bytes are in the reader.
        if (slots_.front() == cur || f.chunk.start.offset >= limit) return;
      }
      ++stats_.chunks;
      ++stats_.continued_chunks;
      pop_front();
    }
  }

  const std::vector<std::string>& paths_;
  const Job& job_;
  Emitter& emitter_;
  Settings settings_;
  ChunkPool pool_;  // before slots_: a slot gives its buffer back when it goes
  std::size_t budget_ = 0;

  std::mutex m_;
  std::condition_variable cv_;  // every change of the state below; waiters re-check
  std::deque<SlotPtr> slots_;   // consecutive seq; the merger pops the front
  std::deque<SlotPtr> todo_;    // slots no worker has taken yet
  std::size_t alive_bytes_ = 0;
  bool split_done_ = false;
  bool stop_ = false;

  // The merger's own.
  RunStats stats_;
  std::uint64_t input_games_ = 0;  // games merged from the current input
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

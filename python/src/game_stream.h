// The batches of a run (lib/commands' run_games or run_moves), read on a thread of their own
// and handed to Python one at a time: the producer waits while kMaxBatches are unread, so
// memory stays bounded whatever the input; the consumer waits with the GIL released and
// looks for Ctrl-C between batches and every 100 ms while it waits.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "commands/games.h"

namespace pgnkit::python {

template <class Batch>
class BatchStream {
 public:
  using Handler = std::function<void(std::string_view, Batch&)>;
  // The run: run_games or run_moves with the stream's options, console and handler.
  using Run = std::function<commands::GamesSummary(const commands::GamesOptions&,
                                                   commands::Console&, const Handler&)>;

  BatchStream(commands::GamesOptions options, Run run)
      : options_(std::move(options)), run_(std::move(run)), console_(*this) {
    options_.cancel = &cancel_;
    thread_ = std::thread([this] { produce(); });
  }
  BatchStream(const BatchStream&) = delete;
  BatchStream& operator=(const BatchStream&) = delete;
  ~BatchStream() { close(); }

  // The next batch; false at the end. Called with the GIL held; waits without it. A pending
  // signal (Ctrl-C) ends the run and raises (error_already_set).
  bool next(Batch& batch) {
    std::unique_lock lock(m_);
    for (;;) {
      if (PyErr_CheckSignals() != 0) {
        lock.unlock();
        close();
        throw pybind11::error_already_set();
      }
      if (!queue_.empty()) {
        batch = std::move(queue_.front());
        queue_.pop_front();
        cv_.notify_all();
        return true;
      }
      if (done_) return false;
      pybind11::gil_scoped_release release;
      cv_.wait_for(lock, std::chrono::milliseconds(100), [&] { return !queue_.empty() || done_; });
    }
  }

  // Ends the run (its thread stops between chunks and games) and waits for it. Idempotent.
  void close() {
    cancel_.store(true);
    {
      std::lock_guard lock(m_);
      queue_.clear();
    }
    cv_.notify_all();
    if (!thread_.joinable()) return;
    if (PyGILState_Check()) {
      pybind11::gil_scoped_release release;
      thread_.join();
    } else {
      thread_.join();
    }
  }

  // After the end: what the inputs' failures said ("<name>: <why>"), and whether any.
  const std::vector<std::string>& messages() const { return messages_; }
  bool io_failed() const { return summary_.io_failed; }

 private:
  static constexpr std::size_t kMaxBatches = 4;

  // The run's console: the inputs' failures are kept; a game's problems are in its value.
  class KeptMessages final : public commands::Console {
   public:
    explicit KeptMessages(BatchStream& stream) : stream_(stream) {}
    void out(std::string_view) override {}
    void err(std::string_view) override {}
    void message(std::string_view line) override {
      std::lock_guard lock(stream_.m_);
      stream_.messages_.emplace_back(line);
    }

   private:
    BatchStream& stream_;
  };

  void produce() {
    const commands::GamesSummary summary =
        run_(options_, console_, [this](std::string_view, Batch& batch) {
          std::unique_lock lock(m_);
          cv_.wait(lock, [&] { return queue_.size() < kMaxBatches || cancel_.load(); });
          if (cancel_.load()) return;
          queue_.push_back(std::move(batch));
          cv_.notify_all();
        });
    std::lock_guard lock(m_);
    summary_ = summary;
    done_ = true;
    cv_.notify_all();
  }

  commands::GamesOptions options_;
  Run run_;
  KeptMessages console_;
  std::atomic<bool> cancel_{false};
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<Batch> queue_;
  bool done_ = false;
  std::vector<std::string> messages_;
  commands::GamesSummary summary_;
  std::thread thread_;
};

}  // namespace pgnkit::python

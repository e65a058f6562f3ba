#include "commands/analyse_pool.h"

#include <future>

namespace pgnkit::commands {

AnalysePool::AnalysePool(engine::EngineSettings engine, analysis::AnalysisSettings settings,
                         unsigned workers)
    : engine_settings_(std::move(engine)),
      settings_(settings),
      workers_(workers == 0 ? 1 : workers),
      engines_(workers_) {}

AnalysePool::~AnalysePool() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  room_.notify_all();
  for (std::thread& t : threads_) t.join();
  // "quit" to every engine, then a second for all of them to exit before they are killed.
  for (engine::UciEngine& e : engines_) e.ask_to_quit();
  const auto deadline = engine::Clock::now() + std::chrono::seconds(1);
  for (engine::UciEngine& e : engines_) e.end(deadline);
}

bool AnalysePool::start(std::string* why) {
  std::vector<std::future<std::string>> started;
  for (engine::UciEngine& e : engines_) {
    started.push_back(std::async(std::launch::async, [this, &e] {
      std::string error;
      return e.start(engine_settings_, &error) ? std::string() : error;
    }));
  }
  std::string first_error;
  for (auto& f : started) {
    std::string error = f.get();
    if (!error.empty() && first_error.empty()) first_error = std::move(error);
  }
  if (!first_error.empty()) {
    if (why) *why = first_error;
    for (engine::UciEngine& e : engines_) e.stop();
    return false;
  }
  name_ = engines_.front().name();
  for (unsigned i = 0; i < workers_; ++i) threads_.emplace_back([this, i] { work(i); });
  return true;
}

void AnalysePool::submit(AnalyseTask task) {
  std::unique_lock lock(mutex_);
  room_.wait(lock, [&] {
    return stopping_ || !failure_.empty() || next_submit_ - next_take_ < capacity();
  });
  task.sequence = next_submit_++;
  task.failed = !failure_.empty();
  if (!task.analyse || task.failed) {
    done_.emplace(task.sequence, std::move(task));
    lock.unlock();
    done_ready_.notify_all();
    return;
  }
  queue_.push_back(std::move(task));
  lock.unlock();
  work_ready_.notify_one();
}

std::optional<AnalyseTask> AnalysePool::take(bool wait) {
  std::unique_lock lock(mutex_);
  if (next_take_ == next_submit_) return std::nullopt;
  if (wait) done_ready_.wait(lock, [&] { return done_.contains(next_take_) || !failure_.empty(); });
  const auto it = done_.find(next_take_);
  if (it == done_.end() || it->second.failed) return std::nullopt;
  AnalyseTask task = std::move(it->second);
  done_.erase(it);
  ++next_take_;
  lock.unlock();
  room_.notify_all();
  return task;
}

std::size_t AnalysePool::pending() const {
  const std::lock_guard lock(mutex_);
  return next_submit_ - next_take_;
}

bool AnalysePool::failed() const {
  const std::lock_guard lock(mutex_);
  return !failure_.empty();
}

std::string AnalysePool::failure() const {
  const std::lock_guard lock(mutex_);
  return failure_;
}

std::uint64_t AnalysePool::positions() const {
  const std::lock_guard lock(mutex_);
  return positions_;
}

void AnalysePool::finish(AnalyseTask task) {
  {
    const std::lock_guard lock(mutex_);
    positions_ += task.positions;
    done_.emplace(task.sequence, std::move(task));
  }
  done_ready_.notify_all();
}

void AnalysePool::work(unsigned index) {
  engine::UciEngine& engine = engines_[index];
  int failures = 0;  // in a row
  for (;;) {
    AnalyseTask task;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stopping_ || !failure_.empty() || !queue_.empty(); });
      if (stopping_ || queue_.empty() || !failure_.empty()) return;
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    const std::string where = task.input + ": game " + std::to_string(task.game.number) + ": ";
    for (;;) {
      replay::GameRecord game = task.game;  // the original stays for another try
      const analysis::GameAnalysis a = analysis::analyse_game(game, engine, settings_);
      task.positions += a.positions;
      if (!a.engine_failed) {
        for (const std::string& w : a.warnings) {
          std::string line = where;
          line += "warning: ";
          line += w;
          task.warnings.push_back(std::move(line));
        }
        task.game = std::move(game);
        failures = 0;
        break;
      }
      ++failures;
      engine.stop();
      std::string why;
      const bool restarted = failures < kMaxFailures && engine.start(engine_settings_, &why);
      if (!restarted) {
        const std::lock_guard lock(mutex_);
        if (failure_.empty()) {
          failure_ = where + "the engine failed " + std::to_string(failures) +
                     " times in a row (last: " + a.why + (why.empty() ? "" : "; restart: " + why) +
                     ")";
        }
        task.failed = true;
        break;
      }
      task.warnings.push_back(where + "warning: the engine failed (" + a.why +
                              "); restarted, analysing the game again");
    }
    const bool stop = failed();
    finish(std::move(task));
    if (stop) {
      work_ready_.notify_all();
      room_.notify_all();
      done_ready_.notify_all();
      return;
    }
  }
}

}  // namespace pgnkit::commands

// The engines of `pgnkit analyse`: one UCI engine per worker thread, games handed out in
// turn and handed back in the order they came, whatever order they were finished in.
// A game whose engine fails (crash, timeout) is analysed again from its original by a
// restarted engine; a worker whose engine fails kMaxFailures times in a row stops the pool.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "analysis/game_analysis.h"
#include "engine/uci_engine.h"
#include "replay/game_record.h"

namespace pgnkit::commands {

struct AnalyseTask {
  std::uint64_t sequence = 0;
  replay::GameRecord game;
  std::string input;    // the input's name, for the warnings
  bool analyse = true;  // false: handed back as it is (in order)
  bool failed = false;  // not analysed: the pool stopped (failure()); nothing after it counts
  std::vector<std::string> warnings;  // lines for stderr, without line feeds
  std::uint64_t positions = 0;        // searched
};

class AnalysePool {
 public:
  static constexpr int kMaxFailures = 3;

  AnalysePool(engine::EngineSettings engine, analysis::AnalysisSettings settings, unsigned workers);
  AnalysePool(const AnalysePool&) = delete;
  AnalysePool& operator=(const AnalysePool&) = delete;
  ~AnalysePool();  // stops the workers and their engines

  // Starts every engine (in parallel), then the workers. False and `why` when one cannot be
  // started or is not a UCI engine. `name()` is the engine's then.
  bool start(std::string* why);
  const std::string& name() const { return name_; }

  // Hands a game over; blocks while the pool holds `capacity()` games not yet taken back.
  void submit(AnalyseTask task);
  // The next game in submission order: waits for it when `wait`, else nullopt when it is not
  // done yet (or none is pending). After a failure, nullopt once the games before it are out.
  std::optional<AnalyseTask> take(bool wait);
  std::size_t pending() const;
  std::size_t capacity() const { return 2 * workers_ + 2; }

  // Whether the pool stopped (an engine failed kMaxFailures times in a row), and why.
  bool failed() const;
  std::string failure() const;
  std::uint64_t positions() const;  // searched so far, by all workers

 private:
  void work(unsigned index);
  void finish(AnalyseTask task);

  engine::EngineSettings engine_settings_;
  analysis::AnalysisSettings settings_;
  unsigned workers_;
  std::string name_;
  std::vector<engine::UciEngine> engines_;
  std::vector<std::thread> threads_;

  mutable std::mutex mutex_;
  std::condition_variable work_ready_, done_ready_, room_;
  std::deque<AnalyseTask> queue_;              // submitted, not yet taken by a worker
  std::map<std::uint64_t, AnalyseTask> done_;  // finished, by sequence
  std::uint64_t next_submit_ = 0, next_take_ = 0;
  std::uint64_t positions_ = 0;
  bool stopping_ = false;
  std::string failure_;
};

}  // namespace pgnkit::commands

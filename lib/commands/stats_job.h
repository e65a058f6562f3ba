// One read of `pgnkit stats` as a pipeline::Job: every game replayed as check replays it (the
// same problems), filed into the read's Counts (stats_counts.h), for all games and for its
// group of --by values; the first problems and the games with problems kept for the report.
// The merging thread sums the reads in input order (stats_merge.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "commands/stats_counts.h"
#include "eco/book.h"
#include "pgn/types.h"
#include "pipeline/pipeline.h"

namespace pgnkit::commands {

// A problem kept for the report's table (the fields of check --format ndjson).
struct StatsProblem {
  std::uint64_t input = 0;  // the input's index (set by the merge)
  std::uint64_t game = 0;   // relative to the records' game base; 0 between games
  pgn::Location where;
  std::uint32_t ply = 0;
  bool in_variation = false;
  bool error = true;
  std::string code, san, message, fen;
};

// A game with problems (the report's "most problems" list).
struct StatsGameProblems {
  std::uint64_t input = 0;  // set by the merge
  std::uint64_t game = 0;   // relative to the records' game base
  std::uint64_t errors = 0, warnings = 0;
  std::string white, black;
};

class StatsRecords final : public pipeline::Records {
 public:
  Counts totals;
  // Counts by group: the --by values joined by kGroupSeparator.
  std::unordered_map<std::string, Counts> groups;
  std::vector<StatsProblem> problems;    // the read's first max_problems
  std::vector<StatsGameProblems> worst;  // its games with problems

  bool empty() const override {
    return totals.empty() && groups.empty() && problems.empty() && worst.empty();
  }
  void clear() override {
    totals = Counts{};
    groups.clear();
    problems.clear();
    worst.clear();
  }
  std::size_t capacity_bytes() const override {
    return problems.capacity() * sizeof(StatsProblem) +
           worst.capacity() * sizeof(StatsGameProblems) + groups.size() * sizeof(Counts);
  }
};

// Sorts `worst` by problems (errors + warnings), most first, the earlier in `worst`'s order
// first among equals (`worst` in input order, or already kept this way), and keeps the first
// `top` (all when top is 0). Reads and the merge keep at most a few times `top` at once:
// memory stays bounded however many games have problems.
void keep_worst(std::vector<StatsGameProblems>& worst, std::size_t top);

inline constexpr char kGroupSeparator = '\x1f';

struct StatsJobOptions {
  std::vector<std::string> by;   // tag names
  std::size_t max_problems = 0;  // problems kept per read (the report's table)
  std::size_t top = 0;           // games with problems kept per read (0: all)
  bool variations = true;
  const eco::Book* eco = nullptr;             // set: ECO by the book, not the tag
  const std::atomic<bool>* cancel = nullptr;  // set by another thread: stop between games
};

class StatsJob final : public pipeline::Job {
 public:
  explicit StatsJob(const StatsJobOptions& options) : options_(options) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  bool cancelled() const override {
    return options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed);
  }

 private:
  const StatsJobOptions& options_;
};

}  // namespace pgnkit::commands

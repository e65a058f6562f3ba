// `pgnkit stats`'s merging side (pipeline::MergeHook): each read's StatsRecords summed in
// input order into one StatsReport, the same for every thread count.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "commands/console.h"
#include "commands/stats_job.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

// Everything stats prints: the counts of all games and of each group, the first problems and
// the games with the most problems (input, game numbers absolute).
struct StatsReport {
  std::vector<std::string> inputs;  // the inputs' names, in order (StatsProblem::input)
  std::vector<std::string> by;      // the --by tags
  Counts totals;
  std::map<std::string, Counts> groups;  // by the --by values joined by kGroupSeparator
  std::vector<StatsProblem> problems;    // the first max_problems, in input order
  std::vector<StatsGameProblems> worst;  // most problems first, then input order
  std::size_t top = 0;                   // lists bounded to this (0: all)
};

// The groups in output order: most games first, then by their values.
std::vector<const std::pair<const std::string, Counts>*> sorted_groups(const StatsReport& r);

// A group key's values (split at kGroupSeparator), one per --by tag.
std::vector<std::string_view> group_values(std::string_view key);

class StatsMerge final : public pipeline::MergeHook {
 public:
  StatsMerge(Console& console, StatsReport& report, std::size_t max_problems)
      : console_(console), report_(report), max_problems_(max_problems) {}

  std::string_view out(std::string_view bytes) override { return bytes; }
  void err(std::string_view bytes) override { console_.err(bytes); }
  void input_begin(std::string_view name) override { report_.inputs.emplace_back(name); }
  void records(const pipeline::Records& records, std::uint64_t game_base) override;
  // After the run: the worst games sorted and bounded.
  void finish();

 private:
  Console& console_;
  StatsReport& report_;
  std::size_t max_problems_;
  std::map<std::string, std::size_t, std::less<>> kept_;  // problems kept, by code
};

}  // namespace pgnkit::commands

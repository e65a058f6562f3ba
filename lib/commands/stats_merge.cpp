#include "commands/stats_merge.h"

#include <algorithm>

namespace pgnkit::commands {

std::vector<const std::pair<const std::string, Counts>*> sorted_groups(const StatsReport& r) {
  std::vector<const std::pair<const std::string, Counts>*> v;
  v.reserve(r.groups.size());
  for (const auto& g : r.groups) v.push_back(&g);
  std::stable_sort(v.begin(), v.end(),
                   [](const auto* a, const auto* b) { return a->second.games > b->second.games; });
  return v;
}

std::vector<std::string_view> group_values(std::string_view key) {
  std::vector<std::string_view> values;
  for (;;) {
    const std::size_t at = key.find(kGroupSeparator);
    values.push_back(key.substr(0, at));
    if (at == std::string_view::npos) return values;
    key.remove_prefix(at + 1);
  }
}

void StatsMerge::records(const pipeline::Records& records, std::uint64_t game_base) {
  const auto& r = static_cast<const StatsRecords&>(records);
  const std::uint64_t input = report_.inputs.empty() ? 0 : report_.inputs.size() - 1;
  report_.totals.merge(r.totals);
  for (const auto& [key, counts] : r.groups) report_.groups[key].merge(counts);
  for (const StatsProblem& p : r.problems) {
    if (++kept_[p.code] > max_problems_) continue;
    StatsProblem& k = report_.problems.emplace_back(p);
    k.input = input;
    if (k.game != 0) k.game += game_base;
  }
  for (const StatsGameProblems& g : r.worst) {
    StatsGameProblems& k = report_.worst.emplace_back(g);
    k.input = input;
    k.game += game_base;
  }
  if (report_.top != 0 && report_.worst.size() > 4 * report_.top)
    keep_worst(report_.worst, report_.top);
}

void StatsMerge::finish() {
  keep_worst(report_.worst, report_.top);
}

}  // namespace pgnkit::commands

// `pgnkit stats`'s text, JSON and CSV outputs of a StatsReport (docs/stats.md). Every list in
// its order (stats_counts.h: sorted_list), the by-count lists bounded by the report's top.
#pragma once

#include <string>

#include "commands/stats_merge.h"

namespace pgnkit::commands {

// Aligned tables: the totals' scalars, then each list (value, count and, for the lists of
// one value per game, its percentage of the games); then each group the same way.
std::string stats_text(const StatsReport& r);

// One JSON document (docs/stats.md has its keys).
std::string stats_json(const StatsReport& r);

// RFC 4180 rows: scope (all or group), one column per --by tag, list, key, count.
std::string stats_csv(const StatsReport& r);

// A key as the text table and the report show it: valid UTF-8, control characters as '?',
// "(none)" for an absent or empty value.
std::string display_key(std::string_view key);

}  // namespace pgnkit::commands

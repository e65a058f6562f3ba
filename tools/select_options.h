// The filter options of `pgnkit select` as CLI11 options, into commands::FilterFlags
// (lib/commands/select_filters.h parses them).
#pragma once

#include <CLI/CLI.hpp>

#include "commands/select_filters.h"

namespace pgnkit::tools {

// Adds --tag ... --invert to `cmd`; they fill `flags` (and eco_default: the default book).
void add_filter_options(CLI::App& cmd, commands::FilterFlags& flags);

}  // namespace pgnkit::tools

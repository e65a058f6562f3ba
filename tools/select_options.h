// The filter options of `pgnkit select` as CLI11 options, into commands::FilterFlags
// (lib/commands/select_filters.h parses them).
#pragma once

#include <CLI/CLI.hpp>

#include "commands/select_filters.h"

namespace pgnkit::tools {

// Adds --tag ... --invert to `cmd`; they fill `flags` (and eco_default: the default book).
// with_fen: also --fen and --fen-placement (tree has a --fen of its own).
void add_filter_options(CLI::App& cmd, commands::FilterFlags& flags, bool with_fen = true);

}  // namespace pgnkit::tools

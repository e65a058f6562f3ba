// The filter options of `pgnkit select`, as CLI11 options and as select::SelectOptions.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "select/selector.h"

namespace pgnkit::tools {

struct FilterArgs {
  std::vector<std::string> tag, player, white, black, result, eco, variant, termination, elo, date,
      plies, ends, fen, material;
  bool consistent = false, inconsistent = false, legal = false, illegal = false;
  bool fen_placement = false, material_final = false, invert = false;
  bool eco_classify = false;  // --eco tests the classification, not the tag
  std::string eco_file;       // --eco-file (implies eco_classify); empty: the default book
};

void add_filter_options(CLI::App& cmd, FilterArgs& args);

// Parses every filter into `options` (with --eco-classify, loads the ECO book); prints
// "pgnkit <command>: <why>" for the first bad one, or a book that cannot be used, and returns
// false.
bool build_filters(const FilterArgs& args, select::SelectOptions& options, const char* command);

}  // namespace pgnkit::tools

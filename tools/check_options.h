// check's CI flags (--select ... --baseline, --config) into commands::CiOptions.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/check_ci.h"

namespace pgnkit::tools {

struct CiFlags {
  std::vector<std::string> select, ignore, error, warn;  // as parsed (comma-separated)
  bool list_codes = false;
  commands::CiOptions options;  // the rest, set by the flags directly
};

void register_ci_options(CLI::App& cmd, CiFlags& flags);
// After parsing: the rule lists given on the command line, and whether --strict and
// --max-errors were (the command line wins over pgnkit.toml).
void take_ci_options(const CLI::App& cmd, CiFlags& flags);

}  // namespace pgnkit::tools

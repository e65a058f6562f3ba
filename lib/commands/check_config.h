// pgnkit.toml for `pgnkit check`: found by walking up from the current directory (as ruff
// and clang-format find theirs), or named with --config. The command line wins over the
// file. Format (docs/check.md, "Configuration"):
//
//   [check]
//   select = ["illegal", "end"]      # codes or groups; ignore, error, warn alike
//   strict = false
//   laws = "by-date"                 # by-date | current | pre-2014
//   max-errors = 0
//   [[check.per-path]]
//   glob = "legacy/*.pgn"            # fnmatch(3), against the path relative to the file's folder
//   ignore = ["lint", "tags"]
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/rules.h"

namespace pgnkit::commands {

// The rule keys of one table: unset keys leave the decision to a lower level.
struct RuleKeys {
  std::optional<std::vector<std::string>> select, ignore, error, warn;
};

struct PerPathRules {
  std::string glob;
  RuleKeys rules;
};

struct CheckConfig {
  std::filesystem::path file;  // the file read; empty when none
  RuleKeys rules;              // [check]
  std::optional<bool> strict;
  // The Laws edition to judge games by, validated but not applied here: the --laws option
  // of check takes it from this field when the command line does not name one.
  std::optional<std::string> laws;
  std::optional<std::uint64_t> max_errors;
  std::vector<PerPathRules> per_path;  // in file order; the last match wins per key
};

inline constexpr std::string_view kConfigName = "pgnkit.toml";

// The nearest pgnkit.toml in `start` or a parent directory, or null.
std::optional<std::filesystem::path> find_config_file(const std::filesystem::path& start);

// Reads `file` into `out`. On failure returns false with "FILE:LINE:COL: why" in `error`
// (TOML syntax, a key of the wrong type, an unknown key, code or group).
bool load_check_config(const std::filesystem::path& file, CheckConfig& out, std::string& error);

// The rule lists for one input: per key, the command line's when given, else the last
// per-path entry whose glob matches the input, else [check]'s.
diag::RuleLists rules_for_input(const CheckConfig& config, const RuleKeys& cli,
                                std::string_view input);

}  // namespace pgnkit::commands

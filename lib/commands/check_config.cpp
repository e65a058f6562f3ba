#include "commands/check_config.h"

#include <fnmatch.h>

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <system_error>

namespace pgnkit::commands {
namespace {

namespace fs = std::filesystem;

// "FILE:LINE:COL: why" for a node of the file.
std::string at(const fs::path& file, const toml::source_region& where, std::string_view why) {
  return file.string() + ':' + std::to_string(where.begin.line) + ':' +
         std::to_string(where.begin.column) + ": " + std::string(why);
}

// A list of codes or groups: an array of strings, each a known name.
bool read_names(const fs::path& file, const toml::node& node, std::string_view key,
                std::optional<std::vector<std::string>>& out, std::string& error) {
  const toml::array* array = node.as_array();
  if (!array) {
    error = at(file, node.source(), "'" + std::string(key) + "' must be an array of strings");
    return false;
  }
  std::vector<std::string> names;
  for (const toml::node& item : *array) {
    const auto* name = item.as_string();
    if (!name) {
      error = at(file, item.source(), "'" + std::string(key) + "' must hold strings");
      return false;
    }
    if (auto bad = diag::check_rule_name(name->get())) {
      error = at(file, item.source(), *bad);
      return false;
    }
    names.push_back(name->get());
  }
  out = std::move(names);
  return true;
}

// One of select/ignore/error/warn: reads it into `rules` and returns true when `key` is one.
bool read_rule_key(const fs::path& file, std::string_view key, const toml::node& node,
                   RuleKeys& rules, bool& ok, std::string& error) {
  std::optional<std::vector<std::string>>* target = nullptr;
  if (key == "select") target = &rules.select;
  if (key == "ignore") target = &rules.ignore;
  if (key == "error") target = &rules.error;
  if (key == "warn") target = &rules.warn;
  if (!target) return false;
  ok = read_names(file, node, key, *target, error);
  return true;
}

bool read_per_path(const fs::path& file, const toml::node& node, CheckConfig& out,
                   std::string& error) {
  const toml::array* entries = node.as_array();
  if (!entries || !entries->is_array_of_tables()) {
    error = at(file, node.source(), "'per-path' must be an array of tables ([[check.per-path]])");
    return false;
  }
  for (const toml::node& entry_node : *entries) {
    const toml::table& entry = *entry_node.as_table();
    PerPathRules rules;
    for (const auto& [key, value] : entry) {
      bool ok = true;
      if (read_rule_key(file, key.str(), value, rules.rules, ok, error)) {
        if (!ok) return false;
      } else if (key.str() == "glob") {
        if (!value.is_string()) {
          error = at(file, value.source(), "'glob' must be a string");
          return false;
        }
        rules.glob = value.as_string()->get();
      } else {
        error = at(file, key.source(),
                   "unknown key '" + std::string(key.str()) +
                       "' in [[check.per-path]] (glob, select, ignore, "
                       "error, warn)");
        return false;
      }
    }
    if (rules.glob.empty()) {
      error = at(file, entry.source(), "[[check.per-path]] needs a 'glob'");
      return false;
    }
    out.per_path.push_back(std::move(rules));
  }
  return true;
}

bool read_check_table(const fs::path& file, const toml::table& check, CheckConfig& out,
                      std::string& error) {
  static constexpr std::array<std::string_view, 3> kLaws{"by-date", "current", "pre-2014"};
  for (const auto& [key, value] : check) {
    const std::string_view name = key.str();
    bool ok = true;
    if (read_rule_key(file, name, value, out.rules, ok, error)) {
      if (!ok) return false;
    } else if (name == "strict") {
      if (!value.is_boolean()) {
        error = at(file, value.source(), "'strict' must be true or false");
        return false;
      }
      out.strict = value.as_boolean()->get();
    } else if (name == "laws") {
      const auto* laws = value.as_string();
      if (!laws || std::find(kLaws.begin(), kLaws.end(), laws->get()) == kLaws.end()) {
        error = at(file, value.source(), "'laws' must be \"by-date\", \"current\" or \"pre-2014\"");
        return false;
      }
      out.laws = laws->get();
    } else if (name == "max-errors") {
      const auto* n = value.as_integer();
      if (!n || n->get() < 0) {
        error = at(file, value.source(), "'max-errors' must be a whole number, 0 or more");
        return false;
      }
      out.max_errors = static_cast<std::uint64_t>(n->get());
    } else if (name == "per-path") {
      if (!read_per_path(file, value, out, error)) return false;
    } else {
      error = at(file, key.source(),
                 "unknown key '" + std::string(name) +
                     "' in [check] (select, ignore, error, warn, strict, laws, max-errors, "
                     "per-path)");
      return false;
    }
  }
  return true;
}

// `input` relative to the configuration file's folder, '/'-separated.
std::string relative_to_config(const CheckConfig& config, std::string_view input) {
  std::error_code ec;
  const fs::path abs = fs::absolute(fs::path(input), ec).lexically_normal();
  const fs::path dir = fs::absolute(config.file.parent_path(), ec).lexically_normal();
  return abs.lexically_relative(dir).generic_string();
}

}  // namespace

std::optional<fs::path> find_config_file(const fs::path& start) {
  std::error_code ec;
  fs::path dir = fs::absolute(start, ec);
  if (ec) return std::nullopt;
  while (true) {
    const fs::path candidate = dir / kConfigName;
    if (fs::is_regular_file(candidate, ec)) return candidate;
    if (!dir.has_relative_path()) return std::nullopt;  // the root
    dir = dir.parent_path();
  }
}

bool load_check_config(const fs::path& file, CheckConfig& out, std::string& error) {
  out = CheckConfig{};
  out.file = file;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) {
    error = file.string() + ": cannot read the configuration file";
    return false;
  }
  toml::table root;
  try {
    root = toml::parse_file(file.string());
  } catch (const toml::parse_error& e) {
    error = at(file, e.source(), e.description());
    return false;
  }
  for (const auto& [key, value] : root) {
    if (key.str() != "check") {
      error = at(file, key.source(),
                 "unknown key '" + std::string(key.str()) + "' (pgnkit.toml holds only [check])");
      return false;
    }
    if (!value.is_table()) {
      error = at(file, value.source(), "'check' must be a table");
      return false;
    }
    if (!read_check_table(file, *value.as_table(), out, error)) return false;
  }
  return true;
}

diag::RuleLists rules_for_input(const CheckConfig& config, const RuleKeys& cli,
                                std::string_view input) {
  RuleKeys chosen = config.rules;
  if (!config.file.empty() && input != "-" && input != "<stdin>") {
    const std::string rel = relative_to_config(config, input);
    for (const PerPathRules& entry : config.per_path) {
      if (::fnmatch(entry.glob.c_str(), rel.c_str(), 0) != 0) continue;
      if (entry.rules.select) chosen.select = entry.rules.select;
      if (entry.rules.ignore) chosen.ignore = entry.rules.ignore;
      if (entry.rules.error) chosen.error = entry.rules.error;
      if (entry.rules.warn) chosen.warn = entry.rules.warn;
    }
  }
  if (cli.select) chosen.select = cli.select;
  if (cli.ignore) chosen.ignore = cli.ignore;
  if (cli.error) chosen.error = cli.error;
  if (cli.warn) chosen.warn = cli.warn;
  diag::RuleLists lists;
  lists.select = chosen.select.value_or(std::vector<std::string>{});
  lists.ignore = chosen.ignore.value_or(std::vector<std::string>{});
  lists.error = chosen.error.value_or(std::vector<std::string>{});
  lists.warn = chosen.warn.value_or(std::vector<std::string>{});
  return lists;
}

}  // namespace pgnkit::commands

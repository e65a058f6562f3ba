#include "check_options.h"

#include <optional>

namespace pgnkit::tools {
namespace {

std::optional<std::vector<std::string>> given_list(const CLI::App& cmd, const char* name,
                                                   const std::vector<std::string>& values) {
  if (cmd.count(name) == 0) return std::nullopt;
  return values;
}

}  // namespace

void register_ci_options(CLI::App& cmd, CiFlags& flags) {
  commands::CiOptions& args = flags.options;
  cmd.add_option("--select", flags.select,
                 "Report only these codes or groups (comma-separated; see --list-codes)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("CODES");
  cmd.add_option("--ignore", flags.ignore, "Do not report these codes or groups")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("CODES");
  cmd.add_option("--error", flags.error, "Report these codes or groups as errors")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("CODES");
  cmd.add_option("--warn", flags.warn, "Report these codes or groups as warnings")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("CODES");
  cmd.add_flag("--list-codes", flags.list_codes,
               "Print every code with its group and severity (text, or --format ndjson)");
  cmd.add_flag("--no-strict", args.no_strict,
               "Warnings stay warnings (over strict = true in the file)")
      ->excludes("--strict");
  auto* config = cmd.add_option("--config", args.config,
                                "Read this pgnkit.toml instead of the nearest one up from here")
                     ->type_name("FILE");
  cmd.add_flag("--no-config", args.no_config, "Read no pgnkit.toml")->excludes(config);
  cmd.add_option("--sarif-root", args.sarif_root,
                 "Paths in sarif, github and gitlab output are relative to DIR (default: .)")
      ->type_name("DIR");
  auto* baseline = cmd.add_option("--baseline", args.baseline,
                                  "Report and count only problems not in this baseline file")
                       ->type_name("FILE");
  cmd.add_option("--write-baseline", args.write_baseline,
                 "Record every problem found in FILE (sorted; exit 0 unless I/O fails)")
      ->type_name("FILE")
      ->excludes(baseline);
}

void take_ci_options(const CLI::App& cmd, CiFlags& flags) {
  commands::CiOptions& args = flags.options;
  args.rules.select = given_list(cmd, "--select", flags.select);
  args.rules.ignore = given_list(cmd, "--ignore", flags.ignore);
  args.rules.error = given_list(cmd, "--error", flags.error);
  args.rules.warn = given_list(cmd, "--warn", flags.warn);
  args.strict_given = cmd.count("--strict") > 0 || args.no_strict;
  args.max_errors_given = cmd.count("--max-errors") > 0;
}

}  // namespace pgnkit::tools

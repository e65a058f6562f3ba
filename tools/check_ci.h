// The CI-gate options of `pgnkit check` (--select ... --baseline, pgnkit.toml) and the state
// of one run that uses them: the configuration, the gate, the report's header and footer,
// the baseline to write. cmd_check calls these; the work itself is in lib/diag.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "check_config.h"
#include "check_gate.h"
#include "diag/baseline.h"
#include "diag/format.h"

namespace pgnkit::tools {

struct CiArgs {
  std::vector<std::string> select, ignore, error, warn;  // as parsed (comma-separated)
  RuleKeys given;  // only the lists given on the command line (take_ci_options)
  bool list_codes = false;
  std::string config;  // --config FILE
  bool no_config = false;
  std::string sarif_root = ".";
  std::string baseline, write_baseline;
  bool no_strict = false;
  bool strict_given = false, max_errors_given = false;
};

void register_ci_options(CLI::App& cmd, CiArgs& args);
// After parsing: records which options were given (the command line wins over the file).
void take_ci_options(const CLI::App& cmd, CiArgs& args);

class CiRun {
 public:
  CiRun(CheckConfig config, RuleKeys cli, std::optional<diag::Format> format,
        std::string sarif_root, std::optional<diag::Baseline> baseline, std::string write_baseline);
  CiRun(const CiRun&) = delete;
  CiRun& operator=(const CiRun&) = delete;

  void begin_file(std::string_view name);
  void begin_output();  // the report's header on stdout
  void end_output();    // its footer
  // One problem in the run's CI format (sarif, github, gitlab).
  void format_problem(std::string& out, const CheckGate::Decided& d, bool strict);
  // Keeps a reported problem for --write-baseline.
  void record(std::string_view file, const CheckGate::Decided& d);

  bool has_baseline() const { return baseline_.has_value(); }
  bool writes_baseline() const { return !write_baseline_.empty(); }
  // Writes --write-baseline's file (atomically); false, with the reason printed, on failure.
  bool finish();

  CheckGate& gate() { return gate_; }

 private:
  CheckConfig config_;
  RuleKeys cli_;
  std::optional<diag::Format> format_;
  std::string sarif_root_;  // absolute
  std::optional<diag::Baseline> baseline_;
  std::string write_baseline_;
  std::vector<diag::BaselineEntry> known_;
  std::string report_path_;  // the current input, relative to --sarif-root
  bool first_result_ = true;
  CheckGate gate_;  // after baseline_, which it points to
};

// Loads the configuration and the baseline and applies the file's strict and max-errors
// where the command line did not give them; `laws` gets the file's `laws` (unset if none). Returns
// -1 to go on (with `out` set when the run needs the gate), or the exit status to stop with: 0
// after --list-codes, 2 on a bad option, configuration or baseline (the reason printed).
int prepare_ci(const CiArgs& args, std::string_view format, bool& strict, std::uint64_t& max_errors,
               std::optional<std::string>& laws, std::optional<CiRun>& out);

}  // namespace pgnkit::tools

// The CI-gate options of `pgnkit check` (--select ... --baseline, pgnkit.toml) and one run
// that uses them: what every read of a chunk needs (read-only, shared by the workers: the
// rules and report path of an input, a gate, the format), and what the merging thread does
// (the report's header and footer, the separator of its first result, the baseline to
// write). cmd_check and check_job call these; the work itself is in lib/diag.
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
#include "pipeline/output.h"
#include "threads.h"

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

class CiRun final : public MergeHook {
 public:
  CiRun(CheckConfig config, RuleKeys cli, std::optional<diag::Format> format,
        std::string sarif_root, std::optional<diag::Baseline> baseline, std::string write_baseline);
  CiRun(const CiRun&) = delete;
  CiRun& operator=(const CiRun&) = delete;

  // What a read of one input needs (from any thread).
  struct Input {
    diag::RuleSet rules;      // pgnkit.toml's per-path rules for it, under the command line's
    std::string report_path;  // relative to --sarif-root; "stdin" for <stdin>
  };
  Input input(std::string_view name) const;
  // A gate for one read: fingerprints where a CI format or a baseline needs them.
  CheckGate gate() const;
  // One problem in the run's CI format (sarif, github, gitlab), always with the separator
  // before it (out() drops the document's first), its game number a hole in `out`.
  void format_problem(pipeline::Output& out, const Input& input, const CheckGate::Decided& d,
                      bool strict) const;
  // A reported problem's --write-baseline line, into the read's err output (see err()).
  void record(pipeline::Output& err, std::string_view file, const CheckGate::Decided& d) const;

  bool has_format() const { return format_.has_value(); }
  bool has_baseline() const { return baseline_.has_value(); }
  bool writes_baseline() const { return !write_baseline_.empty(); }

  // The merging thread. The report's header and footer on stdout:
  void begin_output();
  void end_output();
  // MergeHook: the merged output; its first result loses its separator, and the err bytes
  // are the baseline lines of record().
  std::string_view out(std::string_view bytes) override;
  void err(std::string_view bytes) override;
  // Writes --write-baseline's file (atomically); false, with the reason printed, on failure.
  bool finish();

 private:
  CheckConfig config_;
  RuleKeys cli_;
  std::optional<diag::Format> format_;
  std::string sarif_root_;  // absolute
  std::optional<diag::Baseline> baseline_;
  std::string write_baseline_;
  std::vector<std::string> known_;  // the baseline lines recorded, in any order
  std::string partial_line_;        // of err(), if bytes ever end mid-line
  bool first_result_ = true;
};

// Loads the configuration and the baseline and applies the file's strict and max-errors
// where the command line did not give them; `laws` gets the file's `laws` (unset if none). Returns
// -1 to go on (with `out` set when the run needs the gate), or the exit status to stop with: 0
// after --list-codes, 2 on a bad option, configuration or baseline (the reason printed).
int prepare_ci(const CiArgs& args, std::string_view format, bool& strict, std::uint64_t& max_errors,
               std::optional<std::string>& laws, std::optional<CiRun>& out);

}  // namespace pgnkit::tools

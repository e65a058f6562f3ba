// The CI-gate options of `pgnkit check` (--select ... --baseline, pgnkit.toml) and one run
// that uses them: what every read of a chunk needs (read-only, shared by the workers: the
// rules and report path of an input, a gate, the format), and what the merging thread does
// (the report's header and footer, the separator of its first result, the baseline to
// write). check.cpp and check_job.cpp call these; the work itself is in lib/diag.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/check_config.h"
#include "commands/check_gate.h"
#include "commands/console.h"
#include "diag/baseline.h"
#include "diag/format.h"
#include "pipeline/output.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

// The caller's choices; what it leaves unset, pgnkit.toml may decide.
struct CiOptions {
  RuleKeys rules;      // select, ignore, error, warn: codes or groups (diag/codes.h)
  std::string config;  // a pgnkit.toml to read; empty: the nearest one up from the current folder
  bool no_config = false;         // read none
  std::string sarif_root = ".";   // paths in the CI formats are relative to it
  std::string baseline;           // report and count only problems not in this file
  std::string write_baseline;     // record every problem found in this file
  bool no_strict = false;         // warnings stay warnings, whatever the file says
  bool strict_given = false;      // the caller's strict wins over the file's
  bool max_errors_given = false;  // the caller's max_errors wins over the file's
};

// A read's --write-baseline lines, whole lines in any order, for the merging thread (a
// pipeline::Records: typed, not riding the read's stderr bytes).
struct BaselineLines final : pipeline::Records {
  std::string text;

  bool empty() const override { return text.empty(); }
  void clear() override { text.clear(); }
  std::size_t capacity_bytes() const override { return text.capacity(); }
};

class CiRun final : public pipeline::MergeHook {
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
  // A reported problem's --write-baseline line, into the read's records (BaselineLines).
  void record(pipeline::ChunkResult& result, std::string_view file,
              const CheckGate::Decided& d) const;

  bool has_format() const { return format_.has_value(); }
  bool has_baseline() const { return baseline_.has_value(); }
  bool writes_baseline() const { return !write_baseline_.empty(); }

  // The merging thread. The report's header and footer, to the console's out():
  void begin_output(Console& console);
  void end_output(Console& console);
  // MergeHook: the merged output; its first result loses its separator. The records are the
  // baseline lines of record(). A check read writes nothing to err.
  std::string_view out(std::string_view bytes) override;
  void err(std::string_view /*bytes*/) override {}
  void records(const pipeline::Records& records, std::uint64_t game_base) override;
  // Writes the write_baseline file (atomically) and says so; false, with the reason in a
  // message, on failure.
  bool finish(Console& console);

 private:
  CheckConfig config_;
  RuleKeys cli_;
  std::optional<diag::Format> format_;
  std::string sarif_root_;  // absolute
  std::optional<diag::Baseline> baseline_;
  std::string write_baseline_;
  std::vector<std::string> known_;  // the baseline lines recorded, in any order
  bool first_result_ = true;
};

// Loads the configuration and the baseline and applies the file's strict and max-errors
// where the caller did not give them; `laws` gets the file's `laws` (unset if none). Returns
// true to go on (with `out` set when the run needs the gate), false on a bad rule name,
// configuration or baseline (the reason in a message).
bool prepare_ci(const CiOptions& options, std::string_view format, bool& strict,
                std::uint64_t& max_errors, std::optional<std::string>& laws,
                std::optional<CiRun>& out, Console& console);

}  // namespace pgnkit::commands

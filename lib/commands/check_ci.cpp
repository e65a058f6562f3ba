#include "commands/check_ci.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "diag/codes.h"

#ifndef PGNKIT_VERSION
#define PGNKIT_VERSION "0.0.0"
#endif

namespace pgnkit::commands {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kHome = "https://github.com/pgnkit/pgnkit";
constexpr std::string_view kCodesHelp =
    "https://github.com/pgnkit/pgnkit/blob/main/docs/check.md#codes";

bool read_whole_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return !in.bad();
}

}  // namespace

CiRun::CiRun(CheckConfig config, RuleKeys cli, std::optional<diag::Format> format,
             std::string sarif_root, std::optional<diag::Baseline> baseline,
             std::string write_baseline)
    : config_(std::move(config)),
      cli_(std::move(cli)),
      format_(format),
      sarif_root_(std::move(sarif_root)),
      baseline_(std::move(baseline)),
      write_baseline_(std::move(write_baseline)) {}

CiRun::Input CiRun::input(std::string_view name) const {
  Input in;
  std::string why;
  auto rules = diag::RuleSet::build(rules_for_input(config_, cli_, name), why);
  if (rules) in.rules = std::move(*rules);  // names were checked before
  if (name == "<stdin>") {
    in.report_path = "stdin";
    return in;
  }
  std::error_code ec;
  const fs::path abs = fs::absolute(fs::path(name), ec).lexically_normal();
  const fs::path rel = abs.lexically_relative(fs::path(sarif_root_));
  in.report_path = rel.empty() ? std::string(name) : rel.generic_string();
  return in;
}

CheckGate CiRun::gate() const {
  return CheckGate(baseline_ ? &*baseline_ : nullptr, format_ == diag::Format::Sarif ||
                                                          format_ == diag::Format::Gitlab ||
                                                          !write_baseline_.empty());
}

void CiRun::format_problem(pipeline::Output& out, const Input& input, const CheckGate::Decided& d,
                           bool strict) const {
  if (!format_) return;
  const replay::Severity severity = strict ? replay::Severity::Error : d.severity;
  std::string text;
  diag::GameNumbers numbers;
  diag::append_problem(text, *format_, d.problem,
                       diag::Placed{input.report_path, d.fingerprint, severity, d.code}, false,
                       &numbers);
  std::vector<pipeline::NumberHole> holes;
  holes.reserve(numbers.size());
  for (const diag::GameNumberAt& n : numbers) holes.push_back({n.at, n.game, 0});
  out.append(text, holes);
}

void CiRun::record(pipeline::ChunkResult& result, std::string_view file,
                   const CheckGate::Decided& d) const {
  if (write_baseline_.empty()) return;
  diag::append_baseline_line(pipeline::records_of<BaselineLines>(result).text,
                             diag::BaselineEntry{d.fingerprint, std::string(d.problem.code_name()),
                                                 std::string(file), d.problem.san, d.problem.ply});
}

void CiRun::begin_output(Console& console) {
  if (!format_) return;
  std::string out;
  diag::append_header(out, *format_, diag::ToolInfo{"pgnkit", PGNKIT_VERSION, kHome, kCodesHelp});
  console.out(out);
}

void CiRun::end_output(Console& console) {
  if (!format_) return;
  std::string out;
  diag::append_footer(out, *format_);
  console.out(out);
}

std::string_view CiRun::out(std::string_view bytes) {
  // Only JSON documents (SARIF, GitLab) separate their results; text never starts with one.
  const bool separated = format_ == diag::Format::Sarif || format_ == diag::Format::Gitlab;
  if (!separated || !first_result_ || bytes.empty()) return bytes;
  first_result_ = false;
  return diag::drop_leading_separator(bytes);
}

void CiRun::records(const pipeline::Records& records, std::uint64_t /*game_base*/) {
  std::string_view text = static_cast<const BaselineLines&>(records).text;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');  // every line ends with one
    known_.emplace_back(text.substr(0, end + 1));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  }
}

bool CiRun::finish(Console& console) {
  if (write_baseline_.empty()) return true;
  const std::size_t recorded = known_.size();
  const std::string text = diag::baseline_text(std::move(known_));
  // Written beside the target and renamed over it: a reader never sees half a file.
  const std::string tmp = write_baseline_ + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      console.message(write_baseline_ + ": cannot write the baseline");
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, write_baseline_, ec);
  if (ec) {
    fs::remove(tmp, ec);
    console.message(write_baseline_ + ": cannot write the baseline (" + ec.message() + ")");
    return false;
  }
  // Identical games share fingerprints, so their problems share a line.
  console.message("wrote " + std::to_string(recorded) + " known problems to " + write_baseline_ +
                  " (" + std::to_string(std::count(text.begin(), text.end(), '\n') - 1) +
                  " distinct lines)");
  return true;
}

bool prepare_ci(const CiOptions& args, std::string_view format, bool& strict,
                std::uint64_t& max_errors, std::optional<std::string>& laws,
                std::optional<CiRun>& out, Console& console) {
  const auto fail = [&console](const std::string& why) {
    console.message(why);
    return false;
  };
  std::string why;
  const RuleKeys& cli = args.rules;
  if (!diag::RuleSet::build(rules_for_input(CheckConfig{}, cli, "-"), why)) return fail(why);

  CheckConfig config;
  if (!args.no_config) {
    std::error_code ec;
    const auto file = args.config.empty() ? find_config_file(fs::current_path(ec))
                                          : std::optional<fs::path>(args.config);
    if (file && !load_check_config(*file, config, why)) return fail(why);
  }
  if (args.no_strict) strict = false;
  if (!args.strict_given && config.strict) strict = *config.strict;
  if (!args.max_errors_given && config.max_errors) max_errors = *config.max_errors;
  laws = config.laws;

  std::optional<diag::Baseline> baseline;
  if (!args.baseline.empty()) {
    std::string text;
    if (!read_whole_file(args.baseline, text))
      return fail(args.baseline + ": cannot read the baseline");
    baseline = diag::Baseline::parse(text, why);
    if (!baseline) return fail(args.baseline + ": " + why);
  }
  const auto ci_format = diag::find_format(format);
  const bool rules = cli.select || cli.ignore || cli.error || cli.warn || config.rules.select ||
                     config.rules.ignore || config.rules.error || config.rules.warn ||
                     !config.per_path.empty();
  if (!ci_format && !rules && !baseline && args.write_baseline.empty()) return true;
  std::error_code ec;
  fs::path root = fs::absolute(args.sarif_root, ec).lexically_normal();
  if (root.filename().empty()) root = root.parent_path();  // "dir/" -> "dir"
  out.emplace(std::move(config), cli, ci_format, root.string(), std::move(baseline),
              args.write_baseline);
  return true;
}

}  // namespace pgnkit::commands

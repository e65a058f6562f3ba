// split: the options checked, the reads (SplitJob, split_job.h) on one thread or many, the
// pieces decided and written in input order by SplitMerge (split_merge.h).
#include "commands/split.h"

#include <optional>

#include "commands/byte_size.h"
#include "commands/split_files.h"
#include "commands/split_job.h"
#include "commands/split_merge.h"

namespace pgnkit::commands {
namespace {

// The settings the options give, or nullopt after a usage message.
std::optional<SplitSettings> settings_of(const SplitOptions& options, Console& console) {
  const auto usage = [&console](const std::string& line) {
    console.command_message("split", line);
    return std::nullopt;
  };
  const int modes = (options.games != 0) + !options.bytes.empty() + !options.by.empty();
  if (modes != 1) return usage("give exactly one of --games, --bytes, --by");
  std::string error;
  auto pattern = parse_split_pattern(options.pattern, &error);
  if (!pattern) return usage("-o '" + options.pattern + "': " + error);
  if (!options.by.empty() && pattern->tag != options.by)
    return usage("--by " + options.by + " needs {" + options.by + "} in the -o pattern");
  if (options.by.empty() && !pattern->tag.empty())
    return usage("{" + pattern->tag + "} in the -o pattern needs --by " + pattern->tag);
  SplitSettings settings{*pattern, options.games, 0, options.by, options.force};
  if (!options.bytes.empty()) {
    const auto size = parse_byte_size(options.bytes);
    if (!size || *size == 0)
      return usage("--bytes: expected a size such as 1000000, 64K, 10M or 2G");
    settings.max_bytes = *size;
  }
  return settings;
}

}  // namespace

SplitSummary run_split(const SplitOptions& options, Console& console,
                       const std::function<void()>& after_read) {
  SplitSummary summary;
  const std::optional<SplitSettings> settings = settings_of(options, console);
  if (!settings) {
    summary.exit_status = kExitUsage;
    return summary;
  }
  pipeline::RunOptions run = options.run;
  if (run.threads == 0) run.threads = 1;
  run.shard = nullptr;
  std::vector<std::string> inputs = options.inputs;
  if (inputs.empty()) inputs.emplace_back("-");
  SplitMerge merge(*settings, console);
  const SplitJob job(options.by, merge.failed());
  summary.ran = true;
  summary.run = pipeline::run_job(inputs, job, merge.emitter(), run, &merge, &summary.used);
  if (after_read) after_read();
  summary.failed = !merge.finish() || summary.run.io_failed;
  summary.games = merge.games();
  summary.files = merge.pieces();
  summary.exit_status = summary.failed ? kExitUsage : kExitOk;
  return summary;
}

std::string split_summary_text(const SplitSummary& s) {
  return std::to_string(s.games) + " games in " + std::to_string(s.files) + " files";
}

}  // namespace pgnkit::commands

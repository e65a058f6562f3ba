#include "commands/run_inputs.h"

namespace pgnkit::commands {

pipeline::RunStats run_inputs(const std::vector<std::string>& inputs, const pipeline::Job& job,
                              Console& console, pipeline::Emitter& out, pipeline::RunOptions run,
                              const std::optional<pipeline::Shard>& shard,
                              pipeline::MergeHook* hook, pipeline::Settings* used) {
  std::vector<std::string> read = inputs;
  if (read.empty()) read.emplace_back("-");
  if (shard && read.size() > 1) {
    console.message("--range reads one input, not " + std::to_string(read.size()));
    pipeline::RunStats stats;
    stats.io_failed = true;
    return stats;
  }
  run.shard = shard ? &*shard : nullptr;
  return pipeline::run_job(read, job, out, run, hook, used);
}

}  // namespace pgnkit::commands

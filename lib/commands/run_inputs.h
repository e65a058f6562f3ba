// How every command of lib/commands runs its job: over its inputs (none: stdin), on the
// threads its options ask for, or over one input's byte range (a shard).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

// Called after the inputs are read, before the output is ended, with how the output was made
// (the command line's PGNKIT_PIPELINE_STATS line goes there).
using AfterRead = std::function<void(const pipeline::RunStats&, const pipeline::Settings&)>;

// pipeline::run_job over `inputs` ("-" when empty) with `run`, and `shard` when set. A shard
// reads one input: with more, nothing is read, `console` is told "--range reads one input,
// not N" and the stats say io_failed. `out` is where the job's output goes (the console, or a
// file over it); `used` (when set) gets the pipeline settings the run used.
pipeline::RunStats run_inputs(const std::vector<std::string>& inputs, const pipeline::Job& job,
                              Console& console, pipeline::Emitter& out, pipeline::RunOptions run,
                              const std::optional<pipeline::Shard>& shard,
                              pipeline::MergeHook* hook = nullptr,
                              pipeline::Settings* used = nullptr);

}  // namespace pgnkit::commands

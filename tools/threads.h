// --threads for the per-game commands: the option, and running a command's pipeline::Job
// over its inputs on one thread (today's sequential loop) or through lib/pipeline.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "io/sink.h"
#include "pipeline/pipeline.h"
#include "progress.h"
#include "shard.h"

namespace pgnkit::tools {

// Adds `-j,--threads N` (0 or absent: pipeline::default_threads()).
void add_threads_option(CLI::App* cmd, unsigned& threads);

// Reads every input with `job`: with one thread, each input in turn through one reader
// (game numbers and totals as they come); with more, through pipeline::run(). Either way
// stdout gets the job's output, stderr its diagnostics and the open and read errors
// ("pgnkit: <name>: <why>"), in the same order. Test knobs (environment):
// PGNKIT_CHUNK_SIZE=BYTES sets the splitter's target; PGNKIT_PIPELINE_STATS=1 prints how
// the output was made (pipeline::RunStats) to stderr at the end.
// out: where the job's output goes (null: stdout). progress: the progress line to feed (the
// bytes read, the games merged; erased before output to the terminal), or null. shard: with
// its range set, exactly one input, read on one reader from START (seeking in a plain file)
// to the first game starting at END or later, numbered from shard->base_game and
// shard->base_line (tools/shard.h).
pipeline::RunStats run_job(const std::vector<std::string>& files, unsigned threads,
                           const pipeline::Job& job, io::OutputSink* out = nullptr,
                           Progress* progress = nullptr, const ShardArgs* shard = nullptr);

}  // namespace pgnkit::tools

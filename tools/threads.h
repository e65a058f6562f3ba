// --threads for the per-game commands: the option, and running a command's pipeline::Job
// over its inputs on one thread (today's sequential loop) or through lib/pipeline.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "io/sink.h"
#include "pipeline/pipeline.h"
#include "progress.h"
#include "shard.h"

namespace pgnkit::tools {

// A command's last touch on its merged output, on the merging thread and in order, with one
// thread as with many (check's CI formats: a document's first result loses its separator;
// the --write-baseline lines travel in the chunks' err output).
class MergeHook {
 public:
  // What to write to stdout for `bytes`: a suffix of it.
  virtual std::string_view out(std::string_view bytes) = 0;
  // Takes the job's err bytes, which then do not go to stderr.
  virtual void err(std::string_view bytes) = 0;
  // Before the output of each input that could be opened, in order (dedup's input numbers).
  virtual void input_begin(std::string_view /*name*/) {}

 protected:
  ~MergeHook() = default;
};

// Adds `-j,--threads N` (0 or absent: pipeline::default_threads()).
void add_threads_option(CLI::App* cmd, unsigned& threads);

// Reads every input with `job`: with one thread, each input in turn through one reader
// (game numbers and totals as they come); with more, through pipeline::run(). Either way
// stdout gets the job's output, stderr its diagnostics and the open and read errors
// ("pgnkit: <name>: <why>"), in the same order. Test knobs (environment):
// PGNKIT_CHUNK_SIZE=BYTES sets the splitter's target; PGNKIT_PIPELINE_STATS=1 prints how
// the output was made (pipeline::RunStats, exact_rereads last) to stderr at the end.
// out: where the job's output goes (null: stdout). progress: the progress line to feed (the
// bytes read, the games merged; erased before output to the terminal), or null. shard: with
// its range set, exactly one input, read on one reader from START (seeking in a plain file)
// to the first game starting at END or later, numbered from shard->base_game and
// shard->base_line (tools/shard.h). hook: where the merged output passes first, or null.
pipeline::RunStats run_job(const std::vector<std::string>& files, unsigned threads,
                           const pipeline::Job& job, io::OutputSink* out = nullptr,
                           Progress* progress = nullptr, const ShardArgs* shard = nullptr,
                           MergeHook* hook = nullptr);

}  // namespace pgnkit::tools

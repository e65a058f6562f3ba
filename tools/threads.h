// --threads for the per-game commands, and the command line's side of running a Job: the
// terminal Emitter (stdout, stderr, the progress line) and the test knobs read from the
// environment, around pipeline::run_job.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/console.h"
#include "io/sink.h"
#include "pipeline/runner.h"
#include "progress.h"
#include "shard.h"

namespace pgnkit::tools {

using pipeline::MergeHook;

// The terminal as a commands::Console: the output to stdout (or `sink`), the diagnostics to
// stderr, messages as "pgnkit: <line>" (a command's own as "pgnkit <command>: <line>"), the
// progress line erased before any of them.
class TerminalConsole final : public commands::Console {
 public:
  explicit TerminalConsole(io::OutputSink* sink = nullptr, Progress* progress = nullptr);
  void out(std::string_view bytes) override;
  void err(std::string_view bytes) override;
  void message(std::string_view line) override;
  void command_message(std::string_view command, std::string_view line) override;
  void progress(std::uint64_t bytes, std::uint64_t games) override;
  void input_end(std::string_view name, const std::optional<io::IoError>& error) override;

 private:
  io::OutputSink* sink_;
  Progress* progress_;
  const bool stdout_is_tty_;
};

// PGNKIT_PIPELINE_STATS=1: prints how a pipeline run's output was made to stderr.
void maybe_print_pipeline_stats(const pipeline::RunStats& stats, const pipeline::Settings& used,
                                bool ranged);

// RunOptions from the environment's test knobs (below) and `threads`.
pipeline::RunOptions run_options(unsigned threads, Progress* progress);

// Adds `-j,--threads N` (0 or absent: pipeline::default_threads()).
void add_threads_option(CLI::App* cmd, unsigned& threads);

// Reads every input with `job` through pipeline::run_job: stdout gets the job's output, stderr
// its diagnostics and the open and read errors ("pgnkit: <name>: <why>"), in the same order
// for every thread count. Test knobs (environment, read here and nowhere else):
// PGNKIT_CHUNK_SIZE=BYTES sets the splitter's target; PGNKIT_DECODE_AHEAD=0 or 1 decides
// whether a .zst is decoded on a thread of its own (pipeline::RunOptions::decode_ahead);
// PGNKIT_PIPELINE_STATS=1 prints how the output was made (pipeline::RunStats,
// exact_rereads last) to stderr at the end.
// out: where the job's output goes (null: stdout). progress: the progress line to feed, or
// null. shard: with its range set, exactly one input (tools/shard.h). hook: where the merged
// output passes first, or null.
pipeline::RunStats run_job(const std::vector<std::string>& files, unsigned threads,
                           const pipeline::Job& job, io::OutputSink* out = nullptr,
                           Progress* progress = nullptr, const ShardArgs* shard = nullptr,
                           MergeHook* hook = nullptr);

}  // namespace pgnkit::tools

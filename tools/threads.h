// --threads for the per-game commands, and the command line's side of running a command of
// lib/commands: the terminal Console (stdout, stderr, the progress line) and the RunOptions,
// with the test knobs read from the environment.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/console.h"
#include "io/sink.h"
#include "pipeline/runner.h"
#include "progress.h"

namespace pgnkit::tools {

// The terminal as a commands::Console: the output to stdout (or `sink`), the diagnostics to
// stderr, messages as "pgnkit: <line>" (a command's own: "pgnkit <command>: <line>"), the
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

// A command's output_failed callback over `out`, its stdout through an OutputSink (unset: a
// file, which the library ends): ends it, tells its write error; true when it failed.
bool stdout_sink_failed(std::optional<io::OutputSink>& out, commands::Console& console);

// PGNKIT_PIPELINE_STATS=1: prints how a pipeline run's output was made to stderr.
void maybe_print_pipeline_stats(const pipeline::RunStats& stats, const pipeline::Settings& used,
                                bool ranged);

// RunOptions from `threads` and the environment's test knobs, read here and nowhere else:
// PGNKIT_CHUNK_SIZE=BYTES sets the splitter's target; PGNKIT_DECODE_AHEAD=0 or 1 decides
// whether a .zst is decoded on a thread of its own (pipeline::RunOptions::decode_ahead).
// PGNKIT_PIPELINE_STATS=1 (maybe_print_pipeline_stats) prints how the output was made.
pipeline::RunOptions run_options(unsigned threads, Progress* progress);

// Adds `-j,--threads N` (0 or absent: pipeline::default_threads()).
void add_threads_option(CLI::App* cmd, unsigned& threads);

}  // namespace pgnkit::tools

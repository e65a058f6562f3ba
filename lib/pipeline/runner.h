// The one way to run a command's Job over its inputs: on one thread (each input in turn
// through one reader), on N (pipeline::run), or over one shard of one input (RangeInput).
// Every mode reports to the same Emitter, in the same order: input_begin, the output, then
// input_end with the input's read error, or open_failed for an input that cannot be opened.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/pipeline.h"
#include "pipeline/range_input.h"

namespace pgnkit::pipeline {

// A command's last touch on its merged output, on the merging thread and in order, with one
// thread as with many (check's CI formats: a document's first result loses its separator;
// the --write-baseline lines travel in the chunks' err output; dedup and split decide from
// their reads' records).
class MergeHook {
 public:
  // What to pass on to the Emitter's out() for `bytes`: a suffix of it.
  virtual std::string_view out(std::string_view bytes) = 0;
  // Takes the job's err bytes, which then do not reach the Emitter.
  virtual void err(std::string_view bytes) = 0;
  // Before the output of each input that could be opened, in order (dedup's input numbers).
  virtual void input_begin(std::string_view /*name*/) {}
  // Takes a chunk's records (pipeline::Records, the job's type), in order, before its out()
  // bytes; their game numbers are game_base + relative. They then do not reach the Emitter.
  virtual void records(const Records& /*records*/, std::uint64_t /*game_base*/) {}

 protected:
  ~MergeHook() = default;
};

struct RunOptions {
  unsigned threads = 0;  // 0: default_threads(); 1: one reader, no pipeline
  std::size_t chunk_size = Settings{}.chunk_size;  // the splitter's target
  // Decode a .zst on a thread of its own. Unset: on with one thread and for a shard (the
  // reader has the second core); in the pipeline only with more than two CPUs, since there
  // every core is busy and the hand-over costs more than the overlap (docs/threads.md).
  std::optional<bool> decode_ahead;
  std::atomic<std::uint64_t>* bytes_read = nullptr;  // io::SourceOptions::bytes_read
  // One reader over a plain file lexes a map of it, not a copy (io::SourceOptions::map_files,
  // which installs a SIGBUS handler for the process: a choice for a program, not a library).
  bool map_files = false;
  // Set: exactly one input, read from shard->range.start to the first game at or after its
  // end, numbered from shard->base_game and base_line.
  const Shard* shard = nullptr;
};

// Reads `inputs` ("-" is stdin) with `job`; the output goes through `hook` (when given) to
// `emitter`, byte-identical for every thread count. With a shard and more than one input it
// reads nothing and returns io_failed (the caller says why: a usage error). `used` (when
// given) receives the pipeline settings the run used (decode_ahead decided).
RunStats run_job(const std::vector<std::string>& inputs, const Job& job, Emitter& emitter,
                 const RunOptions& options, MergeHook* hook = nullptr, Settings* used = nullptr);

}  // namespace pgnkit::pipeline

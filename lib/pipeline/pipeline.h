// The parallel pipeline: every input split into chunks (splitter.h) on a splitter thread of
// its own (several inputs at once), chunks read by N threads (N - 1 workers, and the merger
// while it waits) with a fresh reader each, results merged strictly in input and chunk order
// on the calling thread, so that the output is byte-identical to one thread reading
// everything (docs/threads.md, docs/design.md).
//
// A worker's read of chunk k is SPECULATIVE: it assumes that a reader which had read
// everything before would be between games at chunk k's first byte. The merger uses it only
// when that is known: k is an input's first chunk, or chunk k-1's read ended clean
// (pgn::ReadStats::clean_end) at a line start, or a continuation stopped exactly at k's
// start. Otherwise (a boundary inside a comment, a string, a game without a blank line, a
// forced cut) the merger discards the speculative results and runs a CONTINUATION on its
// own thread: one reader from chunk k's start over chunks k, k+1, ... in turn, which stops
// at the first later chunk start where a game begins (pgn::ReaderOptions::stop_before_game).
// Its output is exact by construction: it is the sequential reader.
//
// Nothing here knows the command: a Job reads a chunk into a ChunkResult (bytes for stdout
// and stderr with game-number holes, typed records for the merging thread, counters to sum),
// and an Emitter receives the merged output in order.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/error.h"
#include "io/input_list.h"
#include "io/source.h"
#include "pgn/types.h"
#include "pipeline/output.h"

namespace pgnkit::pipeline {

// A command's summary numbers (games, errors, counts by status, ...): summed chunk by chunk.
using Counters = std::array<std::uint64_t, 16>;

// A job's typed per-game records for the merging thread, where what crosses games is decided
// in input order (dedup's table, split's pieces): values, not bytes in `out` to be parsed
// back. The job's own type derives from it (records_of); the merger hands the records to the
// Emitter before the chunk's text, then clears them, keeping their memory for another read.
class Records {
 public:
  virtual ~Records() = default;
  virtual bool empty() const = 0;
  virtual void clear() = 0;                        // keeps the memory
  virtual std::size_t capacity_bytes() const = 0;  // for a pool that bounds what it keeps
};

struct ChunkResult {
  Output out;  // for stdout
  Output err;  // for stderr (diagnostics of the writing commands)
  // A job's records (records_of), or null. Their game numbers are relative to the base the
  // merger passes with them, as the holes of `out` are: a read whose ChunkRead::game_base is
  // set numbers its games base + relative, and they come with base 0.
  std::unique_ptr<Records> records;
  Counters counters{};  // this read's share of the command's totals
  pgn::ReadStats stats;
};

// result's records as the job's type T (made on first use; a pooled one is reused). A run has
// one job, so every record of the run is of its type.
template <class T>
T& records_of(ChunkResult& result) {
  if (!result.records) result.records = std::make_unique<T>();
  return static_cast<T&>(*result.records);
}

// Streams a read's output as it goes (a continuation over many chunks must not hold it all).
class Drain {
 public:
  virtual void flush(ChunkResult& result) = 0;  // writes out and err, and empties them

 protected:
  ~Drain() = default;
};

struct ChunkRead {
  io::Source& source;
  std::string_view input;      // the input's name (io::Source::name() of the real input)
  pgn::ReaderOptions options;  // start (and for a continuation the stop hook) set
  const Counters& seed;        // the totals before this read (zeros for speculative reads)
  Drain* drain = nullptr;      // set: call drain->flush() between games now and then
  // Set: game numbers are known, base + relative (Output::set_base() done); unset: holes.
  std::optional<std::uint64_t> game_base;
};

class Job {
 public:
  // Reads read.source to its end (or the stop hook) with a fresh visitor, into result
  // (whose outputs are already set up), and sets result.stats to what read_pgn returned (the
  // merger needs its games and clean_end). Called on several threads at once: no shared state.
  virtual void read(const ChunkRead& read, ChunkResult& result) const = 0;
  // Whether state that crosses games makes this chunk's speculative result unusable, given
  // the totals before it (check's --max-errors): the input's rest is then read on one
  // reader from this chunk, seeded with `before`.
  virtual bool needs_sequential(const Counters& /*before*/, const Counters& /*chunk*/) const {
    return false;
  }
  // Whether this chunk's speculative result is unusable, though its end is clean, given the
  // totals before it (select's --skip, which leaves out the first N selected games of the
  // run): the chunk is then read again on the merger's thread by a continuation seeded with
  // `before`, which hands back to the speculative results at the next chunk start where a
  // game begins.
  virtual bool needs_exact_read(const Counters& /*before*/, const Counters& /*chunk*/) const {
    return false;
  }
  // Whether to stop before the next input (check's --max-errors).
  virtual bool stop_after_input(const Counters& /*totals*/) const { return false; }
  // Whether the caller went away (the Python face's Ctrl-C, or its iterator closed): asked
  // by the merger after each chunk and before each input, and by the one-thread runner
  // before each input and each game (pgn::ReaderOptions::stop_before_game); the run then
  // ends there.
  virtual bool cancelled() const { return false; }
  // Whether the input holds one record per line (NDJSON): chunks then end at line feeds
  // (line_splitter.h) instead of game boundaries, and every chunk's read is exact.
  virtual bool reads_lines() const { return false; }

 protected:
  ~Job() = default;
};

// Receives the merged output, on the thread that called run(), in order.
class Emitter {
 public:
  virtual void out(std::string_view bytes) = 0;
  virtual void err(std::string_view bytes) = 0;
  virtual void open_failed(const std::string& path, const io::IoError& error) = 0;
  // Before an input's first output (an input that could be opened; an archive's member).
  virtual void input_begin(std::string_view /*name*/) {}
  // An archive member passed over ("twic.zip:readme.txt"), and why ("not PGN (by its name)").
  virtual void skipped(std::string_view /*name*/, std::string_view /*why*/) {}
  // After an input's last output; error: why it could not be read to its end.
  virtual void input_end(std::string_view name, const std::optional<io::IoError>& error) = 0;
  // A chunk's records (ChunkResult::records), before its text; game numbers base + relative.
  virtual void records(const Records& /*records*/, std::uint64_t /*game_base*/) {}
  // After each merged chunk: decompressed bytes and games merged so far (a progress line).
  virtual void progress(std::uint64_t /*bytes*/, std::uint64_t /*games*/) {}

 protected:
  ~Emitter() = default;
};

struct Settings {
  unsigned threads = 2;                           // readers: N - 1 workers and the merger
  std::size_t chunk_size = std::size_t{1} << 18;  // the splitter's target (256 KiB)
  std::size_t reader_buffer = pgn::ReaderOptions{}.buffer_size;
  io::SourceOptions source;
};

struct RunStats {
  Counters totals{};
  std::uint64_t bytes = 0;  // decompressed bytes read
  std::uint64_t games = 0;
  bool io_failed = false;  // an input could not be opened or read to its end
  // How the output was made: chunks merged speculatively, continuations run (boundary
  // repairs and needs_exact_read), chunks they covered, inputs whose rest was read on one
  // reader (needs_sequential), the splitter's fallback cuts (tag line, line start, forced),
  // and the most inputs that were open and being split at the same time.
  std::uint64_t chunks = 0, speculative = 0, continuations = 0, continued_chunks = 0,
                sequential_rests = 0, tag_line_cuts = 0, line_cuts = 0, forced_cuts = 0,
                open_inputs = 0;
  std::uint64_t exact_rereads = 0;  // continuations for needs_exact_read (of `continuations`)
};

// Reads every input ("-" is stdin; an archive's members in turn, io/input.h) through the
// pipeline, up to min(threads, 8) of them
// opened and split at once (stdin, pipes and devices one after another), merged in argument
// order. Memory: input in flight is at most B + A + K * (5 * chunk_size + 64 KiB), with
// B = reader_buffer + max(2 * threads + 2, 6) * chunk_size for the input being merged,
// A = max(2 * threads + 2, 6) * chunk_size for those after it together, K inputs open
// (docs/threads.md); plus their results, one reader buffer per worker and the merger, and
// each open .zst input's decoder.
RunStats run(const std::vector<io::ListedInput>& inputs, const Job& job, Emitter& emitter,
             const Settings& settings);
// The same over paths as given (no directory listing).
RunStats run(const std::vector<std::string>& paths, const Job& job, Emitter& emitter,
             const Settings& settings);

// The worker count to use by default: the CPUs this process may run on (sched_getaffinity).
unsigned default_threads();

}  // namespace pgnkit::pipeline

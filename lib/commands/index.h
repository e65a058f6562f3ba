// `pgnkit index` as a library call: the shard plan of one input for --range
// (docs/scale-out.md), read without replaying, as a value; and the plan as the command line
// prints it, one NDJSON line per shard. PGN is planned by the reader (a shard starts at a game
// start); NDJSON (from "ndjson") by a scan of its line starts, as every line start is a record
// start.
//
//   const commands::IndexPlan plan = commands::plan_index("games.pgn", {.shards = 8});
//   // plan.shards[i].start, .end, .first_game ...; or plan.open_error, plan.read_error
//   const std::string lines = commands::index_plan_ndjson(plan);  // what `pgnkit index` prints
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/error.h"

namespace pgnkit::commands {

struct IndexOptions {
  std::uint64_t shards = 0;                            // shards per input; 0: by shard_size
  std::uint64_t shard_size = std::uint64_t{64} << 20;  // bytes per shard when shards is 0
  std::string from = "pgn";                            // pgn, or ndjson: one game per line
  bool decode_ahead = true;  // decode a .zst on a thread of its own (io::SourceOptions)
  bool map_files = false;    // map a plain file rather than read it (io::SourceOptions)
};

// One shard: the games whose first byte lies in [start, end) of the decompressed input.
struct IndexShard {
  std::uint64_t start = 0, end = 0;
  std::uint64_t first_game = 1;  // the number of its first game in the input
  std::uint32_t first_line = 1;  // the line of its first byte
  std::uint64_t games = 0;
  // With IndexPlan::framed: the zstd frame that holds `start`, its offset in the file and its
  // first decompressed byte (--zstd-frame C:D).
  std::uint64_t frame_offset = 0, frame_start = 0;
};

struct IndexPlan {
  std::string file;  // the path as given ("-": stdin)
  // A shard starts only at a game's first byte where a reader of the whole input is between
  // games; a .zst file is cut only at its frame starts (a file of one frame, or a pipe, is one
  // shard). After a read error the plan covers the bytes read.
  std::vector<IndexShard> shards;
  bool framed = false;  // a zstd file of many frames: each shard names its frame
  // Set: why the plan is one shard whatever was asked (gzip, bzip2 and xz cannot be entered
  // mid-stream), for a note.
  std::string_view one_shard_why;
  // The input could not be opened (no plan; reported as "<file>: <why>", stdin <stdin>).
  std::optional<io::IoError> open_error;
  // The read ended on this error (reported as "<read_name>: <why>", after the plan).
  std::optional<io::IoError> read_error;
  std::string read_name;
};

// Plans `path` ("-": stdin), reading it once to its end (a .zst of many frames: listing its
// frames first). A shard_size of 0 (with shards 0) means one shard.
IndexPlan plan_index(const std::string& path, const IndexOptions& options);

// The plan as `pgnkit index` prints it: one JSON object per shard and line, with file, shard,
// frame_offset and frame_start (framed only), start, end, first_game, first_line and games.
std::string index_plan_ndjson(const IndexPlan& plan);

}  // namespace pgnkit::commands

// One shard of an input (issue 17, docs/scale-out.md): `--range START:END` reads exactly the
// games whose first byte lies in [START, END) of the decompressed input, numbered and located
// as in the whole input (`--base-game N`, `--base-line L`), so that shards processed anywhere
// concatenate to the one-machine output. START must be 0 or a shard start that
// `pgnkit index` printed (a game's first byte, where a reader of the whole input is between
// games); the read goes on past END to the end of the game it is in, and stops before the
// first game that starts at END or later. `--summary-format ndjson` prints the command's
// summary as one JSON object, for a driver that adds the shards up.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "io/source.h"
#include "pgn/types.h"

namespace pgnkit::tools {

struct ShardArgs {
  std::string range;  // "START:END", empty: the whole input
  std::uint64_t base_game = 1;
  std::uint32_t base_line = 1;
  std::string summary_format = "text";
  // FEN/EPD ids count games across inputs (convert, select --to): the id of the shard's
  // first game; 0: --base-game (the shard is in the first input).
  std::uint64_t base_id = 0;
  // "C:D" from `pgnkit index` (frame_offset:frame_start): in a zstd file of many frames, the
  // frame that holds START begins at byte C of the file and at decompressed byte D, so the
  // shard decodes from there without listing the frames before it. Empty: list them.
  std::string zstd_frame;

  bool ranged() const { return !range.empty(); }
  bool ndjson_summary() const { return summary_format == "ndjson"; }
  // The id of the game numbered `number` in the shard (1 = its first game).
  std::uint64_t id_base() const { return (base_id != 0 ? base_id : base_game) - 1; }
};

struct ByteRange {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
};

// Adds --range, --base-game and --base-line to a command, --summary-format when the
// command prints a summary line of totals, and --base-id when it writes FEN/EPD ids.
void add_shard_options(CLI::App* cmd, ShardArgs& shard, bool summary_format, bool ids = false);

// One input opened for its shard: the source positioned at START (a plain file seeks; a
// zstd file is decoded from the frame that holds START, the bytes before START discarded),
// and reader options that locate tokens from START and stop before the first game at END
// or later. Not movable: the stop hook points into it.
class RangeInput {
 public:
  RangeInput(const RangeInput&) = delete;
  RangeInput& operator=(const RangeInput&) = delete;

  // Opens `path` for shard.range (which must parse). Null when it could not be opened
  // (reported on stderr). An input shorter than START is an empty shard, not an error; a
  // read error before START is left in source().error() for the caller to report.
  // lines: NDJSON, one game per line (START a line start): the source itself ends after the
  // line that holds byte END - 1, so that it holds exactly the lines that start in the range.
  static std::unique_ptr<RangeInput> open(const std::string& path, const ShardArgs& shard,
                                          bool lines = false);

  io::Source& source() { return *source_; }
  const pgn::ReaderOptions& options() const { return options_; }
  // Game numbers in the shard are relative: add this for the input's.
  std::uint64_t game_base() const { return game_base_; }
  // Whether START lay past the end (no game to read).
  bool empty() const { return empty_; }

 private:
  RangeInput() = default;
  std::optional<io::Source> source_;
  std::optional<io::Source> whole_;  // lines: the input, which source_ reads up to the range's end
  pgn::ReaderOptions options_;
  std::uint64_t end_ = 0, game_base_ = 0;
  bool empty_ = false;
};

// "C:D": two byte offsets (as start and end); nullopt if malformed.
std::optional<ByteRange> parse_frame(const std::string& text);

// "START:END" with START <= END (END may be empty: to the end of the input); nullopt if
// malformed.
std::optional<ByteRange> parse_range(const std::string& text);

}  // namespace pgnkit::tools

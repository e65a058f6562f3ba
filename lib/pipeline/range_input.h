// One shard of an input (docs/scale-out.md): the games whose first byte lies in
// [START, END) of the decompressed input, numbered and located as in the whole input, so that
// shards processed anywhere concatenate to the one-machine output. START must be 0 or a shard
// start that `pgnkit index` gave (a game's first byte, where a reader of the whole input is
// between games); the read goes on past END to the end of the game it is in, and stops before
// the first game that starts at END or later.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/error.h"
#include "io/source.h"
#include "pgn/types.h"

namespace pgnkit::pipeline {

struct ByteRange {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
};

// "START:END" with START <= END (END may be empty: to the end of the input); nullopt if
// malformed.
std::optional<ByteRange> parse_range(std::string_view text);

// "C:D": two byte offsets (C in start, D in end); nullopt if malformed.
std::optional<ByteRange> parse_frame(std::string_view text);

// Which games of one input to read, and how to number them.
struct Shard {
  ByteRange range;              // of the decompressed input
  std::uint64_t base_game = 1;  // the number of the shard's first game
  std::uint32_t base_line = 1;  // the line of the shard's first byte
  // FEN/EPD ids count games across inputs (convert, select --to): the id of the shard's first
  // game; 0: base_game (the shard is in the first input).
  std::uint64_t base_id = 0;
  // In a zstd file of many frames, the frame that holds START as `pgnkit index` gave it:
  // start = its offset in the file, end = its first decompressed byte. Unset: list the frames.
  std::optional<ByteRange> zstd_frame;

  // The id of the game numbered `number` in the shard, less `number` (1 = its first game).
  std::uint64_t id_base() const { return (base_id != 0 ? base_id : base_game) - 1; }
};

// One input opened for its shard: the source positioned at START (a plain file seeks; a zstd
// file is decoded from the frame that holds START, the bytes before START discarded), and
// reader options that locate tokens from START and stop before the first game at END or
// later. Not movable: the stop hook points into it.
class RangeInput {
 public:
  RangeInput(const RangeInput&) = delete;
  RangeInput& operator=(const RangeInput&) = delete;

  // Null when `path` could not be opened (why in *error). An input shorter than START is an
  // empty shard, not an error; a read error before START is left in source().error().
  // lines: NDJSON, one game per line (START a line start): the source itself ends after the
  // line that holds byte END - 1, so that it holds exactly the lines that start in the range.
  static std::unique_ptr<RangeInput> open(const std::string& path, const Shard& shard, bool lines,
                                          const io::SourceOptions& options, io::IoError* error);

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

}  // namespace pgnkit::pipeline

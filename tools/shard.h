// The shard flags (docs/scale-out.md): `--range START:END` reads exactly the games whose
// first byte lies in [START, END) of the decompressed input (pipeline::Shard, RangeInput),
// numbered and located as in the whole input (`--base-game N`, `--base-line L`).
// `--summary-format ndjson` prints the command's summary as one JSON object, for a driver
// that adds the shards up.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "pipeline/range_input.h"

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
  // The shard these flags name (range set and checked by the options).
  pipeline::Shard shard() const;
};

// Adds --range, --base-game and --base-line to a command, --summary-format when the
// command prints a summary line of totals, and --base-id when it writes FEN/EPD ids.
void add_shard_options(CLI::App* cmd, ShardArgs& shard, bool summary_format, bool ids = false);

}  // namespace pgnkit::tools

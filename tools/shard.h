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
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace pgnkit::tools {

struct ShardArgs {
  std::string range;  // "START:END", empty: the whole input
  std::uint64_t base_game = 1;
  std::uint32_t base_line = 1;
  std::string summary_format = "text";
};

struct ByteRange {
  std::uint64_t start = 0;
  std::uint64_t end = 0;
};

// Adds --range, --base-game and --base-line to a command, and --summary-format when the
// command prints a summary line of totals (check).
void add_shard_options(CLI::App* cmd, ShardArgs& shard, bool summary_format);

// "START:END" with START <= END (END may be empty: to the end of the input); nullopt if
// malformed.
std::optional<ByteRange> parse_range(const std::string& text);

}  // namespace pgnkit::tools

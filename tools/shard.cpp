#include "shard.h"

#include <limits>

namespace pgnkit::tools {

pipeline::Shard ShardArgs::shard() const {
  pipeline::Shard s;
  s.range = pipeline::parse_range(range).value_or(pipeline::ByteRange{});
  s.base_game = base_game;
  s.base_line = base_line;
  s.base_id = base_id;
  if (!zstd_frame.empty()) s.zstd_frame = pipeline::parse_frame(zstd_frame);
  return s;
}

void add_shard_options(CLI::App* cmd, ShardArgs& shard, bool summary_format, bool ids) {
  cmd->add_option("--range", shard.range,
                  "Read only the games whose first byte lies in [START,END) of the (decompressed) "
                  "input: a shard from 'pgnkit index' (one input)")
      ->type_name("START:END")
      ->check([](const std::string& v) {
        return pipeline::parse_range(v) ? std::string() : "expected START:END with START <= END";
      })
      ->group("Shards");
  cmd->add_option("--base-game", shard.base_game, "The number of the shard's first game")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()))
      ->group("Shards");
  cmd->add_option("--base-line", shard.base_line, "The line of the shard's first byte")
      ->check(CLI::Range(std::uint32_t{1}, std::numeric_limits<std::uint32_t>::max()))
      ->group("Shards");
  cmd->add_option("--zstd-frame", shard.zstd_frame,
                  "A .zst of many frames: the frame that holds START, as 'pgnkit index' gives it "
                  "(frame_offset:frame_start); decodes nothing before it")
      ->type_name("C:D")
      ->check([](const std::string& v) {
        return pipeline::parse_frame(v) ? std::string() : "expected C:D, two byte offsets";
      })
      ->needs("--range")
      ->group("Shards");
  if (ids) {
    cmd->add_option("--base-id", shard.base_id,
                    "fen, epd: the id of the shard's first game (games before it in all inputs "
                    "+ 1; default: --base-game)")
        ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()))
        ->group("Shards");
  }
  if (!summary_format) return;
  cmd->add_option("--summary-format", shard.summary_format,
                  "text, or ndjson: the summary as one JSON object (for pgnkit-dask)")
      ->check(CLI::IsMember({"text", "ndjson"}))
      ->group("Shards");
}

}  // namespace pgnkit::tools

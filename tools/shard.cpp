#include "shard.h"

#include <charconv>
#include <limits>

namespace pgnkit::tools {

std::optional<ByteRange> parse_range(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return std::nullopt;
  ByteRange r;
  const char* const begin = text.data();
  const char* const mid = begin + colon;
  const char* const end = begin + text.size();
  if (auto [p, ec] = std::from_chars(begin, mid, r.start); ec != std::errc() || p != mid)
    return std::nullopt;
  if (mid + 1 == end) {
    r.end = std::numeric_limits<std::uint64_t>::max();
  } else if (auto [p, ec] = std::from_chars(mid + 1, end, r.end); ec != std::errc() || p != end) {
    return std::nullopt;
  }
  if (r.end < r.start) return std::nullopt;
  return r;
}

void add_shard_options(CLI::App* cmd, ShardArgs& shard, bool summary_format) {
  cmd->add_option("--range", shard.range,
                  "Read only the games whose first byte lies in [START,END) of the (decompressed) "
                  "input: a shard from 'pgnkit index' (one input)")
      ->type_name("START:END")
      ->check([](const std::string& v) {
        return parse_range(v) ? std::string() : "expected START:END with START <= END";
      })
      ->group("Shards");
  cmd->add_option("--base-game", shard.base_game, "The number of the shard's first game")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()))
      ->group("Shards");
  cmd->add_option("--base-line", shard.base_line, "The line of the shard's first byte")
      ->check(CLI::Range(std::uint32_t{1}, std::numeric_limits<std::uint32_t>::max()))
      ->group("Shards");
  if (!summary_format) return;
  cmd->add_option("--summary-format", shard.summary_format,
                  "text, or ndjson: the summary as one JSON object (for pgnkit-dask)")
      ->check(CLI::IsMember({"text", "ndjson"}))
      ->group("Shards");
}

}  // namespace pgnkit::tools

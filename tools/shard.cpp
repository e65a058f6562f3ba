#include "shard.h"

#include <charconv>
#include <cstring>
#include <limits>

#include "input.h"
#include "io/zstd_frame_list.h"

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

std::optional<ByteRange> parse_frame(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) return std::nullopt;
  ByteRange r;  // start: C (in the file), end: D (decompressed); in either order
  const char* const mid = text.data() + colon;
  const char* const end = text.data() + text.size();
  if (auto [p, ec] = std::from_chars(text.data(), mid, r.start); ec != std::errc() || p != mid)
    return std::nullopt;
  if (auto [p, ec] = std::from_chars(mid + 1, end, r.end); ec != std::errc() || p != end)
    return std::nullopt;
  return r;
}

namespace {

// A source that reads `whole` (at stream offset `at`) up to the end of the line that holds
// byte `end` - 1: the lines that start before `end`, and nothing after them.
io::Source lines_before(io::Source& whole, std::uint64_t at, std::uint64_t end) {
  std::string name(whole.name());
  bool done = at >= end;
  return io::Source::from_pull(
      std::move(name),
      [&whole, at, end, done](char* dst, std::size_t cap,
                              std::optional<io::IoError>& error) mutable -> std::size_t {
        if (done) return 0;
        std::size_t n = whole.read(dst, cap);
        if (n == 0) {
          if (whole.error()) error = whole.error();
          done = true;
          return 0;
        }
        if (at + n >= end) {  // byte end - 1 is here or was earlier: stop at the next LF
          const std::size_t from = end > at ? static_cast<std::size_t>(end - at) - 1 : 0;
          if (const void* lf = std::memchr(dst + from, '\n', n - from)) {
            n = static_cast<std::size_t>(static_cast<const char*>(lf) - dst) + 1;
            done = true;
          }
        }
        at += n;
        return n;
      });
}

}  // namespace

std::unique_ptr<RangeInput> RangeInput::open(const std::string& path, const ShardArgs& shard,
                                             bool lines) {
  const ByteRange range = *parse_range(shard.range);
  auto source = open_input(path);
  if (!source) return nullptr;
  // C:D from --zstd-frame (start: C, end: D); D = 0 when not given: list the frames.
  const ByteRange given = parse_frame(shard.zstd_frame).value_or(ByteRange{});
  if (source->compression() == io::Compression::Zstd && path != "-" && given.end > 0 &&
      given.end <= range.start) {
    // The frame that holds START, as `pgnkit index` found it (C:D, in parse_range's fields).
    source = open_input_frame(path, given.start, given.end);
    if (!source) return nullptr;
  } else if (source->compression() == io::Compression::Zstd && path != "-" && range.start > 0) {
    // Decode from the frame that holds START (a file of many frames), not from the start.
    const auto frames = io::list_zstd_frames(path, nullptr, range.start);
    const auto frame = frames ? io::frame_holding(*frames, range.start) : std::nullopt;
    if (frame && frame->decompressed_offset > 0) {
      source = open_input_frame(path, frame->compressed_offset, frame->decompressed_offset);
      if (!source) return nullptr;
    }
  }
  std::unique_ptr<RangeInput> in(new RangeInput());
  in->source_ = std::move(source);
  in->empty_ = !in->source_->skip(range.start - in->source_->offset());
  if (lines && !in->empty_) {
    in->whole_ = std::move(in->source_);
    in->source_ = lines_before(*in->whole_, range.start, range.end);
  }
  in->options_.start = pgn::Location{range.start, shard.base_line, 1};
  in->end_ = range.end;
  in->options_.stop_ctx = &in->end_;
  in->options_.stop_before_game = [](void* ctx, std::uint64_t offset) {
    return offset >= *static_cast<const std::uint64_t*>(ctx);
  };
  in->game_base_ = shard.base_game - 1;
  return in;
}

void add_shard_options(CLI::App* cmd, ShardArgs& shard, bool summary_format, bool ids) {
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
  cmd->add_option("--zstd-frame", shard.zstd_frame,
                  "A .zst of many frames: the frame that holds START, as 'pgnkit index' gives it "
                  "(frame_offset:frame_start); decodes nothing before it")
      ->type_name("C:D")
      ->check([](const std::string& v) {
        return parse_frame(v) ? std::string() : "expected C:D, two byte offsets";
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

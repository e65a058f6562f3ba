#include "pipeline/range_input.h"

#include "io/archive_reader.h"

#include <charconv>
#include <cstring>
#include <limits>

#include "io/zstd_frame_list.h"

namespace pgnkit::pipeline {

std::optional<ByteRange> parse_range(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
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

std::optional<ByteRange> parse_frame(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
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

std::unique_ptr<RangeInput> RangeInput::open(const std::string& path, const Shard& shard,
                                             bool lines, const io::SourceOptions& options,
                                             io::IoError* error) {
  const ByteRange range = shard.range;
  auto source = io::Source::open(path, error, options);
  if (!source) return nullptr;
  if (const auto archive = io::detect_archive(source->peek(io::kArchiveMagicBytes))) {
    if (error != nullptr) {
      *error = io::IoError{io::IoErrorCode::ArchiveNotOneStream, 0, 0,
                           *archive == io::ArchiveFormat::Zip ? "a zip archive" : "a tar archive"};
    }
    return nullptr;
  }
  const bool zstd_file = source->compression() == io::Compression::Zstd && path != "-";
  if (zstd_file && shard.zstd_frame && shard.zstd_frame->end > 0 &&
      shard.zstd_frame->end <= range.start) {
    // The frame that holds START, as `pgnkit index` found it.
    source = io::Source::open_zstd_frame(path, shard.zstd_frame->start, shard.zstd_frame->end,
                                         error, options);
    if (!source) return nullptr;
  } else if (zstd_file && range.start > 0) {
    // Decode from the frame that holds START (a file of many frames), not from the start.
    const auto frames = io::list_zstd_frames(path, nullptr, range.start);
    const auto frame = frames ? io::frame_holding(*frames, range.start) : std::nullopt;
    if (frame && frame->decompressed_offset > 0) {
      source = io::Source::open_zstd_frame(path, frame->compressed_offset,
                                           frame->decompressed_offset, error, options);
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

}  // namespace pgnkit::pipeline

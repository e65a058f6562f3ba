#include "ndjson/reader.h"

#include <cstring>
#include <memory>

#include "ndjson/feed.h"
#include "ndjson/game_parser.h"
#include "ndjson/line_starts.h"

namespace pgnkit::ndjson {
namespace {

constexpr std::size_t kPadding = 64;  // simdjson may read this far past a line's end

bool blank(std::string_view line) {
  for (const char c : line)
    if (!is_line_space(c)) return false;
  return true;
}

// The input in one growing buffer: whole lines, always followed by kPadding readable bytes.
class LineBuffer {
 public:
  LineBuffer(io::Source& source, std::size_t chunk)
      : source_(source), chunk_(chunk < 64 ? 64 : chunk) {
    grow(chunk_);
  }

  // The next line without its '\n' (and '\r'); false at the end of input.
  bool next(const char*& data, std::size_t& size, std::uint64_t& offset) {
    for (;;) {
      const char* begin = buf_.get() + pos_;
      const void* nl = std::memchr(begin, '\n', len_ - pos_);
      if (nl || eof_) {
        if (!nl && pos_ == len_) return false;
        const char* end = nl ? static_cast<const char*>(nl) : buf_.get() + len_;
        data = begin;
        size = static_cast<std::size_t>(end - begin);
        offset = base_ + pos_;
        pos_ += size + (nl ? 1 : 0);
        if (size && data[size - 1] == '\r') --size;
        return true;
      }
      refill();
    }
  }
  // Bytes readable from `data` on (padding included).
  std::size_t capacity(const char* data) const {
    return cap_ - static_cast<std::size_t>(data - buf_.get());
  }
  std::uint64_t bytes() const { return base_ + len_; }

 private:
  void grow(std::size_t cap) {
    auto bigger = std::make_unique_for_overwrite<char[]>(cap + kPadding);
    if (len_ > pos_) std::memcpy(bigger.get(), buf_.get() + pos_, len_ - pos_);
    buf_ = std::move(bigger);
    cap_ = cap + kPadding;
    base_ += pos_;
    len_ -= pos_;
    pos_ = 0;
  }
  void refill() {
    if (pos_ > 0) {  // keep the unfinished line at the front
      std::memmove(buf_.get(), buf_.get() + pos_, len_ - pos_);
      base_ += pos_;
      len_ -= pos_;
      pos_ = 0;
    }
    if (cap_ - kPadding - len_ < chunk_ / 2) grow((cap_ - kPadding) * 2);
    const std::size_t n = source_.read(buf_.get() + len_, cap_ - kPadding - len_);
    if (n == 0) eof_ = true;
    len_ += n;
    std::memset(buf_.get() + len_, ' ', kPadding);
  }

  io::Source& source_;
  const std::size_t chunk_;  // the least free room a read gets
  std::unique_ptr<char[]> buf_;
  std::size_t cap_ = 0, len_ = 0, pos_ = 0;
  std::uint64_t base_ = 0;  // stream offset of buf_[0]
  bool eof_ = false;
};

}  // namespace

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::InvalidJson: return "invalid_json";
    case ErrorCode::NotAGame: return "not_a_game";
    case ErrorCode::WrongType: return "wrong_type";
    case ErrorCode::BadValue: return "bad_value";
    case ErrorCode::TooDeep: return "too_deep";
  }
  return "unknown";
}

ReadStats read_ndjson(io::Source& source, replay::RecordBuilder& builder, ErrorSink& errors,
                      const ReadOptions& options) {
  ReadStats stats;
  LineBuffer lines(source, options.buffer_size);
  detail::GameParser parser(options.max_variation_depth);
  detail::GameData game;
  detail::Feeder feeder(builder, options.comments, options.nags);
  detail::ParseFailure failure;
  LineError error;
  const char* data = nullptr;
  std::size_t size = 0;
  std::uint64_t offset = 0, game_number = 0;
  std::uint64_t line_number = options.start.line - 1;
  bool first_line = options.start.offset == 0;  // the stream's first: it may have a BOM
  while (lines.next(data, size, offset)) {
    ++line_number;
    offset += options.start.offset;
    if (first_line && size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
      data += 3;  // a UTF-8 byte order mark
      size -= 3;
      offset += 3;
    }
    first_line = false;
    if (blank(std::string_view(data, size))) continue;
    ++game_number;
    const pgn::Location start{offset, static_cast<std::uint32_t>(line_number), 1};
    if (parser.parse(data, size, lines.capacity(data), game, failure)) {
      ++stats.games;
      feeder.play(game, game_number, start, offset + size);
      continue;
    }
    ++stats.bad_lines;
    error.code = failure.code;
    error.game = game_number;
    error.where = start;
    error.where.column = failure.column;
    error.where.offset += failure.column - 1;
    error.message = std::move(failure.message);
    errors.line_error(error);
  }
  stats.bytes = lines.bytes();
  return stats;
}

}  // namespace pgnkit::ndjson

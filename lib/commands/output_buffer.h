// Output assembled in memory before it is written, for commands that print a record per game.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/output.h"
#include "write/text_buffer.h"

namespace pgnkit::commands {

// Bytes on their way to a FILE*: a write::TextBuffer (one room check and a copy per piece, no
// terminator; its memory is kept across flushes, so once it has grown it allocates nothing)
// with what a record printer needs on top: numbers, trimming, a scratch string and a flush.
class OutputBuffer {
 public:
  [[gnu::always_inline]] void put(char c) { bytes_.put(c); }
  [[gnu::always_inline]] void put(std::string_view s) { bytes_.put(s); }
  [[gnu::always_inline]] void put_number(std::uint64_t v) {
    constexpr std::size_t kMaxDigits = 20;  // 18446744073709551615
    char* const at = bytes_.room(kMaxDigits);
    bytes_.commit(std::to_chars(at, at + kMaxDigits, v).ptr);
  }
  // A game number, relative to the reader (lib/pipeline): written at once as base + relative
  // after set_base(), else left as a hole for move_to()'s receiver to fill. width > 0: a
  // left-aligned cell that wide (at least one space after the number).
  void put_game_number(std::uint64_t relative, std::uint32_t width = 0) {
    if (direct_) {
      put_number(base_ + relative);
      if (width > 0)
        put_spaces(digits(base_ + relative) < width ? width - digits(base_ + relative) : 1);
    } else {
      holes_.push_back(pipeline::NumberHole{bytes_.size(), relative, width});
    }
  }
  void set_base(std::uint64_t base) {
    direct_ = true;
    base_ = base;
  }
  // Appends what has been put, holes and all, to out; empties the buffer.
  void move_to(pipeline::Output& out) {
    out.append(bytes_.view(), holes_);
    bytes_.clear();
    holes_.clear();
  }

  // Removes trailing `c`s from what has been put.
  void trim_back(char c) {
    const char* end = bytes_.data() + bytes_.size();
    while (end != bytes_.data() && end[-1] == c) --end;
    bytes_.commit(end);
  }

  // Removes the last n bytes put (n <= size()), for a printer that extends a record in place.
  void drop_back(std::size_t n) { bytes_.commit(bytes_.data() + bytes_.size() - n); }

  // An empty string for helpers that append to a std::string (lib/write, chess::append_fen),
  // whose result is then put(). The same string each time, so it too stops allocating.
  std::string& scratch() {
    scratch_.clear();
    return scratch_;
  }

  std::size_t size() const { return bytes_.size(); }
  std::string_view view() const { return bytes_.view(); }
  // Writes what has been put to `file` and empties the buffer.
  void flush(std::FILE* file) {
    if (bytes_.size() == 0) return;  // nothing, perhaps not even a buffer (fwrite of null)
    std::fwrite(bytes_.data(), 1, bytes_.size(), file);
    bytes_.clear();
  }

 private:
  static std::uint32_t digits(std::uint64_t v) {
    std::uint32_t n = 1;
    while (v >= 10) {
      v /= 10;
      ++n;
    }
    return n;
  }
  void put_spaces(std::uint32_t n) {
    char* const at = bytes_.room(n);
    std::memset(at, ' ', n);
    bytes_.commit(at + n);
  }

  write::TextBuffer bytes_;
  std::string scratch_;
  std::vector<pipeline::NumberHole> holes_;
  std::uint64_t base_ = 0;
  bool direct_ = false;
};

}  // namespace pgnkit::commands

// Output assembled in memory before it is written, for commands that print a record per game.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "write/text_buffer.h"

namespace pgnkit::tools {

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
  // Writes what has been put to `file` and empties the buffer.
  void flush(std::FILE* file) {
    if (bytes_.size() == 0) return;  // nothing, perhaps not even a buffer (fwrite of null)
    std::fwrite(bytes_.data(), 1, bytes_.size(), file);
    bytes_.clear();
  }

 private:
  write::TextBuffer bytes_;
  std::string scratch_;
};

}  // namespace pgnkit::tools

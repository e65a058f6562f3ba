// Output assembled in memory before it is written, for commands that print a record per game.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::tools {

// Bytes on their way to a FILE*. A piece is put with one room check and a copy, inlined (a
// record puts dozens of pieces, and GCC would otherwise call out for each), without the call,
// length update and terminator of std::string::append; a constant-size piece (a JSON key, a
// separator) compiles to a few moves. Its memory is kept across flushes, so once it has grown
// it allocates nothing.
class OutputBuffer {
 public:
  [[gnu::always_inline]] void put(char c) {
    if (end_ == bytes_.size()) grow(1);
    bytes_[end_++] = c;
  }
  [[gnu::always_inline]] void put(std::string_view s) {
    if (bytes_.size() - end_ < s.size()) grow(s.size());
    std::copy(s.begin(), s.end(), bytes_.data() + end_);  // (memcpy, but empty views may be null)
    end_ += s.size();
  }
  [[gnu::always_inline]] void put_number(std::uint64_t v) {
    constexpr std::size_t kMaxDigits = 20;  // 18446744073709551615
    if (bytes_.size() - end_ < kMaxDigits) grow(kMaxDigits);
    char* const at = bytes_.data() + end_;
    end_ += static_cast<std::size_t>(std::to_chars(at, at + kMaxDigits, v).ptr - at);
  }
  // Removes trailing `c`s from what has been put.
  void trim_back(char c) {
    while (end_ && bytes_[end_ - 1] == c) --end_;
  }

  // An empty string for helpers that append to a std::string (lib/write, chess::append_fen),
  // whose result is then put(). The same string each time, so it too stops allocating.
  std::string& scratch() {
    scratch_.clear();
    return scratch_;
  }

  std::size_t size() const { return end_; }
  // Writes what has been put to `file` and empties the buffer.
  void flush(std::FILE* file) {
    std::fwrite(bytes_.data(), 1, end_, file);
    end_ = 0;
  }

 private:
  [[gnu::noinline]] void grow(std::size_t n) {
    bytes_.resize(std::max(2 * bytes_.size(), end_ + n + 4096));
  }

  std::vector<char> bytes_;  // [0, end_) is the output; the rest is room
  std::size_t end_ = 0;
  std::string scratch_;
};

}  // namespace pgnkit::tools

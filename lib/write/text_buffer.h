// TextBuffer: an append-only byte buffer for writers that emit many short pieces per move.
// room(n) makes n bytes writable at a raw pointer (valid until the next room()); commit(end)
// records what was written. Unlike a std::string it never initialises the room it grows, and
// keeps its storage when cleared, so that writing a game costs the stores and little more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace pgnkit::write {

// Out of line, so that the compiler does not check the call below against the short buffers
// its callers pass (GCC's -Warray-bounds cannot tell that n is small there).
[[gnu::noinline]] inline void copy_long(char* dst, const char* src, std::size_t n) {
  std::memcpy(dst, src, n);
}

// Copies n bytes; short copies (SAN, numbers, keys) without a call to memcpy: two
// overlapping loads and stores cover any length from 2 to 16.
inline void copy_bytes(char* dst, const char* src, std::size_t n) {
  if (n > 16) {
    copy_long(dst, src, n);
  } else if (n >= 8) {
    std::uint64_t a, b;
    std::memcpy(&a, src, 8);
    std::memcpy(&b, src + n - 8, 8);
    std::memcpy(dst, &a, 8);
    std::memcpy(dst + n - 8, &b, 8);
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
  } else if (n >= 2) {
    std::uint16_t a, b;
    std::memcpy(&a, src, 2);
    std::memcpy(&b, src + n - 2, 2);
    std::memcpy(dst, &a, 2);
    std::memcpy(dst + n - 2, &b, 2);
  } else if (n == 1) {
    *dst = *src;
  }
}

class TextBuffer {
 public:
  TextBuffer() = default;
  TextBuffer(const TextBuffer&) = delete;
  TextBuffer& operator=(const TextBuffer&) = delete;

  // At least n writable bytes, at the returned pointer.
  char* room(std::size_t n) {
    if (capacity_ - size_ < n) [[unlikely]]
      grow(n);
    return data_.get() + size_;
  }
  // Whether room(n) would not have to grow the buffer.
  bool has_room(std::size_t n) const { return capacity_ - size_ >= n; }
  // The bytes up to `end` (a pointer from room()) are written.
  void commit(const char* end) { size_ = static_cast<std::size_t>(end - data_.get()); }

  void put(std::string_view s) {
    copy_bytes(room(s.size()), s.data(), s.size());
    size_ += s.size();
  }
  void put(char c) {
    *room(1) = c;
    ++size_;
  }

  std::string_view view() const { return {data_.get(), size_}; }
  const char* data() const { return data_.get(); }
  char* data() { return data_.get(); }  // the bytes written so far, to change in place
  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }

 private:
  void grow(std::size_t n) {
    std::size_t capacity = capacity_ < 4096 ? 4096 : 2 * capacity_;
    while (capacity - size_ < n) capacity *= 2;
    std::unique_ptr<char[]> data(new char[capacity]);
    if (size_) std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// Pieces written at a pointer from TextBuffer::room(); each returns the end of what it wrote.
inline char* put(char* p, std::string_view s) {
  copy_bytes(p, s.data(), s.size());
  return p + s.size();
}
template <std::size_t N>
char* put(char* p, const char (&literal)[N]) {
  std::memcpy(p, literal, N - 1);
  return p + N - 1;
}

}  // namespace pgnkit::write

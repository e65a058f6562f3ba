// Splits one decompressed input into chunks that usually end between two games, for workers
// to read in parallel (docs/threads.md). One thread per input runs it over every byte, so it
// only looks at the few lines around each cut and counts lines with a vectorised byte count.
//
// A chunk ends at the first CANDIDATE boundary at or after `target` bytes: the start of a
// line whose first byte is '[' and which is tag-shaped as the lexer sees it (`[`, blanks, a
// name, blanks, `"`; pgn::detail::tag_shaped) and whose previous non-blank line ends with a
// result marker token (1-0, 0-1, 1/2-1/2, *). Without one by 4 * target bytes, it ends at the
// first tag-shaped line start, else the first line start, else (one line longer than that)
// at 4 * target bytes exactly: a FORCED cut, mid-line (never between CR and LF). Whatever
// the kind, the merger checks every boundary (pipeline.h), so the rule only has to be
// right most of the time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "io/error.h"
#include "io/source.h"
#include "pgn/types.h"

namespace pgnkit::pipeline {

enum class Cut : std::uint8_t {
  Candidate,  // a tag line after a result: the usual case
  TagLine,    // fallback: a tag-shaped line start
  LineStart,  // fallback: any line start
  Forced,     // fallback: mid-line, at the cap
  End,        // the input's end (the last chunk)
};

// Bytes read straight into storage that nothing initialises first (std::string's resize
// would zero every byte once more before the read overwrites it).
class Bytes {
 public:
  // Room for n bytes; keeps the first size() bytes.
  void reserve(std::size_t n);
  void resize(std::size_t n) {  // n <= capacity(); new bytes are unspecified
    reserve(n);
    size_ = n;
  }
  char* data() { return data_.get(); }
  const char* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  char operator[](std::size_t i) const { return data_[i]; }
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// Chunk buffers handed back once their chunk is done, for the splitter to fill again: a fresh
// buffer of a chunk's size is fresh pages, and the kernel's first touch of each (in read())
// cost more than the copy itself. Thread-safe; holds at most `limit` buffers.
class ChunkPool {
 public:
  explicit ChunkPool(std::size_t limit) : limit_(limit) {}
  // A buffer with room for at least n bytes (size 0): a pooled one when one is big enough.
  Bytes take(std::size_t n);
  void give(Bytes bytes);

 private:
  std::mutex m_;
  std::vector<Bytes> free_;
  std::size_t limit_;
};

struct Chunk {
  Bytes bytes;
  pgn::Location start;  // of bytes[0] in the decompressed input
  Cut cut = Cut::End;   // how this chunk ends
  bool last = false;    // the input's last chunk (perhaps empty); error() is then final
};

class Splitter {
 public:
  // target: the usual chunk size in bytes (at least 64). pool: where chunk buffers come from
  // (null: each is allocated).
  Splitter(io::Source& source, std::size_t target, ChunkPool* pool = nullptr);

  // The next chunk; false once the last one (Chunk::last) has been returned.
  bool next(Chunk& chunk);
  // The source's error once it has ended (after the last chunk).
  const std::optional<io::IoError>& error() const { return source_.error(); }

 private:
  void fill(std::size_t want);             // read until buf_ holds `want` bytes or input ends
  std::size_t find_cut(Cut& cut);          // where the current chunk ends, in buf_
  bool line_start_at(std::size_t i);       // whether buf_[i] starts a line (reads ahead)
  bool after_result(std::size_t i) const;  // the previous non-blank line ends with a result
  Bytes fresh_buffer();                    // an empty buffer for the next chunk

  io::Source& source_;
  std::size_t target_;
  ChunkPool* pool_;
  Bytes buf_;  // the bytes from the next chunk's start
  bool eof_ = false;
  bool done_ = false;
  pgn::Location next_start_;
};

}  // namespace pgnkit::pipeline

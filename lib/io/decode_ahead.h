// Decompresses a Decoder's input (zstd, gzip, bzip2, xz) on a second thread, a few blocks ahead of
// the reader, so that decoding overlaps with whatever the reader does with the bytes (parsing):
// reading a .zst then takes about max(decode, parse) instead of their sum.
//
// The producer thread fills a ring of kBlockCount blocks of kBlockSize bytes and hands each
// block over whole (but the last, and from a pipe as soon as it holds anything); read()
// copies out of the oldest block and gives it back once empty. A mutex guards two counters
// (blocks published, blocks released); two condition variables wake whichever side waits,
// the producer on a full ring, the reader on an empty one. The ring is allocated once in
// start(): nothing is allocated per block, and nothing throws.
//
// The bytes, their order and the error at the end (code, detail, offset) are those of
// Decoder::read() called on the reader's thread: the producer publishes the bytes decoded
// before an error, then the error, and read() reports the error only once it has delivered
// every byte before it.
//
// Stopping early is safe: the destructor wakes the producer, also when it waits for a silent
// pipe, and joins it.
#pragma once

#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "io/decoder.h"
#include "io/error.h"

namespace pgnkit::io {

class DecodeAhead {
 public:
  // The ring: 640 KiB, in blocks of zstd's largest block. The reader refills 1 MiB at a
  // time, so a ring under 1 MiB leaves it waiting for part of each refill; but with zstd's
  // 8 MiB window, the peak RSS of `pgnkit check` on a .zst must stay under 16 MiB: a 1 MiB
  // ring measured over it, a 768 KiB one within 124 KB of it (see docs/reader.md).
  static constexpr std::size_t kBlockCount = 5;
  static constexpr std::size_t kBlockSize = std::size_t{128} << 10;

  // Starts a thread decoding `decoder`, which the DecodeAhead then owns. Returns nullptr, and
  // leaves `decoder` as it was, when no thread can be started.
  static std::unique_ptr<DecodeAhead> start(std::unique_ptr<Decoder>& decoder);

  // Stops the thread wherever it is and waits for it.
  ~DecodeAhead();
  DecodeAhead(const DecodeAhead&) = delete;
  DecodeAhead& operator=(const DecodeAhead&) = delete;

  // Copies up to cap decompressed bytes into dst (cap > 0), waiting for the producer when
  // nothing is ready. Returns 0 only at the end of the stream or on error (see error()).
  std::size_t read(char* dst, std::size_t cap);
  // The stream's error, once read() has returned 0.
  const std::optional<IoError>& error() const { return error_; }

 private:
  explicit DecodeAhead(std::unique_ptr<Decoder> decoder);
  bool launch();               // false when the thread (or its cancel pipe) fails
  void produce() noexcept;     // the producer thread
  bool next_block(bool wait);  // releases the block read, takes the next one
  char* block(std::uint64_t index) { return ring_.get() + (index % kBlockCount) * kBlockSize; }

  std::unique_ptr<Decoder> stream_;  // the producer's alone while it runs
  std::unique_ptr<char[]> ring_;
  // Bytes in each block: written by the producer before it publishes the block.
  std::array<std::size_t, kBlockCount> block_bytes_{};

  std::mutex mutex_;
  std::condition_variable published_cv_;  // the reader waits on it for a block
  std::condition_variable released_cv_;   // the producer waits on it for room, or stop_
  // Guarded by mutex_.
  std::uint64_t published_ = 0;       // blocks filled, in stream order
  std::uint64_t released_ = 0;        // blocks the reader has emptied
  bool finished_ = false;             // the last block is published; end_error_ is final
  std::optional<IoError> end_error_;  // what ended the stream, if not a clean end
  bool stop_ = false;                 // the reader has gone: the producer should too

  // The reader's side: while holding_, block released_ (at data_) is being copied out.
  bool holding_ = false;
  const char* data_ = nullptr;
  std::size_t pos_ = 0;
  std::size_t size_ = 0;
  std::optional<IoError> error_;

  // Closing the write end wakes a producer that waits for a pipe (RawInput::set_cancel_fd).
  int cancel_read_fd_ = -1;
  int cancel_write_fd_ = -1;
  std::thread producer_;
};

}  // namespace pgnkit::io

// The bytes of an input as stored, before any decompression: a file descriptor read through
// one fixed buffer, or a memory block the caller keeps alive. Internal to lib/io: Source
// sniffs the format from buffered() and then either passes the bytes through with read() or
// hands the RawInput to a ZstdStream, which consumes buffered() and refill()s.
//
// Not thread-safe; one thread at a time may use it (a DecodeAhead moves it to its thread).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>

#include "io/error.h"

namespace pgnkit::io {

class RawInput {
 public:
  // An input without bytes.
  RawInput() = default;
  // Reads `fd` through a buffer of buffer_size bytes; closes it at destruction when owned.
  // may_block: reads can wait indefinitely (a pipe or terminal, not a regular file).
  static RawInput from_fd(int fd, bool owned, bool may_block, std::size_t buffer_size);
  // The bytes themselves, as if already read; they must outlive the RawInput.
  static RawInput from_memory(std::string_view bytes);
  // Bytes another reader hands out (an archive member's, io/input.h): pull(dst, cap, error)
  // fills dst with up to cap bytes, 0 at the end; setting `error` then makes it a failure,
  // which error() reports at the offset it is asked for. Never blocks on a descriptor.
  using Pull =
      std::function<std::size_t(char* dst, std::size_t cap, std::optional<IoError>& error)>;
  static RawInput from_pull(Pull pull, std::size_t buffer_size);

  RawInput(RawInput&& other) noexcept;
  RawInput& operator=(RawInput&& other) noexcept;
  RawInput(const RawInput&) = delete;
  RawInput& operator=(const RawInput&) = delete;
  ~RawInput();

  // Reads until at least n bytes are buffered or the input ends: pipes deliver short reads,
  // and the format is told by the first few bytes.
  void buffer_at_least(std::size_t n);
  // The bytes read but not consumed yet.
  std::string_view buffered() const { return {window_ + pos_, len_ - pos_}; }
  void consume(std::size_t n) { pos_ += n; }
  // Makes at least n bytes (n <= the buffer size) buffered, if the input has them: moves the
  // unconsumed bytes to the buffer's front and reads after them. Returns whether it could.
  // For a decoder looking for the next member's magic between members.
  bool ensure(std::size_t n);
  // Replaces the (fully consumed) buffered bytes with the next ones read. Returns false at
  // the end of the input or after a read error (see error()).
  bool refill();
  // Copies buffered bytes into dst or, when none are left, reads the fd straight into dst
  // (plain input needs no copy). Returns 0 only at the end of the input or on error.
  std::size_t read(char* dst, std::size_t cap);

  // Moves past the next n bytes without copying them: a regular file seeks (lseek), other
  // inputs read and discard. Returns the bytes skipped (fewer only at the end or an error).
  std::uint64_t skip(std::uint64_t n);

  // The read error, if a read(2) failed, reported at decompressed offset `at` (the caller
  // knows how many bytes it delivered); reads return 0 after one.
  std::optional<IoError> error(std::uint64_t at) const;
  bool may_block() const { return may_block_; }
  // The file descriptor read (-1 for memory and pulled bytes).
  int fd() const { return fd_; }
  // Until destruction, every read(2) of an input that may block first waits for the input
  // or `cancel_fd` to be readable; once `cancel_fd` is readable the input ends. This lets
  // another thread stop a reader stuck on a silent pipe. The caller keeps cancel_fd open.
  void set_cancel_fd(int cancel_fd) { cancel_fd_ = cancel_fd; }
  // The same for the Source's caller (SourceOptions::stop_fd): both are waited for.
  void set_stop_fd(int stop_fd) { stop_fd_ = stop_fd; }
  // Every read(2) from now on adds its byte count to *counter (relaxed; see
  // SourceOptions::bytes_read). The counter must outlive the RawInput.
  void set_read_counter(std::atomic<std::uint64_t>* counter) { read_counter_ = counter; }
  std::atomic<std::uint64_t>* read_counter() const { return read_counter_; }

 private:
  std::size_t read_fd(char* dst, std::size_t cap);  // one read(2) or pull; 0 = end or error
  bool has_more_source() const { return fd_ >= 0 || pull_ != nullptr; }  // not memory
  bool wait_readable();  // false when cancelled or stopped

  int fd_ = -1;
  bool owned_ = false;
  bool may_block_ = false;
  int cancel_fd_ = -1;
  int stop_fd_ = -1;
  std::unique_ptr<char[]> buffer_;
  std::size_t buffer_size_ = 0;
  const char* window_ = nullptr;  // buffer_ or the caller's memory
  std::size_t len_ = 0;           // bytes in window_
  std::size_t pos_ = 0;           // bytes of window_ consumed
  bool eof_ = true;               // no more bytes from the fd (end, error or cancel)
  int read_errno_ = 0;
  std::atomic<std::uint64_t>* read_counter_ = nullptr;
  Pull pull_;                          // set: reads come from it, not from fd_
  std::optional<IoError> pull_error_;  // what pull_ reported
};

}  // namespace pgnkit::io

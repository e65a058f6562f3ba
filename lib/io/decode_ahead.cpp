#include "io/decode_ahead.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <system_error>
#include <utility>

namespace pgnkit::io {

DecodeAhead::DecodeAhead(std::unique_ptr<Decoder> decoder)
    : stream_(std::move(decoder)),
      // Not value-initialised: pages are touched only as the producer fills them.
      ring_(std::make_unique_for_overwrite<char[]>(kBlockCount * kBlockSize)) {}

std::unique_ptr<DecodeAhead> DecodeAhead::start(std::unique_ptr<Decoder>& decoder) {
  std::unique_ptr<DecodeAhead> ahead(new DecodeAhead(std::move(decoder)));
  if (ahead->launch()) return ahead;
  ahead->stream_->input().set_cancel_fd(-1);  // the pipe closes with `ahead`
  decoder = std::move(ahead->stream_);
  return nullptr;
}

bool DecodeAhead::launch() {
  if (stream_->input().may_block()) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return false;
    cancel_read_fd_ = fds[0];
    cancel_write_fd_ = fds[1];
    stream_->input().set_cancel_fd(cancel_read_fd_);
  }
  try {
    producer_ = std::thread([this] { produce(); });
  } catch (const std::system_error&) {  // no thread to be had (resource limits)
    return false;
  }
  return true;
}

DecodeAhead::~DecodeAhead() {
  if (producer_.joinable()) {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    released_cv_.notify_one();
  }
  if (cancel_write_fd_ >= 0) ::close(cancel_write_fd_);  // wakes a producer waiting on a pipe
  if (producer_.joinable()) producer_.join();
  if (cancel_read_fd_ >= 0) ::close(cancel_read_fd_);
}

void DecodeAhead::produce() noexcept {
  // From a pipe or terminal, bytes may trickle in: hand over what a block holds before
  // waiting for more input, so that none is held back from the reader.
  const bool fill_whole_blocks = !stream_->input().may_block();
  for (std::uint64_t index = 0;; ++index) {
    {
      std::unique_lock lock(mutex_);
      released_cv_.wait(lock, [&] { return stop_ || index - released_ < kBlockCount; });
      if (stop_) return;
    }
    // The block is the producer's until published: fill it without the lock.
    char* const dst = block(index);
    std::size_t size = 0;
    bool ended = false;
    while (size < kBlockSize && !ended && (fill_whole_blocks || size == 0)) {
      const std::size_t n = stream_->read(dst + size, kBlockSize - size);
      size += n;
      ended = n == 0 || stream_->error().has_value();
    }
    {
      const std::lock_guard lock(mutex_);
      block_bytes_[index % kBlockCount] = size;
      if (size > 0) published_ = index + 1;
      if (ended) {
        finished_ = true;
        end_error_ = stream_->error();
      }
    }
    published_cv_.notify_one();
    if (ended) return;
  }
}

bool DecodeAhead::next_block(bool wait) {
  std::unique_lock lock(mutex_);
  if (holding_) {
    holding_ = false;
    ++released_;
    released_cv_.notify_one();
  }
  if (wait) published_cv_.wait(lock, [&] { return published_ > released_ || finished_; });
  if (published_ == released_) {
    // Every byte before the error has been delivered: now the error is due.
    if (wait && finished_) error_ = end_error_;
    return false;
  }
  holding_ = true;
  data_ = block(released_);
  pos_ = 0;
  size_ = block_bytes_[released_ % kBlockCount];
  return true;
}

std::size_t DecodeAhead::read(char* dst, std::size_t cap) {
  std::size_t copied = 0;
  while (copied < cap) {
    // Wait only while nothing has been copied: the caller can use what it has.
    if (pos_ == size_ && !next_block(copied == 0)) break;
    const std::size_t n = std::min(cap - copied, size_ - pos_);
    std::memcpy(dst + copied, data_ + pos_, n);
    pos_ += n;
    copied += n;
  }
  return copied;
}

}  // namespace pgnkit::io

#include "io/raw_input.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace pgnkit::io {

RawInput RawInput::from_fd(int fd, bool owned, bool may_block, std::size_t buffer_size) {
  RawInput in;
  in.fd_ = fd;
  in.owned_ = owned;
  in.may_block_ = may_block;
  in.buffer_size_ = buffer_size;
  // Not value-initialised: pages are touched only as bytes arrive.
  in.buffer_ = std::make_unique_for_overwrite<char[]>(buffer_size);
  in.window_ = in.buffer_.get();
  in.eof_ = false;
  return in;
}

RawInput RawInput::from_memory(std::string_view bytes) {
  RawInput in;
  in.window_ = bytes.data();
  in.len_ = bytes.size();
  return in;
}

RawInput RawInput::from_pull(Pull pull, std::size_t buffer_size) {
  RawInput in;
  in.pull_ = std::move(pull);
  in.buffer_size_ = buffer_size;
  in.buffer_ = std::make_unique_for_overwrite<char[]>(buffer_size);
  in.window_ = in.buffer_.get();
  in.eof_ = false;
  return in;
}

RawInput::RawInput(RawInput&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      owned_(std::exchange(other.owned_, false)),
      may_block_(other.may_block_),
      cancel_fd_(other.cancel_fd_),
      stop_fd_(other.stop_fd_),
      buffer_(std::move(other.buffer_)),
      buffer_size_(other.buffer_size_),
      window_(other.window_),
      len_(other.len_),
      pos_(other.pos_),
      eof_(other.eof_),
      read_errno_(other.read_errno_),
      read_counter_(other.read_counter_),
      pull_(std::move(other.pull_)),
      pull_error_(std::move(other.pull_error_)) {}

RawInput& RawInput::operator=(RawInput&& other) noexcept {
  if (this != &other) {
    this->~RawInput();
    new (this) RawInput(std::move(other));
  }
  return *this;
}

RawInput::~RawInput() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

bool RawInput::wait_readable() {
  // poll() skips a negative descriptor: either of cancel_fd_ and stop_fd_ may be unset.
  pollfd fds[3] = {{fd_, POLLIN, 0}, {cancel_fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
  for (;;) {
    const int n = ::poll(fds, 3, -1);
    if (n > 0) return ((fds[1].revents | fds[2].revents) & (POLLIN | POLLHUP)) == 0;
    if (n < 0 && errno != EINTR) return true;  // let read(2) block or report the problem
  }
}

std::size_t RawInput::read_fd(char* dst, std::size_t cap) {
  if (eof_) return 0;
  if (pull_) {
    const std::size_t n = pull_(dst, cap, pull_error_);
    eof_ = n == 0;
    return n;
  }
  if (may_block_ && (cancel_fd_ >= 0 || stop_fd_ >= 0) && !wait_readable()) {
    eof_ = true;  // cancelled: whoever reads has gone
    return 0;
  }
  for (;;) {
    const ssize_t n = ::read(fd_, dst, cap);
    if (n > 0) {
      if (read_counter_ != nullptr)
        read_counter_->fetch_add(static_cast<std::uint64_t>(n), std::memory_order_relaxed);
      return static_cast<std::size_t>(n);
    }
    if (n == 0) {
      eof_ = true;
      return 0;
    }
    if (errno == EINTR) continue;
    read_errno_ = errno;
    eof_ = true;
    return 0;
  }
}

void RawInput::buffer_at_least(std::size_t n) {
  if (!has_more_source()) return;
  while (len_ < std::min(n, buffer_size_) && !eof_) {
    len_ += read_fd(buffer_.get() + len_, buffer_size_ - len_);
  }
}

bool RawInput::ensure(std::size_t n) {
  if (len_ - pos_ >= n) return true;
  if (!has_more_source() || n > buffer_size_) return false;
  if (pos_ > 0) {
    std::memmove(buffer_.get(), window_ + pos_, len_ - pos_);
    len_ -= pos_;
    pos_ = 0;
  }
  while (len_ < n && !eof_) len_ += read_fd(buffer_.get() + len_, buffer_size_ - len_);
  return len_ >= n;
}

bool RawInput::refill() {
  if (!has_more_source()) return false;
  len_ = read_fd(buffer_.get(), buffer_size_);
  pos_ = 0;
  return len_ > 0;
}

std::size_t RawInput::read(char* dst, std::size_t cap) {
  if (pos_ < len_) {
    const std::size_t n = std::min(cap, len_ - pos_);
    std::memcpy(dst, window_ + pos_, n);
    pos_ += n;
    return n;
  }
  return has_more_source() ? read_fd(dst, cap) : 0;
}

std::uint64_t RawInput::skip(std::uint64_t n) {
  const std::uint64_t held = std::min<std::uint64_t>(n, len_ - pos_);
  pos_ += static_cast<std::size_t>(held);
  std::uint64_t skipped = held;
  if (skipped == n || !has_more_source() || eof_) return skipped;
  if (!may_block_ && !pull_) {
    // A regular file: seek, but never past its end (a later read then ends it).
    const off_t here = ::lseek(fd_, 0, SEEK_CUR);
    const off_t size = ::lseek(fd_, 0, SEEK_END);
    if (here >= 0 && size >= here) {
      const std::uint64_t room = static_cast<std::uint64_t>(size - here);
      const std::uint64_t step = std::min(n - skipped, room);
      if (::lseek(fd_, here + static_cast<off_t>(step), SEEK_SET) >= 0) return skipped + step;
    }
  }
  while (skipped < n) {
    if (!refill()) break;
    const std::uint64_t take = std::min<std::uint64_t>(n - skipped, len_);
    pos_ = static_cast<std::size_t>(take);
    skipped += take;
  }
  return skipped;
}

std::optional<IoError> RawInput::error(std::uint64_t at) const {
  if (pull_error_) {
    IoError e = *pull_error_;
    e.offset = at;
    return e;
  }
  if (read_errno_ == 0) return std::nullopt;
  const IoErrorCode code =
      read_errno_ == EISDIR ? IoErrorCode::IsDirectory : IoErrorCode::ReadFailed;
  return IoError{code, read_errno_, at, nullptr};
}

}  // namespace pgnkit::io

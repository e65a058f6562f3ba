#include "io/sink.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "io/encoder.h"

namespace pgnkit::io {

namespace {
// Small enough to stay in a core's cache between flushes.
constexpr std::size_t kBufferSize = std::size_t{1} << 17;
// Writes this long go out from the caller's bytes (after what is buffered), not copied.
constexpr std::size_t kDirectSize = std::size_t{1} << 14;
}  // namespace

std::optional<OutputSink> OutputSink::open(std::string_view path, IoError* err,
                                           std::optional<Compression> compression) {
  OutputSink s;
  s.name_ = path == "-" ? "<stdout>" : std::string(path);
  const Compression format =
      compression.value_or(compression_for_name(path).value_or(Compression::None));
  // The encoder first: a failure then leaves no empty file behind.
  if (format != Compression::None) {
    s.encoder_ = make_encoder(format, err);
    if (!s.encoder_) return std::nullopt;
  }
  if (path == "-") {
    s.fd_ = STDOUT_FILENO;
  } else {
    s.fd_ = ::open(std::string(path).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (s.fd_ < 0) {
      if (err) {
        *err = IoError{errno == EISDIR ? IoErrorCode::IsDirectory : IoErrorCode::CreateFailed,
                       errno, 0, nullptr};
      }
      return std::nullopt;
    }
    s.close_fd_ = true;
  }
  s.buffer_.reserve(kBufferSize);
  return s;
}

OutputSink::OutputSink(OutputSink&& o) noexcept
    : fd_(o.fd_),
      close_fd_(o.close_fd_),
      name_(std::move(o.name_)),
      buffer_(std::move(o.buffer_)),
      encoder_(std::move(o.encoder_)),
      error_(std::move(o.error_)) {
  o.fd_ = -1;
  o.close_fd_ = false;
}

OutputSink& OutputSink::operator=(OutputSink&& o) noexcept {
  if (this != &o) {
    if (close_fd_ && fd_ >= 0) ::close(fd_);
    fd_ = o.fd_;
    close_fd_ = o.close_fd_;
    name_ = std::move(o.name_);
    buffer_ = std::move(o.buffer_);
    encoder_ = std::move(o.encoder_);
    error_ = std::move(o.error_);
    o.fd_ = -1;
    o.close_fd_ = false;
  }
  return *this;
}

OutputSink::~OutputSink() {
  if (close_fd_ && fd_ >= 0) ::close(fd_);
}

bool OutputSink::flush_raw(const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd_, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      error_ = IoError{IoErrorCode::WriteFailed, errno, 0, nullptr};
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool OutputSink::emit_raw(void* sink, std::string_view bytes) {
  return static_cast<OutputSink*>(sink)->flush_raw(bytes.data(), bytes.size());
}

bool OutputSink::drain() {
  const bool ok = send(buffer_.data(), buffer_.size());
  buffer_.clear();
  return ok;
}

bool OutputSink::send(const char* data, std::size_t size) {
  if (!encoder_) return flush_raw(data, size);
  IoError err;
  if (encoder_->write({data, size}, Emit{&OutputSink::emit_raw, this}, &err)) return true;
  if (!error_) error_ = err;  // else flush_raw failed and said why
  return false;
}

bool OutputSink::write(std::string_view bytes) {
  if (error_) return false;
  if (buffer_.size() + bytes.size() > kBufferSize && !buffer_.empty() && !drain()) return false;
  if (bytes.size() >= kDirectSize) {
    if (!buffer_.empty() && !drain()) return false;
    return send(bytes.data(), bytes.size());
  }
  buffer_.append(bytes);
  if (buffer_.size() >= kBufferSize) return drain();
  return true;
}

bool OutputSink::finish() {
  if (error_) return false;
  if (!drain()) return false;
  if (encoder_) {
    IoError err;
    if (!encoder_->finish(Emit{&OutputSink::emit_raw, this}, &err)) {
      if (!error_) error_ = err;
      return false;
    }
  }
  if (close_fd_) {
    const int rc = ::close(fd_);
    fd_ = -1;
    close_fd_ = false;
    if (rc != 0) {
      error_ = IoError{IoErrorCode::WriteFailed, errno, 0, nullptr};
      return false;
    }
  }
  return true;
}

}  // namespace pgnkit::io

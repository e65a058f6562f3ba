#include "io/sink.h"

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>

namespace pgnkit::io {

namespace {
// Small enough to stay in a core's cache between flushes.
constexpr std::size_t kBufferSize = std::size_t{1} << 17;
// Writes this long go out from the caller's bytes (after what is buffered), not copied.
constexpr std::size_t kDirectSize = std::size_t{1} << 14;
bool ends_with(std::string_view s, std::string_view t) {
  return s.size() >= t.size() && s.substr(s.size() - t.size()) == t;
}
}  // namespace

void OutputSink::ZstdDeleter::operator()(void* cctx) const {
  ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(cctx));
}

std::optional<OutputSink> OutputSink::open(std::string_view path, IoError* err, bool compress) {
  OutputSink s;
  s.name_ = path == "-" ? "<stdout>" : std::string(path);
  if (path == "-") {
    s.fd_ = STDOUT_FILENO;
  } else {
    s.fd_ = ::open(std::string(path).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (s.fd_ < 0) {
      if (err)
        *err = IoError{errno == EISDIR ? IoErrorCode::IsDirectory : IoErrorCode::CreateFailed,
                       errno, 0, nullptr};
      return std::nullopt;
    }
    s.close_fd_ = true;
  }
  s.buffer_.reserve(kBufferSize);
  if (compress || ends_with(path, ".zst")) {
    s.cctx_.reset(ZSTD_createCCtx());
    if (!s.cctx_) {
      if (err) *err = IoError{IoErrorCode::CompressFailed, 0, 0, "cannot create the encoder", Compression::Zstd};
      return std::nullopt;
    }
    ZSTD_CCtx_setParameter(static_cast<ZSTD_CCtx*>(s.cctx_.get()), ZSTD_c_compressionLevel, 3);
    s.zout_size_ = ZSTD_CStreamOutSize();
    s.zout_ = std::make_unique<char[]>(s.zout_size_);
  }
  return s;
}

OutputSink::OutputSink(OutputSink&& o) noexcept
    : fd_(o.fd_),
      close_fd_(o.close_fd_),
      name_(std::move(o.name_)),
      buffer_(std::move(o.buffer_)),
      zout_(std::move(o.zout_)),
      zout_size_(o.zout_size_),
      cctx_(std::move(o.cctx_)),
      error_(o.error_) {
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
    zout_ = std::move(o.zout_);
    zout_size_ = o.zout_size_;
    cctx_ = std::move(o.cctx_);
    error_ = o.error_;
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

bool OutputSink::drain(bool end) {
  const bool ok = send(buffer_.data(), buffer_.size(), end);
  buffer_.clear();
  return ok;
}

bool OutputSink::send(const char* data, std::size_t size, bool end) {
  if (!cctx_) return flush_raw(data, size);
  auto* cctx = static_cast<ZSTD_CCtx*>(cctx_.get());
  ZSTD_inBuffer in{data, size, 0};
  for (;;) {
    ZSTD_outBuffer out{zout_.get(), zout_size_, 0};
    const std::size_t rest =
        ZSTD_compressStream2(cctx, &out, &in, end ? ZSTD_e_end : ZSTD_e_continue);
    if (ZSTD_isError(rest)) {
      error_ = IoError{IoErrorCode::CompressFailed, 0, 0, ZSTD_getErrorName(rest), Compression::Zstd};
      return false;
    }
    if (!flush_raw(zout_.get(), out.pos)) return false;
    if (end ? rest == 0 : in.pos == in.size) break;
  }
  return true;
}

bool OutputSink::write(std::string_view bytes) {
  if (error_) return false;
  if (buffer_.size() + bytes.size() > kBufferSize && !buffer_.empty() && !drain(false))
    return false;
  if (bytes.size() >= kDirectSize) {
    if (!buffer_.empty() && !drain(false)) return false;
    return send(bytes.data(), bytes.size(), false);
  }
  buffer_.append(bytes);
  if (buffer_.size() >= kBufferSize) return drain(false);
  return true;
}

bool OutputSink::finish() {
  if (error_) return false;
  if (!drain(cctx_ != nullptr)) return false;
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

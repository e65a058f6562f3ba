#include "io/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace pgnkit::io {
namespace {

constexpr std::size_t kSniffBytes = 10;  // enough for the bzip2 block magic

bool is_zstd_magic(const unsigned char* b, std::size_t n) {
  if (n < 4) return false;
  if (b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD) return true;
  return (b[0] & 0xF0) == 0x50 && b[1] == 0x2A && b[2] == 0x4D && b[3] == 0x18;
}

// Returns the format's name when the bytes start another compressed format we do not read.
const char* other_compression(const unsigned char* b, std::size_t n) {
  if (n >= 2 && b[0] == 0x1F && b[1] == 0x8B) return "gzip";
  static constexpr unsigned char kXz[] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
  if (n >= sizeof kXz && std::memcmp(b, kXz, sizeof kXz) == 0) return "xz";
  static constexpr unsigned char kBzBlock[] = {0x31, 0x41, 0x59, 0x26, 0x53, 0x59};
  if (n >= 10 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9' &&
      std::memcmp(b + 4, kBzBlock, sizeof kBzBlock) == 0) {
    return "bzip2";
  }
  return nullptr;
}

IoErrorCode open_error_code(int e) {
  switch (e) {
    case ENOENT:
    case ENOTDIR: return IoErrorCode::NotFound;
    case EISDIR: return IoErrorCode::IsDirectory;
    case EACCES:
    case EPERM: return IoErrorCode::PermissionDenied;
    default: return IoErrorCode::OpenFailed;
  }
}

}  // namespace

void Source::ZstdDeleter::operator()(void* dctx) const {
  ZSTD_freeDCtx(static_cast<ZSTD_DCtx*>(dctx));
}

std::optional<Source> Source::open(std::string_view path, IoError* err) {
  auto set_err = [&](IoErrorCode code, int e, const char* detail = nullptr) {
    if (err != nullptr) *err = IoError{code, e, 0, detail};
  };
  Source src;
  if (path == "-") {
    src.fd_ = STDIN_FILENO;
    src.name_ = "<stdin>";
  } else {
    src.name_ = std::string(path);
    int fd;
    do {
      fd = ::open(src.name_.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
      int e = errno;
      set_err(open_error_code(e), e);
      return std::nullopt;
    }
    src.fd_ = fd;
    src.close_fd_ = true;
  }
  struct stat st {};
  if (::fstat(src.fd_, &st) != 0) {
    int e = errno;
    set_err(IoErrorCode::OpenFailed, e);
    return std::nullopt;
  }
  if (S_ISDIR(st.st_mode)) {
    set_err(IoErrorCode::IsDirectory, EISDIR);
    return std::nullopt;
  }
  if (S_ISREG(st.st_mode)) ::posix_fadvise(src.fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
  src.in_cap_ = ZSTD_DStreamInSize();
  src.in_ = std::make_unique<char[]>(src.in_cap_);
  src.window_ = src.in_.get();
  src.sniff();
  if (src.error_) {
    if (err != nullptr) *err = *src.error_;
    return std::nullopt;
  }
  return src;
}

Source Source::from_memory(std::string_view bytes, std::string name) {
  Source src;
  src.name_ = std::move(name);
  src.window_ = bytes.data();
  src.window_len_ = bytes.size();
  src.raw_eof_ = true;
  src.sniff();
  return src;
}

Source::Source(Source&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      close_fd_(std::exchange(other.close_fd_, false)),
      name_(std::move(other.name_)),
      in_(std::move(other.in_)),
      in_cap_(other.in_cap_),
      window_(other.window_),
      window_len_(other.window_len_),
      window_pos_(other.window_pos_),
      raw_eof_(other.raw_eof_),
      dctx_(std::move(other.dctx_)),
      frame_open_(other.frame_open_),
      compression_(other.compression_),
      offset_(other.offset_),
      error_(other.error_) {}

Source& Source::operator=(Source&& other) noexcept {
  if (this != &other) {
    this->~Source();
    new (this) Source(std::move(other));
  }
  return *this;
}

Source::~Source() {
  if (close_fd_ && fd_ >= 0) ::close(fd_);
}

void Source::fail(IoErrorCode code, int sys_errno, const char* detail, std::uint64_t at) {
  if (!error_) error_ = IoError{code, sys_errno, at, detail};
}

std::size_t Source::read_raw(char* dst, std::size_t cap) {
  if (raw_eof_ || error_) return 0;
  for (;;) {
    ssize_t n = ::read(fd_, dst, cap);
    if (n > 0) return static_cast<std::size_t>(n);
    if (n == 0) {
      raw_eof_ = true;
      return 0;
    }
    if (errno == EINTR) continue;
    int e = errno;
    fail(e == EISDIR ? IoErrorCode::IsDirectory : IoErrorCode::ReadFailed, e, nullptr, offset_);
    raw_eof_ = true;
    return 0;
  }
}

bool Source::refill_window() {
  if (raw_eof_) return false;
  window_len_ = read_raw(in_.get(), in_cap_);
  window_pos_ = 0;
  return window_len_ > 0;
}

void Source::sniff() {
  if (fd_ >= 0) {
    // Read until kSniffBytes are buffered or the input ends (pipes deliver short reads).
    while (window_len_ < kSniffBytes && !raw_eof_) {
      window_len_ += read_raw(in_.get() + window_len_, in_cap_ - window_len_);
    }
  }
  const auto* b = reinterpret_cast<const unsigned char*>(window_);
  if (is_zstd_magic(b, window_len_)) {
    ZSTD_DCtx* dctx = ZSTD_createDCtx();
    if (dctx == nullptr) {
      fail(IoErrorCode::ZstdInitFailed, 0, nullptr, 0);
      return;
    }
    dctx_.reset(dctx);
    // lichess dumps use windows up to 2 GiB (--long=31); the default limit is 2^27.
    ZSTD_DCtx_setParameter(dctx, ZSTD_d_windowLogMax, 31);
    compression_ = Compression::Zstd;
    frame_open_ = true;
  } else if (const char* other = other_compression(b, window_len_)) {
    fail(IoErrorCode::UnsupportedCompression, 0, other, 0);
  }
}

std::size_t Source::read(char* dst, std::size_t cap) {
  if (error_ || cap == 0) return 0;
  std::size_t n = 0;
  if (compression_ == Compression::Zstd) {
    n = read_zstd(dst, cap);
  } else if (window_pos_ < window_len_) {
    n = std::min(cap, window_len_ - window_pos_);
    std::memcpy(dst, window_ + window_pos_, n);
    window_pos_ += n;
  } else if (fd_ >= 0) {
    n = read_raw(dst, cap);  // plain file: straight into the caller's buffer
  }
  offset_ += n;
  return n;
}

std::size_t Source::read_zstd(char* dst, std::size_t cap) {
  auto* dctx = static_cast<ZSTD_DCtx*>(dctx_.get());
  for (;;) {
    const bool have_input = window_pos_ < window_len_ || refill_window();
    if (error_) return 0;                       // read error while refilling
    if (!have_input && !frame_open_) return 0;  // clean end after a complete frame
    // Without input the call only flushes what the decoder still holds.
    ZSTD_inBuffer in{window_, have_input ? window_len_ : 0, have_input ? window_pos_ : 0};
    ZSTD_outBuffer out{dst, cap, 0};
    std::size_t ret = ZSTD_decompressStream(dctx, &out, &in);
    if (have_input) window_pos_ = in.pos;
    if (ZSTD_isError(ret)) {
      fail(IoErrorCode::ZstdCorrupt, 0, ZSTD_getErrorName(ret), offset_ + out.pos);
      return out.pos;
    }
    frame_open_ = ret != 0;
    if (out.pos > 0) return out.pos;
    if (!have_input) {
      fail(IoErrorCode::ZstdTruncated, 0, nullptr, offset_);
      return 0;
    }
  }
}

}  // namespace pgnkit::io

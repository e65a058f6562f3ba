#include "io/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "io/decode_ahead.h"
#include "io/zstd_stream.h"

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

Source::Source() = default;
Source::Source(Source&& other) noexcept = default;
Source& Source::operator=(Source&& other) noexcept = default;
Source::~Source() = default;

std::optional<Source> Source::open(std::string_view path, IoError* err, SourceOptions options) {
  return open_file(path, err, options, 0, 0);
}

std::optional<Source> Source::open_zstd_frame(std::string_view path,
                                              std::uint64_t compressed_offset,
                                              std::uint64_t decompressed_offset, IoError* err,
                                              SourceOptions options) {
  std::optional<Source> src = open_file(path, err, options, compressed_offset, decompressed_offset);
  if (src && src->compression_ != Compression::Zstd) {
    if (err != nullptr) {
      *err = IoError{IoErrorCode::Corrupt, 0, decompressed_offset, "no zstd frame there", Compression::Zstd};
    }
    return std::nullopt;
  }
  return src;
}

std::optional<Source> Source::open_file(std::string_view path, IoError* err, SourceOptions options,
                                        std::uint64_t skip, std::uint64_t decompressed_offset) {
  auto set_err = [&](IoErrorCode code, int e) {
    if (err != nullptr) *err = IoError{code, e, 0, nullptr};
  };
  Source src;
  int fd = STDIN_FILENO;
  bool owned = false;  // stdin is never closed
  if (path == "-") {
    src.name_ = "<stdin>";
  } else {
    src.name_ = std::string(path);
    do {
      fd = ::open(src.name_.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
      int e = errno;
      set_err(open_error_code(e), e);
      return std::nullopt;
    }
    owned = true;
  }
  struct stat st {};
  const bool stat_ok = ::fstat(fd, &st) == 0;
  const int stat_errno = errno;
  src.raw_ = RawInput::from_fd(fd, owned, !S_ISREG(st.st_mode), ZSTD_DStreamInSize());
  src.raw_.set_read_counter(options.bytes_read);
  src.raw_.set_stop_fd(options.stop_fd);
  if (!stat_ok) {
    set_err(IoErrorCode::OpenFailed, stat_errno);
    return std::nullopt;
  }
  if (S_ISDIR(st.st_mode)) {
    set_err(IoErrorCode::IsDirectory, EISDIR);
    return std::nullopt;
  }
  if (S_ISREG(st.st_mode)) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  if (skip > 0 && src.raw_.skip(skip) != skip) {
    set_err(IoErrorCode::Truncated, 0);
    return std::nullopt;
  }
  src.offset_ = decompressed_offset;
  src.sniff(options, decompressed_offset);
  if (src.error_) {
    if (err != nullptr) *err = *src.error_;
    return std::nullopt;
  }
  return src;
}

Source Source::from_memory(std::string_view bytes, std::string name, SourceOptions options) {
  Source src;
  src.name_ = std::move(name);
  src.raw_ = RawInput::from_memory(bytes);
  src.sniff(options);
  return src;
}

Source Source::from_pull(std::string name, Pull pull) {
  Source src;
  src.name_ = std::move(name);
  src.pull_ = std::move(pull);
  return src;
}

void Source::fail(IoErrorCode code, const char* detail) {
  if (!error_) error_ = IoError{code, 0, offset_, detail};
}

void Source::sniff(SourceOptions options, std::uint64_t delivered) {
  raw_.buffer_at_least(kSniffBytes);
  if (auto read_error = raw_.error(delivered)) {
    error_ = read_error;
    return;
  }
  const std::string_view first = raw_.buffered();
  const auto* b = reinterpret_cast<const unsigned char*>(first.data());
  if (is_zstd_magic(b, first.size())) {
    std::optional<ZstdStream> stream = ZstdStream::create(std::move(raw_), delivered);
    if (!stream) {
      fail(IoErrorCode::DecoderInitFailed, nullptr);
      return;
    }
    compression_ = Compression::Zstd;
    if (options.decode_ahead) ahead_ = DecodeAhead::start(std::move(*stream));
    if (!ahead_) zstd_ = std::make_unique<ZstdStream>(std::move(*stream));
  } else if (const char* other = other_compression(b, first.size())) {
    fail(IoErrorCode::UnsupportedCompression, other);
  }
}

bool Source::skip(std::uint64_t n) {
  if (compression_ == Compression::None && !pull_ && !error_) {
    const std::uint64_t done = raw_.skip(n);
    offset_ += done;
    if (done == n) return true;
    error_ = raw_.error(offset_);
    return false;
  }
  char scratch[1 << 16];
  while (n > 0) {
    const std::size_t got =
        read(scratch, static_cast<std::size_t>(std::min<std::uint64_t>(n, sizeof scratch)));
    if (got == 0) return false;
    n -= got;
  }
  return true;
}

std::size_t Source::read(char* dst, std::size_t cap) {
  if (error_ || cap == 0) return 0;
  std::size_t n = 0;
  if (pull_) {
    n = pull_(dst, cap, error_);
  } else if (ahead_) {
    n = ahead_->read(dst, cap);
    if (n == 0) error_ = ahead_->error();
  } else if (zstd_) {
    n = zstd_->read(dst, cap);
    error_ = zstd_->error();
  } else {
    n = raw_.read(dst, cap);  // plain file: straight into the caller's buffer
    if (n == 0) error_ = raw_.error(offset_);
  }
  offset_ += n;
  return n;
}

}  // namespace pgnkit::io

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
#include "io/file_map.h"

namespace pgnkit::io {
namespace {

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
    // A zstd frame list was made of this file: another format there means it has changed.
    if (err != nullptr) {
      *err = IoError{IoErrorCode::Corrupt, 0, decompressed_offset, "no zstd frame there",
                     Compression::Zstd};
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
  if (S_ISREG(st.st_mode)) {
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    src.may_map_ = options.map_files;
  }
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

Source Source::from_raw(std::string name, RawInput raw, SourceOptions options) {
  Source src;
  src.name_ = std::move(name);
  src.raw_ = std::move(raw);
  src.sniff(options);
  return src;
}

Source Source::from_pull(std::string name, Pull pull) {
  Source src;
  src.name_ = std::move(name);
  src.pull_ = std::move(pull);
  return src;
}

void Source::sniff(SourceOptions options, std::uint64_t delivered) {
  raw_.buffer_at_least(kMagicBytes);
  if (auto read_error = raw_.error(delivered)) {
    error_ = read_error;
    return;
  }
  const std::optional<Compression> format = compression_of(raw_.buffered());
  if (!format) return;
  IoError init_error;
  std::unique_ptr<Decoder> decoder = make_decoder(*format, std::move(raw_), delivered, &init_error);
  if (!decoder) {
    error_ = init_error;
    return;
  }
  compression_ = *format;
  if (options.decode_ahead) ahead_ = DecodeAhead::start(decoder);
  if (!ahead_) decoder_ = std::move(decoder);
}

std::string_view Source::peek(std::size_t n) {
  while (peeked_.size() < n && !error_) {
    const std::size_t had = peeked_.size();
    peeked_.resize(n);
    const std::size_t got = read_stream(peeked_.data() + had, n - had);
    offset_ -= got;  // delivered only when read() hands them out
    peeked_.resize(had + got);
    if (got == 0) break;
  }
  return std::string_view(peeked_).substr(0, std::min(n, peeked_.size()));
}

bool Source::skip(std::uint64_t n) {
  if (compression_ == Compression::None && !pull_ && !error_ && peeked_.empty()) {
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
  if (cap == 0) return 0;
  if (peeked_pos_ < peeked_.size()) {  // peek()'s bytes first
    const std::size_t n = std::min(cap, peeked_.size() - peeked_pos_);
    std::memcpy(dst, peeked_.data() + peeked_pos_, n);
    peeked_pos_ += n;
    offset_ += n;
    if (peeked_pos_ == peeked_.size()) {
      peeked_.clear();
      peeked_.shrink_to_fit();
      peeked_pos_ = 0;
    }
    return n;
  }
  return read_stream(dst, cap);
}

FileMap* Source::map_rest(std::size_t padding) {
  if (!may_map_ || map_ || compression_ != Compression::None || pull_ || error_ || raw_.fd() < 0) {
    return nullptr;
  }
  may_map_ = false;
  struct stat st {};
  if (::fstat(raw_.fd(), &st) != 0 || !S_ISREG(st.st_mode)) return nullptr;
  // The next byte to deliver: where the descriptor is (stdin need not be at the file's
  // start), less what was read and not delivered yet (the sniff's, peek()'s).
  const off_t position = ::lseek(raw_.fd(), 0, SEEK_CUR);
  const std::uint64_t pending = raw_.buffered().size() + (peeked_.size() - peeked_pos_);
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (position < 0 || static_cast<std::uint64_t>(position) < pending) return nullptr;
  const std::uint64_t start = static_cast<std::uint64_t>(position) - pending;
  if (size <= start) return nullptr;
  // The progress counter has the bytes read(2) got already; the map adds the rest.
  std::optional<FileMap> m =
      FileMap::map(raw_.fd(), start, size - start, padding, raw_.read_counter(), pending);
  if (!m) return nullptr;
  // The pending bytes are in the map too: read() has nothing left to give, and the descriptor
  // ends where reading would have left it (stdin redirected from a file, given twice, is read
  // once).
  ::lseek(raw_.fd(), static_cast<off_t>(size), SEEK_SET);
  raw_.consume(raw_.buffered().size());
  peeked_.clear();
  peeked_pos_ = 0;
  map_ = std::make_unique<FileMap>(std::move(*m));
  map_start_ = offset_;
  offset_ += size - start;
  return map_.get();
}

std::size_t Source::read_stream(char* dst, std::size_t cap) {
  if (error_) return 0;
  if (map_) {
    if (const std::optional<std::size_t> zeros = map_->zeros_from()) {
      error_ = IoError{IoErrorCode::ReadFailed, 0, map_start_ + *zeros,
                       "the file shrank while it was read"};
    }
    return 0;
  }
  std::size_t n = 0;
  if (pull_) {
    n = pull_(dst, cap, error_);
  } else if (ahead_) {
    n = ahead_->read(dst, cap);
    if (n == 0) error_ = ahead_->error();
  } else if (decoder_) {
    n = decoder_->read(dst, cap);
    error_ = decoder_->error();
  } else {
    n = raw_.read(dst, cap);  // plain file: straight into the caller's buffer
    if (n == 0) error_ = raw_.error(offset_);
  }
  offset_ += n;
  return n;
}

}  // namespace pgnkit::io

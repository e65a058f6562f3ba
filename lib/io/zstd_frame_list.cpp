#include "io/zstd_frame_list.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <memory>
#include <vector>

namespace pgnkit::io {
namespace {

// A read-only mapping of a whole file, unmapped (and closed) at the end of the scope.
class MappedFile {
 public:
  ~MappedFile() {
    if (data_ != nullptr) ::munmap(data_, size_);
    if (fd_ >= 0) ::close(fd_);
  }
  bool open(const std::string& path, IoError* err) {
    auto fail = [&](IoErrorCode code) {
      if (err != nullptr) *err = IoError{code, errno, 0, nullptr};
      return false;
    };
    do {
      fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) return fail(errno == ENOENT ? IoErrorCode::NotFound : IoErrorCode::OpenFailed);
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return fail(IoErrorCode::OpenFailed);
    if (!S_ISREG(st.st_mode)) {
      errno = EINVAL;
      return fail(IoErrorCode::OpenFailed);
    }
    size_ = static_cast<std::size_t>(st.st_size);
    if (size_ == 0) return true;
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd_, 0);
    if (p == MAP_FAILED) return fail(IoErrorCode::OpenFailed);
    data_ = p;
    return true;
  }
  const char* data() const { return static_cast<const char*>(data_); }
  std::size_t size() const { return size_; }

 private:
  int fd_ = -1;
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

struct DCtxDeleter {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// The decompressed size of one whole frame, by decoding it; nullopt when it is corrupt.
std::optional<std::uint64_t> decode_to_count(ZSTD_DCtx* dctx, const char* frame, std::size_t size) {
  ZSTD_DCtx_reset(dctx, ZSTD_reset_session_only);
  static constexpr std::size_t kScratch = std::size_t{1} << 17;
  const std::unique_ptr<char[]> scratch(new char[kScratch]);
  ZSTD_inBuffer in{frame, size, 0};
  std::uint64_t total = 0;
  for (;;) {
    ZSTD_outBuffer out{scratch.get(), kScratch, 0};
    const std::size_t ret = ZSTD_decompressStream(dctx, &out, &in);
    if (ZSTD_isError(ret)) return std::nullopt;
    total += out.pos;
    if (ret == 0) return total;                                        // the frame is complete
    if (in.pos == in.size && out.pos < out.size) return std::nullopt;  // cut short
  }
}

}  // namespace

std::optional<ZstdFrameList> list_zstd_frames(const std::string& path, IoError* err,
                                              std::uint64_t stop_at) {
  MappedFile file;
  if (!file.open(path, err)) return std::nullopt;
  ZstdFrameList list;
  std::unique_ptr<ZSTD_DCtx, DCtxDeleter> dctx;  // only for frames without a content size
  std::uint64_t decoded = 0;
  for (std::size_t pos = 0; pos < file.size();) {
    const char* frame = file.data() + pos;
    const std::size_t rest = file.size() - pos;
    const std::size_t compressed = ZSTD_findFrameCompressedSize(frame, rest);
    if (ZSTD_isError(compressed)) {  // cut short or corrupt: reading says where and why
      list.complete = false;
      break;
    }
    // 0 for a skippable frame; unknown where the header has no size (pzstd).
    unsigned long long size = ZSTD_getFrameContentSize(frame, compressed);
    if (size == ZSTD_CONTENTSIZE_ERROR) {
      list.complete = false;
      break;
    }
    if (size == ZSTD_CONTENTSIZE_UNKNOWN) {
      if (!dctx) {
        dctx.reset(ZSTD_createDCtx());
        if (!dctx) {
          if (err != nullptr)
            *err = IoError{IoErrorCode::DecoderInitFailed, 0, decoded, nullptr, Compression::Zstd};
          return std::nullopt;
        }
        ZSTD_DCtx_setParameter(dctx.get(), ZSTD_d_windowLogMax, 31);
      }
      const std::optional<std::uint64_t> counted = decode_to_count(dctx.get(), frame, compressed);
      if (!counted) {
        list.complete = false;
        break;
      }
      size = *counted;
      ++list.decoded_to_count;
    }
    if (size > 0) {
      list.frames.push_back(ZstdFrame{pos, decoded, size});
      decoded += size;
      if (decoded > stop_at) break;
    }
    pos += compressed;
  }
  return list;
}

bool zstd_frames_unsized(const std::string& path) {
  MappedFile file;
  if (!file.open(path, nullptr)) return false;
  std::size_t content_frames = 0;
  bool unsized = false;
  for (std::size_t pos = 0; pos < file.size();) {
    const char* frame = file.data() + pos;
    const std::size_t compressed = ZSTD_findFrameCompressedSize(frame, file.size() - pos);
    if (ZSTD_isError(compressed)) return false;
    const unsigned long long size = ZSTD_getFrameContentSize(frame, compressed);
    if (size == ZSTD_CONTENTSIZE_ERROR) return false;
    if (size != 0) ++content_frames;  // 0: a skippable or empty frame
    unsized |= size == ZSTD_CONTENTSIZE_UNKNOWN;
    pos += compressed;
  }
  return unsized && content_frames > 1;
}

struct ZstdFrameReader::State {
  MappedFile file;
  std::unique_ptr<ZSTD_DCtx, DCtxDeleter> dctx;
  std::vector<ZstdFrame> frames;
  std::size_t pos = 0;              // where the next frame starts in the file
  ZSTD_inBuffer in{nullptr, 0, 0};  // the frame being decoded, if in_frame
  bool in_frame = false, failed = false;
  std::uint64_t delivered = 0;
};

ZstdFrameReader::ZstdFrameReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
ZstdFrameReader::ZstdFrameReader(ZstdFrameReader&&) noexcept = default;
ZstdFrameReader& ZstdFrameReader::operator=(ZstdFrameReader&&) noexcept = default;
ZstdFrameReader::~ZstdFrameReader() = default;

std::optional<ZstdFrameReader> ZstdFrameReader::open(const std::string& path, IoError* err) {
  auto state = std::make_unique<State>();
  if (!state->file.open(path, err)) return std::nullopt;
  state->dctx.reset(ZSTD_createDCtx());
  if (!state->dctx) {
    if (err != nullptr)
      *err = IoError{IoErrorCode::DecoderInitFailed, 0, 0, nullptr, Compression::Zstd};
    return std::nullopt;
  }
  ZSTD_DCtx_setParameter(state->dctx.get(), ZSTD_d_windowLogMax, 31);
  return ZstdFrameReader(std::move(state));
}

const std::vector<ZstdFrame>& ZstdFrameReader::frames() const {
  return state_->frames;
}
bool ZstdFrameReader::failed() const {
  return state_->failed;
}

std::size_t ZstdFrameReader::read(char* dst, std::size_t cap) {
  State& s = *state_;
  while (!s.failed) {
    if (!s.in_frame) {
      if (s.pos == s.file.size()) return 0;
      const char* frame = s.file.data() + s.pos;
      const std::size_t compressed = ZSTD_findFrameCompressedSize(frame, s.file.size() - s.pos);
      const unsigned long long size = ZSTD_isError(compressed)
                                          ? ZSTD_CONTENTSIZE_ERROR
                                          : ZSTD_getFrameContentSize(frame, compressed);
      if (size == ZSTD_CONTENTSIZE_ERROR) break;
      if (size == 0) {  // skippable or empty: no content
        s.pos += compressed;
        continue;
      }
      ZSTD_DCtx_reset(s.dctx.get(), ZSTD_reset_session_only);
      s.in = ZSTD_inBuffer{frame, compressed, 0};
      s.in_frame = true;
      s.frames.push_back(ZstdFrame{s.pos, s.delivered, 0});
    }
    ZSTD_outBuffer out{dst, cap, 0};
    const std::size_t ret = ZSTD_decompressStream(s.dctx.get(), &out, &s.in);
    if (ZSTD_isError(ret)) break;
    s.delivered += out.pos;
    s.frames.back().decompressed_size += out.pos;
    if (ret == 0) {  // the frame is complete
      s.in_frame = false;
      s.pos += s.in.size;
      if (s.frames.back().decompressed_size == 0) s.frames.pop_back();
    } else if (s.in.pos == s.in.size && out.pos < out.size) {
      break;  // cut short
    }
    if (out.pos > 0) return out.pos;
  }
  s.failed = true;
  return 0;
}

std::optional<ZstdFrame> frame_holding(const ZstdFrameList& list, std::uint64_t offset) {
  std::optional<ZstdFrame> found;
  for (const ZstdFrame& f : list.frames) {
    if (f.decompressed_offset > offset) break;
    found = f;
  }
  return found;
}

}  // namespace pgnkit::io

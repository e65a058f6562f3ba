#include "io/encoder.h"

#include <bzlib.h>
#include <isa-l/igzip_lib.h>
#include <lzma.h>
#include <zstd.h>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace pgnkit::io {
namespace {

// Output goes out in pieces this long: large enough that write(2) is rarely called.
constexpr std::size_t kOutSize = std::size_t{1} << 17;

bool fail(IoError* err, Compression format, const char* detail) {
  if (err) *err = IoError{IoErrorCode::CompressFailed, 0, 0, detail, format};
  return false;
}

// ---- zstd ----

class ZstdEncoder final : public Encoder {
 public:
  bool init(IoError* err) {
    cctx_.reset(ZSTD_createCCtx());
    if (!cctx_) return fail(err, Compression::Zstd, "cannot create the encoder");
    const std::size_t rc = ZSTD_CCtx_setParameter(cctx_.get(), ZSTD_c_compressionLevel, 3);
    if (ZSTD_isError(rc)) return fail(err, Compression::Zstd, ZSTD_getErrorName(rc));
    out_size_ = ZSTD_CStreamOutSize();
    out_ = std::make_unique_for_overwrite<char[]>(out_size_);
    return true;
  }
  bool write(std::string_view bytes, const Emit& emit, IoError* err) override {
    return run(bytes, ZSTD_e_continue, emit, err);
  }
  bool finish(const Emit& emit, IoError* err) override { return run({}, ZSTD_e_end, emit, err); }

 private:
  bool run(std::string_view bytes, ZSTD_EndDirective mode, const Emit& emit, IoError* err) {
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    for (;;) {
      ZSTD_outBuffer out{out_.get(), out_size_, 0};
      const std::size_t rest = ZSTD_compressStream2(cctx_.get(), &out, &in, mode);
      if (ZSTD_isError(rest)) return fail(err, Compression::Zstd, ZSTD_getErrorName(rest));
      if (out.pos > 0 && !emit({out_.get(), out.pos})) return false;
      // Ending: until the frame is flushed whole; otherwise until the input is taken.
      if (mode == ZSTD_e_end ? rest == 0 : in.pos == in.size) return true;
    }
  }

  struct FreeCctx {
    void operator()(ZSTD_CCtx* cctx) const { ZSTD_freeCCtx(cctx); }
  };
  std::unique_ptr<ZSTD_CCtx, FreeCctx> cctx_;
  std::unique_ptr<char[]> out_;
  std::size_t out_size_ = 0;
};

// ---- gzip (ISA-L igzip) ----

const char* deflate_error_name(int code) {
  switch (code) {
    case INVALID_FLUSH: return "invalid flush type";
    case INVALID_PARAM: return "invalid parameter";
    case ISAL_INVALID_LEVEL: return "invalid compression level";
    case ISAL_INVALID_LEVEL_BUF: return "invalid level buffer";
    case ISAL_INVALID_STATE: return "invalid deflate state";
    default: return "deflate failed";
  }
}

class GzipEncoder final : public Encoder {
 public:
  bool init(IoError* /*err*/) {
    // Large (the history and hash table): on the heap, zeroed as isal_deflate_init expects.
    stream_ = std::make_unique<isal_zstream>();
    level_buf_ = std::make_unique<std::uint8_t[]>(ISAL_DEF_LVL2_DEFAULT);
    out_ = std::make_unique_for_overwrite<std::uint8_t[]>(kOutSize);
    isal_zstream& s = *stream_;
    isal_deflate_init(&s);
    s.level = 2;
    s.level_buf = level_buf_.get();
    s.level_buf_size = ISAL_DEF_LVL2_DEFAULT;
    s.gzip_flag = IGZIP_GZIP;  // a gzip header, then the CRC-32 and length trailer
    s.flush = NO_FLUSH;
    s.end_of_stream = 0;
    return true;
  }

  bool write(std::string_view bytes, const Emit& emit, IoError* err) override {
    isal_zstream& s = *stream_;
    while (!bytes.empty()) {
      // ISA-L counts in 32 bits.
      const std::size_t piece =
          std::min<std::size_t>(bytes.size(), std::numeric_limits<std::uint32_t>::max());
      // ISA-L reads but never writes through next_in.
      s.next_in = reinterpret_cast<std::uint8_t*>(const_cast<char*>(bytes.data()));
      s.avail_in = static_cast<std::uint32_t>(piece);
      while (s.avail_in > 0) {
        if (!step(emit, err)) return false;
      }
      bytes.remove_prefix(piece);
    }
    return true;
  }

  bool finish(const Emit& emit, IoError* err) override {
    isal_zstream& s = *stream_;
    s.next_in = nullptr;
    s.avail_in = 0;
    s.end_of_stream = 1;
    while (s.internal_state.state != ZSTATE_END) {
      if (!step(emit, err)) return false;
    }
    return true;
  }

 private:
  // One isal_deflate call into an empty output buffer; its output goes to emit.
  bool step(const Emit& emit, IoError* err) {
    isal_zstream& s = *stream_;
    const std::uint32_t offered = s.avail_in;
    s.next_out = out_.get();
    s.avail_out = static_cast<std::uint32_t>(kOutSize);
    const int ret = isal_deflate(&s);
    if (ret != COMP_OK) return fail(err, Compression::Gzip, deflate_error_name(ret));
    const std::size_t produced = kOutSize - s.avail_out;
    if (produced > 0 && !emit({reinterpret_cast<const char*>(out_.get()), produced})) return false;
    // With room for output the deflater always moves on; guard against looping forever.
    if (produced == 0 && s.avail_in == offered && s.internal_state.state != ZSTATE_END) {
      return fail(err, Compression::Gzip, "the deflater made no progress");
    }
    return true;
  }

  std::unique_ptr<isal_zstream> stream_;
  std::unique_ptr<std::uint8_t[]> level_buf_;
  std::unique_ptr<std::uint8_t[]> out_;
};

// ---- bzip2 ----

const char* bz_error_name(int code) {
  switch (code) {
    case BZ_MEM_ERROR: return "out of memory";
    case BZ_PARAM_ERROR: return "invalid parameter";
    case BZ_SEQUENCE_ERROR: return "call out of sequence";
    case BZ_CONFIG_ERROR: return "libbz2 is miscompiled";
    default: return "compression failed";
  }
}

class Bzip2Encoder final : public Encoder {
 public:
  Bzip2Encoder() = default;
  // libbz2's state points back at stream_: the encoder stays where it was created.
  Bzip2Encoder(const Bzip2Encoder&) = delete;
  Bzip2Encoder& operator=(const Bzip2Encoder&) = delete;
  ~Bzip2Encoder() override {
    if (open_) BZ2_bzCompressEnd(&stream_);
  }

  bool init(IoError* err) {
    const int rc = BZ2_bzCompressInit(&stream_, 9, 0, 0);
    if (rc != BZ_OK) return fail(err, Compression::Bzip2, bz_error_name(rc));
    open_ = true;
    out_ = std::make_unique_for_overwrite<char[]>(kOutSize);
    return true;
  }

  bool write(std::string_view bytes, const Emit& emit, IoError* err) override {
    while (!bytes.empty()) {
      // libbz2 counts in unsigned int.
      const std::size_t piece =
          std::min<std::size_t>(bytes.size(), std::numeric_limits<unsigned>::max());
      // libbz2 reads but never writes through next_in.
      stream_.next_in = const_cast<char*>(bytes.data());
      stream_.avail_in = static_cast<unsigned>(piece);
      while (stream_.avail_in > 0) {
        if (step(BZ_RUN, emit, err) != BZ_RUN_OK) return false;
      }
      bytes.remove_prefix(piece);
    }
    return true;
  }

  bool finish(const Emit& emit, IoError* err) override {
    stream_.next_in = nullptr;
    stream_.avail_in = 0;
    for (;;) {
      const int rc = step(BZ_FINISH, emit, err);
      if (rc == BZ_STREAM_END) return true;
      if (rc != BZ_FINISH_OK) return false;
    }
  }

 private:
  // One BZ2_bzCompress call into an empty output buffer, its output handed to emit. Returns
  // libbz2's code, or BZ_SEQUENCE_ERROR when it failed (*err set) or emit did.
  int step(int action, const Emit& emit, IoError* err) {
    stream_.next_out = out_.get();
    stream_.avail_out = static_cast<unsigned>(kOutSize);
    const int rc = BZ2_bzCompress(&stream_, action);
    if (rc < 0) {
      fail(err, Compression::Bzip2, bz_error_name(rc));
      return BZ_SEQUENCE_ERROR;
    }
    const std::size_t produced = kOutSize - stream_.avail_out;
    if (produced > 0 && !emit({out_.get(), produced})) return BZ_SEQUENCE_ERROR;
    return rc;
  }

  bz_stream stream_{};
  bool open_ = false;
  std::unique_ptr<char[]> out_;
};

// ---- xz ----

const char* lzma_error_name(lzma_ret code) {
  switch (code) {
    case LZMA_MEM_ERROR: return "out of memory";
    case LZMA_MEMLIMIT_ERROR: return "memory limit reached";
    case LZMA_OPTIONS_ERROR: return "unsupported options";
    case LZMA_UNSUPPORTED_CHECK: return "unsupported integrity check";
    case LZMA_PROG_ERROR: return "liblzma was called wrongly";
    default: return "compression failed";
  }
}

class XzEncoder final : public Encoder {
 public:
  XzEncoder() = default;
  XzEncoder(const XzEncoder&) = delete;
  XzEncoder& operator=(const XzEncoder&) = delete;
  ~XzEncoder() override { lzma_end(&stream_); }  // also right for a stream never set up

  bool init(IoError* err) {
    const lzma_ret rc = lzma_easy_encoder(&stream_, 6, LZMA_CHECK_CRC64);
    if (rc != LZMA_OK) return fail(err, Compression::Xz, lzma_error_name(rc));
    out_ = std::make_unique_for_overwrite<std::uint8_t[]>(kOutSize);
    return true;
  }

  bool write(std::string_view bytes, const Emit& emit, IoError* err) override {
    stream_.next_in = reinterpret_cast<const std::uint8_t*>(bytes.data());
    stream_.avail_in = bytes.size();
    while (stream_.avail_in > 0) {
      if (step(LZMA_RUN, emit, err) != LZMA_OK) return false;
    }
    return true;
  }

  bool finish(const Emit& emit, IoError* err) override {
    stream_.next_in = nullptr;
    stream_.avail_in = 0;
    for (;;) {
      const lzma_ret rc = step(LZMA_FINISH, emit, err);
      if (rc == LZMA_STREAM_END) return true;
      if (rc != LZMA_OK) return false;
    }
  }

 private:
  // One lzma_code call into an empty output buffer, its output handed to emit. Returns
  // liblzma's code, or LZMA_PROG_ERROR when it failed (*err set) or emit did.
  lzma_ret step(lzma_action action, const Emit& emit, IoError* err) {
    stream_.next_out = out_.get();
    stream_.avail_out = kOutSize;
    const lzma_ret rc = lzma_code(&stream_, action);
    if (rc != LZMA_OK && rc != LZMA_STREAM_END) {
      fail(err, Compression::Xz, lzma_error_name(rc));
      return LZMA_PROG_ERROR;
    }
    const std::size_t produced = kOutSize - stream_.avail_out;
    if (produced > 0 && !emit({reinterpret_cast<const char*>(out_.get()), produced})) {
      return LZMA_PROG_ERROR;
    }
    return rc;
  }

  lzma_stream stream_ = LZMA_STREAM_INIT;
  std::unique_ptr<std::uint8_t[]> out_;
};

template <class E>
std::unique_ptr<Encoder> create(IoError* err) {
  auto encoder = std::make_unique<E>();
  if (!encoder->init(err)) return nullptr;
  return encoder;
}

}  // namespace

std::unique_ptr<Encoder> make_encoder(Compression format, IoError* err) {
  switch (format) {
    case Compression::Zstd: return create<ZstdEncoder>(err);
    case Compression::Gzip: return create<GzipEncoder>(err);
    case Compression::Bzip2: return create<Bzip2Encoder>(err);
    case Compression::Xz: return create<XzEncoder>(err);
    case Compression::None: break;
  }
  fail(err, format, "no encoder for this format");
  return nullptr;
}

}  // namespace pgnkit::io

// xz through liblzma: concatenated streams and stream padding (LZMA_CONCATENATED), every
// block's check verified, the dictionary bounded by kMaxDecoderMemory.
#include <lzma.h>

#include <algorithm>
#include <memory>

#include "io/decoder_util.h"

namespace pgnkit::io::detail {
namespace {

const char* lzma_error_name(lzma_ret code) {
  switch (code) {
    case LZMA_MEMLIMIT_ERROR: return "needs more memory than the 1 GiB limit";
    case LZMA_FORMAT_ERROR: return "not an xz stream";
    case LZMA_OPTIONS_ERROR: return "unsupported options";
    case LZMA_DATA_ERROR: return "corrupt data (or trailing bytes after the last stream)";
    case LZMA_BUF_ERROR: return "the stream ends early";
    case LZMA_MEM_ERROR: return "out of memory";
    default: return "decompression failed";
  }
}

class XzStream final : public Decoder {
 public:
  XzStream(RawInput&& input, std::uint64_t delivered)
      : input_(std::move(input)), delivered_(delivered) {}
  ~XzStream() override { lzma_end(&stream_); }
  XzStream(const XzStream&) = delete;
  XzStream& operator=(const XzStream&) = delete;

  bool init() {
    return lzma_stream_decoder(&stream_, kMaxDecoderMemory, LZMA_CONCATENATED) == LZMA_OK;
  }

  std::size_t read(char* dst, std::size_t cap) override {
    if (error_ || ended_) return 0;
    for (;;) {
      lzma_action action = LZMA_RUN;
      if (input_.buffered().empty() && !input_.refill()) {
        if (auto read_error = input_.error(delivered_)) {
          error_ = read_error;
          return 0;
        }
        action = LZMA_FINISH;  // the input's end: the stream must end here
      }
      const std::string_view in = input_.buffered();
      stream_.next_in = reinterpret_cast<const std::uint8_t*>(in.data());
      stream_.avail_in = in.size();
      stream_.next_out = reinterpret_cast<std::uint8_t*>(dst);
      stream_.avail_out = cap;
      const lzma_ret ret = lzma_code(&stream_, action);
      input_.consume(in.size() - stream_.avail_in);
      const std::size_t produced = cap - stream_.avail_out;
      delivered_ += produced;
      if (ret == LZMA_STREAM_END) {
        ended_ = true;
        return produced;
      }
      if (ret == LZMA_BUF_ERROR && action == LZMA_FINISH) {
        fail(IoErrorCode::Truncated, nullptr);
        return produced;
      }
      if (ret != LZMA_OK) {
        fail(ret == LZMA_MEM_ERROR ? IoErrorCode::DecoderInitFailed : IoErrorCode::Corrupt,
             lzma_error_name(ret));
        return produced;
      }
      if (produced > 0) return produced;
    }
  }

  const std::optional<IoError>& error() const override { return error_; }
  RawInput& input() override { return input_; }

 private:
  void fail(IoErrorCode code, const char* detail) {
    if (!error_) error_ = IoError{code, 0, delivered_, detail, Compression::Xz};
  }

  RawInput input_;
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool ended_ = false;  // LZMA_STREAM_END: every stream and its padding read
  std::uint64_t delivered_ = 0;
  std::optional<IoError> error_;
};

}  // namespace

std::unique_ptr<Decoder> make_xz_decoder(RawInput&& input, std::uint64_t delivered, IoError* err) {
  auto decoder = std::make_unique<XzStream>(std::move(input), delivered);
  if (!decoder->init()) return init_failed(Compression::Xz, delivered, err);
  return decoder;
}

}  // namespace pgnkit::io::detail

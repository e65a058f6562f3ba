// bzip2 through libbz2: streams one after another (pbzip2 and lbzip2 write several), each
// block's CRC checked, as `bzip2 -d` does.
#include <bzlib.h>

#include <algorithm>
#include <limits>
#include <memory>

#include "io/decoder_util.h"

namespace pgnkit::io::detail {
namespace {

constexpr std::string_view kBzip2Magic{"BZh"};

const char* bz_error_name(int code) {
  switch (code) {
    case BZ_DATA_ERROR: return "data integrity error (CRC mismatch or bad block)";
    case BZ_DATA_ERROR_MAGIC: return "not a bzip2 stream";
    case BZ_MEM_ERROR: return "out of memory";
    default: return "decompression failed";
  }
}

class Bzip2Stream final : public Decoder {
 public:
  Bzip2Stream(RawInput&& input, std::uint64_t delivered)
      : input_(std::move(input)), delivered_(delivered) {}
  ~Bzip2Stream() override {
    if (open_) BZ2_bzDecompressEnd(&stream_);
  }
  Bzip2Stream(const Bzip2Stream&) = delete;
  Bzip2Stream& operator=(const Bzip2Stream&) = delete;

  bool start_stream() {
    stream_ = bz_stream{};
    open_ = BZ2_bzDecompressInit(&stream_, 0, 0) == BZ_OK;
    return open_;
  }

  std::size_t read(char* dst, std::size_t cap) override {
    if (error_) return 0;
    cap = std::min<std::size_t>(cap, std::numeric_limits<unsigned>::max());
    for (;;) {
      if (!open_) {
        const After after = after_unit(input_, kBzip2Magic);
        if (after == After::End) return end_of_input();
        if (after == After::Garbage) {
          return fail(IoErrorCode::Corrupt, "trailing bytes after the last bzip2 stream");
        }
        if (!start_stream()) return fail(IoErrorCode::DecoderInitFailed, nullptr);
      }
      const std::string_view in = input_.buffered();
      const auto offered = static_cast<unsigned>(std::min<std::size_t>(in.size(), UINT32_MAX));
      // libbz2 reads but never writes through next_in.
      stream_.next_in = const_cast<char*>(in.data());
      stream_.avail_in = offered;
      stream_.next_out = dst;
      stream_.avail_out = static_cast<unsigned>(cap);
      const int ret = BZ2_bzDecompress(&stream_);
      const std::size_t used = offered - stream_.avail_in;
      input_.consume(used);
      const std::size_t produced = cap - stream_.avail_out;
      delivered_ += produced;
      if (ret != BZ_OK && ret != BZ_STREAM_END) {
        fail(ret == BZ_MEM_ERROR ? IoErrorCode::DecoderInitFailed : IoErrorCode::Corrupt,
             bz_error_name(ret));
        return produced;
      }
      if (ret == BZ_STREAM_END) {
        BZ2_bzDecompressEnd(&stream_);
        open_ = false;
      }
      if (produced > 0) return produced;
      if (!open_) continue;
      // Nothing decoded: more input.
      switch (feed_more(input_, used)) {
        case Fed::More: continue;
        case Fed::ReadFailed: return end_of_input();
        case Fed::Ended: return fail(IoErrorCode::Truncated, nullptr);
      }
    }
  }

  const std::optional<IoError>& error() const override { return error_; }
  RawInput& input() override { return input_; }

 private:
  std::size_t end_of_input() {
    if (auto read_error = input_.error(delivered_)) error_ = read_error;
    return 0;
  }
  std::size_t fail(IoErrorCode code, const char* detail) {
    if (!error_) error_ = IoError{code, 0, delivered_, detail, Compression::Bzip2};
    return 0;
  }

  RawInput input_;
  bz_stream stream_{};
  bool open_ = false;  // inside a stream: stream_ is initialised
  std::uint64_t delivered_ = 0;
  std::optional<IoError> error_;
};

}  // namespace

std::unique_ptr<Decoder> make_bzip2_decoder(RawInput&& input, std::uint64_t delivered,
                                            IoError* err) {
  auto decoder = std::make_unique<Bzip2Stream>(std::move(input), delivered);
  if (!decoder->start_stream()) return init_failed(Compression::Bzip2, delivered, err);
  return decoder;
}

}  // namespace pgnkit::io::detail

// gzip through ISA-L's igzip inflater: members one after another (bgzip's blocks, pigz's and
// `cat a.gz b.gz`'s members), each one's CRC-32 and length checked, as `gzip -d` does.
#include <isa-l/igzip_lib.h>

#include <algorithm>
#include <limits>
#include <memory>

#include "io/decoder_util.h"

namespace pgnkit::io::detail {
namespace {

constexpr std::string_view kGzipMagic{"\x1f\x8b", 2};

const char* inflate_error_name(int code) {
  switch (code) {
    case ISAL_INVALID_BLOCK: return "invalid deflate block";
    case ISAL_INVALID_SYMBOL: return "invalid deflate symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid back-reference distance";
    case ISAL_INVALID_WRAPPER: return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD: return "unsupported compression method";
    case ISAL_INCORRECT_CHECKSUM: return "CRC-32 or length mismatch";
    default: return "inflate failed";
  }
}

class GzipStream final : public Decoder {
 public:
  GzipStream(RawInput&& input, std::uint64_t delivered)
      : input_(std::move(input)), state_(std::make_unique<inflate_state>()), delivered_(delivered) {
    start_member();
  }

  std::size_t read(char* dst, std::size_t cap) override {
    if (error_) return 0;
    // ISA-L counts in 32 bits.
    cap = std::min<std::size_t>(cap, std::numeric_limits<std::uint32_t>::max());
    for (;;) {
      if (member_done_) {
        const After after = after_unit(input_, kGzipMagic);
        if (after == After::End) return end_of_input();
        if (after == After::Garbage) {
          return fail(IoErrorCode::Corrupt, "trailing bytes after the last gzip member");
        }
        start_member();
      }
      const std::string_view in = input_.buffered();
      inflate_state& s = *state_;
      // ISA-L reads but never writes through next_in.
      s.next_in = reinterpret_cast<std::uint8_t*>(const_cast<char*>(in.data()));
      s.avail_in = static_cast<std::uint32_t>(std::min<std::size_t>(in.size(), UINT32_MAX));
      s.next_out = reinterpret_cast<std::uint8_t*>(dst);
      s.avail_out = static_cast<std::uint32_t>(cap);
      const int ret = isal_inflate(&s);
      const std::size_t used = in.size() - s.avail_in;
      input_.consume(used);
      const std::size_t produced = cap - s.avail_out;
      delivered_ += produced;
      if (ret < 0 || ret == ISAL_NEED_DICT) {
        fail(IoErrorCode::Corrupt, inflate_error_name(ret));
        return produced;
      }
      if (s.block_state == ISAL_BLOCK_FINISH) member_done_ = true;
      if (produced > 0) return produced;
      if (member_done_) continue;
      // Nothing decoded: more input (ISA-L may leave a cut symbol's bytes to be offered again).
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
  void start_member() {
    isal_inflate_init(state_.get());
    state_->crc_flag = ISAL_GZIP;  // parse the header, check the trailer's CRC-32 and size
    member_done_ = false;
  }
  std::size_t end_of_input() {
    if (auto read_error = input_.error(delivered_)) error_ = read_error;
    return 0;
  }
  std::size_t fail(IoErrorCode code, const char* detail) {
    if (!error_) error_ = IoError{code, 0, delivered_, detail, Compression::Gzip};
    return 0;
  }

  RawInput input_;
  std::unique_ptr<inflate_state> state_;  // large (its Huffman tables): on the heap
  bool member_done_ = false;
  std::uint64_t delivered_ = 0;
  std::optional<IoError> error_;
};

}  // namespace

std::unique_ptr<Decoder> make_gzip_decoder(RawInput&& input, std::uint64_t delivered,
                                           IoError* /*err*/) {
  return std::make_unique<GzipStream>(std::move(input), delivered);
}

}  // namespace pgnkit::io::detail

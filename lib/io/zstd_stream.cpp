#include "io/zstd_stream.h"

namespace pgnkit::io {

std::unique_ptr<ZstdStream> ZstdStream::create(RawInput input, std::uint64_t delivered) {
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  if (dctx == nullptr) return nullptr;
  // lichess dumps use windows up to 2 GiB (--long=31); the default limit is 2^27.
  ZSTD_DCtx_setParameter(dctx, ZSTD_d_windowLogMax, 31);
  return std::unique_ptr<ZstdStream>(new ZstdStream(std::move(input), dctx, delivered));
}

void ZstdStream::fail(IoErrorCode code, const char* detail, std::uint64_t at) {
  if (!error_) error_ = IoError{code, 0, at, detail, Compression::Zstd};
}

std::size_t ZstdStream::next_unit_size() const {
  // ZSTD_decompressStream's return value is the size of the next unit of the frame (frame
  // header, block header, block body, checksum), plus, when that unit is a block body, the
  // 3-byte header of the block after it. Offering that header too could fail the call on it
  // after the body was flushed, so it is left for the next call.
  constexpr std::size_t kBlockHeaderSize = 3;
  if (next_input_hint_ == 0) return 1;  // a frame starts: its first byte tells what it needs
  if (next_input_hint_ <= kBlockHeaderSize) return next_input_hint_;
  return next_input_hint_ - kBlockHeaderSize;
}

std::size_t ZstdStream::read(char* dst, std::size_t cap) {
  if (error_) return 0;
  for (;;) {
    // When a call fails, ZSTD_decompressStream does not count the bytes it wrote before the
    // failure in that same call, and how many those were would depend on cap. So each call
    // either only flushes what the decoder holds or starts empty-handed and gets at most one
    // unit of input: every byte before an error is delivered, and errors (read errors too)
    // come at offsets that depend on the input alone, whatever sizes the callers ask for.
    std::string_view offered;
    bool input_ended = false;
    if (!output_held_) {
      if (input_.buffered().empty() && !input_.refill()) {
        if (const auto read_error = input_.error(delivered_)) {
          error_ = read_error;
          return 0;
        }
        if (!frame_open_) return 0;  // clean end after a complete frame
        input_ended = true;          // what the decoder still holds, then the frame is cut
      }
      offered = input_.buffered().substr(0, next_unit_size());
    }
    ZSTD_inBuffer in{offered.data(), offered.size(), 0};
    ZSTD_outBuffer out{dst, cap, 0};
    const std::size_t ret = ZSTD_decompressStream(dctx_.get(), &out, &in);
    input_.consume(in.pos);
    delivered_ += out.pos;
    if (ZSTD_isError(ret)) {
      fail(IoErrorCode::Corrupt, ZSTD_getErrorName(ret), delivered_);
      return out.pos;
    }
    frame_open_ = ret != 0;
    next_input_hint_ = ret;
    // A full output may have left bytes in the decoder, unless the frame ended (0: decoded
    // and flushed).
    output_held_ = frame_open_ && out.pos == out.size;
    if (out.pos > 0) return out.pos;
    if (input_ended) {
      fail(IoErrorCode::Truncated, nullptr, delivered_);
      return 0;
    }
  }
}

}  // namespace pgnkit::io

// Decompresses a zstd RawInput: frames one after another, skippable frames skipped, windows
// up to 2^31 bytes. Internal to lib/io: Source calls read() on its own thread, or a
// DecodeAhead calls it on a second one. Either way the decompressed bytes, and the offset
// and kind of any error, are the same: they depend on the input only, never on how many
// bytes each read() asks for.
//
// Memory: the decoder's window (the frame's window size, e.g. 8 MiB) and two blocks of
// 128 KiB, plus the RawInput's buffer. Not thread-safe; one thread at a time.
#pragma once

#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

#include "io/decoder.h"
#include "io/error.h"
#include "io/raw_input.h"

namespace pgnkit::io {

class ZstdStream final : public Decoder {
 public:
  // Takes the input, whose buffered() bytes start a zstd frame. Returns null when the
  // decoder cannot be created (out of memory). delivered: the decompressed bytes before
  // that frame (a stream entered at a later frame), where error offsets count from.
  static std::unique_ptr<ZstdStream> create(RawInput input, std::uint64_t delivered = 0);

  std::size_t read(char* dst, std::size_t cap) override;
  const std::optional<IoError>& error() const override { return error_; }
  RawInput& input() override { return input_; }

 private:
  struct DCtxDeleter {
    void operator()(ZSTD_DCtx* dctx) const { ZSTD_freeDCtx(dctx); }
  };

  ZstdStream(RawInput input, ZSTD_DCtx* dctx, std::uint64_t delivered)
      : input_(std::move(input)), dctx_(dctx), delivered_(delivered) {}
  std::size_t next_unit_size() const;  // input bytes to offer the next call
  void fail(IoErrorCode code, const char* detail, std::uint64_t at);

  RawInput input_;
  std::unique_ptr<ZSTD_DCtx, DCtxDeleter> dctx_;
  bool frame_open_ = true;           // inside a frame: ZSTD_decompressStream last returned > 0
  bool output_held_ = false;         // the last call filled its output: the decoder may hold more
  std::size_t next_input_hint_ = 0;  // ZSTD_decompressStream's last return value
  std::uint64_t delivered_ = 0;
  std::optional<IoError> error_;
};

}  // namespace pgnkit::io

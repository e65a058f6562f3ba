// A decompressor over a RawInput: zstd (zstd_stream.h), gzip, bzip2 and xz (gzip_stream.h,
// bzip2_stream.h, xz_stream.h). Internal to lib/io: a Source calls read() on its own thread,
// or a DecodeAhead calls it on a second one.
//
// Each format's input may be several frames, members or streams one after another (pigz,
// bgzip, pbzip2 and pixz write them; so does `cat a.gz b.gz`): read() decodes them all, as
// the format's own tool does. The bytes, and the kind and offset of an error, depend on the
// input alone; an error comes after every byte decoded before it, and nothing follows it.
//
// Memory is fixed at creation: the decoder's state (zstd's window, xz's dictionary, bounded
// by kMaxDecoderMemory) and the RawInput's buffer; nothing grows with the output, so a small
// file that expands to gigabytes is read in constant memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "io/compression.h"
#include "io/error.h"
#include "io/raw_input.h"

namespace pgnkit::io {

// The most memory a decoder may take (xz's dictionary; zstd's window is bounded by its own
// limit of 2^31): more, and the input fails with Corrupt instead.
inline constexpr std::uint64_t kMaxDecoderMemory = std::uint64_t{1} << 30;

class Decoder {
 public:
  virtual ~Decoder() = default;
  // Decompresses up to cap bytes into dst (cap > 0). Returns 0 only at the end of the input
  // or on error (see error()); after an error, always 0.
  virtual std::size_t read(char* dst, std::size_t cap) = 0;
  // The error that ended the stream, at the decompressed offset where it was found.
  virtual const std::optional<IoError>& error() const = 0;
  // The compressed input: DecodeAhead sets up its cancellation before its thread starts.
  virtual RawInput& input() = 0;
};

// A decoder of `format` (not None) over `input`, whose buffered() bytes start the format's
// first frame, member or stream. delivered: the decompressed bytes before it, where error
// offsets count from. nullptr (and *err set) when the decoder cannot be created.
std::unique_ptr<Decoder> make_decoder(Compression format, RawInput&& input, std::uint64_t delivered,
                                      IoError* err);

}  // namespace pgnkit::io

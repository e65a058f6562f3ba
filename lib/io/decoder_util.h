// Internal to the decoders (decoder.h): what follows the end of a gzip member, bzip2 stream or
// xz stream, and the factories make_decoder() picks from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "io/decoder.h"
#include "io/raw_input.h"

namespace pgnkit::io::detail {

enum class After : std::uint8_t {
  End,      // nothing, or only zero bytes (tape padding, which the formats' tools ignore)
  More,     // another member or stream starts (its magic)
  Garbage,  // other bytes: reported, as `gzip -d` and `bzip2 -d` warn of them
};

// Looks past the end of a member or stream: consumes zero bytes, then tells whether `magic`
// starts what is left. A read error counts as End: the caller then asks input.error().
After after_unit(RawInput& input, std::string_view magic);

enum class Fed : std::uint8_t {
  More,        // more input is buffered: call the decoder again
  Ended,       // the input ended inside a member or stream: truncated
  ReadFailed,  // a read failed: input.error() says how
};

// After a decoder call that decoded nothing and took `used` of the bytes offered: the next
// bytes read once all are taken, or more after the ones left (a symbol cut at the buffer's
// end, which a decoder may leave to be offered again with what follows).
Fed feed_more(RawInput& input, std::size_t used);

// A decoder of `format` could not be created: *err (when given) says so. Returns nullptr.
std::unique_ptr<Decoder> init_failed(Compression format, std::uint64_t delivered, IoError* err);

std::unique_ptr<Decoder> make_gzip_decoder(RawInput&& input, std::uint64_t delivered, IoError* err);
std::unique_ptr<Decoder> make_bzip2_decoder(RawInput&& input, std::uint64_t delivered,
                                            IoError* err);
std::unique_ptr<Decoder> make_xz_decoder(RawInput&& input, std::uint64_t delivered, IoError* err);

}  // namespace pgnkit::io::detail

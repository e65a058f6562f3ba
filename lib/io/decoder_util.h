// Internal to the decoders (decoder.h): what follows the end of a gzip member, bzip2 stream or
// xz stream, and the factories make_decoder() picks from.
#pragma once

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

std::unique_ptr<Decoder> make_gzip_decoder(RawInput&& input, std::uint64_t delivered, IoError* err);
std::unique_ptr<Decoder> make_bzip2_decoder(RawInput&& input, std::uint64_t delivered,
                                            IoError* err);
std::unique_ptr<Decoder> make_xz_decoder(RawInput&& input, std::uint64_t delivered, IoError* err);

}  // namespace pgnkit::io::detail

#include "io/compression.h"

#include <cstring>

namespace pgnkit::io {

std::string_view compression_name(Compression compression) {
  switch (compression) {
    case Compression::None: return "none";
    case Compression::Zstd: return "zstd";
    case Compression::Gzip: return "gzip";
    case Compression::Bzip2: return "bzip2";
    case Compression::Xz: return "xz";
  }
  return "none";
}

std::optional<Compression> compression_for_name(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) { return path.ends_with(suffix); };
  if (ends_with(".zst")) return Compression::Zstd;
  if (ends_with(".gz")) return Compression::Gzip;
  if (ends_with(".bz2")) return Compression::Bzip2;
  if (ends_with(".xz")) return Compression::Xz;
  return std::nullopt;
}

std::optional<Compression> compression_of(std::string_view first) {
  const auto* b = reinterpret_cast<const unsigned char*>(first.data());
  const std::size_t n = first.size();
  if (n >= 4 && b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD) {
    return Compression::Zstd;
  }
  if (n >= 4 && (b[0] & 0xF0) == 0x50 && b[1] == 0x2A && b[2] == 0x4D && b[3] == 0x18) {
    return Compression::Zstd;  // a skippable frame
  }
  // gzip: the magic and deflate, the one method RFC 1952 defines.
  if (n >= 3 && b[0] == 0x1F && b[1] == 0x8B && b[2] == 8) return Compression::Gzip;
  static constexpr unsigned char kXz[] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
  if (n >= sizeof kXz && std::memcmp(b, kXz, sizeof kXz) == 0) return Compression::Xz;
  // bzip2: "BZh", the block size, then a block's magic (pi) or an empty stream's end (sqrt pi).
  static constexpr unsigned char kBzBlock[] = {0x31, 0x41, 0x59, 0x26, 0x53, 0x59};
  static constexpr unsigned char kBzEnd[] = {0x17, 0x72, 0x45, 0x38, 0x50, 0x90};
  if (n >= 10 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9' &&
      (std::memcmp(b + 4, kBzBlock, sizeof kBzBlock) == 0 ||
       std::memcmp(b + 4, kBzEnd, sizeof kBzEnd) == 0)) {
    return Compression::Bzip2;
  }
  return std::nullopt;
}

}  // namespace pgnkit::io

// The compression formats pgnkit reads (by their magic bytes, io/source.h) and writes (by the
// output file's name, io/sink.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnkit::io {

enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2, Xz };

// "zstd", "gzip", "bzip2", "xz", or "none".
std::string_view compression_name(Compression compression);

// The format a file name asks for by its last extension: ".zst", ".gz", ".bz2", ".xz"
// (nullopt for any other name). Output only: input is told by its bytes.
std::optional<Compression> compression_for_name(std::string_view path);

// The format whose magic starts `first` (what the stream holds so far; nullopt when it is
// too short to tell or starts with none): zstd frames (also skippable ones), gzip members,
// bzip2 streams, xz streams.
std::optional<Compression> compression_of(std::string_view first);

// Bytes that tell every format apart (bzip2's block magic ends at 10).
inline constexpr std::size_t kMagicBytes = 10;

}  // namespace pgnkit::io

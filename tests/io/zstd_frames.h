// Test helpers: zstd frames and skippable frames built in memory (tests/io, and the CLI and
// pipeline tests that need zstd input).
#pragma once

#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::io::test {

// One zstd frame holding `data`; without content_size its header leaves the size out (as
// pzstd writes frames).
inline std::string compress(std::string_view data, int level = 3, bool checksum = false,
                            bool content_size = true) {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, checksum ? 1 : 0);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, content_size ? 1 : 0);
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const std::size_t n = ZSTD_compress2(cctx, out.data(), out.size(), data.data(), data.size());
  ZSTD_freeCCtx(cctx);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// A skippable frame: magic 0x184D2A5<nibble>, 4-byte little-endian size, payload.
inline std::string skippable(unsigned nibble, std::string_view payload) {
  std::string f;
  const std::uint32_t magic = 0x184D2A50u | (nibble & 0xF);
  const auto size = static_cast<std::uint32_t>(payload.size());
  for (int i = 0; i < 4; ++i) f.push_back(static_cast<char>((magic >> (8 * i)) & 0xFF));
  for (int i = 0; i < 4; ++i) f.push_back(static_cast<char>((size >> (8 * i)) & 0xFF));
  f += payload;
  return f;
}

// How a file of many frames is laid out: frames that record their content size (files
// compressed part by part and concatenated); frames that do not, each after a 12-byte
// skippable frame holding its size (pzstd's layout); or zstd's seekable format (frames without
// sizes, as its streaming compressor writes them, and a seek table at the end: a skippable
// frame, magic 0x184D2A5E, of one entry per frame, compressed and decompressed size, then the
// frame count, a descriptor byte (no checksums) and the magic 0x8F92EAB1;
// contrib/seekable_format in zstd's sources).
enum class FrameLayout { Sized, Pzstd, Seekable };

inline void put_le32(std::string& out, std::uint64_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

// `text` as independent checksummed frames of `chunk` bytes each (cut anywhere).
inline std::string multi_frame(std::string_view text, std::size_t chunk, FrameLayout layout) {
  std::string out, table;
  std::uint64_t frames = 0;
  for (std::size_t at = 0; at < text.size(); at += chunk, ++frames) {
    const std::string_view part = text.substr(at, chunk);
    const std::string f = compress(part, 3, true, layout == FrameLayout::Sized);
    if (layout == FrameLayout::Pzstd) {
      std::string size;
      put_le32(size, f.size());
      out += skippable(0, size);
    }
    out += f;
    put_le32(table, f.size());
    put_le32(table, part.size());
  }
  if (layout == FrameLayout::Seekable) {
    put_le32(table, frames);
    table.push_back('\0');  // descriptor: no checksums
    put_le32(table, 0x8F92EAB1u);
    out += skippable(0xE, table);
  }
  return out;
}

}  // namespace pgnkit::io::test

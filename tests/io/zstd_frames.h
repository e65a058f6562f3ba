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

// `text` as independent checksummed frames of `chunk` bytes each (cut anywhere), as pzstd
// and zstd's seekable format lay a file out; without content sizes each frame comes after a
// 12-byte skippable frame holding its size, pzstd's layout.
inline std::string multi_frame(std::string_view text, std::size_t chunk, bool content_size) {
  std::string out;
  for (std::size_t at = 0; at < text.size(); at += chunk) {
    const std::string f = compress(text.substr(at, chunk), 3, true, content_size);
    if (!content_size) {
      std::string size;
      for (int i = 0; i < 4; ++i) size.push_back(static_cast<char>((f.size() >> (8 * i)) & 0xFF));
      out += skippable(0, size);
    }
    out += f;
  }
  return out;
}

}  // namespace pgnkit::io::test

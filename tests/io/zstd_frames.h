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

}  // namespace pgnkit::io::test

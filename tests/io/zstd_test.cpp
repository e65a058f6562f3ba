// zstd sources: detection by magic bytes, frames, skippable frames, damage, large windows.
#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdint>
#include <string>

#include "io/source.h"
#include "temp_files.h"

namespace pgnkit::io {
namespace {

using test::read_all;
using test::sample_text;
using test::TempDir;

std::string compress(std::string_view data, int level = 3, bool checksum = false) {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, checksum ? 1 : 0);
  std::string out(ZSTD_compressBound(data.size()), '\0');
  const std::size_t n = ZSTD_compress2(cctx, out.data(), out.size(), data.data(), data.size());
  ZSTD_freeCCtx(cctx);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// A skippable frame: magic 0x184D2A5<nibble>, 4-byte little-endian size, payload.
std::string skippable(unsigned nibble, std::string_view payload) {
  std::string f;
  const std::uint32_t magic = 0x184D2A50u | (nibble & 0xF);
  const auto size = static_cast<std::uint32_t>(payload.size());
  for (int i = 0; i < 4; ++i) f.push_back(static_cast<char>((magic >> (8 * i)) & 0xFF));
  for (int i = 0; i < 4; ++i) f.push_back(static_cast<char>((size >> (8 * i)) & 0xFF));
  f += payload;
  return f;
}

TEST(Zstd, FileIsDetectedByMagicNotName) {
  TempDir dir;
  const std::string text = sample_text(1 << 20);
  auto src = Source::open(dir.file("no_extension", compress(text)));
  ASSERT_TRUE(src.has_value());
  EXPECT_EQ(src->compression(), Compression::Zstd);
  EXPECT_EQ(read_all(*src, 1000), text);
  EXPECT_FALSE(src->error().has_value());
  EXPECT_EQ(src->offset(), text.size());
}

TEST(Zstd, ConcatenatedFrames) {
  const std::string a = sample_text(70000);
  const std::string b = sample_text(130000);
  const std::string packed = compress(a) + compress(b) + compress("");
  Source src = Source::from_memory(packed);
  EXPECT_EQ(read_all(src, 4096), a + b);
  EXPECT_FALSE(src.error().has_value());
}

TEST(Zstd, SkippableFramesAreSkipped) {
  const std::string text = sample_text(50000);
  for (unsigned nibble : {0u, 7u, 15u}) {
    const std::string packed = skippable(nibble, "metadata") + compress(text) +
                               skippable(nibble, std::string(100000, 'x'));
    TempDir dir;
    auto src = Source::open(dir.file("skip.zst", packed));
    ASSERT_TRUE(src.has_value());
    EXPECT_EQ(src->compression(), Compression::Zstd);
    EXPECT_EQ(read_all(*src), text) << nibble;
    EXPECT_FALSE(src->error().has_value());
  }
  const std::string only_skippable = skippable(0, "nothing else");
  Source only = Source::from_memory(only_skippable);
  EXPECT_EQ(read_all(only), "");
  EXPECT_FALSE(only.error().has_value());
}

TEST(Zstd, EmptyFrame) {
  const std::string packed = compress("");
  Source src = Source::from_memory(packed);
  EXPECT_EQ(src.compression(), Compression::Zstd);
  EXPECT_EQ(read_all(src), "");
  EXPECT_FALSE(src.error().has_value());
}

TEST(Zstd, TruncatedStreamReportsTheOffsetReached) {
  const std::string text = sample_text(1 << 20);
  std::string packed = compress(text);
  packed.resize(packed.size() * 2 / 3);
  TempDir dir;
  auto src = Source::open(dir.file("cut.pgn.zst", packed));
  ASSERT_TRUE(src.has_value());
  const std::string got = read_all(*src, 10000);
  ASSERT_TRUE(src->error().has_value());
  EXPECT_EQ(src->error()->code, IoErrorCode::ZstdTruncated);
  EXPECT_EQ(src->error()->offset, got.size());
  EXPECT_GT(got.size(), 0u);
  EXPECT_LT(got.size(), text.size());
  EXPECT_EQ(got, text.substr(0, got.size()));
  char buf[16];
  EXPECT_EQ(src->read(buf, sizeof buf), 0u);  // stays at the error
  std::string expected = "cut.pgn.zst: the input ended inside a zstd frame (truncated file)";
  expected.append(" (at byte ").append(std::to_string(got.size())).append(")");
  EXPECT_EQ(describe(*src->error(), "cut.pgn.zst"), expected);
}

TEST(Zstd, HeaderOnlyIsTruncated) {
  const std::string packed = compress(sample_text(1000));
  Source src = Source::from_memory(std::string_view(packed).substr(0, 6));
  EXPECT_EQ(read_all(src), "");
  ASSERT_TRUE(src.error().has_value());
  EXPECT_EQ(src.error()->code, IoErrorCode::ZstdTruncated);
  EXPECT_EQ(src.error()->offset, 0u);
}

TEST(Zstd, CorruptStream) {
  const std::string text = sample_text(1 << 20);
  std::string packed = compress(text, 3, true);
  for (std::size_t i = packed.size() / 2; i < packed.size() / 2 + 64; ++i) packed[i] ^= 0x5A;
  Source src = Source::from_memory(packed);
  const std::string got = read_all(src, 10000);
  ASSERT_TRUE(src.error().has_value());
  EXPECT_EQ(src.error()->code, IoErrorCode::ZstdCorrupt);
  EXPECT_NE(src.error()->detail, nullptr);
  EXPECT_EQ(src.error()->offset, got.size());
  EXPECT_LT(got.size(), text.size());
}

TEST(Zstd, GarbageAfterAFrameIsCorrupt) {
  const std::string text = sample_text(5000);
  std::string packed = compress(text);
  packed += "trailing garbage";
  Source src = Source::from_memory(packed);
  const std::string got = read_all(src);
  EXPECT_EQ(got, text);
  ASSERT_TRUE(src.error().has_value());
  EXPECT_EQ(src.error()->code, IoErrorCode::ZstdCorrupt);
  EXPECT_EQ(src.error()->offset, text.size());
}

// Frames that declare a window above zstd's default decoding limit (2^27), as lichess
// dumps do, must decode: the source raises the limit to 2^31.
TEST(Zstd, LargeWindowFrames) {
  const std::string text = sample_text(300000);
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, 28);
  std::string packed(ZSTD_compressBound(text.size()) + 64, '\0');
  ZSTD_outBuffer out{packed.data(), packed.size(), 0};
  ZSTD_inBuffer in{text.data(), text.size(), 0};
  // Streaming with an unknown size keeps the full window in the frame header.
  ASSERT_FALSE(ZSTD_isError(ZSTD_compressStream2(cctx, &out, &in, ZSTD_e_continue)));
  ZSTD_inBuffer none{nullptr, 0, 0};
  ASSERT_EQ(ZSTD_compressStream2(cctx, &out, &none, ZSTD_e_end), 0u);
  ZSTD_freeCCtx(cctx);
  packed.resize(out.pos);
  {  // a decoder with the default limit refuses this frame
    ZSTD_DCtx* dctx = ZSTD_createDCtx();
    std::string sink(1 << 16, '\0');
    ZSTD_outBuffer o{sink.data(), sink.size(), 0};
    ZSTD_inBuffer i{packed.data(), packed.size(), 0};
    EXPECT_TRUE(ZSTD_isError(ZSTD_decompressStream(dctx, &o, &i)));
    ZSTD_freeDCtx(dctx);
  }

  Source src = Source::from_memory(packed);
  EXPECT_EQ(read_all(src), text);
  EXPECT_FALSE(src.error().has_value());
}

}  // namespace
}  // namespace pgnkit::io

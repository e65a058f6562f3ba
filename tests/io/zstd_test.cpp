// zstd sources: detection by magic bytes, frames, skippable frames, damage, large windows.
#include <gtest/gtest.h>
#include <zstd.h>

#include <cstdint>
#include <optional>
#include <string>

#include "io/source.h"
#include "temp_files.h"
#include "zstd_frames.h"

namespace pgnkit::io {
namespace {

using test::compress;
using test::read_all;
using test::sample_text;
using test::skippable;
using test::TempDir;

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
  EXPECT_EQ(src->error()->code, IoErrorCode::Truncated);
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
  EXPECT_EQ(src.error()->code, IoErrorCode::Truncated);
  EXPECT_EQ(src.error()->offset, 0u);
}

TEST(Zstd, CorruptStream) {
  const std::string text = sample_text(1 << 20);
  std::string packed = compress(text, 3, true);
  for (std::size_t i = packed.size() / 2; i < packed.size() / 2 + 64; ++i) packed[i] ^= 0x5A;
  Source src = Source::from_memory(packed);
  const std::string got = read_all(src, 10000);
  ASSERT_TRUE(src.error().has_value());
  EXPECT_EQ(src.error()->code, IoErrorCode::Corrupt);
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
  EXPECT_EQ(src.error()->code, IoErrorCode::Corrupt);
  EXPECT_EQ(src.error()->offset, text.size());
}

// A failing ZSTD_decompressStream call does not count the bytes it flushed before failing;
// the source must not lose them, or the error's offset would depend on the read size.
TEST(Zstd, ErrorOffsetsDoNotDependOnReadSizes) {
  const std::string text = sample_text(3 << 20);
  std::string mid = compress(text, 3, true);
  for (std::size_t i = mid.size() / 2; i < mid.size() / 2 + 64; ++i) mid[i] ^= 0x5A;
  std::string checksum = compress(text, 3, true);
  checksum.back() ^= 1;  // the last byte is in the XXH64 checksum
  for (const std::string& packed : {mid, checksum}) {
    std::optional<std::uint64_t> first_offset;
    for (const std::size_t chunk : {std::size_t{1000}, std::size_t{65536}, std::size_t{1} << 20}) {
      Source src = Source::from_memory(packed);
      const std::string got = read_all(src, chunk);
      ASSERT_TRUE(src.error().has_value());
      EXPECT_EQ(src.error()->code, IoErrorCode::Corrupt);
      EXPECT_EQ(src.error()->offset, got.size());
      if (!first_offset) first_offset = got.size();
      EXPECT_EQ(got.size(), *first_offset) << chunk;
    }
  }
  // The checksum is verified after the frame's last byte: all of them arrive first.
  Source src = Source::from_memory(checksum);
  EXPECT_EQ(read_all(src, 1 << 20).size(), text.size());
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

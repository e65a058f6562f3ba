// io/zstd_frame_list.h and io::Source::open_zstd_frame: the frames of a multi-frame zstd file, and
// reading it from a later frame on with the bytes and error offsets of a whole read.
#include "io/zstd_frame_list.h"

#include <gtest/gtest.h>
#include <zstd.h>

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

// One frame whose header has no content size (as pzstd writes them).
std::string compress_unsized(std::string_view data) {
  const std::string out = compress(data, 3, false, false);
  EXPECT_EQ(ZSTD_getFrameContentSize(out.data(), out.size()), ZSTD_CONTENTSIZE_UNKNOWN);
  return out;
}

struct Parts {
  std::string a = sample_text(70000), b = sample_text(50000), c = sample_text(90000);
  std::string fa = compress(a), skip = skippable(3, "pzstd-like"), fb = compress_unsized(b),
              fc = compress(c, 3, true), empty = compress("");
  std::string file() const { return fa + skip + fb + empty + fc; }
};

TEST(ZstdFrames, ListsFramesWithContentAtTheirOffsets) {
  TempDir dir;
  const Parts p;
  const std::string path = dir.file("multi.zst", p.file());
  const auto list = list_zstd_frames(path);
  ASSERT_TRUE(list.has_value());
  EXPECT_TRUE(list->complete);
  EXPECT_EQ(list->decoded_to_count, 1u);  // fb has no content size
  ASSERT_EQ(list->frames.size(), 3u);     // the skippable and the empty frame decode to nothing
  const std::uint64_t at_b = p.fa.size() + p.skip.size();
  const std::uint64_t at_c = at_b + p.fb.size() + p.empty.size();
  EXPECT_EQ(list->frames[0].compressed_offset, 0u);
  EXPECT_EQ(list->frames[1].compressed_offset, at_b);
  EXPECT_EQ(list->frames[2].compressed_offset, at_c);
  EXPECT_EQ(list->frames[1].decompressed_offset, p.a.size());
  EXPECT_EQ(list->frames[2].decompressed_offset, p.a.size() + p.b.size());
  EXPECT_EQ(list->frames[1].decompressed_size, p.b.size());
  EXPECT_EQ(list->frames[2].decompressed_size, p.c.size());
  // Only the frames up to the one holding a byte are needed (and listed).
  const auto head = list_zstd_frames(path, nullptr, p.a.size() + 10);
  ASSERT_TRUE(head.has_value());
  EXPECT_EQ(head->frames.size(), 2u);
  EXPECT_EQ(frame_holding(*list, p.a.size() + 10)->compressed_offset, at_b);
  EXPECT_EQ(frame_holding(*list, p.a.size() - 1)->compressed_offset, 0u);
  EXPECT_EQ(frame_holding(*list, p.a.size() + p.b.size())->compressed_offset, at_c);
}

TEST(ZstdFrames, ReadingFromALaterFrameGivesTheWholeReadsRest) {
  TempDir dir;
  const Parts p;
  const std::string path = dir.file("multi.zst", p.file());
  const auto list = list_zstd_frames(path);
  ASSERT_TRUE(list.has_value());
  const ZstdFrame& b = list->frames[1];
  IoError err;
  auto src = Source::open_zstd_frame(path, b.compressed_offset, b.decompressed_offset, &err);
  ASSERT_TRUE(src.has_value()) << describe(err, path);
  EXPECT_EQ(src->offset(), p.a.size());
  EXPECT_EQ(read_all(*src, 3000), p.b + p.c);
  EXPECT_FALSE(src->error().has_value());
  EXPECT_EQ(src->offset(), p.a.size() + p.b.size() + p.c.size());
  // Not a frame start: refused.
  EXPECT_FALSE(Source::open_zstd_frame(path, b.compressed_offset + 1, 0, &err).has_value());
  EXPECT_EQ(err.code, IoErrorCode::Corrupt);
}

TEST(ZstdFrames, ATruncatedLastFrameEndsTheListAndErrsWhereTheWholeReadDoes) {
  TempDir dir;
  const Parts p;
  const std::string whole = p.file();
  const std::string path = dir.file("cut.zst", whole.substr(0, whole.size() - p.fc.size() / 2));
  const auto list = list_zstd_frames(path);
  ASSERT_TRUE(list.has_value());
  EXPECT_FALSE(list->complete);
  ASSERT_EQ(list->frames.size(), 2u);
  auto from_start = Source::open(path);
  ASSERT_TRUE(from_start.has_value());
  const std::string all = read_all(*from_start, 4096);
  ASSERT_TRUE(from_start->error().has_value());
  EXPECT_EQ(from_start->error()->code, IoErrorCode::Truncated);
  // The rest after frame b, decoded from b on: the same bytes, the same error, same offset.
  const ZstdFrame& b = list->frames[1];
  const std::uint64_t c_start = list->frames[1].decompressed_offset + p.b.size();
  const ZstdFrame c{b.compressed_offset + p.fb.size() + p.empty.size(), c_start, 0};
  for (const ZstdFrame& f : {b, c}) {
    auto src = Source::open_zstd_frame(path, f.compressed_offset, f.decompressed_offset);
    ASSERT_TRUE(src.has_value());
    EXPECT_EQ(read_all(*src, 1000), all.substr(f.decompressed_offset));
    ASSERT_TRUE(src->error().has_value());
    EXPECT_EQ(src->error()->code, from_start->error()->code);
    EXPECT_EQ(src->error()->offset, from_start->error()->offset);
    EXPECT_EQ(describe(*src->error(), path), describe(*from_start->error(), path));
  }
}

// ZstdFrameReader: one pass gives the bytes of an ordinary read and, as it goes, the frames
// list_zstd_frames finds (by decoding the unsized ones to count).
TEST(ZstdFrameReader, GivesTheBytesAndTheFramesOfTheTwoPassWay) {
  TempDir dir;
  const Parts p;
  const std::string path = dir.file("multi.zst", p.file());
  EXPECT_TRUE(zstd_frames_unsized(path));
  const auto list = list_zstd_frames(path);
  ASSERT_TRUE(list.has_value());
  auto reader = ZstdFrameReader::open(path);
  ASSERT_TRUE(reader.has_value());
  std::string bytes;
  std::vector<char> buf(777);  // not a divisor of any frame's size
  for (std::size_t n; (n = reader->read(buf.data(), buf.size())) > 0;) {
    bytes.append(buf.data(), n);
    // Listed: exactly the frames whose content has begun to be delivered.
    std::size_t begun = 0;
    for (const ZstdFrame& f : list->frames) begun += f.decompressed_offset < bytes.size();
    ASSERT_EQ(reader->frames().size(), begun) << bytes.size();
  }
  EXPECT_FALSE(reader->failed());
  auto source = Source::open(path);
  ASSERT_TRUE(source.has_value());
  EXPECT_EQ(bytes, read_all(*source, 4096));
  EXPECT_EQ(bytes, p.a + p.b + p.c);
  ASSERT_EQ(reader->frames().size(), list->frames.size());
  for (std::size_t i = 0; i < list->frames.size(); ++i) {
    EXPECT_EQ(reader->frames()[i].compressed_offset, list->frames[i].compressed_offset) << i;
    EXPECT_EQ(reader->frames()[i].decompressed_offset, list->frames[i].decompressed_offset) << i;
    EXPECT_EQ(reader->frames()[i].decompressed_size, list->frames[i].decompressed_size) << i;
  }
}

TEST(ZstdFrameReader, FailsOnATruncatedFrame) {
  TempDir dir;
  const Parts p;
  const std::string whole = p.file();
  const std::string path = dir.file("cut.zst", whole.substr(0, whole.size() - p.fc.size() / 2));
  EXPECT_FALSE(zstd_frames_unsized(path));  // its frames do not parse to the end
  auto reader = ZstdFrameReader::open(path);
  ASSERT_TRUE(reader.has_value());
  std::vector<char> buf(4096);
  std::uint64_t total = 0;
  for (std::size_t n; (n = reader->read(buf.data(), buf.size())) > 0;) total += n;
  EXPECT_TRUE(reader->failed());
  // The complete frames, what the cut one gave, then the failure.
  EXPECT_GE(total, p.a.size() + p.b.size());
  EXPECT_LT(total, p.a.size() + p.b.size() + p.c.size());
}

TEST(ZstdFrames, UnsizedOnlyWithManyFramesOneOfThemWithoutASize) {
  TempDir dir;
  const Parts p;
  EXPECT_FALSE(zstd_frames_unsized(dir.file("sized.zst", p.fa + p.fc)));
  EXPECT_FALSE(zstd_frames_unsized(dir.file("one.zst", compress_unsized(p.b))));
  EXPECT_TRUE(zstd_frames_unsized(dir.file("two.zst", compress_unsized(p.b) + p.fa)));
  EXPECT_FALSE(zstd_frames_unsized(dir.path() + "/missing.zst"));
}

TEST(ZstdFrames, NotAZstdFile) {
  TempDir dir;
  const auto list = list_zstd_frames(dir.file("plain.pgn", "[Event \"x\"]\n"));
  ASSERT_TRUE(list.has_value());
  EXPECT_FALSE(list->complete);
  EXPECT_TRUE(list->frames.empty());
  IoError err;
  EXPECT_FALSE(list_zstd_frames(dir.path() + "/missing.zst", &err).has_value());
  EXPECT_EQ(err.code, IoErrorCode::NotFound);
}

}  // namespace
}  // namespace pgnkit::io

// gzip, bzip2 and xz input (io/decoder.h) written by the real tools: the same bytes whatever
// the read sizes and with or without the decode-ahead thread; multi-member and multi-stream
// files; truncation, corruption and trailing bytes fail after every byte before the damage,
// at one offset whichever way the input is read.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "io/source.h"
#include "support/sanitized.h"
#include "temp_files.h"

namespace pgnkit::io::decoders_test {
namespace {

using pgnkit::testing::read_file;
using pgnkit::testing::TempDir;
using test::read_all;
using test::sample_text;

struct Tool {
  Compression format;
  const char* name;     // the program
  const char* command;  // compresses $IN to stdout
};

const std::vector<Tool>& tools() {
  static const std::vector<Tool> all = {
      {Compression::Gzip, "gzip", "gzip -c"},
      {Compression::Gzip, "pigz", "pigz -c -b 128"},  // 128 KiB blocks: many in one member
      {Compression::Gzip, "bgzip", "bgzip -c"},       // BGZF: one member per 64 KiB block
      {Compression::Bzip2, "bzip2", "bzip2 -c"},
      {Compression::Xz, "xz", "xz -c"},
      {Compression::Zstd, "zstd", "zstd -q -c"},
  };
  return all;
}

bool have(const char* program) {
  return std::system(("command -v " + std::string(program) + " >/dev/null 2>&1").c_str()) == 0;
}

// Compresses `text` with tool into dir; nullopt when the tool is absent or fails.
std::optional<std::string> compress(const TempDir& dir, const Tool& tool, const std::string& text,
                                    const std::string& stem) {
  if (!have(tool.name)) return std::nullopt;
  const std::string in = dir.file(stem + ".pgn", text);
  const std::string out = (dir / (stem + "." + tool.name)).string();
  const std::string cmd = std::string(tool.command) + " '" + in + "' > '" + out + "'";
  if (std::system(cmd.c_str()) != 0) return std::nullopt;
  return read_file(out);
}

struct Got {
  std::string bytes;
  std::optional<IoError> error;
};

Got decode(const std::string& path, bool ahead, std::size_t chunk) {
  Got got;
  IoError err;
  auto src = Source::open(path, &err, {.decode_ahead = ahead});
  if (!src) {
    got.error = err;
    return got;
  }
  got.bytes = read_all(*src, chunk);
  got.error = src->error();
  return got;
}

// Every way of reading `packed` gives the same result; returns it.
Got decode_every_way(const TempDir& dir, const std::string& packed, const std::string& what) {
  const std::string path = dir.file("packed.bin", packed);
  Got reference = decode(path, false, 1 << 16);
  for (const std::size_t chunk :
       {std::size_t{1}, std::size_t{7}, std::size_t{4096}, std::size_t{1} << 20}) {
    for (const bool ahead : {false, true}) {
      if (chunk == 1 && reference.bytes.size() > (1 << 16)) continue;  // slow; small ones cover it
      const Got got = decode(path, ahead, chunk);
      const std::string how = what + ", chunk " + std::to_string(chunk) + (ahead ? ", ahead" : "");
      EXPECT_TRUE(got.bytes == reference.bytes) << how;
      EXPECT_EQ(got.error.has_value(), reference.error.has_value()) << how;
      if (got.error && reference.error) {
        EXPECT_EQ(got.error->code, reference.error->code) << how;
        EXPECT_EQ(got.error->offset, reference.error->offset) << how;
        EXPECT_EQ(got.error->offset, got.bytes.size()) << how;
      }
    }
  }
  Source mem = Source::from_memory(packed, "memory");
  EXPECT_TRUE(read_all(mem, 3000) == reference.bytes) << what << ", memory";
  return reference;
}

TEST(Decoders, RealToolsOutputReadsBackByteIdentical) {
  TempDir dir;
  const std::string text = sample_text(700000);
  int formats = 0;
  for (const Tool& tool : tools()) {
    const auto packed = compress(dir, tool, text, "round");
    if (!packed) continue;
    ++formats;
    auto src = Source::open(dir.file("c.bin", *packed));
    ASSERT_TRUE(src.has_value());
    EXPECT_EQ(src->compression(), tool.format) << tool.name;
    const Got got = decode_every_way(dir, *packed, tool.name);
    EXPECT_TRUE(got.bytes == text) << tool.name;
    EXPECT_FALSE(got.error.has_value()) << tool.name;
  }
  if (formats == 0) GTEST_SKIP() << "none of gzip, bzip2, xz, zstd is installed";
}

TEST(Decoders, ConcatenatedMembersAndStreamsAreAllRead) {
  TempDir dir;
  const std::string a = sample_text(300000);
  const std::string b = "[Event \"second\"]\n\n1. d4 d5 *\n\n";
  for (const Tool& tool : tools()) {
    const auto pa = compress(dir, tool, a, "a");
    const auto pb = compress(dir, tool, b, "b");
    if (!pa || !pb) continue;
    // As `cat a.gz b.gz`, and with zero padding after them (tape blocks), which gzip ignores.
    const Got got = decode_every_way(dir, *pa + *pb + *pa, tool.name);
    std::string expected = a;
    expected += b;
    expected += a;
    EXPECT_TRUE(got.bytes == expected) << tool.name;
    EXPECT_FALSE(got.error.has_value()) << tool.name;
    if (tool.format == Compression::Gzip || tool.format == Compression::Bzip2) {
      const Got padded = decode_every_way(dir, *pa + std::string(1000, '\0'), tool.name);
      EXPECT_TRUE(padded.bytes == a) << tool.name;
      EXPECT_FALSE(padded.error.has_value()) << tool.name;
    }
  }
}

TEST(Decoders, TruncationAtEveryTenthFailsAfterThePrefix) {
  TempDir dir;
  const std::string text = sample_text(400000);
  for (const Tool& tool : tools()) {
    const auto packed = compress(dir, tool, text, "cut");
    if (!packed) continue;
    for (int tenth = 1; tenth < 10; ++tenth) {
      const std::string cut = packed->substr(0, packed->size() * tenth / 10);
      const std::string what = std::string(tool.name) + " cut at " + std::to_string(tenth) + "/10";
      const Got got = decode_every_way(dir, cut, what);
      ASSERT_TRUE(got.error.has_value()) << what;
      EXPECT_TRUE(got.error->code == IoErrorCode::Truncated ||
                  got.error->code == IoErrorCode::Corrupt)
          << what << ": " << describe(*got.error, "x");
      EXPECT_EQ(got.error->format, tool.format) << what;
      EXPECT_TRUE(text.starts_with(got.bytes)) << what;
    }
  }
}

TEST(Decoders, CorruptByteAndTrailingBytesFailWithAClearMessage) {
  TempDir dir;
  const std::string text = sample_text(200000);
  for (const Tool& tool : tools()) {
    const auto packed = compress(dir, tool, text, "bad");
    if (!packed) continue;
    std::string flipped = *packed;
    flipped[flipped.size() / 2] = static_cast<char>(flipped[flipped.size() / 2] ^ 0x55);
    const Got got = decode_every_way(dir, flipped, tool.name);
    ASSERT_TRUE(got.error.has_value()) << tool.name;
    EXPECT_EQ(got.error->code, IoErrorCode::Corrupt) << tool.name;
    // gzip's CRC-32 comes at the member's end, bzip2's at the block's: what a flipped bit
    // decoded into may come before the error. Every way of reading agrees on those bytes.
    EXPECT_FALSE(got.bytes == text) << tool.name;
    if (tool.format == Compression::Zstd) continue;
    const Got trailing = decode_every_way(dir, *packed + "garbage", tool.name);
    EXPECT_TRUE(trailing.bytes == text) << tool.name;
    ASSERT_TRUE(trailing.error.has_value()) << tool.name;
    // liblzma waits for a whole stream header after a stream: 7 bytes are a cut one.
    EXPECT_EQ(trailing.error->code,
              tool.format == Compression::Xz ? IoErrorCode::Truncated : IoErrorCode::Corrupt)
        << tool.name;
    const std::string message = describe(*trailing.error, "t.pgn.x");
    EXPECT_NE(message.find(std::string(compression_name(tool.format))), std::string::npos)
        << message;
  }
}

TEST(Decoders, TruncatedGzipNamesTheFormatAndTheByte) {
  TempDir dir;
  const std::string text = sample_text(200000);
  const auto packed = compress(dir, tools()[0], text, "named");
  if (!packed) GTEST_SKIP() << "gzip is not installed";
  const Got got = decode_every_way(dir, packed->substr(0, packed->size() / 2), "gzip half");
  ASSERT_TRUE(got.error.has_value());
  EXPECT_EQ(describe(*got.error, "games.pgn.gz"),
            "games.pgn.gz: the input ended inside a gzip member (truncated file) (at byte " +
                std::to_string(got.bytes.size()) + ")");
}

long max_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(Decoders, BombsAreReadInBoundedMemory) {
  TempDir dir;
  const long before = max_rss_kib();
  for (const Tool& tool : tools()) {
    if (!have(tool.name) || std::string(tool.name) == "pigz" || std::string(tool.name) == "bgzip")
      continue;
    // 64 MiB of zeros: about 64 KB of gzip, a few hundred bytes of bzip2.
    const std::string path = (dir / (std::string("bomb.") + tool.name)).string();
    const std::string cmd = "head -c 67108864 /dev/zero | " + std::string(tool.command) +
                            (tool.format == Compression::Xz ? " -0" : "") + " > '" + path + "'";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    auto src = Source::open(path);
    ASSERT_TRUE(src.has_value());
    std::vector<char> buf(1 << 20);
    std::uint64_t total = 0;
    while (const std::size_t n = src->read(buf.data(), buf.size())) total += n;
    EXPECT_EQ(total, std::uint64_t{1} << 26) << tool.name;
    EXPECT_FALSE(src->error().has_value()) << tool.name;
  }
  // Decoders' state and buffers only: no output is kept. (Under ASan freed memory waits in
  // its quarantine: the figure means nothing there.)
  if (!pgnkit::testing::kSanitized) {
    EXPECT_LT(max_rss_kib() - before, 32 * 1024);
  }
}

}  // namespace
}  // namespace pgnkit::io::decoders_test

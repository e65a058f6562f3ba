// OutputSink: what goes in comes out, in order, whatever the sizes of the pieces: small ones
// (buffered), long ones (written from the caller's bytes after what is buffered), and runs
// that cross the buffer's size; to a plain file and to a .zst file read back through Source
// (the second reader of the bytes). Each compressed format, chosen by the name, is read back
// by the format's own tool (gzip, bzip2, xz, zstd), the reader users will have.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "io/sink.h"
#include "temp_files.h"

namespace pgnkit::io::test {
namespace {

constexpr std::size_t kSinkKiB = 1024;

// Pieces of every size class, from 0 bytes to 300 KiB, as the writers hand them over.
std::vector<std::string> pieces() {
  std::mt19937 rng(5);
  const std::string text = sample_text(kSinkKiB * 400);
  std::vector<std::string> out;
  for (int i = 0; i < 400; ++i) {
    const std::size_t classes[] = {
        0, 1, 100, 4000, kSinkKiB * 16 - 1, kSinkKiB * 16, 40000, kSinkKiB * 300};
    std::size_t size = classes[rng() % 8];
    if (size > 1 && rng() % 2) size -= rng() % 50;  // near the edges, not only on them
    const std::size_t at = rng() % (text.size() - size + 1);
    out.push_back(text.substr(at, size));
  }
  return out;
}

void expect_round_trip(const std::string& name) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string path = (dir / name).string();
  std::string expected;
  {
    auto sink = OutputSink::open(path);
    ASSERT_TRUE(sink);
    for (const std::string& p : pieces()) {
      ASSERT_TRUE(sink->write(p));
      expected += p;
    }
    ASSERT_TRUE(sink->finish());
  }
  auto src = Source::open(path);
  ASSERT_TRUE(src);
  const std::string got = read_all(*src);
  ASSERT_EQ(got.size(), expected.size()) << name;
  EXPECT_TRUE(got == expected) << name;
}

TEST(OutputSink, PlainFileGetsEveryPieceInOrder) {
  expect_round_trip("out.pgn");
}

TEST(OutputSink, ZstdFileGetsEveryPieceInOrder) {
  expect_round_trip("out.pgn.zst");
}

bool sink_tool_present(const std::string& tool) {
  return std::system(("command -v " + tool + " >/dev/null 2>&1").c_str()) == 0;
}

// `tool -dc path` into a file next to it; nullopt when the tool fails.
std::optional<std::string> sink_decompress(const TempDir& dir, const std::string& tool,
                                           const std::string& path) {
  const std::string out = (dir / "decompressed").string();
  const std::string command = tool + " -dc '" + path + "' > '" + out + "'";
  if (std::system(command.c_str()) != 0) return std::nullopt;
  return pgnkit::testing::read_file(out);
}

// About n bytes of text that compresses neither too well nor not at all: PGN-like lines and
// runs of random letters, digits and punctuation.
std::string sink_varied_text(std::size_t n) {
  std::mt19937 rng(11);
  const std::string games = sample_text(kSinkKiB * 64);
  std::string s;
  while (s.size() < n) {
    if (rng() % 3 == 0) {
      const std::size_t at = rng() % (games.size() - 2000);
      s.append(games, at, 200 + rng() % 1800);
    } else {
      const std::size_t run = 1 + rng() % 500;
      for (std::size_t i = 0; i < run; ++i) s += static_cast<char>(' ' + rng() % 95);
      s += '\n';
    }
  }
  s.resize(n);
  return s;
}

// Writes `text` to `name` in pieces of 1 byte, 100 bytes and 100 KiB (in a random order),
// finishes, and checks that `tool -dc` gives the text back.
void expect_tool_reads(const std::string& name, const std::string& tool, const std::string& text) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string path = (dir / name).string();
  {
    auto sink = OutputSink::open(path);
    ASSERT_TRUE(sink) << name;
    std::mt19937 rng(3);
    const std::size_t sizes[] = {1, 100, kSinkKiB * 100};
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t size = std::min(sizes[rng() % 3], text.size() - at);
      ASSERT_TRUE(sink->write(std::string_view(text).substr(at, size))) << name;
      at += size;
    }
    ASSERT_TRUE(sink->finish()) << name;
  }
  const std::optional<std::string> got = sink_decompress(dir, tool, path);
  ASSERT_TRUE(got) << tool << " -dc failed on " << name;
  ASSERT_EQ(got->size(), text.size()) << name;
  EXPECT_TRUE(*got == text) << name;
  if (tool == "gzip") {
    EXPECT_EQ(std::system(("gzip -t '" + path + "'").c_str()), 0) << name;
  }
}

struct SinkFormat {
  const char* name;  // the output file's name, which picks the format
  const char* tool;
};

class OutputSinkCompressed : public ::testing::TestWithParam<SinkFormat> {};

TEST_P(OutputSinkCompressed, ToolReadsBackEveryByte) {
  const SinkFormat& f = GetParam();
  if (!sink_tool_present(f.tool)) GTEST_SKIP() << f.tool << " is not installed";
  expect_tool_reads(f.name, f.tool, sink_varied_text(kSinkKiB * 1024));
}

TEST_P(OutputSinkCompressed, EmptyOutputIsAValidEmptyStream) {
  const SinkFormat& f = GetParam();
  if (!sink_tool_present(f.tool)) GTEST_SKIP() << f.tool << " is not installed";
  expect_tool_reads(f.name, f.tool, "");
}

INSTANTIATE_TEST_SUITE_P(
    Formats, OutputSinkCompressed,
    ::testing::Values(SinkFormat{"out.pgn.gz", "gzip"}, SinkFormat{"out.pgn.bz2", "bzip2"},
                      SinkFormat{"out.pgn.xz", "xz"}, SinkFormat{"out.pgn.zst", "zstd"}),
    [](const ::testing::TestParamInfo<SinkFormat>& info) { return std::string(info.param.tool); });

// The caller's format wins over the name's (a temporary name of a compressed file).
TEST(OutputSink, ExplicitCompressionOverridesTheName) {
  if (!sink_tool_present("xz")) GTEST_SKIP() << "xz is not installed";
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string path = (dir / "piece.pgn.tmp-Ab12Cd").string();
  const std::string text = sink_varied_text(kSinkKiB * 300);
  auto sink = OutputSink::open(path, nullptr, Compression::Xz);
  ASSERT_TRUE(sink);
  ASSERT_TRUE(sink->write(text));
  ASSERT_TRUE(sink->finish());
  EXPECT_EQ(sink_decompress(dir, "xz", path), text);
}

// Compression::None writes the bytes as they are, whatever the name.
TEST(OutputSink, NoneWritesPlainBytesUnderACompressedName) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string path = (dir / "plain.pgn.gz").string();
  auto sink = OutputSink::open(path, nullptr, Compression::None);
  ASSERT_TRUE(sink);
  ASSERT_TRUE(sink->write("1. e4 e5 *\n"));
  ASSERT_TRUE(sink->finish());
  EXPECT_EQ(pgnkit::testing::read_file(path), "1. e4 e5 *\n");
}

TEST(OutputSink, GzipFileIsReadBackBySource) {
  expect_round_trip("out.pgn.gz");
}

}  // namespace
}  // namespace pgnkit::io::test

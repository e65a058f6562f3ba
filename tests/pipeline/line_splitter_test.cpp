// The NDJSON line splitter: chunks that put together give the input back, each (but an
// empty last one) ending right after a line feed and at least `target` long unless last,
// starting at the line and offset that counting line feeds in the input gives, CRLF and
// lone CRs as ndjson::read_ndjson takes them (a lone CR ends no line), and a line longer than
// the target kept whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "io/source.h"
#include "pipeline/line_splitter.h"
#include "support/chunks.h"

namespace pgnkit::pipeline {
namespace {

constexpr auto split_lines = &testing::split_all<LineSplitter>;

void expect_exact(const std::string& text, std::size_t target) {
  const std::vector<Chunk> chunks = split_lines(text, target);
  ASSERT_FALSE(chunks.empty());
  std::string joined;
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const Chunk& c = chunks[i];
    EXPECT_EQ(c.start.offset, joined.size()) << i;
    const auto lfs =
        std::count(text.begin(), text.begin() + static_cast<long>(joined.size()), '\n');
    EXPECT_EQ(c.start.line, static_cast<std::uint32_t>(lfs + 1)) << i;
    EXPECT_EQ(c.start.column, 1u) << i;
    EXPECT_EQ(c.last, i + 1 == chunks.size());
    if (!c.last) {
      EXPECT_EQ(c.cut, Cut::Candidate);
      EXPECT_GE(c.bytes.size(), target) << i;
      ASSERT_FALSE(c.bytes.empty());
      EXPECT_EQ(c.bytes[c.bytes.size() - 1], '\n') << i;
      // The first line feed at or after target - 1: none before it from there.
      EXPECT_EQ(c.bytes.view().substr(target - 1, c.bytes.size() - target).find('\n'),
                std::string::npos)
          << i;
    } else {
      EXPECT_EQ(c.cut, Cut::End);
    }
    joined += c.bytes.view();
  }
  EXPECT_EQ(joined, text);
}

TEST(LineSplitter, ChunksEndAfterLineFeedsAndStartWhereTheLinesSay) {
  std::string lf, crlf, lone_cr;
  for (int i = 0; i < 500; ++i) {
    const std::string line = "{\"game\": " + std::to_string(i) + ", \"moves\": \"e4 e5\"}";
    lf += line + "\n";
    crlf += line + "\r\n";
    lone_cr += line + (i % 3 == 0 ? "\r" : "\n");
  }
  for (const std::size_t target : {64, 100, 333, 4096, 1 << 20}) {
    SCOPED_TRACE(target);
    expect_exact(lf, target);
    expect_exact(crlf, target);
    expect_exact(lone_cr, target);
    expect_exact(lf + "{\"no\": \"line feed at the end\"}", target);
  }
}

TEST(LineSplitter, ALongLineIsOneChunkAndEmptyInputOneEmptyChunk) {
  const std::string text = "{\"a\": 1}\n" + std::string(10000, 'x') + "\n{\"b\": 2}\n";
  const std::vector<Chunk> chunks = split_lines(text, 64);
  ASSERT_EQ(chunks.size(), 2u);  // the long line ends the first chunk; the rest is shorter
  EXPECT_EQ(chunks[0].bytes.size(), 9u + 10001u);
  EXPECT_EQ(chunks[1].bytes.view(), "{\"b\": 2}\n");
  EXPECT_TRUE(chunks[1].last);
  EXPECT_EQ(chunks[1].start.line, 3u);
  const std::vector<Chunk> none = split_lines("", 64);
  ASSERT_EQ(none.size(), 1u);
  EXPECT_TRUE(none[0].last);
  EXPECT_TRUE(none[0].bytes.empty());
  std::mt19937 rng(5);
  for (int round = 0; round < 50; ++round) {
    std::string random;
    const std::size_t n = rng() % 3000;
    for (std::size_t i = 0; i < n; ++i) random += "ab\n\r "[rng() % 5];
    expect_exact(random, 64 + rng() % 300);
  }
}

}  // namespace
}  // namespace pgnkit::pipeline

// OutputSink: what goes in comes out, in order, whatever the sizes of the pieces: small ones
// (buffered), long ones (written from the caller's bytes after what is buffered), and runs
// that cross the buffer's size; to a plain file and to a .zst file read back through Source
// (the second reader of the bytes).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "io/sink.h"
#include "temp_files.h"

namespace pgnkit::io::test {
namespace {

// Pieces of every size class, from 0 bytes to 300 KiB, as the writers hand them over.
std::vector<std::string> pieces() {
  std::mt19937 rng(5);
  const std::string text = sample_text(400 * 1024);
  std::vector<std::string> out;
  for (int i = 0; i < 400; ++i) {
    const std::size_t classes[] = {0, 1, 100, 4000, 16 * 1024 - 1, 16 * 1024, 40000, 300 * 1024};
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

}  // namespace
}  // namespace pgnkit::io::test

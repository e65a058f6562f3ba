// A reader over a mapped file (io::SourceOptions::map_files, Source::map_rest) must give
// exactly what a reader that copies the file through read(2) gives, for every buffer size:
// the window it slides over the map ends where the copy's buffer would, so that a token too
// long for the buffer is too long either way. And it must leave the file as it was.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "pgn/recorder.h"
#include "support/files.h"

namespace pgnkit::pgn::mapped_test {

using test::Recorder;
namespace {

struct Read {
  std::string log;
  ReadStats stats;
  bool mapped = false;
};

Read read_file(const std::string& path, bool map, std::size_t buffer_size, std::uint64_t skip) {
  std::optional<io::Source> src = io::Source::open(path, nullptr, {.map_files = map});
  EXPECT_TRUE(src.has_value()) << path;
  if (!src) return {};
  EXPECT_TRUE(src->skip(skip));
  Recorder r;
  r.locations = true;
  ReaderOptions options;
  options.buffer_size = buffer_size;
  options.start = Location{skip, 1, 1};
  Read out;
  out.stats = read_pgn(*src, r, options);
  out.log = r.log;
  out.mapped = src->mapped();
  return out;
}

void expect_same(const std::string& path, std::uint64_t skip = 0) {
  const std::string before = testing::read_file(path);
  for (const std::size_t buffer : {std::size_t{512}, std::size_t{4096}, std::size_t{1} << 20}) {
    const std::string what = path + " buffer " + std::to_string(buffer);
    const Read copied = read_file(path, false, buffer, skip);
    const Read mapped = read_file(path, true, buffer, skip);
    EXPECT_FALSE(copied.mapped) << what;
    EXPECT_EQ(mapped.mapped, before.size() > skip) << what;
    EXPECT_EQ(mapped.log, copied.log) << what;
    test::expect_same_stats(mapped.stats, copied.stats, what);
  }
  EXPECT_EQ(testing::read_file(path), before) << path << " changed";
}

TEST(Mapped, EveryFixtureReadsAsFromACopy) {
  for (const std::string& file : test::plain_pgn_fixtures()) expect_same(file);
}

TEST(Mapped, TrickyCorpusReadsAsFromACopy) {
  if (!std::filesystem::exists(test::tricky_root())) {
    GTEST_SKIP() << test::tricky_root() << " is absent";
  }
  for (const std::string& file : test::tricky_pgn_files()) expect_same(file);
}

TEST(Mapped, EdgesOfTheWindowAndThePage) {
  const testing::TempDir dir;
  const std::string games = "[Event \"a\"]\n\n1. e4 e5 {c} 2. Nf3 1-0\n\n";
  std::string paged;  // ends exactly on a page, inside a token
  while (paged.size() < 8192 - games.size()) paged += games;
  paged += std::string(8192 - paged.size() - 6, ' ') + "1. Nf3";
  ASSERT_EQ(paged.size(), 8192u);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"token.pgn", "1. e4"},
      {"comment.pgn", "1. e4 {open"},
      {"cr.pgn", "1. e4 e5\r"},
      {"junk.pgn", games + "\x01\x02 junk"},
      {"long_line.pgn", std::string(3000, 'x') + "\n" + games},
      {"long_comment.pgn", games + "1. e4 {" + std::string(5000, 'c') + "} 1-0\n\n" + games},
      {"long_tag.pgn", "[Event \"" + std::string(5000, 'e') + "\"]\n\n1. e4 *\n\n" + games},
      {"paged.pgn", paged},
      {"nul.pgn", games + std::string("1. e4 \0\0\0 e5 *\n\n", 16) + games},
  };
  for (const auto& [name, text] : cases) expect_same(dir.file(name, text));
  // From the middle of a file, as after Source::skip (a --range shard's start).
  const std::string twice = dir.file("twice.pgn", games + games);
  expect_same(twice, games.size());
  expect_same(twice, 3);
}

// The file shrinks under the reader's map: the bytes past its new end read as NULs, and the
// reader ends with the source's read error at the first byte lost, like any input error.
TEST(Mapped, AFileTruncatedUnderTheReaderEndsWithAReadError) {
  const testing::TempDir dir;
  std::string text;
  for (int i = 1; text.size() < std::size_t{64} * 4096; ++i) {
    text += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
  }
  const std::string path = dir.file("shrinking.pgn", text);
  std::optional<io::Source> src = io::Source::open(path, nullptr, {.map_files = true});
  ASSERT_TRUE(src.has_value());
  // A visitor that truncates the file at its 10th game, as another process might.
  struct Truncating : Recorder {
    std::string path;
    void begin_game(const GameInfo& g) {
      if (g.number == 10) {
        EXPECT_EQ(::truncate(path.c_str(), 8192), 0);
      }
      Recorder::begin_game(g);
    }
  } r;
  r.path = path;
  ReaderOptions options;
  options.buffer_size = 4096;
  const ReadStats stats = read_pgn(*src, r, options);
  EXPECT_TRUE(src->mapped());
  ASSERT_TRUE(src->error().has_value()) << r.log.substr(r.log.size() - 500);
  EXPECT_EQ(src->error()->offset, 8192u);
  EXPECT_NE(r.log.find("input_error"), std::string::npos);
  EXPECT_GE(stats.games, 10u);
  EXPECT_LT(stats.games, 300u);
}

}  // namespace
}  // namespace pgnkit::pgn::mapped_test

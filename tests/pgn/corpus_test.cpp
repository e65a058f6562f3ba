// Whole real files from ../shared/corpus (skipped where absent): game counts.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "io/source.h"
#include "pgn/reader.h"

namespace pgnkit::pgn {
namespace {

struct Count : Visitor {
  std::uint64_t tagless = 0;
  std::uint64_t tags = 0;
  std::uint64_t results = 0;
  void begin_game(const GameInfo&) { tags = 0; }
  void tag(std::string_view, std::string_view, Location) { ++tags; }
  void termination(Outcome, std::string_view, Location) { ++results; }
  void end_game(const EndInfo&) { tagless += tags == 0 ? 1 : 0; }
};

struct Corpus {
  ReadStats stats;
  Count count;
};

// Reads PGNKIT_SHARED_DIR/corpus/<name>, or returns false (the caller skips).
bool read_corpus(const std::string& name, Corpus& out) {
  std::string path = PGNKIT_SHARED_DIR "/corpus/";
  path += name;
  if (!std::filesystem::exists(path)) return false;
  io::IoError err;
  auto src = io::Source::open(path, &err);
  EXPECT_TRUE(src.has_value()) << io::describe(err, path);
  if (!src) return true;
  EXPECT_EQ(src->compression(), io::Compression::Zstd);
  out.stats = read_pgn(*src, out.count);
  EXPECT_FALSE(src->error().has_value()) << io::describe(*src->error(), path);
  return true;
}

#define SKIP_WITHOUT(name, corpus)                                                        \
  if (!read_corpus(name, corpus)) {                                                       \
    GTEST_SKIP() << PGNKIT_SHARED_DIR "/corpus/" name " not found: corpus tests skipped"; \
  }

TEST(Corpus, Lichess) {
  Corpus c;
  SKIP_WITHOUT("lichess.pgn.zst", c);
  EXPECT_EQ(c.stats.games, 48234u);  // the corpus README's figure
  EXPECT_EQ(c.count.results, 48234u);
  EXPECT_EQ(c.stats.errors, 0u);
  EXPECT_EQ(c.stats.warnings, 0u);
  EXPECT_EQ(c.stats.bytes, 136453362u);
}

TEST(Corpus, OverTheBoard) {
  Corpus c;
  SKIP_WITHOUT("otb.pgn.zst", c);
  // The README says 105,009: the number of "[Event " lines. One more game has its Event
  // line garbled ("bad gid\"London Chess Classic GCT Finals\"]", reported as text between
  // games) and starts at its Site tag. Junk lines ("n/a") and doubled results between
  // games are reported as text_between_games and do not start games. One result is glued
  // to the last move ("gxf41-0") and read as the move and the result (glued_result).
  EXPECT_EQ(c.stats.games, 105010u);
  EXPECT_EQ(c.count.tagless, 0u);
  EXPECT_EQ(c.count.results, 105007u);
  EXPECT_EQ(c.stats.errors, 5u);
  EXPECT_EQ(c.stats.bytes, 78143448u);
}

TEST(Corpus, Engine) {
  Corpus c;
  SKIP_WITHOUT("engine.pgn.zst", c);
  // One game has a comment after its result ("1-0 {Black loses on time}"): reported as
  // text between games, not counted as a game.
  EXPECT_EQ(c.stats.games, 2969u);
  EXPECT_EQ(c.count.tagless, 0u);
  EXPECT_EQ(c.count.results, 2969u);
  EXPECT_EQ(c.stats.errors, 0u);
  EXPECT_EQ(c.stats.warnings, 1u);
}

}  // namespace
}  // namespace pgnkit::pgn

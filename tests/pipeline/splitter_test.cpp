// The splitter: chunks that put together give the input back, start Locations that agree
// with the lexer's own line counting (LF, CRLF, lone CR), and the boundary rule with each of
// its fallbacks, on inputs built so that exactly one rule applies.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "pipeline/splitter.h"
#include "support/chunks.h"

namespace pgnkit::pipeline {
namespace {

constexpr auto split = &testing::split_all<Splitter>;

// Where each game's first token lies, by the reader over the whole text.
struct GameStarts : pgn::Visitor {
  std::vector<pgn::Location> starts;
  void begin_game(const pgn::GameInfo& g) { starts.push_back(g.where); }
};

std::vector<pgn::Location> game_starts(const std::string& text) {
  io::Source source = io::Source::from_memory(text);
  GameStarts starts;
  pgn::read_pgn(source, starts);
  return starts.starts;
}

std::string games(int n, const std::string& eol) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    out += "[Event \"e\"]" + eol + "[Round \"" + std::to_string(i) + "\"]" + eol + eol +
           "1. e4 e5 2. Nf3 {a comment} Nc6 1-0" + eol + eol;
  }
  return out;
}

TEST(Splitter, ChunksJoinToTheInputAndStartWhereTheLexerSaysGamesStart) {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    const std::string text = games(200, eol);
    const std::vector<pgn::Location> starts = game_starts(text);
    ASSERT_EQ(starts.size(), 200u);
    const std::vector<Chunk> chunks = split(text, 500);
    ASSERT_GT(chunks.size(), 20u);
    std::string joined;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      const Chunk& c = chunks[i];
      EXPECT_EQ(c.start.offset, joined.size());
      joined += c.bytes.view();
      EXPECT_EQ(c.last, i + 1 == chunks.size());
      if (i + 1 < chunks.size()) {
        EXPECT_EQ(c.cut, Cut::Candidate) << i;
        EXPECT_GE(c.bytes.size(), 500u);
      }
      if (i == 0) continue;
      // Every cut is at a game's first '[': its Location is the lexer's, line and column too.
      bool found = false;
      for (const pgn::Location& s : starts) found |= s == c.start;
      EXPECT_TRUE(found) << "chunk " << i << " at " << c.start.offset << " line " << c.start.line;
    }
    EXPECT_EQ(joined, text);
  }
}

TEST(Splitter, ACandidateNeedsAResultOnThePreviousNonBlankLine) {
  // 600 bytes of a game without a result, then a tag line; later a result and a tag line.
  std::string text = "[Event \"a\"]\n\n1. e4 {" + std::string(600, 'x') + "}\n[Event \"b\"]\n";
  const std::size_t candidate_at = text.size() + std::string("1. d4 d5 0-1\n\n").size();
  text += "1. d4 d5 0-1\n\n[Event \"c\"]\n1. c4 *\n";
  const std::vector<Chunk> chunks = split(text, 250);  // the cap, 1000, is past both
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].cut, Cut::Candidate);
  EXPECT_EQ(chunks[0].bytes.size(), candidate_at);
  EXPECT_EQ(chunks[1].start.line, 7u);
  EXPECT_EQ(chunks[1].cut, Cut::End);
}

TEST(Splitter, FallbacksTagLineThenLineStartThenForced) {
  // No result anywhere: the first tag-shaped line start after the target.
  std::string tags;
  for (int i = 0; i < 40; ++i) tags += "[Event \"x\"]\n1. e4 e5\n";
  std::vector<Chunk> c = split(tags, 100);
  ASSERT_GT(c.size(), 2u);
  EXPECT_EQ(c[0].cut, Cut::TagLine);
  EXPECT_EQ(c[0].bytes.view().substr(c[0].bytes.size() - 9), "1. e4 e5\n");
  EXPECT_EQ(c[1].bytes.view().substr(0, 7), "[Event ");
  // No tag line within the cap (4 x target): the first line start after the target.
  const std::string lines(40, 'e');
  std::string moves;
  for (int i = 0; i < 40; ++i) moves += lines + "\n";
  c = split(moves, 100);
  EXPECT_EQ(c[0].cut, Cut::LineStart);
  EXPECT_EQ(c[0].bytes.size(), 123u);  // the third line start: 41 * 3
  EXPECT_EQ(c[1].start.line, 4u);
  EXPECT_EQ(c[1].start.column, 1u);
  // One line longer than the cap: cut at the cap, mid-line, with the column counted on.
  const std::string long_line = "[Event \"x\"]\n" + std::string(1000, 'a') + "\n";
  c = split(long_line, 100);
  EXPECT_EQ(c[0].cut, Cut::Forced);
  EXPECT_EQ(c[0].bytes.size(), 400u);
  EXPECT_EQ(c[1].start.line, 2u);
  EXPECT_EQ(c[1].start.column, 400u - 12u + 1u);
  EXPECT_EQ(c[2].start.column, 800u - 12u + 1u);
  // A forced cut never falls between CR and LF.
  std::string crlf = std::string(399, 'a') + "\r\n" + std::string(800, 'b');
  c = split(crlf, 100);
  EXPECT_EQ(c[0].cut, Cut::Forced);
  EXPECT_EQ(c[0].bytes.size(), 401u);
  EXPECT_EQ(c[1].start.line, 2u);
  EXPECT_EQ(c[1].start.column, 1u);
}

TEST(Splitter, EmptyInputIsOneEmptyLastChunk) {
  const std::vector<Chunk> c = split("", 100);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_TRUE(c[0].last);
  EXPECT_TRUE(c[0].bytes.empty());
}

// Big chunks, dense with line ends: the vectorised line count sums its per-byte counters
// every 255 blocks of 16 bytes, so runs of LFs longer than that must still count exactly.
TEST(Splitter, LineCountsStayExactInBigChunksFullOfLineEnds) {
  for (const std::string eol : {"\n", "\r\n", "\r", "\r\r\n\n\r"}) {
    std::string text;
    for (int i = 0; i < 40; ++i) {
      text += games(5, eol);
      for (int k = 0; k < 3000 + i; ++k) text += eol;
    }
    const std::vector<pgn::Location> starts = game_starts(text);
    ASSERT_EQ(starts.size(), 200u);
    const std::vector<Chunk> chunks = split(text, 20000);
    ASSERT_GT(chunks.size(), 5u);
    for (std::size_t i = 1; i < chunks.size(); ++i) {
      bool found = false;
      for (const pgn::Location& s : starts) found |= s == chunks[i].start;
      EXPECT_TRUE(found) << "chunk " << i << " line " << chunks[i].start.line;
    }
  }
}

// A pool hands given-back buffers out again; the chunks are the same as without one, and each
// leaves the padding a reader needs to lex it in place.
TEST(Splitter, APoolRecyclesBuffersAndChangesNoChunk) {
  const std::string text = games(300, "\n");
  const std::vector<Chunk> plain = split(text, 600);
  ChunkPool pool(4);
  io::Source source = io::Source::from_memory(text);
  Splitter splitter(source, 600, &pool);
  std::vector<const char*> seen;
  std::size_t reused = 0, i = 0;
  Chunk c;
  while (splitter.next(c)) {
    ASSERT_LT(i, plain.size());
    EXPECT_EQ(c.bytes.view(), plain[i].bytes.view()) << i;
    EXPECT_EQ(c.start, plain[i].start) << i;
    EXPECT_GE(c.bytes.capacity(), c.bytes.size() + pgn::kReaderPadding) << i;
    for (const char* p : seen) reused += p == c.bytes.data();
    seen.push_back(c.bytes.data());
    pool.give(std::move(c.bytes));
    c = Chunk{};
    ++i;
  }
  EXPECT_EQ(i, plain.size());
  EXPECT_GT(reused, plain.size() / 2);  // nearly every chunk went into a recycled buffer
}

}  // namespace
}  // namespace pgnkit::pipeline

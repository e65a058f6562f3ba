// The reader's additions for lib/pipeline: a start Location (a reader over part of a stream
// reports the whole stream's offsets and lines), ReadStats::clean_end, and the stop hook.
// Each is checked against the reader over the whole text: the same callbacks, the same
// places.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "pgn/recorder.h"

namespace pgnkit::pgn::test {
namespace {

// The log with the game numbers of "game N" and "end N" lines raised by base.
std::string renumber(const std::string& log, std::uint64_t base) {
  std::istringstream in(log);
  std::string out, line;
  while (std::getline(in, line)) {
    for (const std::string prefix : {"game ", "end "}) {
      if (line.rfind(prefix, 0) != 0) continue;
      const std::size_t end = line.find(' ', prefix.size());
      const std::uint64_t n = std::stoull(line.substr(prefix.size(), end - prefix.size()));
      line = prefix + std::to_string(n + base) + (end == std::string::npos ? "" : line.substr(end));
      break;
    }
    out += line + "\n";
  }
  return out;
}

// Where byte `offset` of text lies, counting lines as the lexer does.
Location location_of(std::string_view text, std::size_t offset) {
  Location l;
  l.offset = offset;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
      ++l.line;
      line_start = i + 1;
    }
  }
  l.column = static_cast<std::uint32_t>(offset - line_start + 1);
  return l;
}

struct Split {
  std::string whole, parts;
  ReadStats first, second;
};

Split read_split(std::string_view text, std::size_t at) {
  Split s;
  Recorder whole, a, b;
  whole.locations = a.locations = b.locations = true;
  s.whole = record(text, whole);
  record(text.substr(0, at), a, {}, &s.first);
  ReaderOptions options;
  options.start = location_of(text, at);
  record(text.substr(at), b, options, &s.second);
  s.parts = a.log + renumber(b.log, s.first.games);
  return s;
}

const std::string kTwoGames =
    "[Event \"a\"]\n\n1. e4 e5 {ok} 2. Nf3 1-0\n\n%escape\n  \n"
    "[Event \"b\"]\r\n\r\n1. d4 ( 1. c4 ) Nf6 ) 2. Nf3 0-1\r\r[Event \"c\"]\r1. e4 *\n";

TEST(ChunkRead, AReaderStartedMidStreamReportsTheStreamsPlaces) {
  const std::size_t second = kTwoGames.find("[Event \"b\"]");
  const std::size_t third = kTwoGames.find("[Event \"c\"]");
  for (const std::size_t at : {second, third}) {
    const Split s = read_split(kTwoGames, at);
    EXPECT_TRUE(s.first.clean_end) << at;
    EXPECT_EQ(s.parts, s.whole) << at;
    EXPECT_EQ(s.first.bytes + s.second.bytes, kTwoGames.size());
    EXPECT_EQ(s.first.errors + s.second.errors, 1u);  // the stray )
  }
  // The second part's first game is reported at its place in the whole text.
  Recorder r;
  ReaderOptions options;
  options.start = location_of(kTwoGames, third);
  EXPECT_EQ(options.start.line, 11u);  // "\r\r" ends two lines
  record(std::string_view(kTwoGames).substr(third), r, options);
  EXPECT_EQ(r.log.substr(0, r.log.find('\n')), "game 1 @11:1#" + std::to_string(third));
}

TEST(ChunkRead, CleanEndOnlyAfterAResultAndNothingButBlanksAndEscapes) {
  const auto clean = [](std::string_view text) {
    Recorder r;
    ReadStats stats;
    record(text, r, {}, &stats);
    return stats.clean_end;
  };
  EXPECT_TRUE(clean("1. e4 1-0\n"));
  EXPECT_TRUE(clean("[A \"1\"]\n1. e4 *\n\n%x\n \t\n"));
  EXPECT_TRUE(clean("1. e4 ( 1. d4 0-1 ) 1/2-1/2\n"));  // a marker in a variation is not the end
  EXPECT_FALSE(clean(""));                              // no game
  EXPECT_FALSE(clean("1. e4\n"));                       // no result
  EXPECT_FALSE(clean("1. e4 1-0 {after}\n"));           // a comment between games
  EXPECT_FALSE(clean("1. e4 1-0 junk\n"));              // junk between games
  EXPECT_FALSE(clean("1. e4 1-0\n[Event \"x\"]\n"));    // a game open at the end
  EXPECT_FALSE(clean("1. e4 {open comment 1-0\n"));     // inside a comment
  EXPECT_FALSE(clean("1. e4 ( 1. d4 1-0\n"));           // a result inside a variation
  EXPECT_FALSE(clean("1. e4 \x01 1-0\n"));              // the game was cut
}

struct Stopper {
  std::uint64_t at = 0;
  std::vector<std::uint64_t> asked;
  static bool ask(void* ctx, std::uint64_t offset) {
    auto& s = *static_cast<Stopper*>(ctx);
    s.asked.push_back(offset);
    return offset == s.at;
  }
};

TEST(ChunkRead, StopHookEndsTheReadBeforeTheGameAtItsOffset) {
  const std::string text = "[E \"1\"]\n1. e4 *\n[E \"2\"]\n1. d4 *\n[E \"3\"]\n1. c4 *\n";
  const std::size_t second = text.find("[E \"2\"]");
  const std::size_t third = text.find("[E \"3\"]");
  Stopper stopper{third, {}};
  ReaderOptions options;
  options.stop_before_game = &Stopper::ask;
  options.stop_ctx = &stopper;
  Recorder r;
  ReadStats stats;
  record(text, r, options, &stats);
  EXPECT_TRUE(stats.stopped);
  EXPECT_EQ(stats.games, 2u);
  EXPECT_EQ(stats.bytes, third);
  EXPECT_EQ(stopper.asked, (std::vector<std::uint64_t>{0, second, third}));  // once per game
  EXPECT_EQ(r.log.find("tag E=3"), std::string::npos);
  // An issue about a tag line starts a game too: asked there.
  const std::string bad = "1. e4 *\n[E \"unterminated\n1. d4 *\n";
  Stopper at_bad{bad.find('['), {}};
  options.stop_ctx = &at_bad;
  Recorder r2;
  record(bad, r2, options, &stats);
  EXPECT_TRUE(stats.stopped);
  EXPECT_EQ(stats.games, 1u);
  EXPECT_EQ(stats.bytes, bad.find('['));
}

}  // namespace
}  // namespace pgnkit::pgn::test

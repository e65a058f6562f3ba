// pgn::GameBytes: each game's raw bytes, exactly as documented in pgn/game_bytes.h, whatever
// the buffer size; dropped games; the length limit.
#include "pgn/game_bytes.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pgn/reader.h"
#include "support/files.h"

namespace pgnkit::pgn {
namespace {

// Reader options with this buffer size (and the defaults otherwise).
pgn::ReaderOptions sized_buffer(std::size_t bytes) {
  pgn::ReaderOptions options;
  options.buffer_size = bytes;
  return options;
}

struct Collect : Visitor {
  GameBytes raw;
  std::vector<std::string> games;
  std::vector<std::uint64_t> starts;
  std::vector<GameBytes::Status> statuses;
  std::uint64_t drop_game = 0;  // drop this game (1-based) at its first tag

  explicit Collect(std::size_t limit = GameBytes::kDefaultLimit) : raw(limit) {}
  void attach_buffer(const BufferedBytes* w) { raw.attach_buffer(w); }
  void before_buffer_moves() { raw.before_buffer_moves(); }
  void begin_game(const GameInfo& g) {
    raw.begin_game(g);
    starts.push_back(g.where.offset);
    if (g.number == drop_game) raw.drop();
  }
  void end_game(const EndInfo& e) {
    raw.end_game(e);
    games.emplace_back(raw.bytes());
    statuses.push_back(raw.status());
  }
};

std::vector<std::string> games_of(std::string_view text, std::size_t buffer = 1 << 20) {
  Collect c;
  io::Source src = io::Source::from_memory(text);
  read_pgn(src, c, sized_buffer(buffer));
  return c.games;
}

using Games = std::vector<std::string>;

TEST(GameBytes, FromFirstTokenThroughTheMarkersLineBreak) {
  EXPECT_EQ(games_of("[Event \"a\"]\n\n1. e4 e5 1-0\n\n\n[Event \"b\"]\n1. d4 *\n"),
            (Games{"[Event \"a\"]\n\n1. e4 e5 1-0\n", "[Event \"b\"]\n1. d4 *\n"}));
  // Blanks before the first token and text between games belong to no game.
  EXPECT_EQ(games_of("  [Event \"a\"]\n1. e4 1-0\njunk here\n[Event \"b\"] 1. d4 0-1"),
            (Games{"[Event \"a\"]\n1. e4 1-0\n", "[Event \"b\"] 1. d4 0-1"}));
}

TEST(GameBytes, LineBreaksAndBlanksAfterTheMarker) {
  EXPECT_EQ(games_of("[Event \"a\"]\r\n1. e4 1-0 \t\r\n\r\n[Event \"b\"]\r1. d4 *\r"),
            (Games{"[Event \"a\"]\r\n1. e4 1-0 \t\r\n", "[Event \"b\"]\r1. d4 *\r"}));
  // Other text after the marker on its line: the bytes end at the marker.
  EXPECT_EQ(games_of("1. e4 1-0 {done}\n[Event \"b\"]\n1. d4 *  [Event \"c\"]\n*\n"),
            (Games{"1. e4 1-0", "[Event \"b\"]\n1. d4 *", "[Event \"c\"]\n*\n"}));
  // The line break counts only within kRawLineLookahead bytes after the marker.
  const std::string near(kRawLineLookahead - 1, ' ');
  const std::string far(kRawLineLookahead, ' ');
  EXPECT_EQ(games_of("1. e4 *" + near + "\n"), (Games{"1. e4 *" + near + "\n"}));
  EXPECT_EQ(games_of("1. e4 *" + far + "\n"), (Games{"1. e4 *"}));
}

TEST(GameBytes, GamesWithoutAMarkerCutOrAtTheEnd) {
  // Ended by the next tag section: through the last token's line.
  EXPECT_EQ(games_of("[Event \"a\"]\n1. e4 e5\n\n[Event \"b\"]\n1. d4"),
            (Games{"[Event \"a\"]\n1. e4 e5\n", "[Event \"b\"]\n1. d4"}));
  // Cut by an error: the skipped text is the game's, up to its last non-blank line.
  EXPECT_EQ(games_of("[Event \"a\"]\n1. e4 <bad> e5\nmore 1-0\n\n\n[Event \"b\"]\n*\n"),
            (Games{"[Event \"a\"]\n1. e4 <bad> e5\nmore 1-0\n", "[Event \"b\"]\n*\n"}));
  // An unterminated comment runs to the next [Event line: that text is the first game's.
  EXPECT_EQ(games_of("[Event \"a\"]\n1. e4 {open\n\n[Event \"b\"]\n*\n"),
            (Games{"[Event \"a\"]\n1. e4 {open\n", "[Event \"b\"]\n*\n"}));
}

// Every game of the sample and broken files: its bytes lie in the input at its first token,
// in order, with only blanks or text between games outside them; and the same bytes come out
// at every buffer size.
TEST(GameBytes, SameBytesAtEveryBufferSizeAndTheyAreTheInputs) {
  for (const char* name : {"data/sample.pgn", "data/broken.pgn"}) {
    const std::string text = testing::read_file(std::string(PGNKIT_SOURCE_DIR) + "/" + name);
    ASSERT_FALSE(text.empty()) << name;
    Collect whole;
    io::Source src = io::Source::from_memory(text);
    read_pgn(src, whole);
    ASSERT_GT(whole.games.size(), 10u) << name;
    std::uint64_t previous_end = 0;
    for (std::size_t i = 0; i < whole.games.size(); ++i) {
      const std::string& g = whole.games[i];
      EXPECT_EQ(whole.statuses[i], GameBytes::Status::Kept);
      ASSERT_GE(whole.starts[i], previous_end) << name << " game " << i + 1;
      EXPECT_EQ(text.compare(whole.starts[i], g.size(), g), 0) << name << " game " << i + 1;
      previous_end = whole.starts[i] + g.size();
    }
    if (std::string_view(name) == "data/sample.pgn") {  // clean: games and blank lines only
      std::string rest;
      std::uint64_t at = 0;
      for (std::size_t i = 0; i < whole.games.size(); ++i) {
        rest += text.substr(at, whole.starts[i] - at);
        at = whole.starts[i] + whole.games[i].size();
      }
      rest += text.substr(at);
      EXPECT_EQ(rest.find_first_not_of("\n"), std::string::npos);
    }
    for (std::size_t buffer : {512, 513, 700, 1000, 4096, 65536}) {
      EXPECT_EQ(games_of(text, buffer), whole.games) << name << " buffer " << buffer;
    }
  }
}

TEST(GameBytes, DroppedGamesAreNotKept) {
  const std::string text = testing::read_file(std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn");
  const Games all = games_of(text);
  for (std::size_t buffer : {512, 4096}) {
    Collect c;
    c.drop_game = 3;
    io::Source src = io::Source::from_memory(text);
    read_pgn(src, c, sized_buffer(buffer));
    ASSERT_EQ(c.games.size(), all.size());
    EXPECT_EQ(c.statuses[2], GameBytes::Status::Dropped);
    EXPECT_EQ(c.games[2], "");
    for (std::size_t i = 0; i < all.size(); ++i) {
      if (i != 2) {
        EXPECT_EQ(c.games[i], all[i]) << "game " << i + 1;
      }
    }
  }
}

TEST(GameBytes, AGameOverTheLimitIsGivenUpAndItsNeighboursKept) {
  const std::string before = "[Event \"a\"]\n1. e4 *\n\n";
  const std::string huge = "[Event \"huge\"]\n1. e4 {" + std::string(5000, 'x') + "} *\n\n";
  const std::string after = "[Event \"b\"]\n1. d4 *\n";
  for (std::size_t buffer : {512, 1 << 20}) {
    Collect c(2000);
    const std::string text = before + huge + after;
    io::Source src = io::Source::from_memory(text);
    read_pgn(src, c, sized_buffer(buffer));
    ASSERT_EQ(c.games.size(), 3u);
    EXPECT_EQ(c.games[0], before.substr(0, before.size() - 1));
    EXPECT_EQ(c.statuses[1], GameBytes::Status::TooLong);
    EXPECT_EQ(c.games[1], "");
    EXPECT_EQ(c.games[2], after);
  }
  // Exactly at the limit: kept.
  Collect exact(huge.size() - 1);
  io::Source src = io::Source::from_memory(huge);
  read_pgn(src, exact, sized_buffer(512));
  EXPECT_EQ(exact.games, (Games{huge.substr(0, huge.size() - 1)}));
}

// A 100 MB game under the default 32 MiB limit: given up with bounded memory; the next kept.
TEST(GameBytes, AHundredMegabyteGame) {
  std::string text = "[Event \"huge\"]\n1. e4 {";
  text.append(std::size_t{100} << 20, 'x');
  text += "} *\n\n[Event \"b\"]\n1. d4 *\n";
  Collect c;
  io::Source src = io::Source::from_memory(text);
  read_pgn(src, c);
  ASSERT_EQ(c.games.size(), 2u);
  EXPECT_EQ(c.statuses[0], GameBytes::Status::TooLong);
  EXPECT_GT(c.raw.limit(), 0u);
  EXPECT_EQ(c.games[1], "[Event \"b\"]\n1. d4 *\n");
}

}  // namespace
}  // namespace pgnkit::pgn

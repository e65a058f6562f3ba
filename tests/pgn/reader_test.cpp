// The visitor call order, locations, control values and buffer independence.
#include <gtest/gtest.h>

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "pgn/reader.h"
#include "pgn/tag.h"
#include "recorder.h"

namespace pgnkit::pgn {
namespace {

using test::record;
using test::Recorder;

constexpr std::string_view kGame =
    "[Event \"Test\"]\n"
    "[White \"A \\\"B\\\"\"]\n"
    "\n"
    "1. e4 $1 {c} (1. d4 d5) 1... e5!? 2. Nf3 1-0\n";

TEST(Reader, CallOrderAndLocations) {
  EXPECT_EQ(record(kGame, true),
            "game 1 @1:1#0\n"
            "tag Event=Test @1:1#0\n"
            "tag White=A \\\"B\\\" @2:1#15\n"
            "movetext\n"
            "num 1 @4:1#34\n"
            "san e4 @4:4#37\n"
            "nag 1 @4:7#40\n"
            "comment {c} @4:10#43\n"
            "( @4:14#47\n"
            "num 1 @4:15#48\n"
            "san d4 @4:18#51\n"
            "san d5 @4:21#54\n"
            ") @4:23#56\n"
            "num 1 @4:25#58\n"
            "san e5 @4:30#63\n"
            "nag 5 @4:32#65\n"
            "num 2 @4:35#68\n"
            "san Nf3 @4:38#71\n"
            "result 1-0 = 1-0 @4:42#75\n"
            "end 1 e=0 w=0 to=78\n");
}

TEST(Reader, StatsCountGamesBytesAndIssues) {
  Recorder r;
  ReadStats stats;
  record("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4\n", r, {}, &stats);
  EXPECT_EQ(stats.games, 2u);
  EXPECT_EQ(stats.bytes, 39u);
  EXPECT_EQ(stats.errors, 0u);
  EXPECT_EQ(stats.warnings, 1u);  // missing result in game 2
}

TEST(Reader, EmptyInputHasNoGames) {
  Recorder r;
  ReadStats stats;
  EXPECT_EQ(record("", r, {}, &stats), "");
  EXPECT_EQ(stats.games, 0u);
  EXPECT_EQ(record(" \n\r\n\t\n"), "");
}

TEST(Reader, TagOnlyGameStillGetsMovetext) {
  EXPECT_EQ(record("[Event \"x\"]\n"),
            "game 1 @1:1#0\n"
            "tag Event=x\n"
            "movetext\n"
            "WARNING no_movetext '' @1:12#11\n"
            "end 1 no-result e=0 w=1 to=11\n");
}

TEST(Reader, StopGameFromTagSkipsToNextGame) {
  Recorder r;
  r.stop_at_tag = "Black";
  EXPECT_EQ(record("[White \"w\"]\n[Black \"b\"]\n[Site \"s\"]\n1. e4 {x} (1. d4) 1-0\n"
                   "[Event \"next\"]\n1. c4 0-1\n",
                   r),
            "game 1 @1:1#0\n"
            "tag White=w\n"
            "tag Black=b\n"
            "end 1 stopped e=0 w=0 to=56\n"
            "game 2 @5:1#57\n"
            "tag Event=next\n"
            "movetext\n"
            "num 1\n"
            "san c4\n"
            "result 0-1 = 0-1\n"
            "end 2 e=0 w=0 to=81\n");
}

TEST(Reader, StopGameFromSanHidesTheRestIncludingIssues) {
  Recorder r;
  r.stop_at_san = "e4";
  EXPECT_EQ(record("1. e4 e5 ) 2. Nf3\n[Event \"n\"]\n*\n", r),
            "game 1 @1:1#0\n"
            "movetext\n"
            "num 1\n"
            "san e4\n"
            "end 1 no-result stopped e=1 w=1 to=17\n"
            "game 2 @2:1#18\n"
            "tag Event=n\n"
            "movetext\n"
            "result * = *\n"
            "end 2 e=0 w=0 to=31\n");
}

TEST(Reader, SkipVariationHidesItAndItsEnd) {
  Recorder r;
  r.skip_variations = true;
  EXPECT_EQ(record("1. e4 (1. d4 (1. c4) d5) e5 *\n", r),
            "game 1 @1:1#0\n"
            "movetext\n"
            "num 1\n"
            "san e4\n"
            "(\n"
            "san e5\n"
            "result * = *\n"
            "end 1 e=0 w=0 to=29\n");
}

TEST(Reader, VoidCallbacksAreAccepted) {
  struct Minimal : Visitor {
    int sans = 0;
    int games = 0;
    void san(std::string_view, Location) { ++sans; }
    void begin_variation(Location) {}
    void end_game(const EndInfo&) { ++games; }
  } v;
  io::Source src = io::Source::from_memory(kGame);
  read_pgn(src, v);
  EXPECT_EQ(v.sans, 5);
  EXPECT_EQ(v.games, 1);
}

TEST(Reader, GameNumbersAreOneBasedPerSource) {
  const std::string two = "1. e4 *\n1. d4 *\n";
  EXPECT_EQ(record(two),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\nresult * = *\nend 1 e=0 w=0 to=7\n"
            "game 2 @2:1#8\nmovetext\nnum 1\nsan d4\nresult * = *\nend 2 e=0 w=0 to=15\n");
}

// Games that exercise every token kind, both lexer paths and both line endings.
std::string mixed_games() {
  std::string text;
  for (int i = 0; i < 300; ++i) {
    text += test::cat(
        {"[Event \"Game ", std::to_string(i), "\"]\r\n[White \"Caf\xC3\xA9 \\\"x\\\"\"]\r\n\r\n"});
    text += "1.e4 e5!? 2. Nf3 {a comment\nover two lines} (2. d4 $13 exd4 (2... d5)) 2... Nc6 ";
    text += "; line comment\n3. Bb5 a6 4. O-O 0-0-0 -- Z0 e8=Q+ ";
    text += i % 3 == 0 ? "1/2-1/2\n" : i % 3 == 1 ? "\xC2\xBD-\xC2\xBD\n" : "*\n";
    if (i % 7 == 0) text += "%escape line\n";
    if (i % 11 == 0) text += "1. e4 & broken\n";
    // The lexer's fast and general paths for the same tokens: plain tags and comments, and
    // their spaced, escaped, tabbed, '~' and UTF-8 variants; long and odd move numbers.
    text += "[Site \"lichess.org\"]\n[ Round  \"1\" ]\n[Annotator \"a\\\\b\"]\n";
    text += "[Black \"T\\tab\"] [White \"Caf\xC3\xA9\"]\n\n";
    text += "1. e4 { [%clk 0:01:00] } 1... e5 {~tilde} {caf\xC3\xA9} {\ttab} {} ";
    text += "1234567890. d4 12\xE2\x80\xA6 c5 99999. Nf3 0-0 0-0-0 ";
    text += i % 2 == 0 ? "1-0\r\n" : "0-1\r\r\n";
    if (i % 13 == 0) text += ":junk between games\n";
  }
  return text;
}

// The same text must give the same log whatever the buffer size: tokens then cross
// buffer boundaries at every possible position.
TEST(Reader, LogDoesNotDependOnBufferSize) {
  const std::string text = mixed_games();
  const std::string expected = record(text, true);
  ASSERT_GT(expected.size(), text.size());
  for (std::size_t size : {512, 513, 600, 777, 1000, 4096, 65536}) {
    ReaderOptions options;
    options.buffer_size = size;
    EXPECT_EQ(record(text, true, options), expected) << "buffer " << size;
  }
}

// Nor on how much each read returns: the lexer parses what a read gave (a pipe's chunk, a
// decoded zstd block) without waiting for a full buffer. A writer thread feeds a pipe in
// chunks of 1 to 97 bytes and waits until the reader has taken each one, so that every read
// returns exactly one chunk.
TEST(Reader, LogDoesNotDependOnReadSizes) {
  const std::string text = mixed_games();
  const std::string expected = record(text, true);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&text, in = fds[0], out = fds[1]] {
    std::size_t at = 0, chunk = 1;
    while (at < text.size()) {
      const std::size_t n = std::min(chunk, text.size() - at);
      if (::write(out, text.data() + at, n) != static_cast<ssize_t>(n)) break;
      at += n;
      chunk = chunk % 97 + 1;
      int unread = 1;
      while (::ioctl(in, FIONREAD, &unread) == 0 && unread > 0) std::this_thread::yield();
    }
    ::close(out);
  });
  auto src = io::Source::open("/dev/fd/" + std::to_string(fds[0]));
  ASSERT_TRUE(src.has_value());
  Recorder r;
  r.locations = true;
  ReaderOptions options;
  options.buffer_size = 4096;
  read_pgn(*src, r, options);
  writer.join();
  ::close(fds[0]);
  EXPECT_EQ(r.log, expected);
}

// The contract in visitor.h: tag, san and comment texts stay valid (the same bytes) until
// the visitor's before_buffer_moves() is called, and it is called before any refill that
// moves them. Each text is kept both as a view and as a copy; at each call and at each game's end
// every view must still read as its copy. With the smallest buffer, refills fall inside
// games.
struct TextKeeper : Visitor {
  struct Kept {
    std::string_view view;
    std::string copy;
  };
  std::vector<Kept> texts;
  std::size_t moves = 0, checked = 0;
  bool all_intact = true;
  Control tag(std::string_view name, std::string_view value, Location) {
    texts.push_back({name, std::string(name)});
    texts.push_back({value, std::string(value)});
    return Control::Continue;
  }
  Control san(std::string_view text, Location) {
    texts.push_back({text, std::string(text)});
    return Control::Continue;
  }
  Control comment(std::string_view text, Location) {
    texts.push_back({text, std::string(text)});
    return Control::Continue;
  }
  void check() {
    for (const Kept& k : texts) all_intact &= k.view == k.copy;
    checked += texts.size();
  }
  void end_game(const EndInfo&) { check(); }
  void before_buffer_moves() {
    ++moves;
    check();
    texts.clear();  // from here on the bytes may move
  }
};

TEST(Reader, TagSanAndCommentTextsStayValidUntilTheBufferMoves) {
  std::string pgn;
  for (int i = 0; i < 40; ++i) {
    // Tags as the lexer's inline path, its general path (spacing, escapes) and an
    // unterminated value read them.
    pgn += "[Event \"" + std::to_string(i) + "\"]\n[ Site  \"a \\\"site\\\" " +
           std::string(static_cast<std::size_t>(i * 5), 's') + "\" ]\n[Round \"" +
           std::to_string(i) + "\n";
    pgn += "\n1. e4 {a comment long enough to matter " +
           std::string(static_cast<std::size_t>(i * 7), 'x') + "} e5 2. Nf3 (2. d4 {v} d5) Nc6 " +
           "{[%clk 0:01:00]} 3. Bb5 a6 1-0\n\n";
  }
  auto src = io::Source::from_memory(pgn);
  TextKeeper keeper;
  ReaderOptions options;
  options.buffer_size = 512;
  read_pgn(src, keeper, options);
  EXPECT_GT(keeper.moves, 20u);  // the buffer did move, many times
  EXPECT_GT(keeper.checked, 40u * 15);
  EXPECT_TRUE(keeper.all_intact);
}

// A visitor that takes tag()'s fourth parameter gets TagValue::Printable exactly for the
// values that are printable ASCII without '"' or '\\' (when the tag line is well formed; a
// malformed one may say Unknown), and never for another value.
struct TagForms : Visitor {
  struct Seen {
    std::string name, value;
    TagValue form;
  };
  std::vector<Seen> tags;
  void tag(std::string_view name, std::string_view value_raw, Location, TagValue form) {
    tags.push_back({std::string(name), std::string(value_raw), form});
  }
};

bool printable(std::string_view value) {
  return std::all_of(value.begin(), value.end(),
                     [](char c) { return c >= 0x20 && c <= 0x7E && c != '"' && c != '\\'; });
}

TEST(Reader, TagValuesSeenPrintableAreMarked) {
  const std::string lines[] = {
      "[Event \"Rated Blitz game\"]",  // the lexer's inline path
      "[Site  \"https://x.org/a\" ]",  // spaced otherwise: lex_tag()'s first path
      "[White \"A \\\"B\\\"\"]",       // escapes
      "[Black \"Jos\xC3\xA9\"]",       // UTF-8
      "[Round \"tab\there\"]",         // a control byte
      "[Date \"del\x7F\"]",            // DEL: printable for neither PGN nor JSON
      "[Result \"1-0\"]",
      "[Empty \"\"]",
  };
  std::string pgn;
  for (const std::string& line : lines) pgn += line + "\n";
  pgn += "\n1. e4 *\n\n[Event \"unterminated]\n\n1. d4 *\n";
  auto src = io::Source::from_memory(pgn);
  TagForms v;
  read_pgn(src, v);
  ASSERT_EQ(v.tags.size(), std::size(lines) + 1);
  const TagValue expected[] = {TagValue::Printable, TagValue::Printable, TagValue::Unknown,
                               TagValue::Unknown,   TagValue::Unknown,   TagValue::Unknown,
                               TagValue::Printable, TagValue::Printable};
  for (std::size_t i = 0; i < std::size(lines); ++i)
    EXPECT_EQ(v.tags[i].form, expected[i]) << lines[i];
  EXPECT_EQ(v.tags.back().form, TagValue::Unknown);  // unterminated, though printable

  // Random values of bytes that matter, one tag line each.
  std::mt19937 rng(17);
  const std::string bytes = std::string("aZ09 -\"\\\t\x7F\x80\xC3\xA9]") + '\0' + '\x1F';
  std::string random;
  std::vector<std::string> values;
  for (int i = 0; i < 3000; ++i) {
    std::string value;
    for (std::size_t n = rng() % 40; n > 0; --n) value += bytes[rng() % bytes.size()];
    values.push_back(value);
    random += "[T" + std::to_string(i) + (i % 3 == 0 ? "  \"" : " \"") + value +
              (i % 5 == 0 ? "\" ]\n" : "\"]\n");
  }
  random += "\n*\n";
  auto random_src = io::Source::from_memory(random);
  TagForms r;
  read_pgn(random_src, r);
  std::size_t marked = 0, compared = 0;
  for (const TagForms::Seen& t : r.tags) {
    if (t.form == TagValue::Printable) {
      ++marked;
      EXPECT_TRUE(printable(t.value)) << t.value;
    }
  }
  for (const TagForms::Seen& t : r.tags) {
    const std::string& value = values.at(std::stoul(t.name.substr(1)));
    if (t.value != value) continue;  // a value that ended its line early
    ++compared;
    EXPECT_EQ(t.form == TagValue::Printable, printable(value)) << value;
  }
  EXPECT_GT(marked, 100u);
  EXPECT_GT(compared, 1000u);
}

TEST(UnescapeTag, RemovesQuoteAndBackslashEscapes) {
  std::string out;
  EXPECT_FALSE(unescape_tag("plain", out));
  EXPECT_EQ(out, "plain");
  EXPECT_TRUE(unescape_tag(R"(a \"b\" c\\d)", out));
  EXPECT_EQ(out, R"(a "b" c\d)");
  EXPECT_FALSE(unescape_tag(R"(keep \n and trailing \)", out));
  EXPECT_EQ(out, R"(keep \n and trailing \)");
}

TEST(Outcome, CanonicalText) {
  EXPECT_EQ(outcome_text(Outcome::WhiteWins), "1-0");
  EXPECT_EQ(outcome_text(Outcome::BlackWins), "0-1");
  EXPECT_EQ(outcome_text(Outcome::Draw), "1/2-1/2");
  EXPECT_EQ(outcome_text(Outcome::Unknown), "*");
}

// reading_done(): asked before each game, with tags or without; true ends read_pgn there.
TEST(Reader, ReadingDoneEndsBeforeTheNextGame) {
  struct Two : Visitor {
    std::uint64_t ended = 0;
    void end_game(const EndInfo&) { ++ended; }
    bool reading_done() const { return ended == 2; }
  };
  for (const std::string_view text :
       {std::string_view("[Event \"a\"]\n*\n[Event \"b\"]\n*\n[Event \"c\"]\n*\n"),
        std::string_view("1. e4 *\n1. d4 *\n1. c4 *\n1. Nf3 *\n")}) {
    Two v;
    io::Source src = io::Source::from_memory(text);
    const ReadStats stats = read_pgn(src, v);
    EXPECT_EQ(v.ended, 2u) << text;
    EXPECT_EQ(stats.games, 2u) << text;
    EXPECT_LT(stats.bytes, text.size()) << text;
  }
}

// The en-passant mark is one token, alone or glued to the move, whatever follows it; other
// dots after a move stay stray dots.
TEST(Reader, EnPassantMarkIsOneToken) {
  EXPECT_EQ(record("1. exd6 e.p. Nc6 2. exd6e.p. e.p 3. ep e.p. 4. e4. e5 *\n"),
            "game 1 @1:1#0\n"
            "movetext\n"
            "num 1\n"
            "san exd6\n"
            "san e.p.\n"
            "san Nc6\n"
            "num 2\n"
            "san exd6e.p.\n"
            "san e.p\n"
            "num 3\n"
            "san ep\n"
            "san e.p.\n"
            "num 4\n"
            "san e4\n"
            "san e5\n"
            "result * = *\n"
            "end 1 e=0 w=0 to=55\n");
}

}  // namespace
}  // namespace pgnkit::pgn

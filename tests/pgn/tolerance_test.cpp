// What real files contain and the reader accepts without complaint (or with a warning).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "recorder.h"

namespace pgnkit::pgn {
namespace {

using test::record;

// Only the token texts, one per line, for compact expectations.
std::string tokens(std::string_view text) {
  std::string log = record(text);
  std::string out;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("game ", 0) == 0 || line == "movetext" || line.rfind("end ", 0) == 0) continue;
    out.append(line).append("|");
  }
  return out;
}

TEST(Tolerance, Utf8ByteOrderMark) {
  EXPECT_EQ(record("\xEF\xBB\xBF[Event \"A\"]\n1. e4 *\n", true),
            "game 1 @1:4#3\ntag Event=A @1:4#3\nmovetext\nnum 1 @2:1#15\nsan e4 @2:4#18\n"
            "result * = * @2:7#21\nend 1 e=0 w=0 to=22\n");
}

TEST(Tolerance, ByteOrderMarkWhereFilesWereConcatenated) {
  EXPECT_EQ(tokens("1. e4 *\n\xEF\xBB\xBF[Event \"B\"]\n0-1\n"),
            "num 1|san e4|result * = *|tag Event=B|result 0-1 = 0-1|");
}

TEST(Tolerance, CrlfAndLoneCrEndLines) {
  EXPECT_EQ(record("[Event \"A\"]\r\n1. e4\r\ne5\r2. Nf3 *\r\n", true),
            "game 1 @1:1#0\ntag Event=A @1:1#0\nmovetext\nnum 1 @2:1#13\nsan e4 @2:4#16\n"
            "san e5 @3:1#20\nnum 2 @4:1#23\nsan Nf3 @4:4#26\nresult * = * @4:8#30\n"
            "end 1 e=0 w=0 to=31\n");
}

TEST(Tolerance, CommentsSpanLinesAndCountThem) {
  EXPECT_EQ(record("1. e4 {a\nb\r\nc} e5 *\n", true),
            "game 1 @1:1#0\nmovetext\nnum 1 @1:1#0\nsan e4 @1:4#3\n"
            "comment {a\nb\r\nc} @1:7#6\nsan e5 @3:4#15\nresult * = * @3:7#18\n"
            "end 1 e=0 w=0 to=19\n");
}

TEST(Tolerance, TagsAndMovesOnOneLine) {
  EXPECT_EQ(tokens("[Event \"A\"] [Site \"B\"] 1. e4 e5 *\n"),
            "tag Event=A|tag Site=B|num 1|san e4|san e5|result * = *|");
  EXPECT_EQ(tokens("    [Variant \"Standard\"] 1. e4 *"),
            "tag Variant=Standard|num 1|san e4|result * = *|");
}

TEST(Tolerance, MoveNumberGluedToMove) {
  EXPECT_EQ(tokens("1.e4 e5 2.Nf3 *"), "num 1|san e4|san e5|num 2|san Nf3|result * = *|");
}

TEST(Tolerance, BlackMoveNumbers) {
  EXPECT_EQ(tokens("1. e4 1... e5 2.Nf3 2\xE2\x80\xA6 Nc6 3.Bb5 3...a6 4\xE2\x80\xA6Nf6 *"),
            "num 1|san e4|num 1|san e5|num 2|san Nf3|num 2|san Nc6|num 3|san Bb5|num 3|"
            "san a6|num 4|san Nf6|result * = *|");
}

TEST(Tolerance, MissingMoveNumbers) {
  EXPECT_EQ(tokens("[Event \"A\"]\ne4 e5 Nf3 *"),
            "tag Event=A|san e4|san e5|san Nf3|result * = *|");
  // Tagless games without numbers (pgn-extract's test files have them).
  EXPECT_EQ(tokens("e4 e5 *\nNf3 Nc6 *\n"),
            "san e4|san e5|result * = *|san Nf3|san Nc6|result * = *|");
  EXPECT_EQ(tokens("1 e4 e5 2 Nf3 *"), "num 1|san e4|san e5|num 2|san Nf3|result * = *|");
}

TEST(Tolerance, CastlingSpellingsAreSanTokens) {
  EXPECT_EQ(tokens("1. O-O O-O-O 2. 0-0 0-0-0+ 3. O-O# *"),
            "num 1|san O-O|san O-O-O|num 2|san 0-0|san 0-0-0+|num 3|san O-O#|result * = *|");
}

TEST(Tolerance, NullMovesAndOtherSpellingsAreSanTokens) {
  EXPECT_EQ(tokens("1. -- Z0 2. e2-e4 Ng8xf6 3. P@e4 e8=Q+ *"),
            "num 1|san --|san Z0|num 2|san e2-e4|san Ng8xf6|num 3|san P@e4|san e8=Q+|"
            "result * = *|");
}

TEST(Tolerance, BlankLineInsideMovetextDoesNotEndTheGame) {  // ChessBase writes these
  EXPECT_EQ(tokens("[Event \"A\"]\n\n1. e4 e5\n\n2. Nf3\n\n\nNc6\n\n1-0\n"),
            "tag Event=A|num 1|san e4|san e5|num 2|san Nf3|san Nc6|result 1-0 = 1-0|");
}

TEST(Tolerance, MissingResultAtEndOfFile) {
  EXPECT_EQ(record("[Event \"A\"]\n1. e4 {end}\n\n"),
            "game 1 @1:1#0\ntag Event=A\nmovetext\nnum 1\nsan e4\ncomment {end}\n"
            "WARNING missing_result '' @2:12#23\nend 1 no-result e=0 w=1 to=23\n");
}

TEST(Tolerance, MissingResultBeforeTheNextTagSection) {
  EXPECT_EQ(record("[Event \"A\"]\n1. e4\n  [Event \"B\"]\n1. d4 *"),
            "game 1 @1:1#0\ntag Event=A\nmovetext\nnum 1\nsan e4\n"
            "WARNING missing_result '' @2:6#17\nend 1 no-result e=0 w=1 to=17\n"
            "game 2 @3:3#20\ntag Event=B\nmovetext\nnum 1\nsan d4\nresult * = *\n"
            "end 2 e=0 w=0 to=39\n");
}

// The game's end is its last token's, across blank lines, escape lines and line breaks
// (LF, CRLF, lone CR) that came after it.
TEST(Tolerance, MissingResultIsAtTheLastTokenNotAtEscapeLines) {
  EXPECT_EQ(record("[Event \"A\"]\n1. e4 e5\r\n\r\n%escape\r\r\n[Event \"B\"]\n*"),
            "game 1 @1:1#0\ntag Event=A\nmovetext\nnum 1\nsan e4\nsan e5\nescape escape\n"
            "WARNING missing_result '' @2:9#20\nend 1 no-result e=0 w=1 to=20\n"
            "game 2 @6:1#34\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=47\n");
  EXPECT_EQ(record("[Event \"A\"]\n[Site \"S\"]\n\n%x\n"),  // tags only
            "game 1 @1:1#0\ntag Event=A\ntag Site=S\nescape x\nmovetext\n"
            "WARNING no_movetext '' @2:11#22\nend 1 no-result e=0 w=1 to=22\n");
}

TEST(Tolerance, SemicolonCommentsRunToTheEndOfTheLine) {
  EXPECT_EQ(tokens("1. e4 ; to the end {not a brace\r\ne5 ;\n*"),
            "num 1|san e4|comment { to the end {not a brace}|san e5|comment {}|result * = *|");
}

TEST(Tolerance, EscapeLinesInColumnOne) {
  EXPECT_EQ(record("%header\n[Event \"A\"]\n%inside\n1. e4 *\n", true),
            "escape header @1:1#0\ngame 1 @2:1#8\ntag Event=A @2:1#8\n"
            "escape inside @3:1#20\nmovetext\nnum 1 @4:1#28\nsan e4 @4:4#31\n"
            "result * = * @4:7#34\nend 1 e=0 w=0 to=35\n");
}

TEST(Tolerance, SuffixAnnotationsBecomeNagsGluedOrSeparate) {
  EXPECT_EQ(tokens("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 ! Nf6 ?? 5. O-O+!? $22 "
                   "e8=Q#?? $0 $255 *"),
            "num 1|san e4|nag 1|san e5|nag 2|num 2|san Nf3|nag 3|san Nc6|nag 4|num 3|san Bb5|"
            "nag 5|san a6|nag 6|num 4|san Ba4|nag 1|san Nf6|nag 4|num 5|san O-O+|nag 5|nag 22|"
            "san e8=Q#|nag 4|nag 0|nag 255|result * = *|");
}

TEST(Tolerance, ResultSpellings) {
  struct Case {
    std::string text, canonical;
    int dash = -1;  // the byte offset of a Unicode dash in text (a unicode_dash warning there)
  };
  const Case cases[] = {
      {"1-0", "1-0"},
      {"0-1", "0-1"},
      {"1/2-1/2", "1/2-1/2"},
      {"*", "*"},
      {"\xC2\xBD-\xC2\xBD", "1/2-1/2"},  // ½-½
      {"1\xE2\x80\x93"
       "0",
       "1-0", 1},  // en dash
      {"0\xE2\x80\x93"
       "1",
       "0-1", 1},  // en dash
      {"1\xE2\x80\x94"
       "0",
       "1-0", 1},  // em dash
      {"0\xE2\x80\x94"
       "1",
       "0-1", 1},  // em dash
      {"1\xE2\x88\x92"
       "0",
       "1-0", 1},  // minus sign
      {"0\xE2\x80\x91"
       "1",
       "0-1", 1},  // non-breaking hyphen
      {"1/2\xE2\x80\x93"
       "1/2",
       "1/2-1/2", 3},  // en dash
      {"1/2", "1/2-1/2"},
  };
  for (const auto& [text, canonical, dash] : cases) {
    // A Unicode dash is read as '-', with a warning at it, before the result. (Captured by
    // init-capture: clang 14 cannot capture structured bindings.)
    auto warning = [&text = text, dash = dash](std::size_t at) {
      if (dash < 0) return std::string();
      const std::size_t offset = at + static_cast<std::size_t>(dash);
      return test::cat({"WARNING unicode_dash '", text, "' @1:", std::to_string(offset + 1), "#",
                        std::to_string(offset), "|"});
    };
    // Built with append: GCC 12 gives a false -Wrestrict for chains of string operator+.
    std::string expected = "num 1|san e4|" + warning(6) + "result ";
    expected.append(text).append(" = ").append(canonical).append("|");
    EXPECT_EQ(tokens(test::cat({"1. e4 ", text, "\n"})), expected) << text;
    // Inside a variation a result is ignored: only the main line ends a game.
    const std::size_t end = 13 + text.size() + 4;  // after the ')'
    expected = "num 1|san e4|(|num 1|san d4|" + warning(13) + "WARNING result_in_variation '";
    expected.append(text).append("' @1:14#13|san e5|)|WARNING missing_result '' @1:");
    expected.append(std::to_string(end + 1)).append("#").append(std::to_string(end)).append("|");
    EXPECT_EQ(tokens(test::cat({"1. e4 (1. d4 ", text, " e5)"})), expected) << text;
  }
}

TEST(Tolerance, StrayDotsAndControlZ) {
  EXPECT_EQ(tokens("1. e4 . e5 ... 2. \xE2\x80\xA6 Nf3 *\n\x1A"),
            "num 1|san e4|san e5|num 2|san Nf3|result * = *|");
}

TEST(Tolerance, VeryLongLineWithSmallBuffer) {
  std::string text = "[Event \"long\"]\n";
  for (int i = 1; i <= 5000; ++i) text.append(std::to_string(i)).append(". Nf3 Nf6 ");
  text += "*\n";
  struct Count : Visitor {
    int sans = 0;
    int games = 0;
    void san(std::string_view, Location) { ++sans; }
    void end_game(const EndInfo& e) { games += e.has_result && e.errors == 0 ? 1 : 100; }
  } v;
  io::Source src = io::Source::from_memory(text);
  ReaderOptions options;
  options.buffer_size = 512;
  read_pgn(src, v, options);
  EXPECT_EQ(v.sans, 10000);
  EXPECT_EQ(v.games, 1);
}

TEST(Tolerance, PathologicalTagValues) {  // the escapes make every value well defined
  EXPECT_EQ(tokens(R"([A "b\""] [B "b\""] [C "A]]"] [D "A]]["] [E "\"A]][\""] [F "\"A]][\"\\"])"
                   R"( [G "\"]"])"
                   "\n*"),
            R"(tag A=b\"|tag B=b\"|tag C=A]]|tag D=A]][|tag E=\"A]][\"|tag F=\"A]][\"\\|)"
            R"(tag G=\"]|result * = *|)");
}

TEST(Tolerance, UnescapedQuoteInsideTagValue) {
  EXPECT_EQ(tokens("[Event \"The \"Big\" Open\"]\n[ Site   \"x\" ]\n[Round\"1\"]\n*"),
            "tag Event=The \"Big\" Open|tag Site=x|tag Round=1|result * = *|");
}

TEST(Tolerance, ChessBaseFixtureFile) {
  std::ifstream in(PGNKIT_SOURCE_DIR "/tests/data/pgn/blank_lines_inside_movetext.pgn",
                   std::ios::binary);
  ASSERT_TRUE(in) << "fixture missing";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  test::Recorder r;
  ReadStats stats;
  record(text, r, {}, &stats);
  EXPECT_EQ(stats.games, 2u);
  EXPECT_EQ(stats.errors, 0u);
  EXPECT_EQ(stats.warnings, 0u);
  EXPECT_NE(r.log.find("san Qxf7#\nresult 1-0 = 1-0\nend 1 "), std::string::npos) << r.log;
}

}  // namespace
}  // namespace pgnkit::pgn

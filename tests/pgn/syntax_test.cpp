// Every SyntaxCode, with its exact line, column and offset.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "recorder.h"

namespace pgnkit::pgn {
namespace {

using test::cat;
using test::record;

std::string small_buffer(std::string_view text) {
  ReaderOptions options;
  options.buffer_size = 512;
  return record(text, false, options);
}

TEST(Syntax, UnexpectedCharCutsTheGameAndTheNextGameIsComplete) {
  EXPECT_EQ(record("[Event \"A\"]\n1. e4 & e5 *\n[Event \"B\"]\n1. d4 *\n"),
            "game 1 @1:1#0\ntag Event=A\nmovetext\nnum 1\nsan e4\n"
            "ERROR unexpected_char '&' @2:7#18\nend 1 no-result cut e=1 w=0 to=25\n"
            "game 2 @3:1#25\ntag Event=B\nmovetext\nnum 1\nsan d4\nresult * = *\n"
            "end 2 e=0 w=0 to=44\n");
  EXPECT_EQ(record("1. e4 \xB1 *"),  // ± in Latin-1: not UTF-8, so not a character to skip
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR unexpected_char '\xB1' @1:7#6\nend 1 no-result cut e=1 w=0 to=9\n");
  EXPECT_EQ(record("1. e4 %x *"),  // '%' not in column 1
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR unexpected_char '%' @1:7#6\nend 1 no-result cut e=1 w=0 to=10\n");
}

// After the tags the movetext has begun: junk there is an error of the game, not text
// between games.
TEST(Syntax, UnexpectedCharAfterTheTagsCutsTheGame) {
  EXPECT_EQ(record("[Event \"A\"]\n:junk\n[Event \"B\"]\n*"),
            "game 1 @1:1#0\ntag Event=A\nERROR unexpected_char ':' @2:1#12\nmovetext\n"
            "end 1 no-result cut e=1 w=0 to=18\n"
            "game 2 @3:1#18\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=31\n");
}

TEST(Syntax, UnexpectedToken) {
  EXPECT_EQ(record("1. e4 2-1 e5 *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR unexpected_token '2-1' @1:7#6\nend 1 no-result cut e=1 w=0 to=14\n");
  EXPECT_EQ(record("1. e4 !!! *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR unexpected_token '!!!' @1:7#6\nend 1 no-result cut e=1 w=0 to=11\n");
  EXPECT_EQ(record("1. e4 $ *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR unexpected_token '$' @1:7#6\nend 1 no-result cut e=1 w=0 to=9\n");
}

TEST(Syntax, UnterminatedCommentEndsAtATagLineAfterABlankLine) {
  EXPECT_EQ(
      record("[Event \"A\"]\n1. e4 {never closed\n1... e5\n\n[Site \"x\"]\n[Event \"B\"]\n*\n"),
      "game 1 @1:1#0\ntag Event=A\nmovetext\nnum 1\nsan e4\n"
      "ERROR unterminated_comment '{never closed\n1... e5\n\n' @2:7#18\n"
      "end 1 no-result cut e=1 w=0 to=41\n"
      "game 2 @5:1#41\ntag Site=x\ntag Event=B\nmovetext\nresult * = *\n"
      "end 2 e=0 w=0 to=65\n");
}

TEST(Syntax, UnterminatedCommentEndsAtAnEventTagLine) {
  EXPECT_EQ(record("[Event \"A\"]\n1. e4 {no blank line\n[Event \"B\"]\n*"),
            "game 1 @1:1#0\ntag Event=A\nmovetext\nnum 1\nsan e4\n"
            "ERROR unterminated_comment '{no blank line\n' @2:7#18\n"
            "end 1 no-result cut e=1 w=0 to=33\n"
            "game 2 @3:1#33\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=46\n");
}

TEST(Syntax, UnterminatedCommentAtEndOfInput) {
  EXPECT_EQ(record("1. e4 {open"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR unterminated_comment '{open' @1:7#6\nend 1 no-result cut e=1 w=0 to=11\n");
}

TEST(Syntax, TagLikeLineInsideAClosedCommentIsText) {
  EXPECT_EQ(record("1. e4 {see\n[Site \"x\"] here} e5 *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\ncomment {see\n[Site \"x\"] here}\n"
            "san e5\nresult * = *\nend 1 e=0 w=0 to=32\n");
}

TEST(Syntax, UnterminatedVariationIsClosedForTheVisitor) {
  EXPECT_EQ(record("1. e4 (1. d4\n[Event \"B\"]\n*"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n(\nnum 1\nsan d4\n"
            "ERROR unterminated_variation '(' @1:7#6\n)\n"
            "WARNING missing_result '' @1:13#12\nend 1 no-result e=1 w=1 to=12\n"
            "game 2 @2:1#13\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=26\n");
}

TEST(Syntax, ResultInsideAVariationIsIgnored) {
  EXPECT_EQ(record("1. e4 (1. d4 1-0) e5 0-1"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n(\nnum 1\nsan d4\n"
            "WARNING result_in_variation '1-0' @1:14#13\n)\nsan e5\nresult 0-1 = 0-1\n"
            "end 1 e=0 w=1 to=24\n");
}

TEST(Syntax, UnmatchedParenIsIgnored) {
  EXPECT_EQ(record("1. e4 ) e5 *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\nERROR unmatched_paren ')' @1:7#6\n"
            "san e5\nresult * = *\nend 1 e=1 w=0 to=12\n");
}

TEST(Syntax, UnterminatedTagStringTakesTheRestOfTheLine) {
  EXPECT_EQ(record("[Event \"Unclosed]\n[Site \"x\"]\n*\n"),
            "game 1 @1:1#0\nERROR unterminated_tag_string '' @1:1#0\ntag Event=Unclosed\n"
            "tag Site=x\nmovetext\nresult * = *\nend 1 e=1 w=0 to=30\n");
}

TEST(Syntax, MalformedTag) {
  EXPECT_EQ(record("[Event Casual Game\"]\n[Site \"x\"]\n*"),
            "game 1 @1:1#0\nERROR malformed_tag '[Event Casual Game\"]' @1:1#0\ntag Site=x\n"
            "movetext\nresult * = *\nend 1 e=1 w=0 to=33\n");
  EXPECT_EQ(record("[Event \"x\"\n*"),  // the closing ']' is missing: the tag is kept
            "game 1 @1:1#0\nERROR malformed_tag '' @1:1#0\ntag Event=x\nmovetext\n"
            "result * = *\nend 1 e=1 w=0 to=12\n");
}

TEST(Syntax, TagAfterMovetextIsSkipped) {
  EXPECT_EQ(record("1. e4 [%clk 0:01] e5 *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "ERROR tag_after_movetext '[%clk 0:01]' @1:7#6\nsan e5\nresult * = *\n"
            "end 1 e=1 w=0 to=22\n");
  EXPECT_EQ(record("1. e4 {c}\n[not a tag] e5 *"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\ncomment {c}\n"
            "ERROR tag_after_movetext '[not a tag]' @2:1#10\nsan e5\nresult * = *\n"
            "end 1 e=1 w=0 to=26\n");
}

TEST(Syntax, MissingResult) {
  EXPECT_EQ(record("1. e4"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
            "WARNING missing_result '' @1:6#5\nend 1 no-result e=0 w=1 to=5\n");
}

TEST(Syntax, BinaryDataInMovetextCutsTheGame) {
  EXPECT_EQ(record("1. e4 \x01 e5 *\n[Event \"B\"]\n*"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\nERROR binary_data '\x01' @1:7#6\n"
            "end 1 no-result cut e=1 w=0 to=13\n"
            "game 2 @2:1#13\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=26\n");
}

TEST(Syntax, BinaryDataBetweenGamesIsSkipped) {
  test::Recorder r;
  ReadStats stats;
  EXPECT_EQ(record(std::string_view("\0\x01junk\n[Event \"A\"]\n*", 20), r, {}, &stats),
            std::string("ERROR binary_data '\0' @1:1#0\n", 29) +
                "game 1 @2:1#7\ntag Event=A\nmovetext\nresult * = *\nend 1 e=0 w=0 to=20\n");
  EXPECT_EQ(stats.errors, 1u);
  EXPECT_EQ(stats.games, 1u);
}

TEST(Syntax, ControlBytesInACommentAreAWarning) {
  EXPECT_EQ(record(std::string_view("1. e4 {a\0b} *", 13)),
            std::string("game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
                        "WARNING binary_data 'a\0b' @1:7#6\ncomment {a\0b}\n"
                        "result * = *\nend 1 e=0 w=1 to=13\n",
                        116));
}

TEST(Syntax, CommentLongerThanTheBufferIsSkipped) {
  const std::string text = cat({"1. e4 {", std::string(2000, 'x'), "} e5 *"});
  EXPECT_EQ(small_buffer(text), cat({"game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n"
                                     "WARNING token_too_long '{",
                                     std::string(47, 'x'),
                                     "' @1:7#6\nsan e5\nresult * = *\n"
                                     "end 1 e=0 w=1 to=",
                                     std::to_string(text.size()), "\n"}));
}

TEST(Syntax, SymbolLongerThan255BytesCutsTheGame) {
  const std::string text = cat({"1. ", std::string(300, 'a'), " e5 *"});
  EXPECT_EQ(record(text),
            cat({"game 1 @1:1#0\nmovetext\nnum 1\nERROR token_too_long '", std::string(48, 'a'),
                 "' @1:4#3\nend 1 no-result cut e=1 w=0 to=", std::to_string(text.size()), "\n"}));
}

TEST(Syntax, TagLineLongerThanTheBufferIsSkipped) {
  const std::string text = cat({"[Event \"", std::string(2000, 'x'), "\"]\n[Site \"s\"]\n*"});
  EXPECT_EQ(small_buffer(text),
            cat({"game 1 @1:1#0\nWARNING token_too_long '[Event \"", std::string(40, 'x'),
                 "' @1:1#0\ntag Site=s\nmovetext\nresult * = *\nend 1 e=0 w=1 to=",
                 std::to_string(text.size()), "\n"}));
}

TEST(Syntax, EscapeLineLongerThanTheBufferIsSkipped) {
  const std::string text = cat({"%", std::string(2000, 'x'), "\n*"});
  EXPECT_EQ(small_buffer(text), cat({"WARNING token_too_long '%", std::string(47, 'x'),
                                     "' @1:1#0\nWARNING text_between_games '*' @2:1#2002\n"}));
}

TEST(Syntax, NestingTooDeepSkipsTheInnerVariation) {
  ReaderOptions options;
  options.max_variation_depth = 2;
  EXPECT_EQ(record("1. e4 (1. d4 (1. c4 (1. b4) Nf6) d5) e5 *", false, options),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\n(\nnum 1\nsan d4\n(\nnum 1\nsan c4\n"
            "ERROR nesting_too_deep '(' @1:21#20\nsan Nf6\n)\nsan d5\n)\nsan e5\n"
            "result * = *\nend 1 e=1 w=0 to=41\n");
}

TEST(Syntax, NonUtf8IsReportedOncePerGame) {
  EXPECT_EQ(record("[Event \"Caf\xE9\"]\n1. e4 {na\xEFve} *\n[Event \"Caf\xC3\xA9\"]\n{\xE9} *"),
            "game 1 @1:1#0\nWARNING non_utf8 'Caf\xE9' @1:1#0\ntag Event=Caf\xE9\nmovetext\n"
            "num 1\nsan e4\ncomment {na\xEFve}\nresult * = *\nend 1 e=0 w=1 to=30\n"
            "game 2 @3:1#31\ntag Event=Caf\xC3\xA9\nmovetext\n"
            "WARNING non_utf8 '\xE9' @4:1#47\ncomment {\xE9}\nresult * = *\n"
            "end 2 e=0 w=1 to=52\n");
}

TEST(Syntax, TextBetweenGames) {
  EXPECT_EQ(record("1. e4 1-0 {after}\nn/a\n[Event \"B\"]\n*"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\nresult 1-0 = 1-0\nend 1 e=0 w=0 to=9\n"
            "WARNING text_between_games 'after' @1:11#10\n"
            "WARNING text_between_games 'n/a' @2:1#18\n"
            "game 2 @3:1#22\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=35\n");
}

// Between games, text that starts with a byte no token starts with, or with a malformed
// token, is text like any other: one warning, skipped to the next tag section.
TEST(Syntax, JunkBetweenGamesIsTextBetweenGames) {
  test::Recorder r;
  ReadStats stats;
  EXPECT_EQ(record(":--novars\n% an escape line\n:-t\n[Event \"A\"]\n*", r, {}, &stats),
            "WARNING text_between_games ':--novars' @1:1#0\n"  // the escape line is skipped too
            "game 1 @4:1#31\ntag Event=A\nmovetext\nresult * = *\nend 1 e=0 w=0 to=44\n");
  EXPECT_EQ(stats.errors, 0u);
  EXPECT_EQ(stats.warnings, 1u);
  EXPECT_EQ(stats.games, 1u);
  EXPECT_EQ(record("1. e4 *\n<html>\n~x ~y\n\n[Event \"B\"]\n*\n"),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\nresult * = *\nend 1 e=0 w=0 to=7\n"
            "WARNING text_between_games '<html>' @2:1#8\n"
            "game 2 @5:1#22\ntag Event=B\nmovetext\nresult * = *\nend 2 e=0 w=0 to=35\n");
}

TEST(Syntax, JunkBetweenGamesEachStartingByte) {
  for (const char* j : {":x", "<p>", "~", "&amp;", "\"q\"", "'", "=", "+", "#", "^", "`", "|", "\\",
                        "]", "}", "/", ",", ">"}) {
    const std::string text = cat({"  ", j, " more\n[Event \"A\"]\n*"});
    const std::string word(j);
    EXPECT_EQ(record(text),
              cat({"WARNING text_between_games '", word, "' @1:3#2\n", "game 1 @2:1#",
                   std::to_string(word.size() + 8), "\ntag Event=A\nmovetext\nresult * = *\n",
                   "end 1 e=0 w=0 to=", std::to_string(text.size()), "\n"}))
        << j;
  }
}

TEST(Syntax, MalformedTokensBetweenGamesAreTextBetweenGames) {
  EXPECT_EQ(record(" %x\n"), "WARNING text_between_games '%x' @1:2#1\n");  // not column 1
  EXPECT_EQ(record("2-1 x\n"), "WARNING text_between_games '2-1' @1:1#0\n");
  EXPECT_EQ(record("!!! x\n"), "WARNING text_between_games '!!!' @1:1#0\n");
  EXPECT_EQ(record("$ x\n"), "WARNING text_between_games '$' @1:1#0\n");
  EXPECT_EQ(record("\xC2\xB1 x\n"), "WARNING text_between_games '\xC2\xB1' @1:1#0\n");
  EXPECT_EQ(record("\xE2\x80\x9Cquoted\xE2\x80\x9D\n"),
            "WARNING text_between_games '\xE2\x80\x9Cquoted\xE2\x80\x9D' @1:1#0\n");
  // A word longer than a symbol may be: still text; the issue shows its first 48 bytes.
  EXPECT_EQ(record(cat({std::string(300, 'a'), "\n[Event \"A\"]\n*"})),
            cat({"WARNING text_between_games '", std::string(48, 'a'), "' @1:1#0\n",
                 "game 1 @2:1#301\ntag Event=A\nmovetext\nresult * = *\nend 1 e=0 w=0 to=314\n"}));
  EXPECT_EQ(record(cat({std::string(300, '7'), "\n"})),
            cat({"WARNING text_between_games '", std::string(48, '7'), "' @1:1#0\n"}));
  // Binary data stays an error, also between games (see BinaryDataBetweenGamesIsSkipped).
  EXPECT_EQ(record("\x01x\n"), "ERROR binary_data '\x01' @1:1#0\n");
}

TEST(Syntax, JunkBetweenGamesAcrossBufferBoundaries) {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += cat({"[Event \"", std::to_string(i), "\"]\n1. e4 e5 *\n"});
    text += i % 2 == 0 ? ":-junk line " : "  <div class=\"x\">";
    text += std::string(static_cast<std::size_t>(i % 61), 'y');
    text += "\n\n";
  }
  const std::string expected = record(text, true);
  ASSERT_NE(expected.find("WARNING text_between_games ':-junk'"), std::string::npos);
  ASSERT_EQ(expected.find("ERROR"), std::string::npos);
  for (std::size_t size : {512, 513, 600, 777, 1000, 4096}) {
    ReaderOptions options;
    options.buffer_size = size;
    EXPECT_EQ(record(text, true, options), expected) << "buffer " << size;
  }
}

TEST(Syntax, StopGameFromSyntaxError) {
  test::Recorder r;
  r.stop_at_issue = true;
  EXPECT_EQ(record("1. e4 ) e5 *\n1. d4 *", r),
            "game 1 @1:1#0\nmovetext\nnum 1\nsan e4\nERROR unmatched_paren ')' @1:7#6\n"
            "end 1 stopped e=1 w=0 to=12\n"
            "game 2 @2:1#13\nmovetext\nnum 1\nsan d4\nresult * = *\nend 2 e=0 w=0 to=20\n");
}

TEST(Syntax, EveryCodeHasADistinctNameAndMessage) {
  std::set<std::string_view> names;
  std::set<std::string_view> messages;
  const int last = static_cast<int>(SyntaxCode::ResultInVariation);
  for (int i = 0; i <= last; ++i) {
    const auto code = static_cast<SyntaxCode>(i);
    EXPECT_NE(syntax_code_name(code), "unknown") << i;
    EXPECT_NE(syntax_message(code), "unknown syntax issue") << i;
    names.insert(syntax_code_name(code));
    messages.insert(syntax_message(code));
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(last + 1));
  EXPECT_EQ(messages.size(), static_cast<std::size_t>(last + 1));
  EXPECT_EQ(syntax_code_name(SyntaxCode::MissingResult), "missing_result");
}

}  // namespace
}  // namespace pgnkit::pgn

// Unicode in movetext and results glued to moves: what text pasted from web pages and word
// processors holds, read as what it stands for with one warning, never cutting the game
// (docs/reader.md, "Unicode in movetext"). Every log is also checked at the smallest buffer.
#include <gtest/gtest.h>

#include <string>

#include "recorder.h"

namespace pgnkit::pgn {
namespace {

using test::cat;

std::string read_unicode(std::string_view text) {
  std::string log = test::record(text, true);
  ReaderOptions small;
  small.buffer_size = 512;
  EXPECT_EQ(test::record(text, true, small), log) << "512-byte buffer";
  return log;
}

// The movetext part of a log: the lines between "movetext" and "end".
std::string moves(std::string_view text) {
  const std::string log = read_unicode(text);
  const std::size_t from = log.find("movetext\n");
  const std::size_t to = log.rfind("end ");
  return from == std::string::npos || to == std::string::npos ? log
                                                              : log.substr(from + 9, to - from - 9);
}

TEST(Unicode, DashesInCastlingAreReadAsHyphensWithAWarningAtTheDash) {
  // En dash, em dash, non-breaking hyphen, minus sign; O and 0; one warning per token.
  // The first token of a tagless game gets its warning as the game begins.
  EXPECT_EQ(read_unicode("O\xE2\x80\x93O 0\xE2\x80\x94"
                         "0\xE2\x80\x94"
                         "0 O\xE2\x80\x91O-O "
                         "O-O\xE2\x88\x92O+ *"),
            "game 1 @1:1#0\nWARNING unicode_dash 'O\xE2\x80\x93O' @1:2#1\nmovetext\n"
            "san O\xE2\x80\x93O @1:1#0\n"
            "WARNING unicode_dash '0\xE2\x80\x94"
            "0\xE2\x80\x94"
            "0' @1:8#7\n"
            "san 0\xE2\x80\x94"
            "0\xE2\x80\x94"
            "0 @1:7#6\n"
            "WARNING unicode_dash 'O\xE2\x80\x91O-O' @1:18#17\nsan O\xE2\x80\x91O-O @1:17#16\n"
            "WARNING unicode_dash 'O-O\xE2\x88\x92O+' @1:28#27\n"
            "san O-O\xE2\x88\x92O+ @1:25#24\nresult * = * @1:34#33\nend 1 e=0 w=4 to=34\n");
}

TEST(Unicode, DashesInLongAlgebraicMovesAndResults) {
  EXPECT_EQ(moves("1. e2\xE2\x80\x93"
                  "e4 1\xE2\x80\x93"
                  "0\n"),
            "num 1 @1:1#0\nWARNING unicode_dash 'e2\xE2\x80\x93"
            "e4' @1:6#5\n"
            "san e2\xE2\x80\x93"
            "e4 @1:4#3\nWARNING unicode_dash '1\xE2\x80\x93"
            "0' @1:13#12\n"
            "result 1\xE2\x80\x93"
            "0 = 1-0 @1:12#11\n");
}

TEST(Unicode, SpacesAreBlanksWithOneWarningPerGame) {
  // No-break space, ideographic space, zero-width space, em space.
  EXPECT_EQ(read_unicode("1.\xC2\xA0"
                         "e4\xE3\x80\x80"
                         "e5\xE2\x80\x8B"
                         "2.\xE2\x80\x83"
                         "Nf3 *\n"
                         "1.\xC2\xA0"
                         "d4 *\n"),
            "game 1 @1:1#0\nmovetext\nnum 1 @1:1#0\nWARNING unicode_space '\xC2\xA0' @1:3#2\n"
            "san e4 @1:5#4\nsan e5 @1:10#9\nnum 2 @1:15#14\nsan Nf3 @1:20#19\n"
            "result * = * @1:24#23\nend 1 e=0 w=1 to=24\n"
            "game 2 @2:1#25\nmovetext\nnum 1 @2:1#25\nWARNING unicode_space '\xC2\xA0' @2:3#27\n"
            "san d4 @2:5#29\nresult * = * @2:8#32\nend 2 e=0 w=1 to=33\n");
  // Between games they are blanks, and say nothing.
  EXPECT_EQ(read_unicode("\xC2\xA0\n[Event \"A\"]\n*\n"),
            "game 1 @2:1#3\ntag Event=A @2:1#3\nmovetext\nresult * = * @3:1#15\n"
            "end 1 e=0 w=0 to=16\n");
}

TEST(Unicode, GlyphsAreTheirNags) {
  const struct {
    std::string glyph;
    int nag;
  } cases[] = {
      {"\xC2\xB1", 16},
      {"\xE2\x88\x93", 17},
      {"\xE2\xA9\xB2", 14},
      {"\xE2\xA9\xB1", 15},
      {"\xE2\x88\x9E", 13},
      {"\xE2\x96\xA1", 7},
      {"\xE2\xA8\x80", 22},
      {"=", 10},
      {"+=", 14},
      {"=+", 15},
      {"+/=", 14},
      {"=/+", 15},
      {"+/-", 16},
      {"-/+", 17},
      {"+-", 18},
      {"-+", 19},
      {"+\xE2\x88\x92", 18},
      {"\xE2\x88\x92+", 19},
      {"=\xE2\x88\x9E", 44},
      {"\xE2\x88\x86", 140},
  };
  for (const auto& [glyph, nag] : cases) {
    const std::string n = std::to_string(nag);
    EXPECT_EQ(moves(cat({"1. e4 ", glyph, " e5 *"})),
              cat({"num 1 @1:1#0\nsan e4 @1:4#3\nWARNING nag_glyph '", glyph, "' @1:7#6\nnag ", n,
                   " @1:7#6\nsan e5 @1:", std::to_string(8 + glyph.size()), "#",
                   std::to_string(7 + glyph.size()),
                   "\nresult * = * @1:", std::to_string(11 + glyph.size()), "#",
                   std::to_string(10 + glyph.size()), "\n"}))
        << glyph;
  }
  // A Unicode glyph glued to its move; one in a variation; "--" is still a null move.
  EXPECT_EQ(moves("1. e4\xC2\xB1 (1. d4 \xE2\x88\x9E) -- *"),
            "num 1 @1:1#0\nsan e4 @1:4#3\nWARNING nag_glyph '\xC2\xB1' @1:6#5\nnag 16 @1:6#5\n"
            "( @1:9#8\nnum 1 @1:10#9\nsan d4 @1:13#12\nWARNING nag_glyph '\xE2\x88\x9E' @1:16#15\n"
            "nag 13 @1:16#15\n) @1:19#18\nsan -- @1:21#20\nresult * = * @1:24#23\n");
}

TEST(Unicode, OtherCharactersAreSkippedAloneNamingTheCodePoint) {
  // A symbol, and a word in another script: one warning each; the game goes on.
  EXPECT_EQ(moves("1. e4 \xE2\x98\x85 e5 \xD0\xA5\xD0\xBE\xD0\xB4 2. Nf3 *"),
            "num 1 @1:1#0\nsan e4 @1:4#3\nWARNING unicode_char '\xE2\x98\x85' @1:7#6\n"
            "san e5 @1:11#10\nWARNING unicode_char '\xD0\xA5\xD0\xBE\xD0\xB4' @1:14#13\n"
            "num 2 @1:21#20\nsan Nf3 @1:24#23\nresult * = * @1:28#27\n");
  // Glued to a move: the move, then the character.
  EXPECT_EQ(moves("e4\xE2\x98\x85 *"),
            "san e4 @1:1#0\nWARNING unicode_char '\xE2\x98\x85' @1:3#2\nresult * = * @1:7#6\n");
  // Not UTF-8 (a Latin-1 byte): an error that cuts the game, as any byte that is not PGN.
  EXPECT_EQ(moves("e4 \xB1 e5 *"), "san e4 @1:1#0\nERROR unexpected_char '\xB1' @1:4#3\n");
}

TEST(Unicode, TheMessageNamesTheCodePoint) {
  EXPECT_EQ(issue_detail(SyntaxCode::UnicodeSpace, "\xC2\xA0"), " (U+00A0)");
  EXPECT_EQ(issue_detail(SyntaxCode::UnicodeChar, "\xE2\x98\x85"), " (U+2605 '\xE2\x98\x85')");
  EXPECT_EQ(issue_detail(SyntaxCode::UnicodeChar, "\xF0\x9F\x98\x80"),
            " (U+1F600 '\xF0\x9F\x98\x80')");
  EXPECT_EQ(issue_detail(SyntaxCode::UnicodeDash,
                         "0\xE2\x80\x93"
                         "0"),
            " (U+2013 in '0\xE2\x80\x93"
            "0')");
  EXPECT_EQ(issue_detail(SyntaxCode::NagGlyph, "\xC2\xB1"), " ('\xC2\xB1' read as $16)");
  // A text cut inside a sequence loses the partial tail.
  EXPECT_EQ(issue_detail(SyntaxCode::UnicodeDash, "O\xE2\x80\x93O\xE2\x80"),
            " (U+2013 in 'O\xE2\x80\x93O')");
  EXPECT_EQ(issue_detail(SyntaxCode::MissingResult, "x"), "");
}

TEST(Unicode, AResultGluedToTheLastMove) {
  EXPECT_EQ(read_unicode("25. gxf41-0\n"),
            "game 1 @1:1#0\nmovetext\nnum 25 @1:1#0\nWARNING glued_result 'gxf41-0' @1:9#8\n"
            "san gxf4 @1:5#4\nresult 1-0 = 1-0 @1:9#8\nend 1 e=0 w=1 to=11\n");
  EXPECT_EQ(moves("1. Kg10-1"),
            "num 1 @1:1#0\nWARNING glued_result 'Kg10-1' @1:7#6\nsan Kg1 @1:4#3\n"
            "result 0-1 = 0-1 @1:7#6\n");
  EXPECT_EQ(moves("1. O-O1/2-1/2"),
            "num 1 @1:1#0\nWARNING glued_result 'O-O1/2-1/2' @1:7#6\nsan O-O @1:4#3\n"
            "result 1/2-1/2 = 1/2-1/2 @1:7#6\n");
  EXPECT_EQ(moves("e4 e8=Q+1-0"),
            "san e4 @1:1#0\nWARNING glued_result 'e8=Q+1-0' @1:9#8\nsan e8=Q+ @1:4#3\n"
            "result 1-0 = 1-0 @1:9#8\n");
  // Not after something that ends a move: one token, for the replayer to judge.
  EXPECT_EQ(moves("1. exd1-0 *"), "num 1 @1:1#0\nsan exd1-0 @1:4#3\nresult * = * @1:11#10\n");
}

}  // namespace
}  // namespace pgnkit::pgn

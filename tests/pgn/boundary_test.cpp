// Where games begin and end when other programs leave out what the standard asks for: tag
// sections without movetext, tagless games without results, a comment before a tagless game's
// first move, a tag pair over two lines (docs/reader.md, "Game boundaries and recovery").
// Every log is also checked at the smallest buffer and in place.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pgn/chars.h"
#include "recorder.h"

namespace pgnkit::pgn {
namespace {

using test::cat;

// The log with locations, the same whatever the buffer size and when lexed in place.
std::string read(std::string_view text) {
  const std::string log = test::record(text, true);
  ReaderOptions small;
  small.buffer_size = 512;
  EXPECT_EQ(test::record(text, true, small), log) << "512-byte buffer";
  std::vector<char> bytes(text.begin(), text.end());
  bytes.resize(text.size() + kReaderPadding);
  ReaderOptions in_place;
  in_place.in_memory = bytes.data();
  in_place.in_memory_size = text.size();
  test::Recorder r;
  r.locations = true;
  io::Source none = io::Source::from_memory("");
  read_pgn(none, r, in_place);
  EXPECT_EQ(r.log, log) << "in place";
  return log;
}

std::uint64_t games(std::string_view text) {
  test::Recorder r;
  ReadStats stats;
  test::record(text, r, {}, &stats);
  return stats.games;
}

TEST(Boundary, TagSectionsWithoutMovetextAreGames) {
  EXPECT_EQ(read("[Event \"R\"]\n[Round \"1.1\"]\n\n[Event \"R\"]\n[Round \"1.2\"]\n\n"
                 "[Event \"R\"]\n[Round \"1.3\"]\n\n1. e4 *\n"),
            "game 1 @1:1#0\ntag Event=R @1:1#0\ntag Round=1.1 @2:1#12\nmovetext\n"
            "WARNING no_movetext '' @2:14#25\nend 1 no-result e=0 w=1 to=25\n"
            "game 2 @4:1#27\ntag Event=R @4:1#27\ntag Round=1.2 @5:1#39\nmovetext\n"
            "WARNING no_movetext '' @5:14#52\nend 2 no-result e=0 w=1 to=52\n"
            "game 3 @7:1#54\ntag Event=R @7:1#54\ntag Round=1.3 @8:1#66\nmovetext\n"
            "num 1 @10:1#81\nsan e4 @10:4#84\nresult * = * @10:7#87\nend 3 e=0 w=0 to=88\n");
}

TEST(Boundary, ARepeatedTagAfterABlankLineStartsAGame) {
  // Not [Event], but a name the section has: the next game's tags (a FEN of a header-only
  // game must not reach the next game's moves).
  EXPECT_EQ(games("[Round \"1\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n"
                  "[Round \"2\"]\n\n1. e4 *\n"),
            2u);
  // Without a blank line a repeated tag stays in its game (the replayer's duplicate_tag).
  EXPECT_EQ(read("[Event \"A\"]\n[Event \"B\"]\n*\n"),
            "game 1 @1:1#0\ntag Event=A @1:1#0\ntag Event=B @2:1#12\nmovetext\n"
            "result * = * @3:1#24\nend 1 e=0 w=0 to=25\n");
}

TEST(Boundary, ANewTagNameAfterABlankLineStaysInItsGame) {
  // ChessBase writes a blank line after [Event]: one game (python-chess reads it so too).
  EXPECT_EQ(games("[Event \"A\"]\n\n[Date \"2017.12.04\"]\n[Round \"1\"]\n\n1. e4 *\n"), 1u);
}

TEST(Boundary, EscapeLinesAreNotBlankLines) {
  EXPECT_EQ(games("[Event \"A\"]\n%x\n[Event \"B\"]\n*\n"), 1u);
  EXPECT_EQ(games("[Event \"A\"]\n%x\n\n[Event \"B\"]\n*\n"), 2u);
  // A line of Unicode spaces is blank too.
  EXPECT_EQ(games("[Event \"A\"]\n\xC2\xA0\n[Event \"B\"]\n*\n"), 2u);
}

TEST(Boundary, TagsOnlyAtTheEndOfInput) {
  EXPECT_EQ(read("1. e4 *\n\n[Event \"A\"]\n[Site \"S\"]\n"),
            "game 1 @1:1#0\nmovetext\nnum 1 @1:1#0\nsan e4 @1:4#3\nresult * = * @1:7#6\n"
            "end 1 e=0 w=0 to=7\ngame 2 @3:1#9\ntag Event=A @3:1#9\ntag Site=S @4:1#21\n"
            "movetext\nWARNING no_movetext '' @4:11#31\nend 2 no-result e=0 w=1 to=31\n");
}

TEST(Boundary, MoveNumberOneAfterABlankLineStartsATaglessGame) {
  EXPECT_EQ(read("1. e4 e5 2. Nf3\n\n1. d4 d5 *\n"),
            "game 1 @1:1#0\nmovetext\nnum 1 @1:1#0\nsan e4 @1:4#3\nsan e5 @1:7#6\n"
            "num 2 @1:10#9\nsan Nf3 @1:13#12\nWARNING missing_result '' @1:16#15\n"
            "end 1 no-result e=0 w=1 to=15\n"
            "game 2 @3:1#17\nmovetext\nnum 1 @3:1#17\nsan d4 @3:4#20\nsan d5 @3:7#23\n"
            "result * = * @3:10#26\nend 2 e=0 w=0 to=27\n");
  // Black to move first ("1...") and CRLF line ends.
  EXPECT_EQ(games("1. e4 e5\r\n\r\n1... e5 *\r\n"), 2u);
  // After tags too: a game with tags but no result, then a tagless one.
  EXPECT_EQ(games("[Event \"A\"]\n\n1. e4 e5\n\n1. d4 *\n"), 2u);
}

TEST(Boundary, MoveNumberOneStaysInItsGameOtherwise) {
  // No blank line before it.
  EXPECT_EQ(games("1. e4 e5\n1. d4 *\n"), 1u);
  // Not first on its line.
  EXPECT_EQ(games("1. e4 e5\n\ne6 1. d4 *\n"), 1u);
  // In a variation.
  EXPECT_EQ(games("1. e4 e5 (\n\n1... c5) *\n"), 1u);
  // The game has no move yet: a comment, then a blank line.
  EXPECT_EQ(games("{Annotated by X}\n\n1. e4 *\n"), 1u);
  // 11., 21.: only 1.
  EXPECT_EQ(games("1. e4 e5\n\n11. d4 *\n"), 1u);
}

TEST(Boundary, ACommentBeforeATaglessGamesFirstMoveIsItsComment) {
  EXPECT_EQ(read("{Intro}\n1. e4 *\n"),
            "game 1 @1:1#0\nmovetext\ncomment {Intro} @1:1#0\nnum 1 @2:1#8\nsan e4 @2:4#11\n"
            "result * = * @2:7#14\nend 1 e=0 w=0 to=15\n");
  EXPECT_EQ(games("1-0 {Final remark}\n\n{Second game}\n\n e4 e5 *\n"), 1u);
  EXPECT_EQ(read("; line comment\nNf3 *\n"),
            "game 1 @1:1#0\nmovetext\ncomment { line comment} @1:1#0\nsan Nf3 @2:1#15\n"
            "result * = * @2:5#19\nend 1 e=0 w=0 to=20\n");
}

TEST(Boundary, ACommentBeforeTagsIsTextBetweenGames) {
  EXPECT_EQ(read("{About the next game}\n[Event \"A\"]\n*\n"),
            "WARNING text_between_games 'About the next game' @1:1#0\n"
            "game 1 @2:1#22\ntag Event=A @2:1#22\nmovetext\nresult * = * @3:1#34\n"
            "end 1 e=0 w=0 to=35\n");
  // Or before a result, or nothing.
  EXPECT_EQ(games("{a} 1-0\n{b}\n"), 0u);
}

TEST(Boundary, ACommentFollowedByAMoveBeyondTheLookaheadIsNotAGame) {
  // Blanks between the comment and the move beyond Lexer::kMoveLookahead (256 bytes).
  const std::string text = cat({"{x}", std::string(300, ' '), "1. e4 *\n"});
  EXPECT_EQ(read(text), cat({"WARNING text_between_games 'x' @1:1#0\ngame 1 @1:304#303\n",
                             "movetext\nnum 1 @1:304#303\nsan e4 @1:307#306\n",
                             "result * = * @1:310#309\nend 1 e=0 w=0 to=310\n"}));
}

TEST(Boundary, ATagPairOverTwoLinesIsOneTag) {
  EXPECT_EQ(read("[White\n\"Value\"]\n[Black \"B\"]\n1. e4 *\n"),
            "game 1 @1:1#0\ntag White=Value @1:1#0\ntag Black=B @3:1#16\nmovetext\n"
            "num 1 @4:1#28\nsan e4 @4:4#31\nresult * = * @4:7#34\nend 1 e=0 w=0 to=35\n");
  // CRLF and blanks around the line break; and as the first tag after movetext.
  EXPECT_EQ(read("1. e4 *\n[Event \r\n  \"A\"]\n*\n"),
            "game 1 @1:1#0\nmovetext\nnum 1 @1:1#0\nsan e4 @1:4#3\nresult * = * @1:7#6\n"
            "end 1 e=0 w=0 to=7\ngame 2 @2:1#8\ntag Event=A @2:1#8\nmovetext\n"
            "result * = * @4:1#24\nend 2 e=0 w=0 to=25\n");
  // Two line breaks: not a tag pair.
  EXPECT_EQ(read("[White\n\n\"Value\"]\n*\n"),
            "game 1 @1:1#0\nERROR malformed_tag '[White' @1:1#0\n"
            "ERROR unexpected_char '\"' @3:1#8\nmovetext\nend 1 no-result cut e=2 w=0 to=19\n");
}

// What may start a tagless game: every form of a move the rules core reads, and not words.
TEST(Boundary, SanShapedTellsMovesFromWords) {
  for (const char* move : {"e4",
                           "Nf3",
                           "exd5",
                           "e8=Q+",
                           "O-O",
                           "0-0-0#",
                           "o-o",
                           "o-o-o",
                           "--",
                           "Z0",
                           "0000",
                           "@@@@",
                           "e2e4",
                           "e2-e4",
                           "Ng1-f3",
                           "Bc1xb2",
                           "Ke1g1",
                           "ke1g1",
                           "e5d6ep",
                           "exd6e.p.",
                           "P@e4",
                           "O\xE2\x80\x93O",
                           "e2\xE2\x88\x92"
                           "e4"}) {
    EXPECT_TRUE(detail::san_shaped(move)) << move;
  }
  for (const char* word : {"mat", "resigns", "draw", "Kasparov", "foo", "n/a", "2-1", "ep", "x"}) {
    EXPECT_FALSE(detail::san_shaped(word)) << word;
  }
}

}  // namespace
}  // namespace pgnkit::pgn

// The PGN writer's two rules for comments that a brace comment written naively would not read
// back (issue 26 §6), with the exact bytes written:
//   - a comment holding '}' (from a ';' comment, or NDJSON) is written as a ';' comment that
//     ends its line, its white space folded;
//   - no line inside a comment starts with '[' or '%': such a word is glued to the word before
//     it, so that `[Event "y"]` inside a comment never starts a line (the reader would end
//     the comment there and start a game).
// Each output is read back: the same moves and the same comments (folded).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "convert/convert_util.h"
#include "write/json.h"
#include "write/pgn_writer.h"

namespace pgnkit::convert_test::comment_forms {  // its own: the unity build joins files
namespace {

// The movetext `write_pgn` writes for the one game of `input` (after the tags' blank line).
std::string movetext_of(const std::string& input, std::size_t width = 80) {
  const Collected read = read_pgn_text(input);
  EXPECT_EQ(read.games.size(), 1u) << input;
  if (read.games.size() != 1) return {};
  std::string out;
  write::PgnWriteOptions options;
  options.line_length = width;
  write::write_pgn(read.games[0], options, out);
  const std::size_t blank = out.find("\n\n");
  return out.substr(blank + 2);
}

// Every comment of every node, in the record's order.
void comments_of(const replay::Line& line, std::vector<std::string>& out) {
  for (const std::string& c : line.leading_comments) out.push_back(c);
  for (const replay::MoveNode& node : line.moves) {
    for (const std::string& c : node.comments) out.push_back(c);
    for (const replay::Line& v : node.variations) comments_of(v, out);
  }
}

std::string folded(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// `pgn` (one game) and what the writer made of it read the same: moves and folded comments.
void expect_reads_back(const std::string& pgn, const std::string& written) {
  const Collected a = read_pgn_text(pgn), b = read_pgn_text(written);
  ASSERT_EQ(a.games.size(), 1u);
  ASSERT_EQ(b.games.size(), 1u) << written;
  EXPECT_EQ(b.games[0].errors, a.games[0].errors) << written;
  std::vector<std::string> ca, cb;
  comments_of(a.games[0].main, ca);
  comments_of(b.games[0].main, cb);
  ASSERT_EQ(ca.size(), cb.size()) << written;
  for (std::size_t i = 0; i < ca.size(); ++i) {
    std::string utf8;  // the writer converts Latin-1
    write::append_utf8(utf8, ca[i]);
    EXPECT_EQ(folded(utf8), folded(cb[i])) << written;
  }
  EXPECT_EQ(a.games[0].plies, b.games[0].plies);
}

std::string game(const std::string& movetext) {
  return "[Event \"e\"]\n[Result \"*\"]\n\n" + movetext + " *\n";
}

TEST(PgnCommentForms, SemicolonCommentHoldingABraceStaysOne) {
  // The case: before, {a}b} read back as a comment "a" and a move "b".
  const std::string in = "1. e4 ;a}b\n";
  const std::string out = movetext_of(in);
  EXPECT_EQ(out, "1. e4 ;a}b\n*\n\n");
  expect_reads_back(in, "[Event \"e\"]\n\n" + out);
}

TEST(PgnCommentForms, SemicolonCommentInAVariationAndBeforeAMove) {
  const std::string in = game("1. e4 (1. d4 ;x} y\n) e5 ;  two  } }\n2. Nf3");
  const std::string out = movetext_of(in);
  // The ')' and the next move go on the next line; the text is folded.
  EXPECT_EQ(out, "1. e4 (1. d4 ;x} y\n) 1... e5 ;two } }\n2. Nf3 *\n\n");
  expect_reads_back(in, "[Event \"e\"]\n\n" + out);
  // At a variation's start, and as the last thing of the game.
  const std::string start = game("1. e4 (;x}\n1. d4) e5 ;end}\n");
  const std::string out2 = movetext_of(start);
  EXPECT_EQ(out2, "1. e4 (;x}\n1. d4) 1... e5 ;end}\n*\n\n");
  expect_reads_back(start, "[Event \"e\"]\n\n" + out2);
}

TEST(PgnCommentForms, SemicolonCommentThatDoesNotFitStartsALine) {
  const std::string words(70, 'w');
  const std::string in = game("1. e4 {" + words + "} e5 ;c}d\n");
  const std::string out = movetext_of(in);
  EXPECT_EQ(out, "1. e4 {" + words + "}\n1... e5 ;c}d\n*\n\n");
  // Longer than a line: alone on its line, long (a ';' comment cannot be broken).
  const std::string long_text = "}" + std::string(100, 'x');
  const std::string in2 = game("1. e4 ;" + long_text + "\ne5");
  const std::string out2 = movetext_of(in2);
  EXPECT_EQ(out2, "1. e4\n;" + long_text + "\n1... e5 *\n\n");
  expect_reads_back(in2, "[Event \"e\"]\n\n" + out2);
}

TEST(PgnCommentForms, BraceFromNdjsonWithLineBreaks) {
  // A record's comment may hold anything (NDJSON input): '}' and line breaks.
  Collected read = read_pgn_text(game("1. e4 {x} e5"));
  ASSERT_EQ(read.games.size(), 1u);
  replay::GameRecord g = read.games[0];
  g.main.moves[0].comments[0] = "a}\n[Event \"y\"]\r\n  b";
  std::string out;
  write::write_pgn(g, {}, out);
  const std::string tail = out.substr(out.find("\n\n") + 2);
  EXPECT_EQ(tail, "1. e4 ;a} [Event \"y\"] b\n1... e5 *\n\n");
  const Collected back = read_pgn_text(out);
  ASSERT_EQ(back.games.size(), 1u);
  EXPECT_EQ(back.games[0].main.moves[0].comments[0], "a} [Event \"y\"] b");
}

TEST(PgnCommentForms, NoCommentLineStartsWithATagOrPercent) {
  // The case: wrapping put `[Event "y"]` at a line's start inside the comment; read
  // back, a game started there and the moves after it were lost.
  const std::string in = game("1. e4 {" + std::string(64, 'a') + " xx [Event \"y\"] b} e5");
  const std::string out = movetext_of(in);
  EXPECT_EQ(out, "1. e4 {" + std::string(64, 'a') + "\nxx [Event \"y\"] b} 1... e5 *\n\n");
  expect_reads_back(in, "[Event \"e\"]\n\n" + out);
  // '%' likewise; a run of such words glues to the word before all of them.
  const std::string pct = game("1. e4 {" + std::string(66, 'a') + " q %x [y %z [%clk 0:00:01] r}");
  const std::string out2 = movetext_of(pct);
  EXPECT_EQ(out2, "1. e4 {" + std::string(66, 'a') + "\nq %x [y %z [%clk 0:00:01] r} *\n\n");
  expect_reads_back(pct, "[Event \"e\"]\n\n" + out2);
  // The slow path (white space to fold, Latin-1) takes the same breaks.
  const std::string slow =
      game("1. e4 {\xE9" + std::string(62, 'a') + "\n xx\t[Event \"y\"] b} e5");
  const std::string out3 = movetext_of(slow);
  EXPECT_EQ(out3, "1. e4 {\xC3\xA9" + std::string(62, 'a') + "\nxx [Event \"y\"] b} 1... e5 *\n\n");
  expect_reads_back(slow, "[Event \"e\"]\n\n" + out3);
}

TEST(PgnCommentForms, GluedWordsLongerThanALineRunLong) {
  // A comment of '[' words only: one unit with its '{', written on its own line.
  std::string text;
  for (int i = 0; i < 30; ++i) text += (i ? " [" : "[") + std::to_string(i);
  const std::string in = game("1. e4 {" + text + "} e5");
  const std::string out = movetext_of(in);
  EXPECT_EQ(out, "1. e4\n{" + text + "}\n1... e5 *\n\n");
  expect_reads_back(in, "[Event \"e\"]\n\n" + out);
  // Every line of the output that does not start a comment starts with a move, a number or
  // the comment's first word: never with '[' or '%'.
  for (std::size_t at = 0; at < out.size();) {
    const std::size_t nl = out.find('\n', at);
    if (nl > at) {
      EXPECT_TRUE(out[at] != '[' && out[at] != '%') << out.substr(at, nl - at);
    }
    at = nl + 1;
  }
}

}  // namespace
}  // namespace pgnkit::convert_test::comment_forms

// The PGN writer's line breaks around comment commands (`[%clk 0:00:58]`, `[%eval 0.17]`, ...),
// which `annotate` and `convert --to pgn` share (write::write_pgn). A line inside a comment
// never starts with '[' or '%' (pgn_comment_forms_test.cpp), so a command is carried to the
// next line with the word before it. Generated cases: each
// command kind, placed to start at every column from 60 to 90 by several layouts (a long
// command before it, words before it, after a move, inside a variation, with white space or
// Latin-1 text that takes the writer's slow path). For each output:
//   - no line break falls inside a `[%...]` command, and no line starts with '[' or '%';
//   - every line is at most 80 columns, unless it holds a command and no place to break;
//   - every break was needed: the next line's first unit (up to its first place to break)
//     would not have fit;
//   - read back by pgnkit's reader, the comments have the same words as those written (folded
//     white space aside), and the moves are the same.
#include <gtest/gtest.h>

#include <sstream>

#include "convert/convert_util.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "write/json.h"
#include "write/pgn_writer.h"

namespace pgnkit::convert_test::pgn_wrap_test {  // its own: the sanitizer tree joins the files
namespace {

constexpr std::size_t kWidth = 80;

// The commands tried: the common ones, and some with several spaces inside.
constexpr std::string_view kCommands[] = {
    "[%clk 0:00:58]",
    "[%clk 1:02:03.4]",
    "[%eval 0.17]",
    "[%eval -1.5,23]",
    "[%eval #-3]",
    "[%emt 0:00:05]",
    "[%csl Ga1,Rb2,Yc3]",
    "[%cal Ge2e4,Rd7d5]",
    "[%mdl 8192]",
    "[%evp 0,1,2,3]",
    "[%tqu \"En\",\"\",\"\",,,,0,,]",
    "[%date 2024 06 01 12 00 00]",
};

// The comments and moves of a PGN text, as pgnkit's reader reads them.
struct Tokens : pgn::Visitor {
  std::vector<std::string> comments, moves;
  pgn::Control comment(std::string_view text, pgn::Location) {
    comments.emplace_back(text);
    return pgn::Control::Continue;
  }
  pgn::Control san(std::string_view text, pgn::Location) {
    moves.emplace_back(text);
    return pgn::Control::Continue;
  }
};

// A small read buffer: thousands of games are read, each a few hundred bytes.
pgn::ReaderOptions small_buffer() {
  pgn::ReaderOptions options;
  options.buffer_size = 4096;
  return options;
}

Tokens tokens(const std::string& pgn) {
  Tokens t;
  auto source = io::Source::from_memory(std::string_view(pgn));
  pgn::read_pgn(source, t, small_buffer());
  return t;
}

// As UTF-8 (the writer converts Latin-1), white space folded: words joined by one space.
std::string folded(std::string_view text) {
  std::string utf8;
  write::append_utf8(utf8, text);
  std::istringstream in{utf8};
  std::string out, word;
  while (in >> word) out += (out.empty() ? "" : " ") + word;
  return out;
}

// For each byte of `text`, whether it lies inside a command: from "[%" to the next ']' (a "[%"
// with no ']' after it is no command).
std::vector<bool> in_command(std::string_view text) {
  std::vector<bool> inside(text.size(), false);
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '[' || text[i + 1] != '%') continue;
    const std::size_t close = text.find(']', i + 2);
    if (close == std::string_view::npos) break;
    for (std::size_t j = i; j <= close; ++j) inside[j] = true;
    i = close;
  }
  return inside;
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    lines.emplace_back(text.substr(at, nl - at));
    at = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  return lines;
}

// The movetext as written (after the tags' blank line), or the whole output without tags.
std::string movetext(const std::string& pgn) {
  const std::size_t blank = pgn.find("\n\n");
  std::string m = blank == std::string::npos ? pgn : pgn.substr(blank + 2);
  while (!m.empty() && m.back() == '\n') m.pop_back();
  return m;
}

// Writes `input` (one game) as PGN and checks the properties above; returns the output.
std::string expect_wrapped_well(const std::string& input, const std::string& what) {
  SCOPED_TRACE(what + "\n--- input\n" + input);
  const Collected read = read_pgn_text(input, small_buffer());
  EXPECT_EQ(read.games.size(), 1u);
  if (read.games.size() != 1) return {};
  std::string out;
  write::write_pgn(read.games[0], {}, out);
  SCOPED_TRACE("--- output\n" + out);

  const std::string text = movetext(out);
  const std::vector<bool> inside = in_command(text);
  for (std::size_t i = 0; i < text.size(); ++i)
    EXPECT_FALSE(text[i] == '\n' && inside[i]) << "line break inside a command at byte " << i;

  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string& line = lines[n];
    EXPECT_TRUE(line.empty() || (line[0] != '[' && line[0] != '%'))
        << "line " << n + 1 << " starts with '[' or '%'";
    const std::vector<bool> line_inside = in_command(line);
    // The first place the writer could break: a space outside commands and not before '[' or
    // '%', but not the one after a move number ("12." and "12..." stay with their move).
    std::size_t first_break = std::string::npos;
    const std::size_t digits = line.find_first_not_of("0123456789");
    const bool numbered = digits > 0 && digits != std::string::npos && line[digits] == '.';
    const std::size_t from = numbered ? line.find(' ') + 1 : 0;
    for (std::size_t i = from; i < line.size() && first_break == std::string::npos; ++i) {
      const bool glued = i + 1 < line.size() && (line[i + 1] == '[' || line[i + 1] == '%');
      if (line[i] == ' ' && !line_inside[i] && !glued) first_break = i;
    }
    if (line.size() > kWidth) {
      EXPECT_EQ(first_break, std::string::npos) << "line " << n + 1 << " is long and breakable";
      EXPECT_NE(line.find("[%"), std::string::npos) << "line " << n + 1 << " is long, no command";
    }
    if (n > 0) {  // the first word of this line did not fit on the one before
      const std::size_t first_word = first_break == std::string::npos ? line.size() : first_break;
      EXPECT_GT(lines[n - 1].size() + 1 + first_word, kWidth)
          << "needless break before line " << n + 1;
    }
  }

  const Tokens before = tokens(input), after = tokens(out);
  EXPECT_EQ(before.moves, after.moves);
  EXPECT_EQ(before.comments.size(), after.comments.size());
  for (std::size_t i = 0; i < std::min(before.comments.size(), after.comments.size()); ++i)
    EXPECT_EQ(folded(before.comments[i]), folded(after.comments[i])) << "comment " << i + 1;
  return out;
}

// `n` bytes of ordinary words ("ab ab ab ..."), ending in a letter.
std::string words(std::size_t n) {
  std::string s;
  while (s.size() < n) s += "ab ";
  s.resize(n);
  if (!s.empty() && s.back() == ' ') s.back() = 'x';
  return s;
}

// A command of exactly `n` >= 8 bytes: "[%cal Ga1a2,...]" padded with 'x' before the ']'.
std::string long_command(std::size_t n) {
  std::string s = "[%cal ";
  while (s.size() + 7 <= n - 1) s += "Ga1a2,";
  s.resize(n - 1, 'x');
  return s + "]";
}

std::string game(const std::string& movetext) {
  return "[Event \"wrap\"]\n[Result \"*\"]\n\n" + movetext + " *\n";
}

TEST(PgnWrap, CommandsNeverBrokenAtAnyColumnNear80) {
  std::size_t cases = 0, long_lines = 0, moved = 0;
  for (const std::string_view command_view : kCommands) {
    const std::string command(command_view);
    for (std::size_t column = 60; column <= 90; ++column) {  // 1-based column of its '['
      const std::string at = " (column " + std::to_string(column) + ")";
      // A long command first, alone on the first line: "{" + it + " " puts `command` at
      // `column`; a line of it alone is long when it cannot fit.
      const std::string lead = long_command(column - 3);
      // Each layout written as it reads: a test, not a hot path.
      // NOLINTBEGIN(performance-inefficient-string-concatenation)
      const std::vector<std::pair<std::string, std::string>> layouts = {
          {"after a long command", "{" + lead + " " + command + " after}"},
          {"after words", "{" + words(column - 3) + " " + command + " after}"},
          {"after a move", "1. e4 {" + words(column - 9) + " " + command + "} e5"},
          {"two commands, lichess style", "1. e4 {" + words(column - 9) + " " + command +
                                              " [%clk 0:00:58]} 1... e5 {[%eval 0.2]}"},
          {"glued to the text before", "{" + words(column - 3) + command + "x}"},
          {"in a variation", "1. e4 (1. d4 {" + words(column - 16) + " " + command + "}) e5"},
          {"at a variation's start", "1. e4 ({" + words(column - 10) + " " + command + "} 1. d4)"},
          {"white space: the slow path", "{" + words(column - 3) + "\n" + command + "\t\tend}"},
          {"Latin-1: the slow path", "{\xE9" + words(column - 4) + " " + command + " \xE9t\xE9}"},
      };
      // NOLINTEND(performance-inefficient-string-concatenation)
      for (const auto& [name, text] : layouts) {
        std::string label = command;
        label.append(" ").append(name).append(at);
        const std::string out = expect_wrapped_well(game(text), label);
        const std::vector<std::string> lines = lines_of(movetext(out));
        for (std::size_t n = 0; n < lines.size(); ++n) {
          long_lines += lines[n].size() > kWidth;
          // Carried to this line with the word before it (or its brace).
          const std::size_t found = lines[n].find(command);
          moved += n > 0 && found != std::string::npos && found < 8;
        }
        ++cases;
      }
    }
  }
  EXPECT_EQ(cases, 12u * 31u * 9u);
  // The cases reach what they are for: lines that must run long, and commands moved whole to
  // the next line, with the word before them.
  EXPECT_GT(long_lines, 0u);
  EXPECT_GT(moved, 0u);
}

TEST(PgnWrap, ExactBreaksAroundClockAndEval) {
  // The case: "[%clk 0:00:58]" would cross column 80; it moves to the next line whole,
  // with the word before it (a line inside a comment never starts with '[').
  const std::string out =
      expect_wrapped_well(game("1. e4 {" + words(62) + " [%clk 0:00:58]} 1... e5"), "clk");
  EXPECT_EQ(movetext(out), "1. e4 {" + words(59) + "\nab [%clk 0:00:58]} 1... e5 *");
  // Lichess's pair: both commands go, with the word before them.
  const std::string pair = expect_wrapped_well(
      game("1. e4 {" + words(50) + " [%eval 0.17] [%clk 0:00:58]} 1... e5"), "eval clk");
  EXPECT_EQ(movetext(pair), "1. e4 {" + words(47) + "\nab [%eval 0.17] [%clk 0:00:58]} 1... e5 *");
  // A command longer than a line stays whole, on a line with the word before it.
  const std::string huge = long_command(90);
  const std::string alone = expect_wrapped_well(game("1. e4 {a " + huge + " b} e5"), "huge");
  EXPECT_EQ(movetext(alone), "1. e4\n{a " + huge + "\nb} 1... e5 *");
  // "[%" without a closing ']' is no command: its spaces are ordinary break points.
  const std::string open = expect_wrapped_well(game("{" + words(70) + " [%clk 0:00:58}"), "open");
  EXPECT_EQ(movetext(open), "{" + words(70) + " [%clk\n0:00:58} *");
}

}  // namespace
}  // namespace pgnkit::convert_test::pgn_wrap_test

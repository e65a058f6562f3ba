// Comment commands: values read only from canonical text, and written back byte for byte.
#include <gtest/gtest.h>

#include <cctype>
#include <random>

#include "support/regex.h"
#include "write/comment_commands.h"

namespace pgnkit::write::comment_commands_test {  // its own: the sanitizer tree joins the files
namespace {

std::string canonical(const CommentCommands& c) {
  std::string out;
  append_command_comment(out, c);
  return out;
}

TEST(convert, CommentCommandsReadsLichessComments) {
  CommentCommands c;
  ASSERT_TRUE(parse_command_comment(" [%eval 0.17] [%clk 0:00:30] ", c));
  EXPECT_EQ(c.eval, (Eval{false, 17}));
  EXPECT_EQ(c.clock_ms, 30'000);
  EXPECT_FALSE(c.emt_ms);
  ASSERT_TRUE(parse_command_comment("[%eval #-3]", c));
  EXPECT_EQ(c.eval, (Eval{true, -3}));
  ASSERT_TRUE(parse_command_comment("\n[%clk 1:02:03.25]\n[%emt 0:00:01.5]", c));
  EXPECT_EQ(c.clock_ms, 3'723'250);
  EXPECT_EQ(c.emt_ms, 1'500);
  ASSERT_TRUE(parse_command_comment("[%eval\n-0.05]", c));  // folded by the PGN writer
  EXPECT_EQ(c.eval, (Eval{false, -5}));
}

TEST(convert, CommentCommandsKeepsEverythingElseAsText) {
  CommentCommands c;
  for (const char* text : {
           "",                               // no command
           "text [%clk 0:00:30]",            // text besides commands
           "[%clk 0:00:30] text",            //
           "[%clk 00:00:30]",                // padded hours
           "[%clk 0:0:30]",                  // unpadded minutes
           "[%clk 0:60:00]",                 // minutes out of range
           "[%clk 0:00:30.50]",              // trailing zero in the fraction
           "[%clk 0:00:30.1234]",            // too precise
           "[%clk 0:00:30 ]",                // space before ']'
           "[% clk 0:00:30]",                // space after '%'
           "[%clk 0:00:30][%eval 0.1]",      // glued
           "[%clk 0:00:30] [%eval 0.17]",    // eval after clk
           "[%clk 0:00:30] [%clk 0:00:29]",  // twice
           "[%eval 0.10]",                   // trailing zero
           "[%eval .1]",                     //
           "[%eval 1]",                      // no decimals
           "[%eval -0.0]",                   // negative zero
           "[%eval 01.5]",                   // leading zero
           "[%eval #-0]",                    //
           "[%eval 0.17,20]",                // depth
           "[%csl Ga4]",                     // another command
           "[%clk 0:00:30]]",                //
       }) {
    EXPECT_FALSE(parse_command_comment(text, c)) << text;
  }
}

TEST(convert, CommentCommandsFormats) {
  std::string s;
  append_duration(s, 0);
  EXPECT_EQ(s, "0:00:00");
  s.clear();
  append_duration(s, 36'000'050);
  EXPECT_EQ(s, "10:00:00.05");
  s.clear();
  append_eval(s, {false, 0});
  EXPECT_EQ(s, "0.0");
  s.clear();
  append_eval(s, {false, -150});
  EXPECT_EQ(s, "-1.5");
  s.clear();
  append_eval(s, {true, 12});
  EXPECT_EQ(s, "#12");
  s.clear();
  append_seconds(s, 2'500);
  EXPECT_EQ(s, "2.5");
  s.clear();
  append_seconds(s, 180'000);
  EXPECT_EQ(s, "180");
  s.clear();
  append_seconds(s, 50);
  EXPECT_EQ(s, "0.05");
}

// Any values: written, then read back, give the same values and the same text.
TEST(convert, CommentCommandsRandomValuesRoundTrip) {
  std::mt19937_64 rng(4);
  for (int i = 0; i < 20'000; ++i) {
    CommentCommands c;
    if (rng() % 2) c.clock_ms = static_cast<std::int64_t>(rng() % kMaxDurationMs);
    if (rng() % 2) c.emt_ms = static_cast<std::int64_t>(rng() % 100'000) * (rng() % 2 ? 1 : 1000);
    if (rng() % 2 || c.empty())
      c.eval = Eval{rng() % 4 == 0, static_cast<std::int32_t>(rng() % 4001) - 2000};
    const std::string text = canonical(c);
    CommentCommands back;
    ASSERT_TRUE(parse_command_comment(text, back)) << text;
    EXPECT_EQ(back, c) << text;
    EXPECT_EQ(canonical(back), text);
  }
}

// Any text read as commands writes back to itself (mutations of canonical text).
TEST(convert, CommentCommandsReadTextWritesBackExactly) {
  std::mt19937_64 rng(7);
  const std::string alphabet = "0123456789:.-# []%clkevaemt";
  for (int i = 0; i < 50'000; ++i) {
    std::string text = "[%eval 0.17] [%clk 0:00:30] [%emt 0:00:01]";
    for (int k = rng() % 3; k >= 0; --k) {
      const std::size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0: text[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
      }
    }
    CommentCommands c;
    if (!parse_command_comment(text, c)) continue;
    std::string folded;  // the text as the PGN writer prints it
    bool space = false;
    for (const char ch : text) {
      if (ch == ' ') {
        space = !folded.empty();
      } else {
        if (space) folded += ' ';
        space = false;
        folded += ch;
      }
    }
    EXPECT_EQ(canonical(c), folded) << text;
  }
}

// `text` with white space of several kinds around it (or, when `framed`, one space on each
// side, as lichess writes it: the shortcut readers' fast case) and, when `change`, one byte
// replaced by one of `bytes` (the texts the shortcut readers below are tried on).
std::string varied(const std::string& text, bool change, const std::string& bytes,
                   std::mt19937& rng, bool framed = false) {
  static const std::string pad[] = {"", " ", "  ", "\n", " \t"};
  std::string out = framed ? " " + text + " " : pad[rng() % 5] + text + pad[rng() % 5];
  if (change) out[rng() % out.size()] = bytes[rng() % bytes.size()];
  return out;
}

std::string trim(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  text.erase(0, text.find_first_not_of(" \t\n\r"));
  return text;
}

// plain_clock_seconds(), the shortcut parse_command_comment() and the NDJSON stream take,
// against a regular expression of its contract ("[%clk H:MM:SS]" or "[%clk HH:MM:SS]" once
// trimmed, no leading zero in the hours), on canonical clocks of random values, half of them
// with one byte changed to a byte that matters; what it accepts, the full reader reads as
// that clock and nothing else.
TEST(convert, PlainClockMatchesItsContract) {
  const testing::Regex contract(R"(\[%clk ([1-9][0-9]|[0-9]):([0-5][0-9]):([0-5][0-9])\])");
  std::mt19937 rng(11);
  const std::string bytes = std::string("0123456789:] [%clkemt#.-\t\n") + '\0' + '\x80';
  std::size_t accepted = 0;
  for (int round = 0; round < 100000; ++round) {
    const std::int64_t seconds =
        round < 1000 ? std::int64_t{round} * 37 : rng() % (std::uint64_t{100} * 3600);
    std::string text;
    append_command_comment(text, CommentCommands{seconds * 1000, std::nullopt, std::nullopt});
    text = varied(text, round % 2 == 1, bytes, rng, round % 4 >= 2);
    const std::string trimmed = trim(text);
    std::int32_t expected = -1;
    if (const testing::RegexMatch m = contract.full_match(trimmed))
      expected = (std::stoi(m[1]) * 60 + std::stoi(m[2])) * 60 + std::stoi(m[3]);
    const std::int32_t quick = plain_clock_seconds(text);
    ASSERT_EQ(quick, expected) << '"' << text << '"';
    if (quick < 0) continue;
    ++accepted;
    CommentCommands full;
    ASSERT_TRUE(parse_command_comment(text, full)) << '"' << text << '"';
    ASSERT_EQ(full, (CommentCommands{quick * std::int64_t{1000}, std::nullopt, std::nullopt}));
  }
  EXPECT_GT(accepted, 50000u);
}

// plain_eval_clock(), the shortcut for lichess's "[%eval E] [%clk H:MM:SS]", against the full
// reader (which has no shortcut for evals): on canonical comments of random evals (centipawns
// and mates, a few of them long) and clocks, half of them with one byte changed and half of
// them spaced as lichess does, it accepts exactly the texts the full reader reads as an eval
// and a whole-second clock below 100 hours, written eval first, one space after each
// command's name; and reads the same values.
TEST(convert, PlainEvalClockAgreesWithTheFullReader) {
  const testing::Regex shape(R"(\[%eval [^\s\]]+\]\s+\[%clk [^\s\]]+\])");
  std::mt19937 rng(13);
  const std::string bytes = std::string("0123456789:] [%clkevaltm#.-\t\n") + '\0' + '\x80';
  std::size_t accepted = 0;
  for (int round = 0; round < 100000; ++round) {
    CommentCommands c;
    c.clock_ms = std::int64_t{1000} * (rng() % (std::uint64_t{100} * 3600));
    const bool mate = rng() % 4 == 0;
    // One in eight of any size up to 2e9: 7 digits before the point are read, 8 are not.
    const std::uint32_t range = rng() % 8 == 0 ? 2'000'000'000u : mate ? 30u : 3000u;
    const auto magnitude = static_cast<std::int32_t>(rng() % range);
    c.eval = Eval{mate, rng() % 2 ? magnitude : -magnitude};
    if (c.eval->value == 0 && rng() % 2) c.eval->value = 1;
    std::string text;
    append_command_comment(text, c);
    text = varied(text, round % 2 == 1, bytes, rng, round % 4 >= 2);
    const std::string trimmed = trim(text);
    CommentCommands full;
    const bool expected = parse_command_comment(text, full) && full.eval && full.clock_ms &&
                          !full.emt_ms && *full.clock_ms % 1000 == 0 &&
                          *full.clock_ms < std::int64_t{100} * 3600 * 1000 &&
                          shape.full_match(trimmed).found();
    Eval eval;
    const std::int32_t clock = plain_eval_clock(text, eval);
    ASSERT_EQ(clock >= 0, expected) << '"' << text << '"';
    if (clock < 0) continue;
    ++accepted;
    ASSERT_EQ(clock * std::int64_t{1000}, *full.clock_ms) << '"' << text << '"';
    ASSERT_EQ(eval, *full.eval) << '"' << text << '"';
  }
  EXPECT_GT(accepted, 40000u);

  // Signs, zeros and lengths at the edges of the canonical form, framed both ways.
  for (const char* e :
       {"0.0",   "-0.0", "-0.01", "-0.1", "0.10",       "-0.10",      "00.1", "1.",  ".5",
        "1.234", "9.99", "-9.9",  "10.5", "1234567.89", "12345678.9", "#0",   "#-0", "#1",
        "#-12",  "#01",  "-",     "#",    "#-",         "+1.0",       "1.0.1"}) {
    for (const std::string& text : {" [%eval " + std::string(e) + "] [%clk 0:01:00] ",
                                    "[%eval " + std::string(e) + "]  [%clk 0:01:00]"}) {
      CommentCommands full;
      const bool expected = parse_command_comment(text, full) && full.eval.has_value();
      Eval eval;
      const std::int32_t clock = plain_eval_clock(text, eval);
      ASSERT_EQ(clock >= 0, expected) << '"' << text << '"';
      if (clock >= 0) {
        EXPECT_EQ(eval, *full.eval) << '"' << text << '"';
      }
    }
  }
}

}  // namespace
}  // namespace pgnkit::write::comment_commands_test

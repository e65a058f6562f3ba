// Recovery after errors, and inputs built to break a naive reader: deep nesting, huge
// lines, binary junk, truncated compressed input.
#include <gtest/gtest.h>
#include <zstd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "recorder.h"
#include "support/sanitized.h"

namespace pgnkit::pgn {
namespace {

// Counts callbacks and remembers the games' Event tags and end states.
struct Tally : Visitor {
  std::uint64_t sans = 0, comments = 0, opens = 0, closes = 0;
  std::vector<std::string> events;
  std::vector<EndInfo> ends;
  std::vector<SyntaxIssue> issues;  // text dropped: it is only valid during the callback
  void tag(std::string_view name, std::string_view value, Location) {
    if (name == "Event") events.emplace_back(value);
  }
  void san(std::string_view, Location) { ++sans; }
  void comment(std::string_view, Location) { ++comments; }
  void begin_variation(Location) { ++opens; }
  void end_variation(Location) { ++closes; }
  void end_game(const EndInfo& e) { ends.push_back(e); }
  void syntax_error(const SyntaxIssue& i) {
    issues.push_back(i);
    issues.back().text = {};
  }
};

ReadStats tally(std::string_view text, Tally& t, ReaderOptions options = {}) {
  io::Source src = io::Source::from_memory(text);
  return read_pgn(src, t, options);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(Recovery, GamesAfterBrokenOnesAreDeliveredComplete) {
  std::ifstream in(PGNKIT_SOURCE_DIR "/tests/data/pgn/recovery_after_broken_games.pgn",
                   std::ios::binary);
  ASSERT_TRUE(in) << "fixture missing";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Tally t;
  const ReadStats stats = tally(text, t);
  ASSERT_EQ(stats.games, 7u);
  EXPECT_EQ(t.events, (std::vector<std::string>{"Good 1", "Broken: stray character", "Good 2",
                                                "Broken: unterminated comment", "Good 3",
                                                "Broken: missing result", "Good 4"}));
  for (std::size_t i : {0, 2, 4, 6}) {
    EXPECT_TRUE(t.ends[i].has_result) << i;
    EXPECT_FALSE(t.ends[i].cut) << i;
    EXPECT_EQ(t.ends[i].errors + t.ends[i].warnings, 0u) << i;
  }
  EXPECT_TRUE(t.ends[1].cut);
  EXPECT_TRUE(t.ends[3].cut);
  EXPECT_FALSE(t.ends[5].cut);
  EXPECT_FALSE(t.ends[5].has_result);
  ASSERT_EQ(t.issues.size(), 3u);
  EXPECT_EQ(t.issues[0].code, SyntaxCode::UnexpectedChar);
  EXPECT_EQ(t.issues[0].where, (Location{141, 9, 16}));
  EXPECT_EQ(t.issues[1].code, SyntaxCode::UnterminatedComment);
  EXPECT_EQ(t.issues[1].where, (Location{270, 19, 7}));
  EXPECT_EQ(t.issues[2].code, SyntaxCode::MissingResult);
  EXPECT_EQ(stats.errors, 2u);
  EXPECT_EQ(stats.warnings, 1u);
  EXPECT_EQ(t.sans, 7u + 3 + 4 + 1 + 8 + 2 + 4);
}

TEST(Recovery, HundredThousandNestedParensAreLinear) {
  const std::size_t n = 100000;
  const std::string text = test::cat({"[Event \"deep\"]\n1. e4 ", std::string(n, '('), "e5 ",
                                      std::string(n, ')'), " d5 *\n[Event \"after\"]\n1. d4 ",
                                      std::string(n, '('), "\n[Event \"last\"]\n*\n"});
  const auto start = std::chrono::steady_clock::now();
  Tally t;
  const ReadStats stats = tally(text, t);
  EXPECT_LT(seconds_since(start), 2.0);
  ASSERT_EQ(stats.games, 3u);
  EXPECT_EQ(t.events, (std::vector<std::string>{"deep", "after", "last"}));
  EXPECT_EQ(t.opens, 2u * 256);
  EXPECT_EQ(t.closes, 2u * 256);
  EXPECT_EQ(t.sans, 3u);  // e4, d5, d4; e5 at depth 100000 is skipped
  EXPECT_TRUE(t.ends[0].has_result);
  ASSERT_EQ(t.issues.size(), 4u);
  EXPECT_EQ(t.issues[0].code, SyntaxCode::NestingTooDeep);
  EXPECT_EQ(t.issues[0].where.column, 7u + 256);
  EXPECT_EQ(t.issues[1].code, SyntaxCode::NestingTooDeep);
  EXPECT_EQ(t.issues[2].code, SyntaxCode::UnterminatedVariation);
  EXPECT_EQ(t.issues[2].where.column, 7u);
  EXPECT_EQ(t.issues[3].code, SyntaxCode::MissingResult);
}

TEST(Recovery, TwentyMegabyteLines) {
  const std::size_t big = 20u << 20;
  std::string text = test::cat({"[Event \"comment\"]\n1. e4 {", std::string(big, 'c'), "} e5 *\n"});
  text += "[Event \"moves\"]\n";
  std::uint64_t line_moves = 0;
  for (; text.size() < 2 * big; line_moves += 4) text += "Nf3 Nf6 Ng1 Ng8 ";
  text += test::cat({"*\n[Event \"tag value\"]\n[Site \"", std::string(big, 't'), "\"]\n*\n"});
  text += test::cat({"[Event \"symbol\"]\n1. ", std::string(big, 's'), " e4\n"});
  text += test::cat(
      {"[Event \"escape\"]\n%", std::string(big, '%'), "\n*\n[Event \"last\"]\n1. d4 *\n"});
  const auto start = std::chrono::steady_clock::now();
  Tally t;
  const ReadStats stats = tally(text, t);
  // Linear time: a quadratic reader takes minutes. Under ASan (and this test's callbacks at
  // -O0 there) the linear read takes some seconds on a loaded machine.
  EXPECT_LT(seconds_since(start), pgnkit::testing::kSanitized ? 60.0 : 5.0);
  ASSERT_EQ(stats.games, 6u);
  EXPECT_EQ(t.events, (std::vector<std::string>{"comment", "moves", "tag value", "symbol", "escape",
                                                "last"}));
  EXPECT_EQ(t.sans, 2u + line_moves + 1);  // e4 e5, the move line, d4
  EXPECT_EQ(t.comments, 0u);
  ASSERT_EQ(t.issues.size(), 4u);
  EXPECT_EQ(t.issues[0].code, SyntaxCode::TokenTooLong);  // the comment: skipped
  EXPECT_EQ(t.issues[0].severity, Severity::Warning);
  EXPECT_EQ(t.issues[0].where.column, 7u);
  EXPECT_EQ(t.issues[1].code, SyntaxCode::TokenTooLong);  // the tag line: skipped
  EXPECT_EQ(t.issues[1].severity, Severity::Warning);
  EXPECT_EQ(t.issues[2].code, SyntaxCode::TokenTooLong);  // the symbol: the game is cut
  EXPECT_EQ(t.issues[2].severity, Severity::Error);
  EXPECT_EQ(t.issues[3].code, SyntaxCode::TokenTooLong);  // the escape line: skipped
  EXPECT_TRUE(t.ends[3].cut);
  for (std::size_t i : {0, 1, 2, 4, 5}) EXPECT_TRUE(t.ends[i].has_result) << i;
  EXPECT_EQ(stats.bytes, text.size());
}

TEST(Recovery, BinaryJunkIsLinearAndTheNextGameSurvives) {
  std::uint64_t x = 88172645463325252u;
  auto noise = [&x](std::string& out, std::size_t n) {  // xorshift, NULs included
    for (std::size_t i = 0; i < n; ++i) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      out.push_back(static_cast<char>(x >> 56));
    }
  };
  std::string text = "[Event \"before\"]\n1. e4 *\n";
  noise(text, 4u << 20);  // between games
  text += "\n[Event \"junk\"]\n1. e4 ";
  noise(text, 4u << 20);  // inside movetext
  text += "\n[Event \"after\"]\n1. d4 d5 *\n";
  const auto start = std::chrono::steady_clock::now();
  Tally t;
  const ReadStats stats = tally(text, t);
  EXPECT_LT(seconds_since(start), 5.0);
  ASSERT_GE(t.events.size(), 3u);
  EXPECT_EQ(t.events.front(), "before");
  EXPECT_EQ(t.events.back(), "after");
  EXPECT_TRUE(t.ends.back().has_result);
  EXPECT_FALSE(t.ends.back().cut);
  EXPECT_EQ(stats.bytes, text.size());
  EXPECT_GT(stats.errors, 0u);
  EXPECT_GT(stats.warnings, 0u);
}

TEST(Recovery, TruncatedZstdInputIsReportedAndTheGameCut) {
  std::string text;
  for (int i = 0; i < 4000; ++i) {
    text += test::cat(
        {"[Event \"g", std::to_string(i), "\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"});
  }
  std::string packed(ZSTD_compressBound(text.size()), '\0');
  packed.resize(ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 3));
  packed.resize(packed.size() - 5);
  io::Source src = io::Source::from_memory(packed);
  Tally t;
  const ReadStats stats = read_pgn(src, t);
  ASSERT_TRUE(src.error().has_value());
  EXPECT_EQ(src.error()->code, io::IoErrorCode::Truncated);
  EXPECT_LT(stats.games, 4000u);
  ASSERT_FALSE(t.issues.empty());
  EXPECT_EQ(t.issues.back().code, SyntaxCode::InputError);
  EXPECT_EQ(t.issues.back().where.offset, src.error()->offset);
  EXPECT_EQ(stats.bytes, src.error()->offset);
}

}  // namespace
}  // namespace pgnkit::pgn

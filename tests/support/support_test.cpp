// The test helpers themselves: mask_timings() on the lines pgnkit prints and against the
// three regular expressions it replaced (run through PCRE2, on random text), and Regex's
// search, full match, groups, every-match and bad-pattern behaviour; in_turn_when_sanitized()
// in this build, and PGNKIT_TEST_SANITIZED against the compiler's own ASan macro.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "support/regex.h"
#include "support/sanitized.h"
#include "support/timings.h"

namespace pgnkit::testing {
namespace {

// The compiler's own word on ASan (GCC defines __SANITIZE_ADDRESS__, clang has the feature).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCompilerSaysAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCompilerSaysAsan = true;
#else
constexpr bool kCompilerSaysAsan = false;
#endif
#else
constexpr bool kCompilerSaysAsan = false;
#endif

TEST(Sanitized, DefinedExactlyWhenAddressSanitizerIsOn) {
  EXPECT_EQ(kSanitized, kCompilerSaysAsan);
}

TEST(Sanitized, InTurnKeepsAllOrOneByTheInputIndex) {
  const std::vector<int> all = {10, 20, 30};
  std::vector<int> seen;
  for (std::size_t input = 0; input < 7; ++input) {
    const std::vector<int> kept = in_turn_when_sanitized(all, input);
    if (!kSanitized) {
      EXPECT_EQ(kept, all);
      continue;
    }
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_EQ(kept[0], all[input % 3]);
    seen.push_back(kept[0]);
  }
  if (kSanitized) {
    EXPECT_EQ(seen, (std::vector<int>{10, 20, 30, 10, 20, 30, 10}));
  }
  EXPECT_TRUE(in_turn_when_sanitized(std::vector<int>{}, 3).empty());
}

TEST(MaskTimings, SummaryPerftAndJsonLines) {
  EXPECT_EQ(mask_timings("5 games, 27 plies, 3 errors, 0 warnings, 3 games with errors, 0 "
                         "unsupported-variant games, 0.01 s, 12.3 MB/s\n"),
            "5 games, 27 plies, 3 errors, 0 warnings, 3 games with errors, 0 "
            "unsupported-variant games, <T> s, <R> MB/s\n");
  EXPECT_EQ(mask_timings("depth 4: 197281 nodes in 0.012 s (16.4 M nodes/s)\n"),
            "depth 4: 197281 nodes in <T> s (<R> M nodes/s)\n");
  EXPECT_EQ(mask_timings("2 positions, 2 counts checked, 0 failed, 68 nodes in 0.00 s\n"),
            "2 positions, 2 counts checked, 0 failed, 68 nodes in <T> s\n");
  EXPECT_EQ(mask_timings(R"({"nodes":25,"seconds":0.000012,"nps":2083333,"x":1.5})"),
            R"({"nodes":25,"seconds":<T>,"nps":<T>,"x":1.5})");
}

TEST(MaskTimings, LeavesWhatIsNotATimingAlone) {
  for (const std::string text :
       {"3 s", "1.5 sec", "1.5 s_", "1.5s", ".5 s", "1. s", "1.5 MB", "1.5 M nodes", "seconds:1",
        "\"seconds\":", "\"nps\":x", "e4 1-0 1/2-1/2 {1.5}"})
    EXPECT_EQ(mask_timings(text), text);
  EXPECT_EQ(mask_timings("12.5.3 s, 1.5 s."), "12.<T> s, <T> s.");
}

// What std::regex_replace(text, pattern, format) gave: each match replaced by format(match).
std::string replace_all(const std::string& text, const Regex& pattern,
                        const std::function<std::string(const RegexMatch&)>& format) {
  std::string out;
  std::size_t at = 0;
  for (const RegexMatch& m : pattern.search_all(text)) {
    out += text.substr(at, m.begin - at) + format(m);
    at = m.end;
  }
  return out + text.substr(at);
}

TEST(MaskTimings, AgreesWithTheRegularExpressionsItReplaced) {
  const Regex seconds(R"(\d+\.\d+ s\b)");
  const Regex rate(R"(\d+\.\d+ (MB/s|M nodes/s))");
  const Regex json_time(R"re("(seconds|nps)":[0-9.]+)re");
  const std::string pieces[] = {
      "0", "7", "12",           ".",        " s", " s,", " MB/s", " M nodes/s",
      "s", "x", "\"seconds\":", "\"nps\":", ", ", "\n",  "_",     " "};
  std::mt19937 rng(5);
  std::size_t masked = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (int i = rng() % 16; i >= 0; --i) text += pieces[rng() % std::size(pieces)];
    std::string expected = replace_all(text, seconds, [](const RegexMatch&) { return "<T> s"; });
    expected = replace_all(expected, rate, [](const RegexMatch& m) { return "<R> " + m[1]; });
    expected =
        replace_all(expected, json_time, [](const RegexMatch& m) { return '"' + m[1] + "\":<T>"; });
    ASSERT_EQ(mask_timings(text), expected) << '"' << text << '"';
    masked += expected != text;
  }
  EXPECT_GT(masked, 4000u);  // of 20000: the texts do hold timings
}

TEST(Regex, SearchGroupsAndPlaces) {
  const Regex games(R"((\d+) games, (\d+) plies)");
  const RegexMatch m = games.search("x\n39 games, 248 plies, 25 errors");
  ASSERT_TRUE(m);
  EXPECT_EQ(m.begin, 2u);
  EXPECT_EQ(m.end, 21u);
  EXPECT_EQ(m[0], "39 games, 248 plies");
  EXPECT_EQ(m.number(1), 39u);
  EXPECT_EQ(m.number(2), 248u);
  EXPECT_FALSE(games.search("39 games"));
  EXPECT_EQ(games.search("1 games, 2 plies; 3 games, 4 plies", 1).number(1), 3u);
}

TEST(Regex, FullMatchIsAnchoredAtBothEnds) {
  const Regex snake("[a-z_]+");
  EXPECT_TRUE(snake.full_match("pinned_piece"));
  EXPECT_FALSE(snake.full_match("pinned piece"));
  EXPECT_FALSE(snake.full_match("Pinned"));
  EXPECT_FALSE(snake.full_match(""));
  EXPECT_TRUE(snake.search("Pinned"));
  const Regex nul(std::string("a\\x00?b"));
  EXPECT_TRUE(nul.full_match(std::string("a\0b", 3)));  // bytes, NUL included
}

TEST(Regex, SearchAllAndUnsetGroups) {
  const Regex key(R"re("(\w+)":(\d+)|(null))re");
  const std::vector<RegexMatch> all = key.search_all(R"({"games":3,"x":null,"plies":40})");
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0][1], "games");
  EXPECT_EQ(all[0].number(2), 3u);
  EXPECT_EQ(all[1][1], "");  // unset
  EXPECT_EQ(all[1][3], "null");
  EXPECT_EQ(all[2][1], "plies");
  EXPECT_EQ(Regex("x*").search_all("ab").size(), 3u);  // empty matches move on
}

TEST(Regex, ABadPatternFailsTheTestAndMatchesNothing) {
  EXPECT_NONFATAL_FAILURE({ EXPECT_FALSE(Regex("a(b").search("a(b")); },
                          "bad test regex 'a(b' at offset 3");
}

}  // namespace
}  // namespace pgnkit::testing

// Filter parsing: dates, ranges, material, regexes and their errors.
#include <gtest/gtest.h>

#include "select/filters.h"
#include "select/play_filters.h"

namespace pgnkit::select {
namespace {

TEST(Dates, FullPartialAndUnknown) {
  EXPECT_EQ(parse_date("2020.05.17"), (DateRange{20200517, 20200517}));
  EXPECT_EQ(parse_date("2020.05.??"), (DateRange{20200501, 20200531}));
  EXPECT_EQ(parse_date("2020.??.??"), (DateRange{20200101, 20201231}));
  EXPECT_EQ(parse_date("2020.??.17"), (DateRange{20200101, 20201231}));
  EXPECT_EQ(parse_date("2020"), (DateRange{20200101, 20201231}));
  EXPECT_EQ(parse_date("2020-05"), (DateRange{20200501, 20200531}));
  EXPECT_EQ(parse_date("????.??.??"), std::nullopt);
  EXPECT_EQ(parse_date("?"), std::nullopt);
  EXPECT_EQ(parse_date("2020.13.01"), std::nullopt);
  EXPECT_EQ(parse_date("20.05.17"), std::nullopt);
  EXPECT_EQ(parse_date("2020.05.17.1"), std::nullopt);
}

TEST(Ranges, Forms) {
  std::uint32_t lo = 0, hi = 0;
  EXPECT_FALSE(parse_uint_range("10..20", lo, hi));
  EXPECT_EQ(lo, 10u);
  EXPECT_EQ(hi, 20u);
  EXPECT_FALSE(parse_uint_range("7", lo, hi));
  EXPECT_EQ(lo, 7u);
  EXPECT_EQ(hi, 7u);
  EXPECT_FALSE(parse_uint_range("..9", lo, hi));
  EXPECT_EQ(lo, 0u);
  EXPECT_EQ(hi, 9u);
  EXPECT_FALSE(parse_uint_range("40..", lo, hi));
  EXPECT_EQ(hi, UINT32_MAX);
  EXPECT_TRUE(parse_uint_range("20..10", lo, hi));
  EXPECT_TRUE(parse_uint_range("..", lo, hi));
  EXPECT_TRUE(parse_uint_range("x", lo, hi));
}

TEST(Material, SpecAndKey) {
  FilterError e;
  const auto krp_kr = parse_material("KRP:KR", e);
  ASSERT_TRUE(krp_kr);
  EXPECT_EQ(parse_material("PRK:RK", e), krp_kr);  // order does not matter
  chess::Position start = chess::Position::start();
  EXPECT_EQ(parse_material("KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP", e), material_key(start));
  EXPECT_NE(parse_material("KQ:K", e), material_key(start));
  EXPECT_FALSE(parse_material("KRP", e));
  EXPECT_FALSE(parse_material("RP:KR", e));  // no white king
  EXPECT_FALSE(parse_material("KKR:K", e));
  EXPECT_FALSE(parse_material("Kr:K", e));
  EXPECT_NE(e.message.find("K Q R B N P"), std::string::npos);
}

TEST(TagFilterParsing, RegexErrorsGiveTheOffset) {
  TagFilters f;
  const auto e = f.add_tag("White~ab(c");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("at offset 4"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("\n  ab(c\n      ^"), std::string::npos) << e->message;
  const auto p = f.add_player("player", "~x{2,1}");
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("--player: bad regex 'x{2,1}' at offset 5"), std::string::npos)
      << p->message;
}

TEST(TagFilterParsing, BadSpecs) {
  TagFilters f;
  EXPECT_TRUE(f.add_tag("WhiteElo"));
  EXPECT_TRUE(f.add_tag("=2500"));
  EXPECT_TRUE(f.add_tag("White?x"));
  EXPECT_TRUE(f.add_tag("Date>=soon"));
  EXPECT_TRUE(f.add_result("1-1"));
  EXPECT_TRUE(f.add_eco("A00-Z99"));
  EXPECT_TRUE(f.add_eco("B99-A00"));
  EXPECT_TRUE(f.add_elo("high"));
  EXPECT_TRUE(f.add_date("2020"));
  EXPECT_TRUE(f.add_date("x..2020"));
  EXPECT_TRUE(f.empty());
  EXPECT_FALSE(f.add_tag("WhiteElo>=2500"));
  EXPECT_FALSE(f.add_eco("A00-A09,C20"));
  EXPECT_FALSE(f.empty());
}

TEST(Regex, MatchLimitStopsCatastrophicBacktracking) {
  Regex r;
  RegexError e;
  ASSERT_TRUE(Regex::compile("^(a+)+$", r, e));
  EXPECT_EQ(r.match("aaaa"), Regex::Match::Yes);
  EXPECT_EQ(r.match(std::string(40, 'a') + "b"), Regex::Match::Limit);
  EXPECT_EQ(r.match(""), Regex::Match::No);
}

TEST(PlayFilterParsing, EndsAndFen) {
  PlayFilters f;
  EXPECT_FALSE(f.add_ends("checkmate,stalemate"));
  EXPECT_EQ(f.ends.size(), 2u);
  EXPECT_TRUE(f.add_ends("mate"));
  EXPECT_TRUE(f.add_ends("illegal"));  // not an end: --illegal is its own filter
  EXPECT_TRUE(f.add_fen("8/8/8/8/8/8/8/8 w - - 0 1"));
  EXPECT_FALSE(f.add_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
}

}  // namespace
}  // namespace pgnkit::select

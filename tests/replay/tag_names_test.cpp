// Tag names: the standard's tags written in another case ([fen], [RESULT]) are read as those
// tags, with warning tag_name_case; find_known_tag() is the look-up behind it.
#include <gtest/gtest.h>

#include "replay/tag_checks.h"
#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

constexpr std::string_view kKnown[] = {
    "Event",        "Site",       "Date",       "Round",       "White",     "Black",
    "Result",       "WhiteTitle", "BlackTitle", "WhiteElo",    "BlackElo",  "WhiteUSCF",
    "BlackUSCF",    "WhiteNA",    "BlackNA",    "WhiteType",   "BlackType", "EventDate",
    "EventSponsor", "Section",    "Stage",      "Board",       "Opening",   "Variation",
    "SubVariation", "ECO",        "NIC",        "Time",        "UTCTime",   "UTCDate",
    "TimeControl",  "SetUp",      "FEN",        "Termination", "Annotator", "Mode",
    "PlyCount",     "Variant"};

TEST(TagNames, EveryKnownNameExactlyAndInAnyCase) {
  int index = 1;
  for (const std::string_view name : kKnown) {
    SCOPED_TRACE(name);
    const KnownTagName exact = find_known_tag(name);
    EXPECT_EQ(static_cast<int>(exact.tag), index++);  // the enum lists them in this order
    EXPECT_EQ(standard_tag_name(exact.tag), name);
    EXPECT_TRUE(exact.exact);
    std::string lower(name), upper(name);
    for (char& c : lower) c = static_cast<char>(c | 0x20);
    for (char& c : upper) c = static_cast<char>(c & ~0x20);
    for (const std::string& other : {lower, upper}) {
      if (other == name) continue;  // "ECO" in upper case
      const KnownTagName k = find_known_tag(other);
      EXPECT_EQ(k.tag, exact.tag) << other;
      EXPECT_FALSE(k.exact) << other;
    }
  }
  EXPECT_EQ(roster_index(find_known_tag("Event").tag), 0);
  EXPECT_EQ(roster_index(find_known_tag("result").tag), 6);
  EXPECT_EQ(roster_index(find_known_tag("FEN").tag), -1);
  EXPECT_EQ(roster_index(KnownTag::None), -1);
  EXPECT_EQ(standard_tag_name(KnownTag::None), "");
}

TEST(TagNames, OtherNamesAreUnknown) {
  for (const std::string_view name :
       {"", "F", "FE", "FENs", "Fen1", "F_N", "WhiteFideId", "BlackRatingDiff", "LichessURL",
        "Opening_", "Ev-nt", "Whit3", "@vent", "SetUp\x7f", "Annotators", "EventSponsors"}) {
    SCOPED_TRACE(name);
    const KnownTagName k = find_known_tag(name);
    EXPECT_EQ(k.tag, KnownTag::None);
    EXPECT_FALSE(k.exact);
  }
}

TEST(TagNames, KnownTagInAnotherCaseIsReadAsIt) {
  // Without the case rule this game replays from the start and 1... Kd7 is illegal.
  const std::string pgn =
      "[event \"T\"]\n[SITE \"?\"]\n[date \"2024.01.01\"]\n[ROUND \"1\"]\n[WHITE \"A\"]\n"
      "[black \"B\"]\n[result \"1-0\"]\n[setup \"1\"]\n[fEn \"4k3/8/3K4/8/8/8/8/7R b - - 0 1\"]\n"
      "\n1... Kd8 2. Rh8# 1-0\n";
  const auto run = replay_text(pgn);
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.errors(), 0u);
  EXPECT_TRUE(run.with_code("missing_tag").empty());
  EXPECT_TRUE(run.with_code("fen_without_setup").empty());
  const auto cased = run.with_code("tag_name_case");
  ASSERT_EQ(cased.size(), 9u);
  EXPECT_EQ(cased[0].message,
            "[event] is the standard tag [Event] in another case; its value is used");
  EXPECT_EQ(cased[8].message, "[fEn] is the standard tag [FEN] in another case; its value is used");
  EXPECT_EQ(cased[8].severity, Severity::Warning);
  EXPECT_EQ(cased[8].where.line, 9u);
  EXPECT_EQ(cased[8].where.column, 1u);
  EXPECT_EQ(cased[8].ply, 0u);
  EXPECT_EQ(run.games[0].plies, 2u);
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
  EXPECT_TRUE(run.games[0].consistent);  // [result "1-0"] agrees with the mate
}

TEST(TagNames, ResultAndDateInAnotherCaseAreUsed) {
  // [RESULT] is compared with the marker; [date] chooses the Laws and is checked for form.
  auto run = replay_text("[RESULT \"1-0\"]\n[DATE \"1990.1.1\"]\n\n1. e4 e5 0-1\n");
  EXPECT_EQ(run.with_code("result_mismatch").size(), 1u);
  const auto form = run.with_code("bad_tag_value");
  ASSERT_EQ(form.size(), 1u);
  EXPECT_EQ(form[0].message,
            "[DATE \"1990.1.1\"] is not in the standard form (YYYY.MM.DD, '?' for unknown digits)");
  run = replay_text("[UTCDATE \"2010.01.01\"]\n\n1. e4 *\n");
  ASSERT_EQ(run.games.size(), 1u);
  EXPECT_EQ(run.games[0].laws, Laws::Pre2014);
}

TEST(TagNames, SameTagInTwoCasesIsADuplicate) {
  // The last value wins, as for any duplicate: this FEN has White to move.
  const auto run = replay_text(game("1. Kd2", "*",
                                    "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n"
                                    "[fen \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n"));
  EXPECT_EQ(run.errors(), 0u);
  const auto dup = run.with_code("duplicate_tag");
  ASSERT_EQ(dup.size(), 1u);
  EXPECT_EQ(dup[0].message, "duplicate tag [fen]; the last value is used");
  EXPECT_EQ(run.with_code("tag_name_case").size(), 1u);
  EXPECT_EQ(run.games[0].final_fen, "4k3/8/8/8/8/8/3K4/R7 b - - 1 1");
}

TEST(TagNames, ExactNamesAndUnknownNamesGiveNoWarning) {
  const auto run = replay_text(
      game("1. e4 e5", "*",
           "[WhiteElo \"2700\"]\n[whitefideid \"1\"]\n[WHITEFIDEID \"2\"]\n[ECO \"C20\"]\n"));
  EXPECT_TRUE(run.problems.empty());
}

TEST(TagNames, WithoutTagChecksTheValueIsStillUsed) {
  ReplayOptions opt;
  opt.tag_checks = false;
  const auto run =
      replay_text("[setup \"1\"]\n[fen \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n1... Kd7 *\n", opt);
  EXPECT_TRUE(run.problems.empty());
  EXPECT_EQ(run.games[0].plies, 1u);
}

}  // namespace
}  // namespace pgnkit::replay

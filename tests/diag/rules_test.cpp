// Rule selection: by code and by group, a code outranking its group, severity changes.
#include <gtest/gtest.h>

#include "diag/codes.h"
#include "diag/rules.h"

namespace pgnkit::diag {
namespace {

using replay::Severity;

std::size_t idx(std::string_view name) {
  return *find_code(name);
}

RuleSet build(RuleLists lists) {
  std::string why;
  auto set = RuleSet::build(lists, why);
  EXPECT_TRUE(set) << why;
  return set ? *set : RuleSet();
}

TEST(Rules, DefaultReportsEverythingAsFound) {
  const RuleSet set = build({});
  EXPECT_TRUE(set.is_default());
  for (std::size_t i = 0; i < all_codes().size(); ++i) {
    EXPECT_TRUE(set.enabled(i));
    EXPECT_EQ(set.severity(i, Severity::Warning), Severity::Warning);
    EXPECT_EQ(set.severity(i, Severity::Error), Severity::Error);
  }
}

TEST(Rules, SelectByGroupKeepsOnlyThatGroup) {
  const RuleSet set = build({.select = {"illegal"}});
  std::size_t on = 0;
  for (std::size_t i = 0; i < all_codes().size(); ++i) {
    EXPECT_EQ(set.enabled(i), all_codes()[i].group == Group::Illegal) << all_codes()[i].name;
    on += set.enabled(i);
  }
  EXPECT_EQ(on, 17u);
}

TEST(Rules, SelectByCode) {
  const RuleSet set = build({.select = {"pinned_piece", "missing_tag"}});
  std::size_t on = 0;
  for (std::size_t i = 0; i < all_codes().size(); ++i) on += set.enabled(i);
  EXPECT_EQ(on, 2u);
  EXPECT_TRUE(set.enabled(idx("pinned_piece")));
  EXPECT_TRUE(set.enabled(idx("missing_tag")));
}

TEST(Rules, IgnoreByGroupAndByCode) {
  const RuleSet set = build({.ignore = {"lint", "missing_tag"}});
  EXPECT_FALSE(set.enabled(idx("castling_zeros")));
  EXPECT_FALSE(set.enabled(idx("missing_check")));
  EXPECT_FALSE(set.enabled(idx("missing_tag")));
  EXPECT_TRUE(set.enabled(idx("bad_tag_value")));
  EXPECT_TRUE(set.enabled(idx("pinned_piece")));
}

TEST(Rules, CodeOutranksGroup) {
  const RuleSet a = build({.select = {"illegal"}, .ignore = {"pinned_piece"}});
  EXPECT_FALSE(a.enabled(idx("pinned_piece")));
  EXPECT_TRUE(a.enabled(idx("wrong_side")));
  const RuleSet b = build({.select = {"pinned_piece"}, .ignore = {"illegal"}});
  EXPECT_TRUE(b.enabled(idx("pinned_piece")));
  EXPECT_FALSE(b.enabled(idx("wrong_side")));
  // The same name in both: ignored.
  const RuleSet c = build({.select = {"lint"}, .ignore = {"lint"}});
  EXPECT_FALSE(c.enabled(idx("castling_zeros")));
}

TEST(Rules, ErrorAndWarnChangeSeverity) {
  const RuleSet set = build({.error = {"lint"}, .warn = {"illegal", "castling_zeros"}});
  EXPECT_FALSE(set.is_default());
  EXPECT_EQ(set.severity(idx("missing_check"), Severity::Warning), Severity::Error);
  EXPECT_EQ(set.severity(idx("castling_zeros"), Severity::Warning), Severity::Warning);  // code
  EXPECT_EQ(set.severity(idx("pinned_piece"), Severity::Error), Severity::Warning);
  EXPECT_EQ(set.severity(idx("missing_tag"), Severity::Warning), Severity::Warning);  // untouched
  // A code named in both lists is an error.
  const RuleSet both = build({.error = {"pinned_piece"}, .warn = {"pinned_piece"}});
  EXPECT_EQ(both.severity(idx("pinned_piece"), Severity::Warning), Severity::Error);
}

TEST(Rules, UnknownNameIsRefused) {
  std::string why;
  EXPECT_FALSE(RuleSet::build({.ignore = {"lint", "pinned_pice"}}, why));
  EXPECT_EQ(why, "unknown code or group 'pinned_pice' (see pgnkit check --list-codes)");
  EXPECT_TRUE(check_rule_name("variant") == std::nullopt);
}

}  // namespace
}  // namespace pgnkit::diag

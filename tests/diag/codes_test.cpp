// The code table: every code a Problem can carry is in it exactly once, with the group the
// docs give; names and groups are found by name.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>

#include "diag/codes.h"
#include "support/files.h"
#include "support/regex.h"

namespace pgnkit::diag {
namespace {

using replay::Problem;
using replay::ProblemCode;

// Each enum walked by value up to its last member (a new member past it fails the test
// below only if the table misses it; the upper bounds are the enums' last members today).
std::vector<Problem> every_problem() {
  std::vector<Problem> out;
  for (int c = 0; c <= static_cast<int>(pgn::SyntaxCode::GluedResult); ++c) {
    if (static_cast<pgn::SyntaxCode>(c) == pgn::SyntaxCode::InputError) continue;  // not shown
    Problem p;
    p.code = ProblemCode::Syntax;
    p.syntax = static_cast<pgn::SyntaxCode>(c);
    out.push_back(p);
  }
  for (int e = 0; e <= static_cast<int>(chess::SanError::NotCanonical); ++e) {
    Problem p;
    p.code = ProblemCode::IllegalMove;
    p.san_error = static_cast<chess::SanError>(e);
    out.push_back(p);
  }
  for (unsigned bit = 0; bit < 16; ++bit) {
    Problem p;
    p.code = ProblemCode::NonCanonicalSan;
    p.note = static_cast<chess::SanNote>(1u << bit);
    out.push_back(p);
  }
  for (int c = static_cast<int>(ProblemCode::MoveAfterGameEnd);
       c <= static_cast<int>(ProblemCode::TooManyProblems); ++c) {
    if (static_cast<ProblemCode>(c) == ProblemCode::NonCanonicalSan) continue;
    Problem p;
    p.code = static_cast<ProblemCode>(c);
    out.push_back(p);
  }
  return out;
}

TEST(Codes, EveryProblemCodeIsInTheTableOnce) {
  const auto problems = every_problem();
  std::set<std::string> names;
  for (const Problem& p : problems) {
    const std::string name(p.code_name());
    ASSERT_TRUE(find_code(name)) << name << " is missing from diag::all_codes()";
    EXPECT_EQ(all_codes()[code_index(p)].name, name);
    names.insert(name);
  }
  EXPECT_EQ(names.size(), problems.size()) << "two enum values share a name";
  EXPECT_EQ(all_codes().size(), names.size()) << "the table has a code no Problem carries";
}

TEST(Codes, GroupsAsDocumented) {
  auto group_of = [](std::string_view name) { return all_codes()[*find_code(name)].group; };
  EXPECT_EQ(group_of("unterminated_comment"), Group::Syntax);
  EXPECT_EQ(group_of("text_in_movetext"), Group::Syntax);
  EXPECT_EQ(group_of("too_many_problems"), Group::Syntax);
  EXPECT_EQ(group_of("pinned_piece"), Group::Illegal);
  EXPECT_EQ(group_of("san_syntax"), Group::Illegal);
  EXPECT_EQ(group_of("move_after_game_end"), Group::End);
  EXPECT_EQ(group_of("result_contradicted"), Group::End);
  EXPECT_EQ(group_of("castling_zeros"), Group::Lint);
  EXPECT_EQ(group_of("lowercase_castling"), Group::Lint);
  EXPECT_EQ(group_of("missing_tag"), Group::Tags);
  EXPECT_EQ(group_of("non_utf8"), Group::Encoding);
  EXPECT_EQ(group_of("unsupported_variant"), Group::Variant);
  std::size_t per_group[kGroupCount] = {};
  for (const CodeInfo& c : all_codes()) ++per_group[static_cast<int>(c.group)];
  // syntax, illegal, end, lint, tags, encoding, variant: the rows of docs/check.md's table.
  const std::size_t expected[kGroupCount] = {21, 17, 5, 16, 10, 2, 2};
  for (std::size_t g = 0; g < kGroupCount; ++g)
    EXPECT_EQ(per_group[g], expected[g]) << group_name(static_cast<Group>(g));
}

TEST(Codes, NamesRoundTrip) {
  for (std::size_t g = 0; g < kGroupCount; ++g)
    EXPECT_EQ(find_group(group_name(static_cast<Group>(g))), static_cast<Group>(g));
  EXPECT_FALSE(find_group("illegals"));
  EXPECT_FALSE(find_code("pinned"));
  EXPECT_FALSE(find_code(""));
  for (std::size_t i = 0; i < all_codes().size(); ++i) EXPECT_EQ(find_code(all_codes()[i].name), i);
}

// docs/check.md's one table of codes is this table, row for row.
TEST(Codes, DocsTableMatches) {
  std::istringstream doc(
      pgnkit::testing::read_file(std::string(PGNKIT_SOURCE_DIR) + "/docs/check.md"));
  static const testing::Regex row(R"(^\| `([a-z0-9_]+)` \| ([a-z]+) \| ([a-z]+) \| (.+) \|$)");
  std::vector<std::string> rows;
  for (std::string line; std::getline(doc, line);) {
    if (const testing::RegexMatch m = row.full_match(line))
      rows.push_back(m[1] + ' ' + m[2] + ' ' + m[3] + ' ' + m[4]);
  }
  std::vector<std::string> expected;
  for (const CodeInfo& c : all_codes()) {
    expected.push_back(std::string(c.name) + ' ' + std::string(group_name(c.group)) + ' ' +
                       std::string(replay::severity_name(c.severity)) + ' ' +
                       std::string(c.summary));
  }
  EXPECT_EQ(rows, expected);
}

}  // namespace
}  // namespace pgnkit::diag

// `pgnkit stats` through the binary (issue 32, docs/stats.md), its counts against independent
// ones: games, statuses and consistency against `status`, results against status's records,
// problems by code and severity against `check --format ndjson`; the --by groups' sums against
// the totals; every format byte-identical at -j 1 and -j 2; on data/sample.pgn,
// data/broken.pgn and (where ../shared is) the lichess and otb corpora.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit::cli_stats_test {
namespace {

using testing::ChildRun;
using testing::run_pgnkit;
using testing::TempDir;

using Table = std::map<std::string, std::uint64_t>;

const std::string kData = std::string(PGNKIT_SOURCE_DIR) + "/data/";
const std::string kCorpus = std::string(PGNKIT_SHARED_DIR) + "/corpus/";

ChildRun pgnkit(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
  const TempDir dir;
  return run_pgnkit(dir, args, env);
}

std::string stats(std::vector<std::string> args) {
  args.insert(args.begin(), "stats");
  const ChildRun r = pgnkit(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

Table object(simdjson::dom::element e) {
  Table t;
  for (const auto field : simdjson::dom::object(e))
    t[std::string(field.key)] = std::uint64_t(field.value);
  return t;
}

// A Counts object of stats' JSON: its scalars and its lists.
struct Counts {
  std::map<std::string, std::uint64_t> scalars;
  std::map<std::string, Table> lists;
};
Counts counts(simdjson::dom::element e) {
  Counts c;
  for (const auto field : simdjson::dom::object(e)) {
    if (field.value.is_uint64()) {
      c.scalars[std::string(field.key)] = std::uint64_t(field.value);
    } else {
      c.lists[std::string(field.key)] = object(field.value);
    }
  }
  return c;
}

// The value of "key": in a line of NDJSON (a string value).
std::string string_field(const std::string& line, const std::string& key) {
  const std::string open = "\"" + key + "\":\"";
  const std::size_t at = line.find(open);
  if (at == std::string::npos) return "<absent>";
  const std::size_t from = at + open.size();
  return line.substr(from, line.find('"', from) - from);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) v.push_back(line);
  return v;
}

// stats --format json --top 0 (every value) against status and check on the same input.
void expect_independent_counts(const std::string& input) {
  const std::string json = stats({"--format", "json", "--top", "0", "-j", "2", input});
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(json).get(root), simdjson::SUCCESS) << json.substr(0, 200);
  const Counts totals = counts(root["totals"]);

  // status: games by status and by consistency, and each record's result tag.
  const ChildRun summary = pgnkit({"status", "--summary", "--format", "ndjson", "-j", "2", input});
  ASSERT_EQ(summary.status == 0 || summary.status == 1, true) << summary.err;
  simdjson::dom::parser status_parser;
  simdjson::dom::element status_root;
  ASSERT_EQ(status_parser.parse(summary.out).get(status_root), simdjson::SUCCESS);
  EXPECT_EQ(totals.lists.at("status"), object(status_root["by_status"]));
  EXPECT_EQ(totals.lists.at("consistency"), object(status_root["by_consistency"]));
  const ChildRun records = pgnkit({"status", "--format", "ndjson", "-j", "2", input});
  Table results;
  std::uint64_t games = 0;
  for (const std::string& line : lines(records.out)) {
    ++games;
    // status writes an absent Result tag as null: stats counts it under "".
    const std::string tag = string_field(line, "result_tag");
    ++results[tag == "<absent>" ? "" : tag];
  }
  EXPECT_EQ(totals.scalars.at("games"), games);
  EXPECT_EQ(totals.lists.at("result"), results);

  // check --format ndjson: every problem by code and by severity (its limit note apart).
  const ChildRun check = pgnkit({"check", "--format", "ndjson", "-j", "2", input});
  Table codes, severities;
  for (const std::string& line : lines(check.out)) {
    const std::string code = string_field(line, "code");
    if (code == "too_many_problems") continue;
    ++codes[code];
    ++severities[string_field(line, "severity")];
  }
  EXPECT_EQ(totals.lists.at("problem"), codes);
  EXPECT_EQ(totals.lists.at("severity"), severities);
}

// Each --by grouping: the groups' games, plies, bytes and every list sum to the totals.
void expect_groups_sum(const std::string& input, const std::vector<std::string>& by) {
  std::vector<std::string> args = {"--format", "json", "--top", "0"};
  for (const std::string& tag : by) args.insert(args.end(), {"--by", tag});
  args.push_back(input);
  const std::string json = stats(args);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(json).get(root), simdjson::SUCCESS);
  const Counts totals = counts(root["totals"]);
  Counts sum;
  std::size_t groups = 0;
  for (const auto g : simdjson::dom::array(root["groups"])) {
    ++groups;
    const Counts c = counts(g["counts"]);
    for (const auto& [k, v] : c.scalars) sum.scalars[k] += v;
    for (const auto& [list, t] : c.lists)
      for (const auto& [k, v] : t) sum.lists[list][k] += v;
  }
  EXPECT_GT(groups, 1u);
  for (const auto& [k, v] : totals.scalars) EXPECT_EQ(sum.scalars[k], v) << k;
  for (const auto& [list, t] : totals.lists) {
    if (list == "distinct") continue;
    EXPECT_EQ(sum.lists[list], t) << list;
  }
}

void expect_same_for_threads(const std::string& input, const std::vector<std::string>& extra) {
  for (const char* format : {"text", "json", "csv", "html"}) {
    std::vector<std::string> args = {"stats", "--format", format, "--no-progress"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(input);
    std::vector<std::string> one = args, two = args;
    one.insert(one.end(), {"-j", "1"});
    two.insert(two.end(), {"-j", "2"});
    const ChildRun a = pgnkit(one), b = pgnkit(two, {"PGNKIT_CHUNK_SIZE=4096"});
    EXPECT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out, b.out) << format;
  }
}

TEST(Stats, SampleCountsAgreeWithStatusAndCheck) {
  expect_independent_counts(kData + "sample.pgn");
}
TEST(Stats, BrokenCountsAgreeWithStatusAndCheck) {
  expect_independent_counts(kData + "broken.pgn");
}

TEST(Stats, BrokenExactCounts) {
  const std::string json = stats({"--format", "json", kData + "broken.pgn"});
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(json).get(root), simdjson::SUCCESS);
  const Counts totals = counts(root["totals"]);
  EXPECT_EQ(totals.scalars.at("games"), 39u);
  EXPECT_EQ(totals.scalars.at("plies"), 248u);
  EXPECT_EQ(totals.scalars.at("games_with_problems"), 37u);
  EXPECT_EQ(totals.lists.at("severity"), (Table{{"error", 24}, {"warning", 16}}));
  EXPECT_EQ(totals.lists.at("consistency"),
            (Table{{"consistent", 19}, {"not_judged", 17}, {"inconsistent", 3}}));
  // --top 10 bounds the problem codes: 38 distinct.
  EXPECT_EQ(totals.lists.at("problem").size(), 10u);
  EXPECT_EQ(totals.lists.at("distinct").at("problem"), 38u);
}

TEST(Stats, SampleExactCounts) {
  const std::string text = stats({kData + "sample.pgn"});
  EXPECT_NE(text.find("games                          315\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  1-0             134    42.5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  classical            217    68.9\n"), std::string::npos) << text;
}

TEST(Stats, GroupsSumToTotals) {
  expect_groups_sum(kData + "sample.pgn", {"Event"});
  expect_groups_sum(kData + "sample.pgn", {"Result", "TimeControl"});
  expect_groups_sum(kData + "broken.pgn", {"Result"});
}

TEST(Stats, SameBytesForEveryThreadCount) {
  expect_same_for_threads(kData + "sample.pgn", {"--by", "Event"});
  expect_same_for_threads(kData + "broken.pgn", {"--top", "3"});
}

TEST(Stats, CsvRows) {
  const std::string csv = stats({"--format", "csv", "--by", "Result", kData + "broken.pgn"});
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "scope,Result,list,key,count");
  EXPECT_NE(csv.find("\nall,,summary,games,39\n"), std::string::npos);
  EXPECT_NE(csv.find("\ngroup,*,summary,games,34\n"), std::string::npos);
}

TEST(Stats, MissingInputIsAnIoError) {
  const ChildRun r = pgnkit({"stats", "/nonexistent/games.pgn"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/games.pgn"), std::string::npos);
}

class StatsCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(StatsCorpus, CountsAgreeAndThreadsMatch) {
  const std::string input = kCorpus + GetParam();
  if (!std::filesystem::exists(input)) GTEST_SKIP() << input << " is absent (../shared)";
  expect_independent_counts(input);
  const ChildRun a = pgnkit({"stats", "--format", "json", "--by", "TimeControl", "-j", "1", input});
  const ChildRun b = pgnkit({"stats", "--format", "json", "--by", "TimeControl", "-j", "2", input});
  EXPECT_EQ(a.out, b.out);
}

INSTANTIATE_TEST_SUITE_P(
    Corpora, StatsCorpus, ::testing::Values("lichess.pgn.zst", "otb.pgn.zst"),
    [](const auto& info) {
      return std::string(info.param).substr(0, std::string(info.param).find('.'));
    });

TEST(Stats, OutputFileHoldsWhatStdoutWould) {
  const TempDir dir;
  const std::string html = (dir / "report.html").string();
  const ChildRun to_file =
      run_pgnkit(dir, {"stats", "--format", "html", kData + "broken.pgn", "-o", html});
  EXPECT_EQ(to_file.status, 0) << to_file.err;
  EXPECT_EQ(to_file.out, "");
  EXPECT_EQ(testing::read_file(html), stats({"--format", "html", kData + "broken.pgn"}));
  // A file that cannot be created: exit 2, and nothing read.
  const ChildRun bad = run_pgnkit(dir, {"stats", kData + "broken.pgn", "-o", "/nonexistent/x.txt"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("/nonexistent/x.txt"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace pgnkit::cli_stats_test

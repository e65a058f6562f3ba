// commands::run_select in-process: the bytes the command line's golden cases hold
// (tests/cli/cases/select_*), the same on one thread and on two, the counts and exit statuses
// of grep, and misuse reported as messages with status 2.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "commands/select.h"
#include "fixtures.h"
#include "support/files.h"

namespace pgnkit::commands::select_test {  // its own: the sanitizer tree joins the files
namespace {

using fixtures::kData;
const std::string kCases = PGNKIT_SOURCE_DIR "/tests/cli/cases/";
const std::string kFilters = kData + "select/filters.pgn";
using fixtures::kSample;

struct Outcome {
  MemoryConsole console;
  SelectSummary summary;
};

// Parses `flags` (they must parse) and runs select over `inputs` on `threads`, in chunks
// small enough that even the small fixtures are read by several workers.
Outcome run(SelectOptions options, const FilterFlags& flags, unsigned threads) {
  Outcome r;
  const auto why = parse_filters(flags, options.filters);
  EXPECT_FALSE(why.has_value()) << *why;
  options.run.threads = threads;
  options.run.chunk_size = 200;
  r.summary = run_select(options, r.console);
  return r;
}

// `text` with every occurrence of the fixtures' directory taken out: the names the command
// line's golden cases give, run from tests/data.
std::string relative(std::string text) {
  for (std::size_t at = text.find(kData); at != std::string::npos; at = text.find(kData, at))
    text.erase(at, kData.size());
  return text;
}

// The golden case `name` run in-process on one thread and on two: stdout, stderr and the
// exit status the case holds, and the same bytes from both.
void expect_case(const std::string& name, const SelectOptions& options, const FilterFlags& flags) {
  const std::string out = testing::read_file(kCases + name + "/stdout");
  const std::string err = testing::read_file(kCases + name + "/stderr");
  const int status = std::stoi(testing::read_file(kCases + name + "/status"));
  for (const unsigned threads : {1u, 2u}) {
    const Outcome r = run(options, flags, threads);
    EXPECT_EQ(r.console.out_text, out) << name << " -j " << threads;
    EXPECT_EQ(relative(r.console.err_text), err) << name << " -j " << threads;
    EXPECT_EQ(r.summary.exit_status, status) << name << " -j " << threads;
    EXPECT_TRUE(r.console.messages.empty()) << name;
  }
}

SelectOptions on(const std::vector<std::string>& files) {
  SelectOptions options;
  for (const std::string& f : files) options.inputs.push_back(kData + f);
  return options;
}

TEST(RunSelect, TagFiltersWriteTheGamesAsTheGoldenCase) {
  FilterFlags flags;
  flags.white = {"Nakamura"};
  flags.black = {"~^Caruana,"};
  expect_case("select_tag_filters", on({"select/filters.pgn"}), flags);
  const Outcome r = run(on({"select/filters.pgn"}), flags, 1);
  EXPECT_EQ(r.summary.selected, 1u);
  EXPECT_EQ(r.summary.written, 1u);
}

TEST(RunSelect, SkipAndLimitAsTheGoldenCase) {
  SelectOptions options = on({"select/filters.pgn"});
  options.skip = 1;
  options.limit = 1;
  FilterFlags flags;
  flags.result = {"0-1"};
  expect_case("select_skip_limit", options, flags);
}

TEST(RunSelect, ToFormatsAsTheGoldenCases) {
  SelectOptions uci = on({"select/filters.pgn"});
  uci.to = "uci";
  FilterFlags checkmate;
  checkmate.ends = {"checkmate"};
  expect_case("select_to_uci", uci, checkmate);

  SelectOptions csv = on({"select/filters.pgn"});
  csv.to = "csv";
  FilterFlags material;
  material.material = {"KP:KR"};
  material.material_final = true;
  expect_case("select_to_csv", csv, material);
  // A later shard's rows: the same without the header row.
  csv.no_header = true;
  const Outcome rows = run(csv, material, 1);
  const std::string with_header = testing::read_file(kCases + "select_to_csv/stdout");
  EXPECT_EQ(rows.console.out_text, with_header.substr(with_header.find('\n') + 1));
}

TEST(RunSelect, CountWritesOnlyTheNumber) {
  SelectOptions options = on({"select/filters.pgn"});
  options.count = true;
  FilterFlags flags;
  flags.ends = {"checkmate"};
  expect_case("select_count_play", options, flags);
  flags.invert = true;
  expect_case("select_invert_count", options, flags);
}

TEST(RunSelect, VerboseDiagnosticsAsTheGoldenCase) {
  SelectOptions options = on({"select/filters.pgn"});
  options.verbose = true;
  options.count = true;
  FilterFlags flags;
  flags.result = {"*"};
  expect_case("select_verbose", options, flags);
}

TEST(RunSelect, RegexAtItsMatchLimitIsStatusTwoWithOneMessage) {
  FilterFlags flags;
  flags.white = {"~^(a+)+$"};
  expect_case("select_regex_limit", on({"select/filters.pgn"}), flags);
  const Outcome r = run(on({"select/filters.pgn"}), flags, 2);
  EXPECT_EQ(r.summary.regex_limits, 1u);
}

TEST(RunSelect, NoGameSelectedIsStatusOne) {
  FilterFlags flags;
  flags.player = {"Nobody"};
  const Outcome r = run(on({"select/filters.pgn"}), flags, 1);
  EXPECT_EQ(r.console.out_text, "");
  EXPECT_EQ(r.summary.written, 0u);
  EXPECT_EQ(r.summary.exit_status, kExitProblems);
  EXPECT_EQ(select_summary_ndjson(r.summary), "{\"summary\":\"select\",\"selected\":0}");
}

// The sample's 315 games: 116 end in checkmate (as status counts them); a filter and its
// --invert share the games out between them, on one thread as on two.
TEST(RunSelect, SampleCountsAlikeOnOneAndTwoThreads) {
  SelectOptions options;
  options.inputs = {kSample};
  FilterFlags mate;
  mate.ends = {"checkmate"};
  const Outcome one = run(options, mate, 1), two = run(options, mate, 2);
  EXPECT_EQ(one.summary.written, 116u);
  EXPECT_EQ(two.summary.written, 116u);
  EXPECT_EQ(one.summary.exit_status, kExitOk);
  EXPECT_GT(one.console.out_text.size(), 10000u);
  EXPECT_EQ(two.console.out_text, one.console.out_text);
  EXPECT_GT(two.summary.run.speculative, 0u);  // the two threads did read chunks apart
  EXPECT_EQ(select_summary_ndjson(one.summary), "{\"summary\":\"select\",\"selected\":116}");

  FilterFlags wins;
  wins.result = {"1-0"};
  const std::uint64_t won = run(options, wins, 2).summary.written;
  wins.invert = true;
  const std::uint64_t rest = run(options, wins, 2).summary.written;
  EXPECT_GT(won, 0u);
  EXPECT_EQ(won + rest, 315u);
}

TEST(RunSelect, MissingInputIsAMessageAndStatusTwo) {
  SelectOptions options = on({"select/filters.pgn"});
  options.inputs.insert(options.inputs.begin(), "no-such-file.pgn");
  options.count = true;
  FilterFlags flags;
  flags.result = {"1-0"};
  const Outcome r = run(options, flags, 1);
  ASSERT_EQ(r.console.messages.size(), 1u);
  EXPECT_EQ(r.console.messages[0], "no-such-file.pgn: no such file or directory");
  EXPECT_TRUE(r.summary.io_failed);
  EXPECT_EQ(r.summary.exit_status, kExitUsage);
  EXPECT_EQ(r.console.out_text, "3\n");  // the other input is still read and counted
}

// A shard is of one input file: stdin, or two files, is a usage error (the command line's
// "pgnkit select: --range reads one input file"), and nothing is read.
TEST(RunSelect, RangeOfOtherThanOneFileReadsNothing) {
  for (const std::vector<std::string>& inputs :
       {std::vector<std::string>{"-"}, {kFilters, kFilters}, {}}) {
    SelectOptions options;
    options.inputs = inputs;
    options.shard = pipeline::Shard{};
    options.count = true;
    FilterFlags flags;
    const Outcome r = run(options, flags, 1);
    ASSERT_EQ(r.console.messages.size(), 1u);
    EXPECT_EQ(r.console.messages[0], "select: --range reads one input file");
    EXPECT_TRUE(r.summary.io_failed);
    EXPECT_EQ(r.summary.exit_status, kExitUsage);
    EXPECT_EQ(r.console.out_text, "0\n");
  }
}

TEST(RunSelect, ShardReadsItsGamesOnly) {
  SelectOptions options;
  options.inputs = {kFilters};
  options.count = true;
  FilterFlags all;
  const std::uint64_t games = run(options, all, 1).summary.written;
  EXPECT_EQ(games, 11u);
  // From the second game's first byte on: every game but the first.
  const std::string text = testing::read_file(kFilters);
  const std::uint64_t second = text.find("[Event \"g2\"]");
  pipeline::Shard shard;
  shard.range = {second, text.size()};
  shard.base_game = 2;
  shard.base_line = 15;
  options.shard = shard;
  const Outcome r = run(options, all, 1);
  EXPECT_EQ(r.console.out_text, "10\n");
  EXPECT_EQ(r.summary.exit_status, kExitOk);
}

TEST(RunSelect, UnknownToFormatReadsNothing) {
  SelectOptions options = on({"select/filters.pgn"});
  options.to = "xml";
  const Outcome r = run(options, FilterFlags{}, 1);
  ASSERT_EQ(r.console.messages.size(), 1u);
  EXPECT_EQ(r.console.messages[0],
            "select: unknown format 'xml' (pgn, ndjson, uci, lan, fen, epd or csv)");
  EXPECT_EQ(r.summary.exit_status, kExitUsage);
  EXPECT_EQ(r.console.out_text, "");
}

// The golden cases' stderr without the command line's "pgnkit select: " and line feed.
std::string case_message(const std::string& name) {
  std::string err = testing::read_file(kCases + name + "/stderr");
  const std::string prefix = "pgnkit select: ";
  EXPECT_EQ(err.rfind(prefix, 0), 0u) << name;
  return err.substr(prefix.size(), err.size() - prefix.size() - 1);
}

TEST(ParseFilters, BadFiltersSayWhyAsTheGoldenCases) {
  select::SelectOptions out;
  FilterFlags material;
  material.material = {"KRP"};
  EXPECT_EQ(parse_filters(material, out), case_message("select_bad_material"));
  FilterFlags fen;
  fen.fen = {"not a fen"};
  EXPECT_EQ(parse_filters(fen, out), case_message("select_bad_fen"));
  FilterFlags regex;
  regex.tag = {"White~a(b"};
  EXPECT_EQ(parse_filters(regex, out), case_message("select_regex_error"));
  FilterFlags classify;
  classify.eco_classify = true;
  EXPECT_EQ(parse_filters(classify, out), case_message("select_eco_classify_needs_eco"));
}

TEST(ParseFilters, FlagsWithoutTheOneTheyNeed) {
  select::SelectOptions out;
  FilterFlags placement;
  placement.fen_placement = true;
  EXPECT_EQ(parse_filters(placement, out), "--fen-placement needs --fen");
  FilterFlags final_only;
  final_only.material_final = true;
  EXPECT_EQ(parse_filters(final_only, out), "--material-final needs --material");
  FilterFlags book;
  book.eco_file = kData + "eco/small_eco.pgn";
  EXPECT_EQ(parse_filters(book, out), "--eco-file needs --eco");
  book.eco = {"B00-B99"};
  EXPECT_EQ(parse_filters(book, out), std::nullopt);
  EXPECT_NE(out.play.eco_book, nullptr);
}

TEST(ParseFilters, EcoClassifyAsTheGoldenCase) {
  FilterFlags flags;
  flags.eco = {"B00-B99"};
  flags.eco_classify = true;
  flags.eco_file = kData + "eco/small_eco.pgn";
  expect_case("select_eco_classify", on({"eco/mislabelled.pgn"}), flags);
  flags.eco_file.clear();
  flags.eco_default = kData + "eco/no_such_eco.pgn";  // the book when none is named
  select::SelectOptions out;
  const auto why = parse_filters(flags, out);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(relative(*why), case_message("select_eco_classify_missing_file"));
}

}  // namespace
}  // namespace pgnkit::commands::select_test

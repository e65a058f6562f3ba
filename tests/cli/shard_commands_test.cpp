// Shards of the writing commands (convert, select, annotate; tools/shard.h): for 1, 2, 3 and 7
// shards from `pgnkit index` of the joined fixtures (and of the joined tricky/ corpus when
// ../shared has it), and for 2 and 7 shards of every fixture and tricky/ file on its own,
// the shards' stdout concatenates to exactly the one-run output, their diagnostics (stderr
// without the summary) to exactly the one-run diagnostics, and their NDJSON summaries add up
// to the one-run summary line; the exit status is the one-run status. The one run uses the
// default threads (lib/pipeline), the shards one reader each: two code paths to one output.
// FEN/EPD ids across inputs (--base-id) and CSV headers (--no-header) are checked on two
// inputs.
#include <gtest/gtest.h>

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "shard_support.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

using namespace shard_testing;

struct Case {
  const char* args;
  bool header;     // a CSV header row: printed by the first shard only
  bool selecting;  // select: exit 0 when a shard selected a game, 1 when none did
};

constexpr Case kCases[] = {
    {"convert --to ndjson", false, false},
    {"convert --to pgn --line-length 60", false, false},
    {"convert --to uci", false, false},
    {"convert --to lan --on-error truncate", false, false},
    {"convert --to epd --include-start", false, false},
    {"convert --to csv --columns WhiteElo,ECO", true, false},
    {"select --result 1-0", false, true},
    {"select --result 1-0 --to epd", false, true},
    {"select --ends checkmate --to csv", true, true},
    {"annotate --end-tags --fix-results --on-error skip", false, false},
};

// "N games, N with move errors (...), N dropped": convert's and annotate's summary line.
std::vector<std::uint64_t> move_error_counts(const std::string& err) {
  static const testing::Regex text(
      R"((\d+) games, (\d+) with move errors \([a-z ]+\), (\d+) dropped)");
  const testing::RegexMatch m = text.search(err);
  if (!m) return {};
  return {m.number(1), m.number(2), m.number(3)};
}

// Every case over `file` cut into each of `counts` shards. Returns how many plans had more
// than one shard.
std::size_t expect_shards_concatenate(const std::string& file, const std::vector<int>& counts,
                                      const std::vector<Case>& cases) {
  SCOPED_TRACE(file);
  std::size_t multi_shard_plans = 0;
  std::vector<std::vector<Shard>> plans;
  for (const int n : counts) {
    plans.push_back(plan(file, n));
    EXPECT_FALSE(plans.back().empty());
    if (plans.back().empty()) return 0;
    if (n == 1) {
      EXPECT_EQ(plans.back().size(), 1u);  // --shards 1: the whole input
    }
    multi_shard_plans += plans.back().size() > 1;
  }
  {
    for (const Case& c : cases) {
      SCOPED_TRACE(c.args);
      const CommandRun whole = pgnkit(std::string(c.args) + " " + sh_quoted(file));
      const CommandRun count =
          c.selecting ? pgnkit(std::string(c.args) + " --count " + sh_quoted(file)) : CommandRun{};
      for (const std::vector<Shard>& shards : plans) {
        SCOPED_TRACE("shards " + std::to_string(shards.size()));
        std::string out, diagnostics;
        std::map<std::string, std::uint64_t> sums;
        int status = 0;
        for (std::size_t i = 0; i < shards.size(); ++i) {
          const CommandRun part =
              pgnkit(std::string(c.args) + " --summary-format ndjson" + range_args(shards[i]) +
                     (c.header && i > 0 ? " --no-header " : " ") + sh_quoted(file));
          out += part.out;
          diagnostics += without_summary(part.err);
          const auto summary = json_summary(part.err);
          EXPECT_FALSE(summary.empty()) << part.err;
          for (const auto& [k, v] : summary) sums[k] += v;
          status = std::max(status, part.status);
        }
        // select, as grep: 0 when any shard selected a game (1 only says "none here").
        if (c.selecting && status != 2) status = sums["selected"] > 0 ? 0 : 1;
        EXPECT_EQ(out, whole.out);
        EXPECT_EQ(diagnostics, c.selecting ? whole.err : without_summary(whole.err));
        EXPECT_EQ(status, whole.status);
        if (c.selecting) {
          EXPECT_EQ(std::to_string(sums["selected"]) + "\n", count.out);
        } else {
          EXPECT_EQ((std::vector<std::uint64_t>{sums["games"], sums["bad_games"], sums["dropped"]}),
                    move_error_counts(whole.err));
        }
      }
    }
  }
  return multi_shard_plans;
}

std::string joined(const std::vector<std::string>& files, const testing::TempDir& tmp,
                   const std::string& name) {
  std::string text;
  for (const std::string& f : files) text += testing::read_file(f);
  return tmp.file(name, text);
}

TEST(ShardCommands, ConcatenateToTheOneRunOutput) {
  testing::TempDir tmp;
  std::vector<std::string> ours, tricky;
  for (const std::string& f : fixtures())
    (f.find("/corpus/tricky/") != std::string::npos ? tricky : ours).push_back(f);
  const std::vector<Case> all(std::begin(kCases), std::end(kCases));
  EXPECT_EQ(expect_shards_concatenate(joined(ours, tmp, "fixtures.pgn"), {1, 2, 3, 7}, all), 3u);
  if (tricky.empty()) {
    std::printf("SKIP-PART: no tricky corpus in %s\n", PGNKIT_SHARED_DIR);
  } else {
    EXPECT_EQ(expect_shards_concatenate(joined(tricky, tmp, "tricky.pgn"), {1, 2, 3, 7}, all), 3u);
  }
}

// Each file on its own: its end (a cut game, an open comment) is the last shard's end. In a
// sanitized build each file has one case and one shard count, in turn over the six pairs.
TEST(ShardCommands, EveryFixtureOnItsOwn) {
  const std::vector<Case> some = {kCases[0], kCases[7], kCases[9]};
  const std::vector<int> counts = {2, 7};
  std::size_t multi_shard_plans = 0;
  const std::vector<std::string> files = fixtures();
  for (std::size_t f = 0; f < files.size(); ++f) {
    multi_shard_plans += expect_shards_concatenate(
        files[f], testing::in_turn_when_sanitized(counts, f / some.size()),
        testing::in_turn_when_sanitized(some, f));
  }
  // The fixtures are small, but several hold enough games to be cut.
  EXPECT_GE(multi_shard_plans, 10u);
}

// Two inputs: EPD ids count games across them, so the second input's shards start their ids
// after the first input's games (--base-id); a CSV header comes once.
TEST(ShardCommands, IdsAndHeadersAcrossInputs) {
  const std::string a = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
  const std::string b = std::string(PGNKIT_SOURCE_DIR) + "/data/famous.pgn";
  for (const char* args : {"convert --to epd", "convert --to fen", "select --to epd --result 1-0",
                           "convert --to csv", "select --to csv"}) {
    SCOPED_TRACE(args);
    const bool csv = std::string(args).find("csv") != std::string::npos;
    const CommandRun whole = pgnkit(std::string(args) + " " + sh_quoted(a) + " " + sh_quoted(b));
    std::string out;
    std::uint64_t games_before = 0;
    bool first = true;
    for (const std::string& file : {a, b}) {
      const std::vector<Shard> shards = plan(file, 3);
      ASSERT_GE(shards.size(), 2u);
      for (const Shard& s : shards) {
        std::string extra = csv && !first ? " --no-header" : "";
        if (std::string(args).find("epd") != std::string::npos && file == b)
          extra += " --base-id " + std::to_string(games_before + s.first_game);
        out += pgnkit(std::string(args) + range_args(s) + extra + " " + sh_quoted(file)).out;
        first = false;
      }
      for (const Shard& s : shards) games_before += s.games;
    }
    EXPECT_EQ(out, whole.out);
  }
}

TEST(ShardCommands, RangeErrors) {
  const std::string sample = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
  // --from ndjson takes a range too (shard_ndjson_test.cpp): here the line that holds byte 9,
  // PGN's first tag line, is the one line read, and it is no JSON.
  const CommandRun ndjson =
      pgnkit("convert --from ndjson --to pgn --range 0:10 " + sh_quoted(sample));
  EXPECT_EQ(ndjson.status, 1);
  EXPECT_EQ(ndjson.err,
            sample +
                ":1:1: error[not_a_game]: not a JSON object [game 1, line "
                "skipped]\n0 games, 0 with move errors (none), 0 dropped, 1 bad lines\n");
  const CommandRun in_place = pgnkit("annotate --in-place --range 0:10 " + sh_quoted(sample));
  EXPECT_EQ(in_place.status, 2);
  EXPECT_EQ(in_place.err, "pgnkit annotate: --in-place rewrites whole files, not a --range\n");
  const CommandRun two =
      pgnkit("select --range 0:10 " + sh_quoted(sample) + " " + sh_quoted(sample));
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(two.err, "pgnkit select: --range reads one input file\n");
  const CommandRun base_id = pgnkit("convert --to pgn --base-id 5 " + sh_quoted(sample));
  EXPECT_EQ(base_id.status, 2);
  EXPECT_EQ(base_id.err, "pgnkit convert: --base-id applies to --to fen and epd only\n");
  const CommandRun missing = pgnkit("select --range 0:10 /nonexistent/x.pgn");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err, "pgnkit: /nonexistent/x.pgn: no such file or directory\n");
}

}  // namespace
}  // namespace pgnkit

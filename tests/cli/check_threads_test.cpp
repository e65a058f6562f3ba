// check with its CI options (--format sarif|github|gitlab, --select/--ignore, --baseline,
// --write-baseline, --max-errors) through the pipeline: for N in {1, 2, 3, 8}, with chunks of
// a few hundred bytes so that boundaries (and their repairs) fall everywhere, stdout, stderr
// (but for the summary's seconds and MB/s), the exit status and the written baseline are
// the one-thread run's, byte for byte. And a second way to the same answer: the SARIF
// results of -j 8 (game numbers filled in by the merger) are the plain NDJSON problems of
// -j 1, in order.
#include <gtest/gtest.h>
#include <unistd.h>

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/regex.h"
#include "support/timings.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using testing::ChildRun;
using testing::TempDir;

const std::string kSource = PGNKIT_SOURCE_DIR;
const fs::path kTricky = fs::path(PGNKIT_SHARED_DIR) / "corpus" / "tricky";
constexpr unsigned kThreads[] = {1, 2, 3, 8};

struct CheckRun {
  ChildRun child;
  std::string err;                                         // timings masked, without the stats line
  std::uint64_t chunks = 0, speculative = 0, repairs = 0;  // PGNKIT_PIPELINE_STATS
};

CheckRun run(const TempDir& dir, std::vector<std::string> args, unsigned threads,
             std::size_t chunk = 300) {
  args.insert(args.begin() + 1, {"-j", std::to_string(threads)});
  CheckRun r;
  r.child = testing::run_pgnkit(
      dir, args, {"PGNKIT_CHUNK_SIZE=" + std::to_string(chunk), "PGNKIT_PIPELINE_STATS=1"});
  static const testing::Regex stats(
      R"(pipeline: (\d+) chunks, (\d+) speculative, (\d+) continuations[^\n]*\n)");
  std::string err = r.child.err;
  if (const testing::RegexMatch m = stats.search(err)) {
    r.chunks = m.number(1);
    r.speculative = m.number(2);
    r.repairs = m.number(3);
    err = err.substr(0, m.begin) + err.substr(m.end);
  }
  r.err = testing::mask_timings(err);
  return r;
}

std::string describe(const std::vector<std::string>& args) {
  std::string s;
  for (const std::string& a : args) s += a + " ";
  return s;
}

// Runs args at every N; each must give the one-thread run. `written`: a file the command
// writes (--write-baseline), compared too. Returns the one-thread run.
CheckRun expect_same(const TempDir& dir, const std::vector<std::string>& args,
                     const std::string& written = "", std::size_t chunk = 300) {
  CheckRun one;
  std::string one_written;
  std::uint64_t chunks = 0, speculative = 0;
  for (const unsigned n : kThreads) {
    const CheckRun r = run(dir, args, n, chunk);
    const std::string file = written.empty() ? "" : testing::read_file(written);
    if (n == 1) {
      one = r;
      one_written = file;
      EXPECT_EQ(one.child.signal, 0) << describe(args);
      continue;
    }
    const std::string what = describe(args) + "-j " + std::to_string(n);
    EXPECT_EQ(r.child.status, one.child.status) << what << "\n" << r.err;
    EXPECT_TRUE(r.child.out == one.child.out) << what << ": stdout differs (" << r.child.out.size()
                                              << " vs " << one.child.out.size() << " bytes)";
    EXPECT_EQ(r.err, one.err) << what;
    EXPECT_TRUE(file == one_written) << what << ": the written file differs";
    chunks += r.chunks;
    speculative += r.speculative;
  }
  // The inputs were really cut, and most chunks used as the workers read them.
  EXPECT_GE(chunks, 3 * 4u) << describe(args);
  // (--max-errors: the first input's rest is read on one reader once the limit is near.)
  if (std::find(args.begin(), args.end(), "--max-errors") == args.end()) {
    EXPECT_GT(speculative, 0u) << describe(args);
  }
  return one;
}

const std::vector<std::vector<std::string>> kOptions = {
    {"--format", "sarif"},
    {"--format", "github"},
    {"--format", "gitlab"},
    {"--format", "sarif", "--select", "illegal,end", "--ignore", "pinned_piece"},
    {"--format", "gitlab", "--ignore", "lint,tags", "--error", "missing_result"},
    {"--format", "text", "--select", "syntax,illegal"},
    {"--format", "ndjson", "--ignore", "lint", "--strict"},
    {"--format", "github", "--warn", "illegal", "--max-errors", "3"},
    {"--format", "sarif", "--max-errors", "7"},
};

std::vector<std::string> command(const std::vector<std::string>& options,
                                 const std::vector<std::string>& files) {
  std::vector<std::string> args = {"check"};
  args.insert(args.end(), options.begin(), options.end());
  args.insert(args.end(), files.begin(), files.end());
  return args;
}

TEST(CheckCiThreads, EveryFormatAndRuleSetOnTheFixtures) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::vector<std::string> files = {
      kSource + "/data/broken.pgn", kSource + "/tests/data/check/problems.pgn",
      kSource + "/tests/data/check/notation.pgn", kSource + "/data/sample.pgn"};
  std::uint64_t repairs = 0;
  for (const auto& options : kOptions) {
    const CheckRun one = expect_same(dir, command(options, files));
    EXPECT_GT(one.child.out.size(), 500u) << describe(options);
    repairs += run(dir, command(options, files), 8).repairs;
  }
  EXPECT_GT(repairs, 0u);  // boundaries inside games were repaired
}

TEST(CheckCiThreads, TrickyCorpus) {
  if (!fs::exists(kTricky)) GTEST_SKIP() << kTricky << " not found: skipped";
  TempDir dir;
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(kTricky))
    if (e.path().extension() == ".pgn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 10u);
  for (const std::size_t i : {0u, 2u, 3u, 6u})
    expect_same(dir, command(kOptions[i], files), "", 2000);
}

// (game, line, column, code) of every problem, in output order.
using Place = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::string>;

std::vector<Place> sarif_places(const std::string& text) {
  std::vector<Place> out;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  EXPECT_EQ(parser.parse(text).get(root), simdjson::SUCCESS);
  if (!root.is_object()) return out;
  for (const auto r : simdjson::dom::array(root["runs"].at(0)["results"])) {
    const auto region = r["locations"].at(0)["physicalLocation"]["region"];
    std::int64_t game = 0;
    if (r["properties"]["game"].get(game) != simdjson::SUCCESS) game = 0;
    out.emplace_back(game, std::int64_t(region["startLine"]), std::int64_t(region["startColumn"]),
                     std::string(std::string_view(r["ruleId"])));
  }
  return out;
}

std::vector<Place> ndjson_places(const std::string& text) {
  std::vector<Place> out;
  simdjson::dom::parser parser;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    simdjson::dom::element e;
    EXPECT_EQ(parser.parse(text.substr(at, end - at)).get(e), simdjson::SUCCESS);
    std::int64_t game = 0;
    if (e["game"].get(game) != simdjson::SUCCESS) game = 0;  // null between games
    out.emplace_back(game, std::int64_t(e["line"]), std::int64_t(e["column"]),
                     std::string(std::string_view(e["code"])));
    at = end + 1;
  }
  return out;
}

TEST(CheckCiThreads, SarifGameNumbersAreThoseOfOneThreadNdjson) {
  TempDir dir;
  const std::vector<std::string> files = {kSource + "/data/sample.pgn",
                                          kSource + "/data/broken.pgn"};
  const CheckRun ndjson = run(dir, command({"--format", "ndjson"}, files), 1);
  const CheckRun sarif = run(dir, command({"--format", "sarif"}, files), 8);
  const std::vector<Place> expected = ndjson_places(ndjson.child.out);
  ASSERT_EQ(expected.size(), 40u);  // broken.pgn's 25 errors and 15 warnings; sample is clean
  EXPECT_EQ(std::get<0>(expected.back()), 38);  // broken.pgn's last problem is in game 38
  EXPECT_EQ(sarif_places(sarif.child.out), expected);
  EXPECT_GT(sarif.chunks, 50u);
}

// The first `n` games of a file whose games each start with "[Event " after a blank line.
std::string first_games(const std::string& text, int n) {
  std::size_t at = 0;
  for (int i = 0; i < n; ++i) at = text.find("\n\n[Event ", at) + 2;
  return text.substr(0, at);
}

// Identical games put identical fingerprints into many chunks: a baseline of the first
// version, then the file edited so that some problems are fixed, some new and the rest still
// there, each case in chunks far apart.
TEST(CheckCiThreads, BaselineWrittenAndAppliedAsWithOneThread) {
  TempDir dir;
  const std::string problems = testing::read_file(kSource + "/tests/data/check/problems.pgn");
  const std::string sample = testing::read_file(kSource + "/data/sample.pgn");
  const std::string pinned =
      "[Event \"Pinned\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
      "1. e4 e5 2. Nf3 d6 3. Bb5+ Nd7 4. Nxe5 Ne7 5. Nf3 Nf6 *\n\n";
  std::string before = problems;
  for (int i = 0; i < 6; ++i) before += pinned + first_games(sample, 4 * (i + 1));
  const std::string old_file = dir.file("old.pgn", before);
  const std::string baseline = (dir / "known.txt").string();
  const CheckRun wrote =
      expect_same(dir, {"check", "--write-baseline", baseline, old_file}, baseline);
  EXPECT_EQ(wrote.child.status, 0) << wrote.err;
  // problems.pgn's 7, and 4 in each pinned game (pinned_piece, 3 x missing_tag), identical.
  EXPECT_NE(
      wrote.err.find("pgnkit: wrote 31 known problems to " + baseline + " (11 distinct lines)"),
      std::string::npos)
      << wrote.err;

  // Fixed: problems.pgn's games gone from the top; still present: the pinned games; new: a
  // game with an illegal move at the end and one in the middle.
  const std::string bad =
      "[Event \"New\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n"
      "1. e4 e5 2. Ke3 *\n\n";
  std::string after;
  for (int i = 0; i < 6; ++i)
    after += pinned + first_games(sample, 4 * (i + 1)) + (i == 2 ? bad : "");
  after += bad;
  const std::string new_file = dir.file("new.pgn", after);
  for (const char* format : {"sarif", "gitlab", "github", "ndjson", "text"}) {
    const CheckRun r =
        expect_same(dir, {"check", "--format", format, "--baseline", baseline, new_file});
    EXPECT_EQ(r.child.status, 1) << format;
    // New: 2 games with an illegal move and 3 missing tags each; still there: the pinned
    // games' 24; fixed: problems.pgn's 7.
    EXPECT_NE(r.err.find("2 errors, 6 warnings, 2 games with errors, 0 unsupported-variant games, "
                         "24 known problems suppressed by the baseline"),
              std::string::npos)
        << format << r.err;
  }
  // Re-written from the edited file: the same bytes at every N, one line per distinct problem.
  const std::string again = (dir / "again.txt").string();
  const CheckRun rewrote =
      expect_same(dir, {"check", "-q", "--write-baseline", again, new_file}, again);
  EXPECT_EQ(rewrote.child.status, 0);
  EXPECT_NE(rewrote.err.find("pgnkit: wrote 32 known problems to " + again + " (8 distinct lines)"),
            std::string::npos)
      << rewrote.err;
}

TEST(CheckCiThreads, SarifFromEightThreadsValidates) {
  const char* tools = std::getenv("PGNKIT_TOOLS_DIR");
  const fs::path multitool = fs::path(tools ? tools : "/opt/pgnkit-tools/npm") /
                             "node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";
  if (access(multitool.c_str(), X_OK) != 0)
    GTEST_SKIP() << multitool << " not installed (cmake/deps.sh installs it with npm): skipped";
  TempDir dir;
  const CheckRun r = run(dir, command({"--format", "sarif"}, {kSource + "/data/broken.pgn"}), 8);
  const std::string sarif = dir.file("broken.sarif", r.child.out);
  const std::string log = (dir / "validation.sarif").string();
  const std::string cmd = "DOTNET_CLI_TELEMETRY_OPTOUT=1 '" + multitool.string() + "' validate '" +
                          sarif + "' -o '" + log + "' --level Error Warning > /dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.load(log).get(root), simdjson::SUCCESS);
  EXPECT_EQ(simdjson::dom::array(root["runs"].at(0)["results"]).size(), 0u);
}

}  // namespace
}  // namespace pgnkit

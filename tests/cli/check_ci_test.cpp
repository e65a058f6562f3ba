// `pgnkit check` as a CI gate, through the real binary (PGNKIT_BINARY): every format reports
// the same problems as NDJSON; SARIF passes Microsoft's validator (sarif-multitool, skipped
// where absent); fingerprints and the baseline survive edits elsewhere in the file;
// pgnkit.toml is found from a subdirectory and the command line wins over it; the
// pre-commit hook works under the real `pre-commit try-repo` (skipped where absent).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "diag/format.h"
#include "support/child.h"
#include "support/files.h"
#include "support/golden.h"
#include "support/regex.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using testing::lines_of;
using testing::read_file;
using testing::TempDir;
using testing::write_file;

using CliRun = testing::ChildRun;

std::string quote(const std::string& s) {
  return "'" + s + "'";
}

// Runs `pgnkit ARGS` in `dir` (ARGS as bash sees them); NO_COLOR keeps text plain.
CliRun pgnkit(const fs::path& dir, const std::string& args, const std::string& env = "") {
  return testing::run_pgnkit_line(args, dir.string(), env);
}

// What every format must agree on about one problem.
using Key = std::tuple<std::string, std::string, std::string, int, int>;  // path code sev line col

std::vector<Key> from_ndjson(const std::string& text, bool with_column = true) {
  std::vector<Key> keys;
  simdjson::dom::parser parser;
  for (const std::string& line : lines_of(text)) {
    simdjson::dom::element e;
    EXPECT_EQ(parser.parse(line).get(e), simdjson::SUCCESS) << line;
    std::string path;
    diag::append_uri_path(path, std::string(std::string_view(e["file"])));
    keys.emplace_back(path, std::string(std::string_view(e["code"])),
                      std::string(std::string_view(e["severity"])), int(std::int64_t(e["line"])),
                      with_column ? int(std::int64_t(e["column"])) : 0);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<Key> from_sarif(const std::string& text) {
  std::vector<Key> keys;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  EXPECT_EQ(parser.parse(text).get(root), simdjson::SUCCESS);
  if (!root.is_object()) return keys;
  for (const auto r : simdjson::dom::array(root["runs"].at(0)["results"])) {
    const auto loc = r["locations"].at(0)["physicalLocation"];
    keys.emplace_back(std::string(std::string_view(loc["artifactLocation"]["uri"])),
                      std::string(std::string_view(r["ruleId"])),
                      std::string(std::string_view(r["level"])),
                      int(std::int64_t(loc["region"]["startLine"])),
                      int(std::int64_t(loc["region"]["startColumn"])));
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<Key> from_gitlab(const std::string& text) {
  std::vector<Key> keys;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  EXPECT_EQ(parser.parse(text).get(root), simdjson::SUCCESS);
  if (!root.is_array()) return keys;
  for (const auto issue : simdjson::dom::array(root)) {
    std::string path;
    diag::append_uri_path(path, std::string(std::string_view(issue["location"]["path"])));
    const std::string_view severity = issue["severity"];
    keys.emplace_back(path, std::string(std::string_view(issue["check_name"])),
                      severity == "major"   ? "error"
                      : severity == "minor" ? "warning"
                                            : "?",
                      int(std::int64_t(issue["location"]["lines"]["begin"])), 0);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<Key> from_github(const std::string& text) {
  static const testing::Regex command(
      R"(^::(error|warning) file=([^,]*),line=(\d+),col=(\d+),title=([a-z0-9_]+)::.*$)");
  std::vector<Key> keys;
  for (const std::string& line : lines_of(text)) {
    const testing::RegexMatch m = command.full_match(line);
    EXPECT_TRUE(m) << line;
    if (!m) continue;
    std::string path;
    diag::append_uri_path(path, m[2]);
    keys.emplace_back(path, m[5], m[1], std::stoi(m[3]), std::stoi(m[4]));
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

// The summary line without its timings: "N games, ..., M unsupported-variant games".
std::string counts(const std::string& summary) {
  return summary.substr(0, summary.find(" games, ", summary.find("unsupported-variant")) + 6);
}

// Every NDJSON problem appears once in each other format, with its code, severity and place.
void expect_formats_agree(const fs::path& dir, const std::string& files, std::size_t problems) {
  const CliRun ndjson = pgnkit(dir, "check --format ndjson " + files);
  const auto expected = from_ndjson(ndjson.out);
  ASSERT_EQ(expected.size(), problems);
  for (const char* format : {"sarif", "github", "gitlab"}) {
    const CliRun r = pgnkit(dir, std::string("check --format ") + format + " " + files);
    EXPECT_EQ(r.status, ndjson.status) << format;
    EXPECT_EQ(counts(r.err), counts(ndjson.err)) << format;
    if (std::string(format) == "sarif") {
      EXPECT_EQ(from_sarif(r.out), expected);
    }
    if (std::string(format) == "github") {
      EXPECT_EQ(from_github(r.out), expected);
    }
    if (std::string(format) == "gitlab") {
      EXPECT_EQ(from_gitlab(r.out), from_ndjson(ndjson.out, false));
    }
  }
}

const fs::path kSource = PGNKIT_SOURCE_DIR;
const fs::path kTricky = fs::path(PGNKIT_SHARED_DIR) / "corpus" / "tricky";

// The tricky corpus's files, relative to kTricky, sorted.
std::string tricky_files() {
  std::vector<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(kTricky))
    if (e.path().extension() == ".pgn") names.push_back(fs::relative(e.path(), kTricky).string());
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += quote(n) + " ";
  return out;
}

TEST(CheckFormats, AgreeWithNdjsonOnBrokenPgn) {
  expect_formats_agree(kSource, "data/broken.pgn", 40);  // 24 errors, 16 warnings
}

TEST(CheckFormats, AgreeWithNdjsonOnTheTrickyCorpus) {
  if (!fs::exists(kTricky)) GTEST_SKIP() << kTricky << " not found: skipped";
  expect_formats_agree(kTricky, tricky_files(), 556);  // 19 errors, 537 warnings
}

// The tricky corpus's golden output per format, kept as a SHA-256 of stdout (the output
// quotes the games, which the corpus's licence does not let the project redistribute) in
// tests/data/check/ci/tricky.sha256; PGNKIT_UPDATE_GOLDEN=1 rewrites it. The agreement test
// above says which problems differ when a digest does.
TEST(CheckFormats, TrickyCorpusGoldenDigests) {
  if (!fs::exists(kTricky)) GTEST_SKIP() << kTricky << " not found: skipped";
  const fs::path golden = kSource / "tests/data/check/ci/tricky.sha256";
  TempDir tmp;
  std::string digests;
  for (const char* format : {"text", "ndjson", "sarif", "github", "gitlab"}) {
    const CliRun r =
        pgnkit(kTricky, std::string("check --format ") + format + " " + tricky_files());
    EXPECT_EQ(r.status, 1) << format;
    write_file(tmp / "out", r.out);
    const std::string command =
        "sha256sum < " + quote((tmp / "out").string()) + " > " + quote((tmp / "sum").string());
    ASSERT_EQ(std::system(command.c_str()), 0);
    digests += std::string(format) + ' ' + read_file(tmp / "sum").substr(0, 64) + '\n';
  }
  testing::expect_golden(golden, digests,
                         "check's output on the tricky corpus changed; if intended, rerun with "
                         "PGNKIT_UPDATE_GOLDEN=1");
}

TEST(CheckFormats, TextAndNdjsonUnchangedByTheGate) {
  // A rule list that keeps every code takes the gate's path; the bytes must not change.
  for (const char* format : {"text", "ndjson"}) {
    const CliRun plain =
        pgnkit(kSource, std::string("check --format ") + format + " data/broken.pgn");
    const CliRun gated = pgnkit(
        kSource, std::string("check --format ") + format +
                     " --select syntax,illegal,end,lint,tags,encoding,variant data/broken.pgn");
    EXPECT_EQ(plain.out, gated.out) << format;
    EXPECT_EQ(plain.status, gated.status);
  }
}

// --- SARIF against Microsoft's validator -------------------------------------------------

fs::path multitool() {
  const char* dir = std::getenv("PGNKIT_TOOLS_DIR");
  return fs::path(dir ? dir : "/opt/pgnkit-tools/npm") / "node_modules/@microsoft/" /
         "sarif-multitool-linux/Sarif.Multitool";
}

// The validator's findings at level error or warning (its own SARIF log), or -1 on failure.
int validator_findings(const fs::path& sarif, const TempDir& tmp) {
  const fs::path log = tmp / (sarif.filename().string() + ".validation.sarif");
  const std::string command = "DOTNET_CLI_TELEMETRY_OPTOUT=1 " + quote(multitool().string()) +
                              " validate " + quote(sarif.string()) + " -o " + quote(log.string()) +
                              " --level Error Warning > /dev/null 2>&1";
  if (std::system(("bash -c " + quote(command)).c_str()) != 0) return -1;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.load(log.string()).get(root) != simdjson::SUCCESS) return -1;
  return static_cast<int>(simdjson::dom::array(root["runs"].at(0)["results"]).size());
}

TEST(CheckSarif, ValidatesWithSarifMultitool) {
  if (access(multitool().c_str(), X_OK) != 0)
    GTEST_SKIP() << multitool() << " not installed (cmake/deps.sh installs it with npm): skipped";
  TempDir tmp;
  const fs::path broken = tmp / "broken.sarif";
  write_file(broken, pgnkit(kSource, "check --format sarif data/broken.pgn").out);
  EXPECT_EQ(validator_findings(broken, tmp), 0);
  // The validator does find a property the schema does not allow (it can fail this test).
  std::string bad = read_file(broken);
  bad.replace(bad.find("\"ruleIndex\""), 0, "\"notInSarif\":1,");
  write_file(tmp / "bad.sarif", bad);
  EXPECT_GE(validator_findings(tmp / "bad.sarif", tmp), 1);
  if (fs::exists(kTricky)) {
    const fs::path tricky = tmp / "tricky.sarif";
    write_file(tricky, pgnkit(kTricky, "check --format sarif " + tricky_files()).out);
    EXPECT_EQ(validator_findings(tricky, tmp), 0);
  }
}

// --- Fingerprints and the baseline ----------------------------------------------------------

// problems.pgn in its four parts ("% Game N" escape lines start each).
std::vector<std::string> fixture_games() {
  const std::string text = read_file(kSource / "tests/data/check/problems.pgn");
  std::vector<std::string> games;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t next = text.find("\n% Game ", at + 1);
    games.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at));
    at = next == std::string::npos ? text.size() : next + 1;
  }
  return games;
}

std::string game(const std::string& white, const std::string& moves, const std::string& result) {
  return "[Event \"Inserted\"]\n[Site \"?\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"" +
         white + "\"]\n[Black \"X\"]\n[Result \"" + result + "\"]\n\n" + moves + " " + result +
         "\n\n";
}

std::vector<std::string> fingerprints(const std::string& sarif) {
  std::vector<std::string> out;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  EXPECT_EQ(parser.parse(sarif).get(root), simdjson::SUCCESS);
  for (const auto r : simdjson::dom::array(root["runs"].at(0)["results"]))
    out.emplace_back(std::string_view(r["partialFingerprints"]["pgnkitProblem/v1"]));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(CheckFingerprints, UnchangedByGamesInsertedEditedOrMoved) {
  TempDir tmp;
  const auto games = fixture_games();
  ASSERT_EQ(games.size(), 4u);
  std::string original;
  for (const auto& g : games) original += g;
  write_file(tmp / "a.pgn", original);
  const auto before = fingerprints(pgnkit(tmp.path(), "check --format sarif a.pgn").out);
  ASSERT_EQ(before.size(), 7u);
  EXPECT_EQ(std::adjacent_find(before.begin(), before.end()), before.end()) << "not unique";
  // A game at the top, one in the middle, game 3 moved to the front.
  write_file(tmp / "a.pgn", game("Top", "1. e4 e5", "1-0") + games[2] + games[0] +
                                game("Middle", "1. d4 d5", "1/2-1/2") + games[1] + games[3]);
  EXPECT_EQ(fingerprints(pgnkit(tmp.path(), "check --format sarif a.pgn").out), before);
  // A game edited to add a problem of its own: the others' fingerprints stay.
  std::string edited = games[1];
  edited.replace(edited.find("1. f3"), 5, "1. f2-f3");
  write_file(tmp / "a.pgn", games[0] + edited + games[2] + games[3]);
  const auto after_edit = fingerprints(pgnkit(tmp.path(), "check --format sarif a.pgn").out);
  EXPECT_EQ(after_edit.size(), 8u);
  EXPECT_TRUE(std::includes(after_edit.begin(), after_edit.end(), before.begin(), before.end()));
}

TEST(CheckBaseline, RoundTrip) {
  TempDir tmp;
  const auto games = fixture_games();
  std::string original;
  for (const auto& g : games) original += g;
  write_file(tmp / "games.pgn", original);

  const CliRun write = pgnkit(tmp.path(), "check --quiet --write-baseline known.txt games.pgn");
  EXPECT_EQ(write.status, 0) << write.err;
  EXPECT_NE(write.err.find("pgnkit: wrote 7 known problems to known.txt (7 distinct lines)"),
            std::string::npos)
      << write.err;
  const std::string baseline = read_file(tmp / "known.txt");
  auto lines = lines_of(baseline);
  ASSERT_EQ(lines.size(), 8u) << baseline;  // header + 7
  EXPECT_EQ(lines[0].rfind("# pgnkit baseline v1", 0), 0u);
  EXPECT_TRUE(std::is_sorted(lines.begin() + 1, lines.end()));
  EXPECT_NE(baseline.find("\tpinned_piece\tgames.pgn\t11\tNf1\n"), std::string::npos);

  // Every known problem suppressed: exit 0, nothing printed, the summary says how many.
  CliRun r = pgnkit(tmp.path(), "check --baseline known.txt games.pgn");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("0 errors, 0 warnings, 0 games with errors, 0 unsupported-variant games, "
                       "7 known problems suppressed by the baseline"),
            std::string::npos)
      << r.err;

  // One new illegal move (in a new game at the top): exactly one problem, exit 1; inserting
  // clean games elsewhere changes nothing.
  write_file(tmp / "games.pgn", game("New", "1. e4 e5 2. Ke3", "*") + games[0] +
                                    game("Clean", "1. c4 e5", "0-1") + games[1] + games[2] +
                                    games[3] + game("Last", "1. Nf3", "*"));
  r = pgnkit(tmp.path(), "check --format ndjson --baseline known.txt games.pgn");
  EXPECT_EQ(r.status, 1);
  ASSERT_EQ(lines_of(r.out).size(), 1u) << r.out;
  EXPECT_NE(r.out.find("\"game\":1,\"line\":9,\"column\":13,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"code\":\"no_piece_can_move\",\"san\":\"Ke3\""), std::string::npos);
  EXPECT_NE(r.err.find("1 errors, 0 warnings, 1 games with errors, 0 unsupported-variant games, "
                       "7 known problems suppressed by the baseline"),
            std::string::npos)
      << r.err;
  // Re-written, the baseline differs by exactly that one line.
  ASSERT_EQ(pgnkit(tmp.path(), "check -q --write-baseline again.txt games.pgn").status, 0);
  auto again = lines_of(read_file(tmp / "again.txt"));
  ASSERT_EQ(again.size(), 9u);
  std::vector<std::string> added;
  std::set_difference(again.begin(), again.end(), lines.begin(), lines.end(),
                      std::back_inserter(added));
  ASSERT_EQ(added.size(), 1u);
  EXPECT_NE(added[0].find("\tno_piece_can_move\tgames.pgn\t3\tKe3"), std::string::npos);
}

// --- pgnkit.toml ----------------------------------------------------------------------------

std::size_t problem_count(const CliRun& r) {
  return lines_of(r.out).size();
}

TEST(CheckConfig, FoundFromASubdirectoryAndOverriddenByTheCommandLine) {
  TempDir tmp;
  fs::create_directories(tmp / "sub/deeper");
  fs::create_directories(tmp / "legacy");
  write_file(tmp / "pgnkit.toml",
             "# project settings\n[check]\nignore = [\"lint\"]\nerror = [\"missing_tag\"]\n\n"
             "[[check.per-path]]\nglob = \"legacy/*.pgn\"\nignore = [\"illegal\", \"lint\"]\n");
  const std::string fixture = read_file(kSource / "tests/data/check/problems.pgn");
  write_file(tmp / "sub/deeper/a.pgn", fixture);
  write_file(tmp / "legacy/old.pgn", fixture);
  const fs::path deeper = tmp / "sub/deeper";

  CliRun r = pgnkit(deeper, "check --format ndjson a.pgn");
  EXPECT_EQ(problem_count(r), 4u) << r.out;  // 7 less the three lint warnings
  EXPECT_EQ(r.out.find("castling_zeros"), std::string::npos);
  EXPECT_EQ(problem_count(pgnkit(deeper, "check --format ndjson --no-config a.pgn")), 7u);
  // The command line's --ignore replaces the file's: lint is back, end is gone.
  r = pgnkit(deeper, "check --format ndjson --ignore end a.pgn");
  EXPECT_EQ(problem_count(r), 5u) << r.out;
  EXPECT_NE(r.out.find("castling_zeros"), std::string::npos);
  EXPECT_EQ(r.out.find("result_mismatch"), std::string::npos);
  // Per path: legacy/ also drops the illegal move, relative to the file's folder.
  r = pgnkit(tmp.path(), "check --format ndjson legacy/old.pgn sub/deeper/a.pgn");
  EXPECT_EQ(problem_count(r), 3u + 4u) << r.out;
  EXPECT_EQ(r.out.find("\"file\":\"legacy/old.pgn\",\"game\":1"), std::string::npos);
  // --config names a file from anywhere; strict and max-errors from it, --no-strict wins.
  write_file(tmp / "strict.toml", "[check]\nstrict = true\nmax-errors = 1\nlaws = \"by-date\"\n");
  r = pgnkit(kSource / "tests/data/check",
             "check --config " + quote((tmp / "strict.toml").string()) + " warnings_only.pgn");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("(stopped at --max-errors)"), std::string::npos) << r.err;
  r = pgnkit(kSource / "tests/data/check", "check --no-strict --max-errors 0 --config " +
                                               quote((tmp / "strict.toml").string()) +
                                               " warnings_only.pgn");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("stopped"), std::string::npos);
}

TEST(CheckConfig, BadFileFoundByDiscoveryIsExit2WithLineAndColumn) {
  TempDir tmp;
  fs::create_directories(tmp / "sub");
  write_file(tmp / "pgnkit.toml", "[check]\nstrict = yes\n");
  write_file(tmp / "sub/a.pgn", read_file(kSource / "tests/data/check/clean.pgn"));
  CliRun r = pgnkit(tmp / "sub", "check a.pgn");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("pgnkit.toml:2:10: "), std::string::npos) << r.err;
  write_file(tmp / "pgnkit.toml", "[check]\nstrict = true\nselectt = [\"lint\"]\n");
  r = pgnkit(tmp / "sub", "check a.pgn");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("pgnkit.toml:3:1: unknown key 'selectt' in [check]"), std::string::npos)
      << r.err;
  EXPECT_EQ(pgnkit(tmp / "sub", "check --no-config a.pgn").status, 0);
}

// --- pre-commit -----------------------------------------------------------------------------

bool on_path(const std::string& tool) {
  return std::system(("command -v " + tool + " > /dev/null 2>&1").c_str()) == 0;
}

TEST(CheckHook, PreCommitTryRepo) {
  if (!on_path("pre-commit") || !on_path("git"))
    GTEST_SKIP() << "pre-commit or git not installed (cmake/deps.sh installs pre-commit): skipped";
  TempDir tmp;
  const fs::path hooks = tmp / "hooks", work = tmp / "work";
  fs::create_directories(hooks);
  fs::create_directories(work);
  fs::copy_file(kSource / ".pre-commit-hooks.yaml", hooks / ".pre-commit-hooks.yaml");
  fs::copy_file(kSource / "tests/data/check/clean.pgn", work / "clean.pgn");
  fs::copy_file(kSource / "tests/data/check/problems.pgn", work / "broken.pgn");
  const std::string git =
      "git -c user.name=t -c user.email=t@example.org -c init.defaultBranch=main";
  const std::string env =
      "export HOME=" + quote(tmp.path()) + " PRE_COMMIT_HOME=" + quote((tmp / "cache").string()) +
      " PATH=" + quote(fs::path(PGNKIT_BINARY).parent_path().string()) + ":$PATH; ";
  const std::string setup = env + "cd " + quote(hooks.string()) + " && " + git + " init -q && " +
                            git + " add . && " + git + " commit -qm hooks && cd " +
                            quote(work.string()) + " && " + git + " init -q && " + git +
                            " add . > /dev/null";
  ASSERT_EQ(std::system(("bash -c " + quote(setup)).c_str()), 0);
  auto try_repo = [&](const std::string& file, const std::string& log) {
    const std::string command = env + "cd " + quote(work.string()) + " && pre-commit try-repo " +
                                quote(hooks.string()) + " pgnkit-check --files " + file + " > " +
                                quote((tmp / log).string()) + " 2>&1";
    const int raw = std::system(("bash -c " + quote(command)).c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
  };
  EXPECT_EQ(try_repo("clean.pgn", "clean.log"), 0) << read_file(tmp / "clean.log");
  EXPECT_EQ(try_repo("broken.pgn", "broken.log"), 1) << read_file(tmp / "broken.log");
  const std::string log = read_file(tmp / "broken.log");
  EXPECT_NE(log.find("broken.pgn:10:58: error[pinned_piece]"), std::string::npos) << log;
  EXPECT_NE(log.find("Failed"), std::string::npos) << log;
}

}  // namespace
}  // namespace pgnkit

// `pgnkit analyse` through the binary (issue 31, docs/analyse.md). The fake engine
// (fake_uci.cpp) answers from a one-ply material count, so its output can be checked by hand;
// its faults (a crash, a hang, unreadable lines, no UCI at all) are switched on by the
// environment and counted over restarts in a state file. Then Debian's stockfish, where it is
// installed: -j 1 against -j 2, a mate in one, and the output read back by `pgnkit check`.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit::analyse_cli_test {
namespace {

using testing::ChildRun;
using testing::read_file;
using testing::run_pgnkit;
using testing::TempDir;
using testing::write_file;

const std::string kSample = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
const std::string kStockfish = "/usr/games/stockfish";

const std::string kTrap =
    "[Event \"T\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1\n";

// The fake engine's analysis of kTrap. Each eval is the best capture's material for the side
// to move, from White's side: after 2... Nc6 White takes e5 (+1.0); after 3... Nd4 White takes
// d4 (+3.0); after 7. Be2 Black mates at once (#-1); the mate itself gets no eval.
const std::string kTrapAnalysed =
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n"
    "[Black \"B\"]\n[Result \"0-1\"]\n[WhiteAccuracy \"19.7\"]\n[WhiteACPL \"359\"]\n"
    "[BlackAccuracy \"38.3\"]\n[BlackACPL \"214\"]\n[Annotator \"FakeUCI 1.0 (nodes 100000)\"]\n"
    "\n"
    "1. e4 {[%eval 0.0]} 1... e5 {[%eval 0.0]} 2. Nf3 {[%eval 0.0]} 2... Nc6\n"
    "{[%eval 1.0]} 3. Bc4 {[%eval 0.0]} 3... Nd4 $2 {[%eval 3.0]} (3... a5 4. Bxf7+)\n"
    "4. Nxe5 $2 {[%eval 0.0]} (4. Nxd4 exd4) 4... Qg5 $6 {[%eval 2.0]} (4... Nxc2+\n"
    "5. Qxc2) 5. Nxf7 {[%eval 1.0]} 5... Qxg2 $4 {[%eval 6.0]} (5... Nxc2+ 6. Qxc2)\n"
    "6. Rf1 $4 {[%eval -4.0]} (6. Nxh8 Qxh1+) 6... Qxe4+ $4 {[%eval 0.0]} (6... Qxf1+\n"
    "7. Bxf1) 7. Be2 $4 {[%eval #-1]} 7... Nf3# 0-1\n\n";

ChildRun analyse(const TempDir& dir, std::vector<std::string> args,
                 const std::vector<std::string>& env = {}) {
  args.insert(args.begin(), {"analyse", "--engine", FAKE_UCI});
  return run_pgnkit(dir, args, env);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The number before " positions searched" in the summary line.
long searched(const std::string& err) {
  const std::size_t at = err.find(" positions searched");
  if (at == std::string::npos) return -1;
  const std::size_t start = err.rfind(' ', at - 1);
  return std::stol(err.substr(start + 1, at - start - 1));
}

TEST(Analyse, FakeEngineOutputIsExact) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const ChildRun r = analyse(dir, {"-j", "1", (dir / "trap.pgn").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kTrapAnalysed);
  EXPECT_EQ(r.err,
            "1 games, 14 positions searched by FakeUCI 1.0, 0 with move errors, 0 dropped\n");
}

TEST(Analyse, SameBytesForEveryEngineCountAndEverySearchCounted) {
  const TempDir dir;
  const std::string state = (dir / "state").string();
  const ChildRun one = analyse(dir, {"-j", "1", kSample}, {"FAKE_UCI_STATE=" + state});
  ASSERT_EQ(one.status, 0) << one.err;
  const std::string searches = read_file(state);
  const ChildRun four = analyse(dir, {"-j", "4", kSample});
  ASSERT_EQ(four.status, 0) << four.err;
  EXPECT_EQ(one.out, four.out);
  EXPECT_EQ(count(one.out, "[Event "), 315u);
  // The summary's count against the engines' own: every "go" the fake engine answered.
  EXPECT_EQ(std::to_string(searched(one.err)) + "\n", searches);
  EXPECT_EQ(searched(one.err), searched(four.err));
  EXPECT_GT(searched(one.err), 10000);
}

// At the end every engine is told to quit, and exits by itself; one that does not is killed a
// second later, and the run ends as it would have.
TEST(Analyse, EnginesAreToldToQuitAtTheEnd) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const std::string log = (dir / "quits").string();
  const ChildRun r =
      analyse(dir, {"-j", "3", (dir / "trap.pgn").string()}, {"FAKE_UCI_QUIT_LOG=" + log});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kTrapAnalysed);
  EXPECT_EQ(read_file(log), "quit\nquit\nquit\n");
  const auto start = std::chrono::steady_clock::now();
  const ChildRun stubborn = analyse(dir, {"-j", "2", (dir / "trap.pgn").string()},
                                    {"FAKE_UCI_QUIT_LOG=" + log, "FAKE_UCI_IGNORE_QUIT=1"});
  EXPECT_EQ(stubborn.status, 0) << stubborn.err;
  EXPECT_EQ(stubborn.out, kTrapAnalysed);
  EXPECT_EQ(read_file(log), "quit\nquit\nquit\nquit\nquit\n");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

TEST(Analyse, CrashedEngineIsRestartedAndTheGameAnalysedAgain) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const ChildRun r = analyse(dir, {(dir / "trap.pgn").string()},
                             {"FAKE_UCI_STATE=" + (dir / "state").string(), "FAKE_UCI_CRASH_AT=5"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kTrapAnalysed);
  EXPECT_NE(r.err.find(dir.path() +
                       "/trap.pgn: game 1: warning: the engine failed (ply 4: the engine exited "
                       "(crashed?) during the search); restarted, analysing the game again\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_file(dir / "state"), "19\n");  // 4 searches lost, 14 again, 1 crashed
}

TEST(Analyse, HungEngineTimesOutAndIsRestarted) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const ChildRun r = analyse(dir, {"--timeout", "0.3", (dir / "trap.pgn").string()},
                             {"FAKE_UCI_STATE=" + (dir / "state").string(), "FAKE_UCI_HANG_AT=3"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kTrapAnalysed);
  EXPECT_NE(r.err.find("game 1: warning: the engine failed (ply 2: no 'bestmove' within 300 ms)"),
            std::string::npos)
      << r.err;
}

TEST(Analyse, UnreadableAnswerLeavesThatPositionWithoutEval) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const ChildRun r =
      analyse(dir, {(dir / "trap.pgn").string()},
              {"FAKE_UCI_STATE=" + (dir / "state").string(), "FAKE_UCI_GARBAGE_AT=4"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(count(r.out, "[%eval"), count(kTrapAnalysed, "[%eval") - 1);
  EXPECT_NE(r.out.find("2. Nf3 Nc6 {[%eval 1.0]}"), std::string::npos) << r.out;  // ply 3: none
  EXPECT_NE(r.err.find("game 1: warning: ply 3: unreadable info lines from the engine, ignored\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("game 1: warning: ply 3: no eval: unreadable info lines and no score\n"),
            std::string::npos);
}

// The number after "key": in a line of NDJSON.
std::uint64_t field(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\":");
  return at == std::string::npos ? UINT64_MAX : std::stoull(line.substr(at + key.size() + 3));
}

TEST(Analyse, ShardsOfIndexGiveTheWholeOutput) {
  const TempDir dir;
  const ChildRun whole = analyse(dir, {kSample});
  ASSERT_EQ(whole.status, 0);
  const ChildRun plan = run_pgnkit(dir, {"index", "--shards", "3", kSample});
  ASSERT_EQ(plan.status, 0) << plan.err;
  std::string parts;
  std::size_t shards = 0;
  for (const std::string& line : testing::lines_of(plan.out)) {
    std::vector<std::string> args = {
        "--range", std::to_string(field(line, "start")) + ":" + std::to_string(field(line, "end"))};
    if (field(line, "first_game") > 1) {
      args.insert(args.end(), {"--base-game", std::to_string(field(line, "first_game") - 1),
                               "--base-line", std::to_string(field(line, "first_line") - 1)});
    }
    args.push_back(kSample);
    const ChildRun r = analyse(dir, args);
    EXPECT_EQ(r.status, 0) << r.err;
    parts += r.out;
    ++shards;
  }
  EXPECT_EQ(shards, 3u);
  EXPECT_TRUE(parts == whole.out);  // (not EXPECT_EQ: it would print the whole sample)
}

TEST(Analyse, EngineFailingAgainAndAgainStopsTheRun) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const ChildRun r = analyse(dir, {(dir / "trap.pgn").string()}, {"FAKE_UCI_CRASH_ALWAYS=1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");  // no game half analysed
  EXPECT_NE(r.err.find("game 1: the engine failed 3 times in a row (last: ply 0: the engine "
                       "exited (crashed?) during the search); stopped, the output ends before "
                       "that game"),
            std::string::npos)
      << r.err;
}

TEST(Analyse, NotAnEngineIsToldBeforeAnyOutput) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrap);
  const std::string out = (dir / "out.pgn").string();
  ChildRun r = analyse(dir, {(dir / "trap.pgn").string(), "-o", out}, {"FAKE_UCI_NOT_UCI=1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(r.err, std::string("pgnkit analyse: engine '") + FAKE_UCI +
                       "': not a UCI engine: it exited without answering 'uci' with 'uciok'\n");
  r = run_pgnkit(dir, {"analyse", "--engine", "/nonexistent/engine", (dir / "trap.pgn").string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "pgnkit analyse: engine '/nonexistent/engine': cannot start: No such file or "
            "directory\n");
}

TEST(Analyse, EvalsInTheFileAreKeptUnlessForced) {
  const TempDir dir;
  write_file(dir / "trap.pgn", kTrapAnalysed);
  ChildRun r = analyse(dir, {(dir / "trap.pgn").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kTrapAnalysed);
  EXPECT_EQ(searched(r.err), 0);
  // Forced: every position searched again, to the same evals; no mark or line twice.
  r = analyse(dir, {"--force", (dir / "trap.pgn").string()});
  EXPECT_EQ(r.out, kTrapAnalysed);
  EXPECT_EQ(searched(r.err), 14);
}

TEST(Analyse, AccuracyFromExistingEvalsMatchesTheEngineRun) {
  const TempDir dir;
  const ChildRun analysed = analyse(dir, {"-j", "2", kSample});
  ASSERT_EQ(analysed.status, 0);
  // The same games without the four figure tags, then annotate --accuracy: the same values.
  std::string stripped;
  for (const std::string& line : testing::lines_of(analysed.out)) {
    if (line.starts_with("[WhiteAccuracy ") || line.starts_with("[BlackAccuracy ") ||
        line.starts_with("[WhiteACPL ") || line.starts_with("[BlackACPL "))
      continue;
    stripped += line + "\n";
  }
  write_file(dir / "stripped.pgn", stripped);
  const ChildRun again =
      run_pgnkit(dir, {"annotate", "--accuracy", (dir / "stripped.pgn").string()});
  ASSERT_EQ(again.status, 0) << again.err;
  // Each game's figure tags, in name order (annotate appends them after the other tags).
  const auto figures = [](const std::string& text) {
    std::vector<std::vector<std::string>> games;
    for (const std::string& line : testing::lines_of(text)) {
      if (line.starts_with("[Event ")) games.emplace_back();
      if (line.find("Accuracy \"") != std::string::npos ||
          line.find("ACPL \"") != std::string::npos) {
        games.back().push_back(line);
      }
    }
    std::size_t tags = 0;
    for (auto& game : games) {
      std::sort(game.begin(), game.end());
      tags += game.size();
    }
    EXPECT_GT(tags, 1000u);
    return games;
  };
  const auto a = figures(analysed.out);
  EXPECT_EQ(a.size(), 315u);
  EXPECT_EQ(a, figures(again.out));
}

// The figure tags of each game of a PGN text, in input order: "87.3 66.9 44 102" ("-" absent).
std::vector<std::string> tag_figures(const std::string& pgn) {
  std::vector<std::string> games;
  std::string fields[4];
  const std::string names[4] = {"[WhiteAccuracy \"", "[BlackAccuracy \"", "[WhiteACPL \"",
                                "[BlackACPL \""};
  const auto flush = [&] {
    games.push_back(fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3]);
  };
  bool any = false;
  for (const std::string& line : testing::lines_of(pgn)) {
    if (line.starts_with("[Event ")) {
      if (any) flush();
      any = true;
      for (std::string& f : fields) f = "-";
    }
    for (int i = 0; i < 4; ++i) {
      if (line.starts_with(names[i]))
        fields[i] = line.substr(names[i].size(), line.size() - names[i].size() - 2);
    }
  }
  if (any) flush();
  return games;
}

// The same four of each record of `status --accuracy --format ndjson`.
std::vector<std::string> status_figures(const std::string& ndjson) {
  std::vector<std::string> games;
  for (const std::string& line : testing::lines_of(ndjson)) {
    std::string row;
    for (const char* key :
         {"\"white_accuracy\":", "\"black_accuracy\":", "\"white_acpl\":", "\"black_acpl\":"}) {
      const std::size_t at = line.find(key) + std::string(key).size();
      std::string value = line.substr(at, line.find_first_of(",}", at) - at);
      if (!row.empty()) row += ' ';
      row += value == "null" ? "-" : value;
    }
    games.push_back(row);
  }
  return games;
}

TEST(Analyse, StatusAccuracyReadsTheSameFiguresAsTheTags) {
  const TempDir dir;
  const ChildRun analysed = analyse(dir, {"-j", "2", kSample, "-o", (dir / "a.pgn").string()});
  ASSERT_EQ(analysed.status, 0);
  const ChildRun status =
      run_pgnkit(dir, {"status", "--accuracy", "--format", "ndjson", (dir / "a.pgn").string()});
  const std::vector<std::string> from_tags = tag_figures(read_file(dir / "a.pgn"));
  EXPECT_EQ(from_tags.size(), 315u);
  EXPECT_EQ(status_figures(status.out), from_tags);
}

TEST(Analyse, LichessEvalsGiveTheSameFiguresTwoWays) {
  const std::string corpus = std::string(PGNKIT_SHARED_DIR) + "/corpus/lichess.pgn.zst";
  if (!std::filesystem::exists(corpus)) GTEST_SKIP() << corpus << " absent";
  const TempDir dir;
  // annotate keeps the game (a GameRecord), status streams it (the eval tracker).
  const ChildRun annotated =
      run_pgnkit(dir, {"annotate", "--accuracy", corpus, "-o", (dir / "a.pgn").string()});
  // Two games play on after a fivefold repetition: move errors, exit 1.
  ASSERT_EQ(annotated.status, 1) << annotated.err;
  const ChildRun status =
      run_pgnkit(dir, {"status", "--accuracy", "--format", "ndjson", "-j", "2", corpus});
  const std::vector<std::string> from_tags = tag_figures(read_file(dir / "a.pgn"));
  EXPECT_EQ(from_tags.size(), 48234u);
  EXPECT_EQ(status_figures(status.out), from_tags);
  // The games with evals (every lichess game that was analysed there) have figures.
  EXPECT_EQ(count(read_file(dir / "a.pgn"), "[WhiteAccuracy "), 10940u);
}

TEST(Analyse, MoveErrorsAreAnalysedUpToTheError) {
  const TempDir dir;
  write_file(dir / "bad.pgn", "[Event \"E\"]\n\n1. e4 e5 2. Ke3 Nf6 *\n");
  ChildRun r = analyse(dir, {"--on-error", "truncate", (dir / "bad.pgn").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("1. e4 {[%eval 0.0]} 1... e5 {[%eval 0.0]}"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "[%eval"), 2u);
  EXPECT_EQ(count(r.out, "Ke3"), 1u);  // named in the truncation comment only
  r = analyse(dir, {"--on-error", "skip", (dir / "bad.pgn").string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(
      r.err.find("1 games, 0 positions searched by FakeUCI 1.0, 1 with move errors, 1 dropped"),
      std::string::npos);
}

TEST(Analyse, UnsupportedVariantPassesThroughAndChess960IsAnalysed) {
  const TempDir dir;
  write_file(dir / "v.pgn",
             "[Event \"A\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 2. Nf3 *\n\n"
             "[Event \"C\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
             "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]\n\n"
             "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *\n");
  const ChildRun r = analyse(dir, {(dir / "v.pgn").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  const ChildRun plain = run_pgnkit(dir, {"annotate", (dir / "v.pgn").string()});
  const std::string atomic = plain.out.substr(0, plain.out.find("[Event \"C\"]"));
  EXPECT_EQ(r.out.substr(0, atomic.size()), atomic);
  // The Chess960 game (castling sent as king takes rook): its set-up start has an eval too,
  // in a leading comment.
  EXPECT_EQ(count(r.out, "[%eval"), 9u) << r.out;
  EXPECT_EQ(searched(r.err), 9);
}

// Debian's stockfish, where installed.
TEST(AnalyseStockfish, SameEvalsForOneAndTwoEnginesAndMateInOne) {
  if (!std::filesystem::exists(kStockfish))
    GTEST_SKIP() << kStockfish << " absent (apt-get install stockfish)";
  const TempDir dir;
  write_file(
      dir / "scholar.pgn",
      "[Event \"S\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n" + kTrap);
  const std::vector<std::string> base = {"analyse", "--engine", kStockfish,
                                         "--nodes", "3000",     (dir / "scholar.pgn").string()};
  std::vector<std::string> one = base, two = base;
  one.insert(one.end(), {"-j", "1", "-o", (dir / "one.pgn").string()});
  two.insert(two.end(), {"-j", "2", "-o", (dir / "two.pgn").string()});
  ASSERT_EQ(run_pgnkit(dir, one).status, 0);
  ASSERT_EQ(run_pgnkit(dir, two).status, 0);
  const std::string out = read_file(dir / "one.pgn");
  EXPECT_EQ(out, read_file(dir / "two.pgn"));
  // After 3... Nf6 White mates in one; after 7. Be2 Black does.
  EXPECT_NE(out.find("3... Nf6 $4 {[%eval #1]}"), std::string::npos) << out;
  EXPECT_NE(out.find("{[%eval #-1]} 7... Nf3# 0-1"), std::string::npos) << out;
  EXPECT_EQ(count(out, "[Annotator \"Stockfish"), 2u);
  // Read back: no problem at all.
  const ChildRun check = run_pgnkit(dir, {"check", (dir / "one.pgn").string()});
  EXPECT_EQ(check.status, 0) << check.out << check.err;
  EXPECT_NE(check.err.find("2 games, 21 plies, 0 errors, 0 warnings"), std::string::npos)
      << check.err;
}

}  // namespace
}  // namespace pgnkit::analyse_cli_test

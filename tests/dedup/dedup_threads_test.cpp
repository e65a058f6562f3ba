// dedup --threads N gives the output of --threads 1, byte for byte: the kept games, the
// report (written to stderr here, before the summary), the messages, the summary and the exit
// status, with a tiny PGNKIT_CHUNK_SIZE so that duplicates lie in other chunks than the games
// they repeat: every fixture under every mode, generated inputs with copies spread over
// chunks and inputs, --max-memory, tricky/ and the corpora. A second way: the games kept are
// exactly the first of each line, found from how the input was generated.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "pipeline/cli_compare.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace pipeline_cli;

const std::vector<std::vector<std::string>> kModes = {
    {},
    {"--prefix"},
    {"--prefix", "--keep", "longest"},
    {"--same-tags", "White,Result"},
};

// err without the PGNKIT_PIPELINE_STATS lines run() leaves (--keep longest runs the
// pipeline twice: two lines).
std::string without_stats(std::string err) {
  for (std::size_t at = err.find("pipeline: "); at != std::string::npos;
       at = err.find("pipeline: ", at)) {
    if (at != 0 && err[at - 1] != '\n') {
      ++at;
      continue;
    }
    err.erase(at, err.find('\n', at) + 1 - at);
  }
  return err;
}

// Runs dedup with 1 thread and with each of `threads` (the report to a file of the run's
// own); every run must give the one-thread stdout, stderr, status and report.
void expect_same_dedup(const TempDir& dir, const std::vector<std::string>& options,
                       const std::vector<std::string>& files, std::size_t chunk,
                       const std::vector<unsigned>& threads = {2, 3, 8}) {
  const auto args = [&](unsigned n) {
    std::vector<std::string> a = {"dedup", "--report",
                                  (dir / ("report" + std::to_string(n))).string()};
    a.insert(a.end(), options.begin(), options.end());
    a.insert(a.end(), files.begin(), files.end());
    return a;
  };
  const CliRun one = run(dir, args(1), 1, chunk);
  const std::string report = testing::read_file(dir / "report1");
  std::string what;
  for (const std::string& a : options) what += a + " ";
  if (!files.empty()) what += files.front();
  for (const unsigned n : threads) {
    const CliRun many = run(dir, args(n), n, chunk);
    EXPECT_EQ(many.child.status, one.child.status) << what << " -j " << n << "\n" << many.err;
    EXPECT_TRUE(many.child.out == one.child.out) << what << " -j " << n << ": stdout differs";
    EXPECT_EQ(without_stats(many.err), one.err) << what << " -j " << n;
    EXPECT_TRUE(testing::read_file(dir / ("report" + std::to_string(n))) == report)
        << what << " -j " << n << ": the report differs";
  }
}

class DedupThreads : public pipeline_cli::CliThreadsTest {};

// Twelve lines of play; line k is the first k + 1 moves of the longest, so with --prefix
// every line is a prefix of the next.
const std::vector<std::string> kMoves = {"e4",  "e5",  "Nf3", "Nc6", "Bb5", "a6",
                                         "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"};

// Game i plays line (i * 7) % 12: copies of each line are spread over the whole input.
// White is w0 for games 1-12, w1 for 13-24, w0 again for 25-36, ...
std::string game(int i) {
  const int line = (i * 7) % 12;
  std::string moves;
  for (int p = 0; p <= line; ++p) {
    if (p % 2 == 0) moves += std::to_string(p / 2 + 1) + ". ";
    moves += kMoves[static_cast<std::size_t>(p)] + " ";
  }
  return "[Event \"T\"]\n[Round \"" + std::to_string(i) + "\"]\n[White \"w" +
         std::to_string((i - 1) / 12 % 2) + "\"]\n[Result \"*\"]\n\n" + moves + "*\n\n";
}

std::string games(int from, int to) {
  std::string out;
  for (int i = from; i <= to; ++i) out += game(i);
  return out;
}

// The Round of every game in dedup's output, in order.
std::vector<int> rounds(const std::string& out) {
  std::vector<int> r;
  for (std::size_t at = out.find("[Round \""); at != std::string::npos;
       at = out.find("[Round \"", at + 1))
    r.push_back(std::stoi(out.substr(at + 8)));
  return r;
}

// In a sanitized build each fixture in one mode, in turn (support/sanitized.h).
TEST_F(DedupThreads, EveryFixtureInEveryMode) {
  const std::vector<std::string> files = pgn_fixtures();
  ASSERT_GE(files.size(), 10u);
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (const std::vector<std::string>& mode : testing::in_turn_when_sanitized(kModes, i))
      expect_same_dedup(dir, mode, {files[i]}, 700);
  }
}

TEST_F(DedupThreads, CopiesSpreadOverChunksAndInputs) {
  const std::string a = dir.file("a.pgn", games(1, 150));
  const std::string b = dir.file("b.pgn", games(151, 240));
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::string truncated = PGNKIT_SOURCE_DIR "/tests/data/check/truncated.pgn.zst";
  for (const std::vector<std::string>& mode : kModes) {
    expect_same_dedup(dir, mode, {a, broken, "missing.pgn", truncated, b, a}, 300);
  }
  // The first game of each line stays: game i plays line 7i mod 12, so games 1..12 play
  // every line once; every later game is a copy.
  const CliRun exact = run(dir, {"dedup", a, b}, 8, 300);
  EXPECT_EQ(exact.child.status, 0) << exact.err;
  std::vector<int> want;
  for (int i = 1; i <= 12; ++i) want.push_back(i);
  EXPECT_EQ(rounds(exact.child.out), want);
  EXPECT_NE(exact.err.find("240 games: 12 written (12 distinct, 0 not compared"), std::string::npos)
      << exact.err;
  EXPECT_NE(exact.err.find("228 duplicates dropped"), std::string::npos) << exact.err;
  // --same-tags White: a line stays once per White: games 1..12 (w0) and 13..24 (w1) each
  // play every line once.
  const CliRun tags = run(dir, {"dedup", "--same-tags", "White", a, b}, 8, 300);
  want.clear();
  for (int i = 1; i <= 24; ++i) want.push_back(i);
  EXPECT_EQ(rounds(tags.child.out), want);
  // --prefix --keep longest: every line is a prefix of the longest (line 11, first played
  // by game 5), so that game alone stays.
  const CliRun longest = run(dir, {"dedup", "--prefix", "--keep", "longest", a, b}, 8, 300);
  EXPECT_EQ(rounds(longest.child.out), std::vector<int>{5});
  // --prefix --keep first: game 1 (line 7) stays; each later line of 8 plies or fewer is its
  // prefix, each longer one has it as a prefix: all dropped.
  const CliRun first = run(dir, {"dedup", "--prefix", a, b}, 8, 300);
  EXPECT_EQ(rounds(first.child.out), std::vector<int>{1});
}

TEST_F(DedupThreads, MaxMemoryStopsWhereOneThreadStops) {
  std::string text;
  for (int i = 1; i <= 400; ++i)
    text += "[Event \"T\"]\n[Round \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 " +
            std::string(i % 2 ? "3. Bb5 a6 " : "3. Bc4 Bc5 ") + "*\n\n";
  const std::string file = dir.file("m.pgn", text);
  const std::string later = dir.file("later.pgn", games(1, 30));
  for (const char* limit : {"1K", "64K"}) {
    expect_same(dir, {"dedup", "--max-memory", limit, file, later}, 300, {2, 8});
    expect_same(dir, {"dedup", "--prefix", "--max-memory", limit, file, later}, 300, {2, 8});
  }
  const CliRun r = run(dir, {"dedup", "--max-memory", "1K", file, later}, 8, 300);
  EXPECT_EQ(r.child.status, 2);
  EXPECT_NE(r.err.find("at " + file + " game 1; stopped"), std::string::npos) << r.err;
}

TEST_F(DedupThreads, TrickyCorpus) {
  if (!fs::exists(tricky_root())) GTEST_SKIP() << tricky_root() << " is absent";
  const std::vector<std::string> files = tricky_files();
  ASSERT_FALSE(files.empty());
  for (const std::string& f : files) expect_same_dedup(dir, {"--prefix"}, {f}, 256, {2, 8});
  // All of them at once: copies across inputs.
  expect_same_dedup(dir, {}, files, 256, {2, 8});
}

// The shared corpora from .zst at the default chunk size; otb's 277 copies (docs/dedup.md).
TEST_F(DedupThreads, BigCorpora) {
  const std::vector<fs::path> corpora = big_corpora();
  if (corpora.empty()) GTEST_SKIP() << corpus_root() << ": no corpus";
  for (const fs::path& f : corpora) {
    const std::string name = f.filename().string();
    expect_same_dedup(dir, {}, {f.string()}, 512 * 1024, {2});
    if (name == "otb.pgn.zst") {
      const CliRun r = run(dir, {"dedup", f.string()}, 2, 512 * 1024);
      EXPECT_NE(r.err.find("277 duplicates dropped"), std::string::npos) << r.err;
    }
  }
}

}  // namespace
}  // namespace pgnkit

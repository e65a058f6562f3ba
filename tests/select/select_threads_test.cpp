// select --threads N gives the output of --threads 1, byte for byte (stdout, stderr, exit
// status), with a tiny PGNKIT_CHUNK_SIZE so that chunk boundaries fall everywhere: tag and
// play filters, --invert, --to, --verbose, --skip and --limit (the counts the merger
// decides), several inputs with a missing one, the regex limit's single message, the
// fixtures, tricky/ and the big corpora. A second way to the same answer: select and
// select --invert at -j 8 give back every game of the input exactly once. --skip and --limit
// on every side of a chunk edge, against the numbers computed from the input, are in-process:
// tests/commands/select_threads_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "pipeline/cli_compare.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace pipeline_cli;

// The selections every fixture is compared under.
const std::vector<std::vector<std::string>> kSelections = {
    {"--result", "1-0"},
    {"--result", "1-0", "--invert"},
    {"--ends", "checkmate,stalemate"},
    {"--player", "~[aeiou]n", "--plies", "20..", "--to", "ndjson"},
    {"--verbose", "--illegal"},
    {"--eco", "A00-C99", "--eco-classify", "--skip", "3", "--limit", "7"},
};

class SelectThreads : public pipeline_cli::CliThreadsTest {
 protected:
  std::vector<std::string> select(const std::vector<std::string>& options,
                                  const std::vector<std::string>& files) const {
    std::vector<std::string> args = {"select"};
    args.insert(args.end(), options.begin(), options.end());
    args.insert(args.end(), files.begin(), files.end());
    return args;
  }
};

// Game i of a generated input: Round i, a result of 1-0 for every third game, a checkmate
// for every fifth, and now and then a comment that spans lines and holds a result and a
// blank line (chunks cut at line starts may fall inside it).
std::string game(int i) {
  const bool win = i % 3 == 0;
  const std::string result = win ? "1-0" : "*";
  std::string moves =
      i % 5 == 0 ? "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# " : "1. d4 d5 2. c4 e6 3. Nc3 Nf6 ";
  if (i % 7 == 0) moves += "{a comment\n1-0\n\nstill the comment} ";
  return "[Event \"T\"]\n[Round \"" + std::to_string(i) + "\"]\n[White \"p" + std::to_string(i) +
         "\"]\n[Result \"" + result + "\"]\n\n" + moves + result + "\n\n";
}

std::string games(int from, int to) {
  std::string out;
  for (int i = from; i <= to; ++i) out += game(i);
  return out;
}

// The games of select's output by their Round, each as written.
std::map<int, std::string> by_round(const std::string& out) {
  std::map<int, std::string> m;
  std::size_t at = 0;
  while (at < out.size()) {
    std::size_t next = out.find("\n\n[Event", at);
    next = next == std::string::npos ? out.size() : next + 2;
    const std::string g = out.substr(at, next - at);
    const std::size_t r = g.find("[Round \"");
    if (r == std::string::npos) break;
    m[std::stoi(g.substr(r + 8))] = g;
    at = next;
  }
  return m;
}

// In a sanitized build each fixture under one selection, in turn (support/sanitized.h).
TEST_F(SelectThreads, EveryFixtureGivesTheOneThreadOutput) {
  const std::vector<std::string> files = pgn_fixtures();
  ASSERT_GE(files.size(), 10u);
  PipelineStats sum;
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (const std::vector<std::string>& s : testing::in_turn_when_sanitized(kSelections, i)) {
      const PipelineStats st = expect_same(dir, select(s, {files[i]}), 700, {2, 3, 8});
      sum.speculative += st.speculative;
      sum.continuations += st.continuations;
    }
  }
  EXPECT_GT(sum.speculative, 100u);  // chunks really were read in parallel
  EXPECT_GT(sum.continuations, 0u);  // and boundaries repaired, --skip decided
}

// PGNKIT_PIPELINE_STATS counts the exact rereads: 60 games in chunks of 60 bytes (each game,
// 85-140 bytes, a chunk of its own, every end clean), every third selected. A chunk is read
// again when it holds a selected game and fewer than --skip were selected before it: the
// chunks of the first min(skip, 20) selected games, each by a continuation of one chunk.
TEST_F(SelectThreads, StatsCountTheExactRereadsOfSkip) {
  const std::string file = dir.file("g.pgn", games(1, 60));
  for (const std::uint64_t skip : {0u, 1u, 3u, 19u, 20u, 25u}) {
    for (const unsigned n : {2u, 8u}) {
      const CliRun r =
          run(dir, select({"--result", "1-0", "--skip", std::to_string(skip)}, {file}), n, 60);
      const std::uint64_t rereads = std::min<std::uint64_t>(skip, 20);
      EXPECT_EQ(r.stats.chunks, 60u) << skip << " -j " << n;
      EXPECT_EQ(r.stats.exact_rereads, rereads) << skip << " -j " << n;
      EXPECT_EQ(r.stats.continuations, rereads) << skip << " -j " << n;
      EXPECT_EQ(r.stats.continued, rereads) << skip << " -j " << n;
      EXPECT_EQ(r.stats.speculative, 60u - rereads) << skip << " -j " << n;
      EXPECT_EQ(by_round(r.child.out).size(), 20u - rereads) << skip << " -j " << n;
    }
  }
}

TEST_F(SelectThreads, SelectAndInvertPartitionTheInput) {
  const std::string text = games(1, 400);
  const std::string file = dir.file("g.pgn", text);
  for (const std::vector<std::string>& filter : {std::vector<std::string>{"--result", "1-0"},
                                                 {"--ends", "checkmate"},
                                                 {"--tag", "Round<50"}}) {
    std::vector<std::string> args = {"select", "-j", "8"};
    args.insert(args.end(), filter.begin(), filter.end());
    args.push_back(file);
    const ChildRun yes = testing::run_pgnkit(dir, args, {"PGNKIT_CHUNK_SIZE=300"});
    args.push_back("--invert");
    const ChildRun no = testing::run_pgnkit(dir, args, {"PGNKIT_CHUNK_SIZE=300"});
    std::map<int, std::string> all = by_round(yes.out);
    const std::size_t selected = all.size();
    for (const auto& [round, g] : by_round(no.out)) {
      EXPECT_TRUE(all.emplace(round, g).second) << "game " << round << " in both outputs";
    }
    EXPECT_GT(selected, 0u);
    EXPECT_LT(selected, 400u);
    std::string back;
    for (const auto& [round, g] : all) back += g;
    EXPECT_TRUE(back == text) << filter.front() << ": every game once, byte for byte";
  }
}

TEST_F(SelectThreads, SeveralInputsAndToFormats) {
  const std::string a = dir.file("a.pgn", games(1, 60));
  const std::string b = dir.file("b.pgn", games(61, 130));
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::string truncated = PGNKIT_SOURCE_DIR "/tests/data/check/truncated.pgn.zst";
  const std::vector<std::string> files = {a, broken, "missing.pgn", truncated, b};
  for (const std::vector<std::string>& s :
       {std::vector<std::string>{"--result", "1-0"},
        {"--result", "1-0", "--to", "epd"},  // ids count the games of every input
        {"--ends", "checkmate", "--to", "fen"},
        {"--to", "csv"},
        {"--to", "uci", "--invert", "--result", "*"},
        {"--verbose", "--skip", "20", "--limit", "30"},
        {"--result", "1-0", "--count", "--skip", "10"}}) {
    expect_same(dir, select(s, files), 400, {2, 3, 8});
  }
  // --limit reached in the first input: the others are never opened (no error for the
  // missing file), with one thread as with eight.
  const CliRun r =
      run(dir, select({"--result", "1-0", "--limit", "3"}, {a, "missing.pgn"}), 8, 300);
  EXPECT_EQ(r.child.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(by_round(r.child.out).size(), 3u);
  expect_same(dir, select({"--result", "1-0", "--limit", "3"}, {a, "missing.pgn"}), 300);
}

// A regex that hits its match limit: one message per run, whichever chunk reads which game.
TEST_F(SelectThreads, RegexLimitSaysItOnce) {
  std::string text;
  for (int i = 1; i <= 12; ++i) {
    text +=
        "[Event \"T\"]\n[White \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab\"]\n[Result \"*\"]\n\n1. "
        "e4 *\n\n";
  }
  const std::string file = dir.file("r.pgn", text);
  const std::vector<std::string> args = select({"--white", "~^(a+)+$"}, {file});
  expect_same(dir, args, 200, {2, 8});
  const CliRun r = run(dir, args, 8, 200);
  EXPECT_EQ(r.child.status, 2);
  EXPECT_EQ(r.err.find("hit the match limit"), r.err.rfind("hit the match limit"));
  EXPECT_NE(r.err.find("game 1: regex"), std::string::npos) << r.err;
}

// Without -j: tag filters alone read on one thread, a play filter through the pipeline
// (PGNKIT_PIPELINE_STATS prints its line only from the pipeline).
TEST_F(SelectThreads, DefaultThreadsFollowTheFilters) {
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "one CPU: the default is 1";
  const std::string file = dir.file("g.pgn", games(1, 60));
  const auto pipelined = [&](const std::vector<std::string>& options) {
    const ChildRun r = testing::run_pgnkit(dir, select(options, {file}),
                                           {"PGNKIT_CHUNK_SIZE=300", "PGNKIT_PIPELINE_STATS=1"});
    EXPECT_EQ(r.status, 0) << r.err;
    return r.err.find("pipeline: ") != std::string::npos;
  };
  EXPECT_FALSE(pipelined({"--result", "1-0"}));
  EXPECT_FALSE(pipelined({"--tag", "Round<30", "--invert", "--count"}));
  EXPECT_TRUE(pipelined({"--ends", "checkmate"}));
  EXPECT_TRUE(pipelined({"--result", "1-0", "--to", "ndjson"}));
  EXPECT_TRUE(pipelined({"--result", "1-0", "--verbose"}));
  EXPECT_TRUE(pipelined({"--result", "1-0", "-j", "2"}));
}

TEST_F(SelectThreads, TrickyCorpus) {
  if (!fs::exists(tricky_root())) GTEST_SKIP() << tricky_root() << " is absent";
  const std::vector<std::string> files = tricky_files();
  ASSERT_FALSE(files.empty());
  for (const std::string& f : files) {
    for (const std::vector<std::string>& s :
         {std::vector<std::string>{"--verbose", "--result", "1-0"},
          {"--legal", "--invert", "--to", "ndjson"}}) {
      expect_same(dir, select(s, {f}), 256, {2, 8});
    }
  }
}

// The shared corpora straight from .zst at the default chunk size: a tag filter and a play
// filter, each with its --invert, whose counts add up to every game.
TEST_F(SelectThreads, BigCorpora) {
  constexpr std::size_t kCorpusChunk = std::size_t{512} << 10;
  const std::vector<fs::path> corpora = big_corpora();
  if (corpora.empty()) GTEST_SKIP() << corpus_root() << ": no corpus";
  for (const fs::path& f : corpora) {
    const std::string name = f.filename().string();
    const PipelineStats s =
        expect_same(dir, select({"--tag", "WhiteElo>=2000"}, {f.string()}), kCorpusChunk, {2});
    EXPECT_GT(s.speculative, 20u) << name;
    // A play filter: -j 1 and -j 2 compared here, the mates then counted as the lines of
    // --to uci (one per game), plus the rest by --invert --count, against every game.
    const std::vector<std::string> mates_args =
        select({"--ends", "checkmate", "--to", "uci"}, {f.string()});
    const CliRun mates = run(dir, mates_args, 1, kCorpusChunk);
    const CliRun mates2 = run(dir, mates_args, 2, kCorpusChunk);
    EXPECT_EQ(mates2.child.status, mates.child.status) << name;
    EXPECT_TRUE(mates2.child.out == mates.child.out) << name << ": stdout differs";
    EXPECT_EQ(mates2.err, mates.err) << name;
    const auto count = [&](std::vector<std::string> options) {
      options.insert(options.begin(), "--count");
      const CliRun r = run(dir, select(options, {f.string()}), 2, kCorpusChunk);
      return std::stoull(r.child.out);
    };
    const auto lines = static_cast<std::uint64_t>(
        std::count(mates.child.out.begin(), mates.child.out.end(), '\n'));
    EXPECT_GT(lines, 0u) << name;
    EXPECT_EQ(lines + count({"--ends", "checkmate", "--invert"}), count({})) << name;
  }
}

}  // namespace
}  // namespace pgnkit

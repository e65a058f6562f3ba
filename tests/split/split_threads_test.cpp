// split --threads N writes the files of --threads 1, byte for byte, with the same stderr and
// exit status, with a tiny PGNKIT_CHUNK_SIZE so that chunk boundaries fall everywhere: every
// mode (--games, --bytes, --by, .zst pieces) on every fixture, on generated inputs whose --by
// values outnumber the open files, on tricky/; and the error paths at -j 8: an existing file
// without --force, a game over 32 MiB, inputs that cannot be read, a write error. A second way
// to the same answer: the numbered pieces concatenate to select's output, and each --by piece
// holds exactly the games generated with its value.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "pipeline/cli_compare.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace pipeline_cli;

// Every file under root (temporaries too: their names start with '.'), by relative path.
using Files = std::map<std::string, std::string>;

Files files_under(const fs::path& root) {
  Files files;
  if (!fs::exists(root)) return files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file())
      files[fs::relative(e.path(), root).string()] = testing::read_file(e.path());
  return files;
}

bool has_temporary(const Files& files) {
  for (const auto& [name, bytes] : files)
    if (fs::path(name).filename().string().starts_with(".")) return true;
  return false;
}

struct SplitRun {
  CliRun cli;
  Files files;
};

class SplitThreads : public CliThreadsTest {
 protected:
  std::string out() const { return (dir / "out").string(); }

  // The modes every input is split under, into out().
  std::vector<std::vector<std::string>> modes() const {
    return {
        {"--games", "3", "-o", out() + "/p-%03d.pgn"},
        {"--bytes", "1K", "-o", out() + "/%d.pgn"},
        {"--bytes", "3000", "-o", out() + "/z/%d.pgn.zst"},
        {"--by", "Event", "-o", out() + "/{Event}.pgn"},
        {"--by", "White", "-o", out() + "/w/{White}.pgn.zst"},
    };
  }

  static std::vector<std::string> split(const std::vector<std::string>& mode,
                                        const std::vector<std::string>& inputs) {
    std::vector<std::string> args = {"split"};
    args.insert(args.end(), mode.begin(), mode.end());
    args.insert(args.end(), inputs.begin(), inputs.end());
    return args;
  }

  // Runs args at -j n into a fresh out() (prepare() then puts what should be there first).
  SplitRun run_split(const std::vector<std::string>& args, unsigned n, std::size_t chunk,
                     const std::function<void()>& prepare = {}) const {
    fs::remove_all(out());
    if (prepare) prepare();
    SplitRun r;
    r.cli = run(dir, args, n, chunk);
    r.files = files_under(out());
    return r;
  }

  // Every n in `threads` must give the files, stderr and status of -j 1. Returns the -j 1
  // run and sums the pipeline's stats into *sum.
  SplitRun expect_same(const std::vector<std::string>& args, std::size_t chunk,
                       const std::vector<unsigned>& threads = {2, 3, 8},
                       const std::function<void()>& prepare = {},
                       PipelineStats* sum = nullptr) const {
    const SplitRun one = run_split(args, 1, chunk, prepare);
    EXPECT_EQ(one.cli.child.signal, 0) << one.cli.err;
    EXPECT_FALSE(has_temporary(one.files));
    std::string what;
    for (const std::string& a : args) what += a + " ";
    for (const unsigned n : threads) {
      const SplitRun many = run_split(args, n, chunk, prepare);
      EXPECT_EQ(many.cli.child.status, one.cli.child.status) << what << "-j " << n;
      EXPECT_EQ(many.cli.child.signal, 0) << what << "-j " << n;
      EXPECT_EQ(many.cli.err, one.cli.err) << what << "-j " << n;
      EXPECT_EQ(many.files.size(), one.files.size()) << what << "-j " << n;
      for (const auto& [name, bytes] : one.files) {
        const auto it = many.files.find(name);
        EXPECT_TRUE(it != many.files.end() && it->second == bytes)
            << what << "-j " << n << " chunk " << chunk << ": " << name << " differs";
      }
      if (sum != nullptr) {
        sum->speculative += many.cli.stats.speculative;
        sum->continuations += many.cli.stats.continuations;
      }
    }
    return one;
  }
};

// Game i: Event e(i mod values), White w(i mod 7), round i; every fifth game holds a comment
// over several lines with a result and a tag-shaped line in it (still the comment: no blank
// line before it, not Event; a chunk cut there is repaired), every eleventh ends in CRLF.
std::string game(int i, int values = 40) {
  const std::string eol = i % 11 == 0 ? "\r\n" : "\n";
  std::string moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ";
  if (i % 5 == 0) moves += "{a comment" + eol + "1-0" + eol + "[White \"no\"]" + eol + "} ";
  return "[Event \"e" + std::to_string(i % values) + "\"]" + eol + "[White \"w" +
         std::to_string(i % 7) + "\"]" + eol + "[Round \"" + std::to_string(i) + "\"]" + eol +
         "[Result \"*\"]" + eol + eol + moves + "*" + eol + eol;
}

std::string games(int from, int to, int values = 40) {
  std::string text;
  for (int i = from; i <= to; ++i) text += game(i, values);
  return text;
}

TEST_F(SplitThreads, EveryFixtureInEveryMode) {
  const std::vector<std::string> fixtures = pgn_fixtures();
  ASSERT_GE(fixtures.size(), 10u);
  PipelineStats sum;
  for (const std::string& f : fixtures)
    for (const std::vector<std::string>& mode : modes())
      expect_same(split(mode, {f}), 700, {2, 3, 8}, {}, &sum);
  EXPECT_GT(sum.speculative, 1000u);  // chunks really were read in parallel
  EXPECT_GT(sum.continuations, 0u);   // and boundaries repaired
}

// 160 games (40 Event values, 4 rounds of them: more than the 32 open files, so pieces are
// closed and reopened as segments) in chunks of 300 bytes, alone and among other inputs.
TEST_F(SplitThreads, GeneratedInputsAcrossChunksAndInputs) {
  const std::string a = dir.file("a.pgn", games(1, 160));
  const std::string b = dir.file("b.pgn", games(161, 230));
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  PipelineStats sum;
  for (const std::vector<std::string>& mode : modes()) {
    expect_same(split(mode, {a}), 300, {2, 3, 8}, {}, &sum);
    expect_same(split(mode, {a, broken, b}), 300, {2, 3, 8}, {}, &sum);
  }
  EXPECT_GT(sum.continuations, 0u);

  // --by Event at -j 8: each piece holds exactly the games generated with its value, in order.
  const SplitRun by =
      run_split(split({"--by", "Event", "-o", out() + "/{Event}.pgn"}, {a}), 8, 300);
  EXPECT_EQ(by.cli.child.status, 0) << by.cli.err;
  EXPECT_EQ(by.cli.err, "160 games in 40 files\n");
  ASSERT_EQ(by.files.size(), 40u);
  for (int v = 0; v < 40; ++v) {
    std::string want;
    for (int i = 1; i <= 160; ++i)
      if (i % 40 == v) want += game(i);
    const std::string name = "e" + std::to_string(v) + ".pgn";
    EXPECT_TRUE(by.files.at(name) == want) << name;
  }
  // The numbered pieces at -j 8, in order, are select's output (at -j 1) of the same inputs.
  const ChildRun selected = testing::run_pgnkit(dir, {"select", "-j", "1", a, broken, b});
  for (const std::vector<std::string>& mode :
       {std::vector<std::string>{"--games", "7", "-o", out() + "/%04d.pgn"},
        {"--bytes", "2K", "-o", out() + "/%04d.pgn"}}) {
    const SplitRun r = run_split(split(mode, {a, broken, b}), 8, 300);
    EXPECT_EQ(r.cli.child.status, 0) << r.cli.err;
    std::string joined;
    EXPECT_GT(r.files.size(), 10u);
    for (const auto& [name, bytes] : r.files) joined += bytes;  // names sort by number
    EXPECT_TRUE(joined == selected.out) << mode[0] << ": the pieces are not select's output";
  }
}

TEST_F(SplitThreads, TrickyCorpus) {
  if (!fs::exists(tricky_root())) GTEST_SKIP() << tricky_root() << " is absent";
  const std::vector<std::string> files = tricky_files();
  ASSERT_FALSE(files.empty());
  const std::vector<std::vector<std::string>> all = modes();
  for (const std::string& f : files)
    for (const std::vector<std::string>& mode : {all[0], all[2], all[3]})
      expect_same(split(mode, {f}), 256, {2, 8});
}

// An existing piece without --force: split stops there with exit 2; the pieces before stay,
// the existing file is untouched, no temporary is left, and the next input is never opened.
TEST_F(SplitThreads, ExistingFileWithoutForceAtEightThreads) {
  const std::string a = dir.file("a.pgn", games(1, 160));
  const std::string keep = "keep me";
  const auto existing = [&](const std::string& name) {
    return [this, name, keep] {
      fs::create_directories(out());
      testing::write_file(out() + "/" + name, keep);
    };
  };
  const SplitRun numbered =
      expect_same(split({"--games", "40", "-o", out() + "/p-%d.pgn"}, {a, "missing.pgn"}), 300, {8},
                  existing("p-3.pgn"));
  EXPECT_EQ(numbered.cli.child.status, 2);
  EXPECT_EQ(numbered.cli.err, "pgnkit split: " + out() +
                                  "/p-3.pgn exists (use --force to overwrite); stopping\n"
                                  "80 games in 2 files\n");
  EXPECT_EQ(numbered.files.size(), 3u);
  EXPECT_TRUE(numbered.files.at("p-1.pgn") == games(1, 40));
  EXPECT_TRUE(numbered.files.at("p-2.pgn") == games(41, 80));
  EXPECT_EQ(numbered.files.at("p-3.pgn"), keep);

  // --by: the value e5 first appears in game 5; nothing of the run is committed.
  const SplitRun by = expect_same(split({"--by", "Event", "-o", out() + "/{Event}.pgn"}, {a}), 300,
                                  {8}, existing("e5.pgn"));
  EXPECT_EQ(by.cli.child.status, 2);
  EXPECT_EQ(by.cli.err, "pgnkit split: " + out() +
                            "/e5.pgn exists (use --force to overwrite); stopping\n"
                            "4 games in 0 files\n");
  EXPECT_EQ(by.files, (Files{{"e5.pgn", keep}}));

  // --force overwrites.
  const SplitRun forced =
      expect_same(split({"--force", "--games", "40", "-o", out() + "/p-%d.pgn"}, {a}), 300, {8},
                  existing("p-3.pgn"));
  EXPECT_EQ(forced.cli.child.status, 0);
  EXPECT_TRUE(forced.files.at("p-3.pgn") == games(81, 120));
}

// A game over 32 MiB (a comment of 33 MiB over many lines, some of them tag-shaped after a
// result, so that chunks start inside it; not Event nor after a blank line: still the comment) is
// reported and not written; the others are.
TEST_F(SplitThreads, GameOverThirtyTwoMiBAtEightThreads) {
  std::string comment = "{";
  const std::string line = "1-0\n[Site \"inside\"]\n" + std::string(100, 'x') + "\n";
  while (comment.size() < (std::size_t{33} << 20)) comment += line;
  comment += "}";
  const std::string big = "[Event \"big\"]\n[Result \"*\"]\n\n1. e4 " + comment + " *\n\n";
  const std::string a = dir.file("big.pgn", games(1, 3) + big + games(5, 9));
  const SplitRun r =
      expect_same(split({"--games", "2", "-o", out() + "/%d.pgn"}, {a}), 64 * 1024, {8});
  EXPECT_EQ(r.cli.child.status, 2);
  const std::string before = games(1, 3);
  const std::string where =
      a + ":" + std::to_string(std::count(before.begin(), before.end(), '\n') + 1) + ":1";
  EXPECT_TRUE(r.cli.err.starts_with(
      where + ": error: game 4 is longer than 32 MiB, the limit for a game ("))
      << r.cli.err;
  EXPECT_TRUE(r.cli.err.ends_with("; not written\n8 games in 4 files\n")) << r.cli.err;
  ASSERT_EQ(r.files.size(), 4u);
  EXPECT_TRUE(r.files.at("1.pgn") == games(1, 2));
  EXPECT_TRUE(r.files.at("2.pgn") == game(3) + game(5));
  EXPECT_TRUE(r.files.at("4.pgn") == game(8) + game(9));
  const CliRun eight =
      run(dir, split({"--force", "--games", "2", "-o", out() + "/%d.pgn"}, {a}), 8, 64 * 1024);
  // Under ASan the resident set is its shadow memory and quarantine, not pgnkit's own use.
  if (!testing::kSanitized) {
    EXPECT_LT(eight.child.max_rss_kib, 160 * 1024) << "memory is not bounded";
  }
}

// Inputs that cannot be opened or read to their end (a missing file, a directory, a truncated
// .zst): the same messages at the same place, exit 2, the other games written.
TEST_F(SplitThreads, UnreadableInputsAtEightThreads) {
  const std::string a = dir.file("a.pgn", games(1, 50));
  const std::string b = dir.file("b.pgn", games(51, 90));
  const std::string truncated = PGNKIT_SOURCE_DIR "/tests/data/check/truncated.pgn.zst";
  const std::vector<std::string> inputs = {a, "missing.pgn", dir.path(), truncated, b};
  for (const std::vector<std::string>& mode : modes()) {
    const SplitRun r = expect_same(split(mode, inputs), 300, {8});
    EXPECT_EQ(r.cli.child.status, 2) << mode[0];
    EXPECT_NE(r.cli.err.find("pgnkit: missing.pgn: "), std::string::npos) << r.cli.err;
    EXPECT_NE(r.cli.err.find("pgnkit: " + truncated + ": "), std::string::npos) << r.cli.err;
  }
}

// A write error (the file size limit, with SIGXFSZ ignored: writes fail with EFBIG): the same
// message and exit status, no piece or temporary left for the file that failed.
TEST_F(SplitThreads, WriteErrorAtEightThreads) {
  const std::string a = dir.file("a.pgn", games(1, 400));
  std::string first_err;
  for (const std::vector<std::string>& mode :
       {std::vector<std::string>{"--games", "1000", "-o", out() + "/%d.pgn"},
        {"--by", "White", "-o", out() + "/{White}.pgn"}}) {
    SplitRun runs[2];
    const unsigned threads[2] = {1, 8};
    for (int k = 0; k < 2; ++k) {
      fs::remove_all(out());
      std::vector<std::string> argv = {"/bin/bash",
                                       "-c",
                                       "ulimit -f 4 && trap '' XFSZ && exec \"$@\"",
                                       "bash",
                                       PGNKIT_BINARY,
                                       "split",
                                       "-j",
                                       std::to_string(threads[k])};
      argv.insert(argv.end(), mode.begin(), mode.end());
      argv.push_back(a);
      runs[k].cli.child = testing::run(dir, argv, {"NO_COLOR=1", "PGNKIT_CHUNK_SIZE=300"});
      runs[k].files = files_under(out());
    }
    EXPECT_EQ(runs[0].cli.child.status, 2) << runs[0].cli.child.err;
    EXPECT_EQ(runs[1].cli.child.status, 2) << runs[1].cli.child.err;
    EXPECT_EQ(runs[1].cli.child.err, runs[0].cli.child.err) << mode[0];
    EXPECT_NE(runs[0].cli.child.err.find("File too large"), std::string::npos)
        << runs[0].cli.child.err;
    EXPECT_TRUE(runs[0].files == runs[1].files) << mode[0];
    EXPECT_FALSE(has_temporary(runs[1].files)) << mode[0];
  }
}

// Without -j, split reads on one thread: PGNKIT_PIPELINE_STATS prints its line only from the
// pipeline.
TEST_F(SplitThreads, DefaultIsOneThread) {
  const std::string a = dir.file("a.pgn", games(1, 60));
  for (const bool with_j : {false, true}) {
    fs::remove_all(out());
    std::vector<std::string> args = {"split", "--games", "7", "-o", out() + "/%d.pgn", a};
    if (with_j) args.insert(args.begin() + 1, {"-j", "2"});
    const ChildRun r =
        testing::run_pgnkit(dir, args, {"PGNKIT_CHUNK_SIZE=300", "PGNKIT_PIPELINE_STATS=1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("pipeline: ") != std::string::npos, with_j) << r.err;
  }
}

}  // namespace
}  // namespace pgnkit

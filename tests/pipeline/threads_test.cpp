// --threads N gives the output of --threads 1, byte for byte: stdout, stderr (the summary
// line minus its seconds and MB/s) and the exit status, for check and status in every
// format, on every fixture, on generated inputs built to put chunk boundaries where the
// boundary rule is wrong (each asserts through PGNKIT_PIPELINE_STATS that its repair path
// was really taken), on random mixtures of real games and nasty fragments, across
// --max-errors, several files with a missing one and a truncated .zst, stdin, a closed pipe
// and a full disk. A tiny PGNKIT_CHUNK_SIZE puts boundaries everywhere.
#include <gtest/gtest.h>

#include <sched.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "io/zstd_frames.h"
#include "pipeline/cli_compare.h"
#include "support/sanitized.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace pipeline_cli;

// The command lines every input is compared under.
const std::vector<std::vector<std::string>> kCommands = {
    {"check", "--format", "ndjson", "--strict"},
    {"status"},
    {"annotate", "--fix-results", "--end-tags", "--claim-comments"},
    {"convert", "--to", "ndjson"},
    {"check"},
    {"status", "--format", "csv"},
    {"status", "--format", "ndjson"},
    {"check", "--no-variations", "--allow-null"},
    {"status", "--summary"},
    {"annotate", "--on-error", "truncate", "--fen-comments"},
    {"convert", "--to", "uci", "--on-error", "skip"},
    {"convert", "--to", "pgn", "--tags", "seven"},
    {"convert", "--to", "csv", "--columns", "WhiteElo,ECO"},
    {"convert", "--to", "epd"},  // ids count games across inputs: Scope::Run holes
};

// Every command line of `commands` (default kCommands) at 2 and 8 threads.
PipelineStats expect_same_everywhere(
    const TempDir& dir, const std::string& file, std::size_t chunk,
    const std::vector<std::vector<std::string>>& commands = kCommands) {
  PipelineStats sum;
  for (const std::vector<std::string>& command : commands) {
    std::vector<std::string> args = command;
    args.push_back(file);
    const PipelineStats s = expect_same(dir, args, chunk, {2, 8});
    sum.continuations += s.continuations;
    sum.speculative += s.speculative;
    sum.tag_line += s.tag_line;
    sum.line += s.line;
    sum.forced += s.forced;
  }
  return sum;
}

class Threads : public pipeline_cli::CliThreadsTest {};

// In a sanitized build each fixture under one command line, in turn (support/sanitized.h).
TEST_F(Threads, EveryFixtureGivesTheOneThreadOutput) {
  const std::vector<std::string> files = pgn_fixtures();
  ASSERT_GE(files.size(), 10u);
  PipelineStats sum;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const PipelineStats s =
        expect_same_everywhere(dir, files[i], 700, testing::in_turn_when_sanitized(kCommands, i));
    sum.speculative += s.speculative;
    sum.continuations += s.continuations;
  }
  EXPECT_GT(sum.speculative, 100u);  // chunks really were read in parallel
  EXPECT_GT(sum.continuations, 0u);  // and boundaries repaired (broken.pgn has them)
}

TEST_F(Threads, TrickyCorpus) {
  if (!fs::exists(tricky_root())) GTEST_SKIP() << tricky_root() << " is absent";
  const std::vector<std::string> files = tricky_files();
  for (const std::string& f : files) {
    for (std::vector<std::string> args : {std::vector<std::string>{"check", "--format", "ndjson"},
                                          std::vector<std::string>{"status", "--format", "csv"}}) {
      args.push_back(f);
      expect_same(dir, args, 256, {2, 8});
    }
  }
}

// The shared corpora straight from .zst, at the default chunk size.
TEST_F(Threads, BigCorpora) {
  const std::vector<fs::path> corpora = big_corpora();
  if (corpora.empty()) GTEST_SKIP() << corpus_root() << ": no corpus";
  for (const fs::path& f : corpora) {
    const std::string name = f.filename().string();
    for (std::vector<std::string> args : {std::vector<std::string>{"check", "--format", "ndjson"},
                                          std::vector<std::string>{"status", "--format", "csv"}}) {
      args.push_back(f.string());
      const PipelineStats s = expect_same(dir, args, std::size_t{1} << 20, {2});
      EXPECT_GT(s.speculative, 50u) << name;
    }
  }
}

// A clean game; `n` makes each one different.
std::string game(int n, const std::string& movetext = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
                 const std::string& eol = "\n") {
  return "[Event \"T\"]" + eol + "[Round \"" + std::to_string(n) + "\"]" + eol + "[Result \"*\"]" +
         eol + eol + movetext + eol + eol;
}

std::string repeat_games(int count, const std::string& movetext, const std::string& eol = "\n") {
  std::string out;
  for (int i = 1; i <= count; ++i) out += game(i, movetext, eol);
  return out;
}

struct Nasty {
  const char* name;
  std::string text;
  bool repairs;  // built so that speculative reads end unclean: continuations > 0
};

std::vector<Nasty> nasty_inputs() {
  std::vector<Nasty> v;
  // A multi-line comment holding a result, a blank line and then tag-shaped lines: the
  // splitter cuts inside it.
  v.push_back({"comment_across_boundary",
               repeat_games(40,
                            "1. e4 {a long\ncomment 1-0\n\n[Event \"inside\"]\n[Round \"x\"]\n"
                            "still the comment} e5 2. Nf3 1-0"),
               true});
  v.push_back({"line_comment",
               repeat_games(40, "1. e4 ; 1-0\n[Event \"after a ; comment\"]\ne5 2. Nf3 *"), true});
  v.push_back(
      {"escape_lines", repeat_games(40, "1. e4 e5\n%escaped 1-0\n[Event \"t\"]\n2. Nf3 *"), true});
  v.push_back({"variation_with_result",
               repeat_games(40, "1. e4 ( 1. d4 d5 1-0\n[Event \"in a variation\"]\n) e5 2. Nf3 *"),
               true});
  v.push_back({"tag_string_with_brackets",
               repeat_games(40, "1. e4 e5 {\"1-0\n[Event \"in a string\"]} 2. Nf3 *"), true});
  std::string junk;
  for (int i = 1; i <= 60; ++i)
    junk += game(i) + "junk between } games 1-0\n{a comment between games}\n% escape\n\n";
  v.push_back({"junk_between_games", junk, false});
  std::string no_results;
  for (int i = 1; i <= 60; ++i)
    no_results += "[Event \"T\"]\n[Round \"" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3\n\n";
  v.push_back({"games_without_results", no_results, true});
  std::string no_blank;
  for (int i = 1; i <= 80; ++i)
    no_blank += "[Event \"T\"]\n[Round \"" + std::to_string(i) + "\"]\n1. e4 e5 2. Nf3 Nc6 1-0\n";
  v.push_back({"no_blank_lines", no_blank, false});
  std::string glued;
  for (int i = 1; i <= 80; ++i) glued += "[Round \"" + std::to_string(i) + "\"] 1. e4 e5 *";
  v.push_back({"one_line_many_games", glued, true});
  v.push_back(
      {"crlf", repeat_games(60, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "\r\n"), false});
  v.push_back({"lone_cr", repeat_games(60, "1. e4 e5 2. Bc4 xx 0-1", "\r"), false});
  std::string giant = "[Event \"giant\"]\n\n";
  for (int i = 0; i < 3000; ++i) giant += "1. Nf3 Nf6 2. Ng1 Ng8 {shuffle}\n";
  giant += "*\n";
  v.push_back({"one_giant_game", giant, true});
  std::string giant_line = "[Event \"giant line\"]\n\n";
  for (int i = 0; i < 3000; ++i) giant_line += "Nf3 Nf6 Ng1 Ng8 ";
  giant_line += "*\n" + game(2);
  v.push_back({"one_giant_line", giant_line, true});
  return v;
}

TEST_F(Threads, EveryRepairPathGivesTheOneThreadOutput) {
  for (const Nasty& n : nasty_inputs()) {
    SCOPED_TRACE(n.name);
    const std::string file = dir.file(std::string(n.name) + ".pgn", n.text);
    const PipelineStats s =
        expect_same_everywhere(dir, file, 300, {kCommands.begin(), kCommands.begin() + 5});
    if (n.repairs) {
      EXPECT_GT(s.continuations, 0u) << n.name;
    }
  }
}

TEST_F(Threads, EveryFallbackCutIsTaken) {
  const std::vector<Nasty> v = nasty_inputs();
  const auto stats_for = [&](const char* name) {
    for (const Nasty& n : v) {
      if (std::string_view(n.name) != name) continue;
      const std::string file = dir.file(std::string(name) + ".pgn", n.text);
      return expect_same(dir, {"check", file}, 300, {2});
    }
    ADD_FAILURE() << name;
    return PipelineStats{};
  };
  EXPECT_GT(stats_for("games_without_results").tag_line, 0u);  // no result before any tag line
  EXPECT_GT(stats_for("one_giant_game").line, 0u);             // no tag line at all
  EXPECT_GT(stats_for("one_giant_line").forced, 0u);           // no line start at all
  EXPECT_GT(stats_for("one_line_many_games").forced, 0u);
}

// Real games and nasty fragments in random order, random chunk sizes and thread counts.
TEST_F(Threads, RandomMixturesGiveTheOneThreadOutput) {
  const std::string sample = testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn");
  const std::string broken = testing::read_file(PGNKIT_SOURCE_DIR "/data/broken.pgn");
  std::vector<std::string> games;
  for (const std::string* text : {&sample, &broken}) {
    std::size_t from = 0;
    for (;;) {
      const std::size_t next = text->find("\n[Event ", from + 1);
      games.push_back(text->substr(from, next == std::string::npos ? next : next + 1 - from));
      if (next == std::string::npos) break;
      from = next + 1;
    }
  }
  const std::vector<std::string> fragments = {"{",
                                              "}",
                                              "(",
                                              ")",
                                              "1-0",
                                              "0-1\n",
                                              "*",
                                              "\n\n",
                                              "\r\n",
                                              "\r",
                                              "%esc 1-0\n",
                                              ";c 1-0\n",
                                              "[Event \"",
                                              "\"]\n",
                                              "[Event \"frag\"]\n",
                                              "\x01",
                                              "\xFF\xFE",
                                              "e4 ",
                                              "1. ",
                                              "$1 ",
                                              "{ 1-0\n\n[Event \"x\"]\n",
                                              "( 1-0\n[Round \"y\"]\n"};
  std::mt19937 rng(20261201);
  for (int round = 0; round < 24; ++round) {
    std::string text;
    const int pieces = 20 + static_cast<int>(rng() % 60);
    for (int i = 0; i < pieces; ++i) {
      if (rng() % 3 == 0) {
        text += fragments[rng() % fragments.size()];
      } else {
        text += games[rng() % games.size()];
      }
    }
    const std::string file = dir.file("mix" + std::to_string(round) + ".pgn", text);
    const std::size_t chunk = 64 + rng() % 4000;
    const unsigned threads = 2 + rng() % 7;
    const auto& cmd = kCommands[rng() % kCommands.size()];
    std::vector<std::string> args = cmd;
    args.push_back(file);
    SCOPED_TRACE("round " + std::to_string(round) + " chunk " + std::to_string(chunk));
    expect_same(dir, args, chunk, {threads});
  }
}

TEST_F(Threads, MaxErrorsAcrossChunksAndFiles) {
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::string sample = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  std::string many;
  for (int i = 0; i < 6; ++i) many += testing::read_file(broken);
  const std::string file = dir.file("many_broken.pgn", many);
  PipelineStats sum;
  for (const char* limit : {"1", "7", "40", "100000"}) {
    for (const bool strict : {false, true}) {
      std::vector<std::string> args = {"check", "--max-errors", limit};
      if (strict) args.push_back("--strict");
      for (const std::string& f : {file, sample, broken}) args.push_back(f);
      const PipelineStats s = expect_same(dir, args, 500);
      sum.sequential += s.sequential;
    }
  }
  EXPECT_GT(sum.sequential, 0u);  // the limit's chunk was read again on one reader
}

TEST_F(Threads, SeveralFilesWithMissingAndTruncatedOnes) {
  const std::string sample = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  const std::string truncated = PGNKIT_SOURCE_DIR "/tests/data/check/truncated.pgn.zst";
  const std::string clean_zst = PGNKIT_SOURCE_DIR "/tests/data/check/clean.pgn.zst";
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::vector<std::string> files = {
      sample, "missing.pgn", truncated, clean_zst, PGNKIT_SOURCE_DIR "/data", broken, truncated};
  for (const std::vector<std::string>& cmd :
       {std::vector<std::string>{"check"}, std::vector<std::string>{"status"},
        std::vector<std::string>{"convert", "--to", "lan"},
        std::vector<std::string>{"convert", "--to", "fen"}}) {
    std::vector<std::string> args = cmd;
    args.insert(args.end(), files.begin(), files.end());
    expect_same(dir, args, 900);
  }
  const CliRun r = run(dir, {"check", sample, "missing.pgn", truncated}, 8, 900);
  EXPECT_EQ(r.child.status, 2);
  EXPECT_NE(r.err.find("pgnkit: missing.pgn: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("truncated.pgn.zst: the input ended inside a zstd frame"), std::string::npos)
      << r.err;
}

// Sets an environment variable for the children this test starts, and restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

unsigned allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return static_cast<unsigned>(CPU_COUNT(&set));
}

// A .zst input is decoded by its splitter thread or by a decode-ahead thread behind it: the
// same bytes and errors either way. Which one is the default depends on the CPUs the process
// may use (more than two: ahead), and PGNKIT_DECODE_AHEAD overrides it.
TEST_F(Threads, ZstdDecodedAheadOrNotGivesTheOneThreadOutput) {
  const std::string packed =
      io::test::compress(testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn"), 1);
  const std::string sample_zst = dir.file("sample.pgn.zst", packed);
  const std::string truncated = dir.file("cut.pgn.zst", packed.substr(0, packed.size() / 2));
  for (const char* ahead : {"0", "1"}) {
    const ScopedEnv env("PGNKIT_DECODE_AHEAD", ahead);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"check", sample_zst, truncated, sample_zst},
          std::vector<std::string>{"convert", "--to", "ndjson", truncated, sample_zst}})
      expect_same(dir, args, 4096, {2, 8});
    const CliRun r = run(dir, {"check", sample_zst}, 2, 4096);
    EXPECT_GT(r.stats.chunks, 1u);
    EXPECT_EQ(r.stats.decode_ahead, std::string_view(ahead) == "1") << ahead;
  }
  const ScopedEnv unset("PGNKIT_DECODE_AHEAD", nullptr);
  EXPECT_EQ(run(dir, {"check", sample_zst}, 2, 4096).stats.decode_ahead, allowed_cpus() > 2);
  // On one CPU (the children inherit this thread's affinity): the splitter decodes.
  cpu_set_t saved;
  CPU_ZERO(&saved);
  ASSERT_EQ(::sched_getaffinity(0, sizeof saved, &saved), 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &saved)) {
      CPU_SET(cpu, &one);
      break;
    }
  }
  ASSERT_EQ(::sched_setaffinity(0, sizeof one, &one), 0);
  const CliRun pinned = run(dir, {"check", sample_zst}, 2, 4096);
  ASSERT_EQ(::sched_setaffinity(0, sizeof saved, &saved), 0);
  EXPECT_FALSE(pinned.stats.decode_ahead);
  EXPECT_GT(pinned.stats.chunks, 1u);
}

TEST_F(Threads, AnnotateInPlaceWritesTheOneThreadFiles) {
  const std::string broken = testing::read_file(PGNKIT_SOURCE_DIR "/data/broken.pgn");
  const std::string sample = testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn");
  std::vector<std::string> results;
  for (const unsigned n : {1u, 8u}) {
    const std::string a = dir.file("a" + std::to_string(n) + ".pgn", broken);
    const std::string b = dir.file("b" + std::to_string(n) + ".pgn", sample);
    const CliRun r = run(dir, {"annotate", "--in-place", "--fix-results", a, b}, n, 500);
    EXPECT_EQ(r.child.status, 1) << r.err;
    results.push_back(testing::read_file(a) + testing::read_file(b));
  }
  EXPECT_GT(results[0].size(), 10000u);
  EXPECT_TRUE(results[0] == results[1]);
}

TEST_F(Threads, StdinGivesTheOneThreadOutput) {
  ChildIo io;
  io.in = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  expect_same(dir, {"check", "-"}, 400, {2, 8}, io);
  io.in = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  expect_same(dir, {"status", "--format", "ndjson"}, 400, {2, 8}, io);
}

TEST_F(Threads, ClosedPipeAndFullDiskEndAsWithOneThread) {
  ChildIo pipe;
  pipe.close_stdout = true;
  const std::string sample = PGNKIT_SOURCE_DIR "/data/sample.pgn";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"status", sample}, std::vector<std::string>{"check", sample}}) {
    const CliRun one = run(dir, args, 1, 400, pipe);
    const CliRun many = run(dir, args, 8, 400, pipe);
    EXPECT_EQ(many.child.signal, one.child.signal) << args[0];
    EXPECT_EQ(many.child.status, one.child.status) << args[0];
  }
  if (fs::exists("/dev/full")) {
    ChildIo full;
    full.out = "/dev/full";
    const std::vector<std::string> args = {"status", sample};
    const CliRun one = run(dir, args, 1, 400, full);
    const CliRun many = run(dir, args, 8, 400, full);
    EXPECT_EQ(many.child.status, one.child.status);
    EXPECT_EQ(many.child.signal, one.child.signal);
    EXPECT_EQ(many.err, one.err);
  }
}

// Hostile input with 8 threads at the default chunk size: the one-thread diagnostics, and
// memory stays bounded (the child's peak RSS) for a 100 MB line and 10 MB of binary junk.
TEST_F(Threads, BadInputWithEightThreads) {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  std::string line = "[Event \"long line\"]\n\n";
  line.reserve(100 * kMiB + 64);
  while (line.size() < 100 * kMiB) line += "Nf3 Nf6 Ng1 Ng8 ";
  line += "*\n[Event \"after\"]\n\n1. e4 *\n";
  const std::string long_line = dir.file("long_line.pgn", line);
  line.clear();
  line.shrink_to_fit();
  std::mt19937_64 rng(7);
  std::string junk(10 * kMiB, '\0');
  for (char& c : junk) c = static_cast<char>(rng());
  junk = "[Event \"x\"]\n\n1. e4 \0\0 e5 *\n" + junk + "\n[Event \"y\"]\n\n1. d4 *\n";
  const std::string binary = dir.file("junk.bin", junk);
  for (const std::string& f : {long_line, binary}) {
    const CliRun one = run(dir, {"check", f}, 1, std::size_t{1} << 20);
    const CliRun many = run(dir, {"check", f}, 8, std::size_t{1} << 20);
    EXPECT_EQ(many.child.status, one.child.status) << f;
    EXPECT_TRUE(many.child.out == one.child.out) << f << "\n" << many.child.out.substr(0, 500);
    EXPECT_EQ(many.err, one.err) << f;
    EXPECT_GE(many.stats.chunks, 3u) << f;  // split, mostly at forced cuts
    std::printf("    %s -j 8: peak RSS %ld KiB (-j 1: %ld)\n", f.c_str(), many.child.max_rss_kib,
                one.child.max_rss_kib);
// PGNKIT_TEST_SANITIZED: ASan with clang too, which has no __SANITIZE_ADDRESS__.
#if !defined(PGNKIT_TEST_SANITIZED) && !defined(__SANITIZE_THREAD__)
    EXPECT_LT(many.child.max_rss_kib, 64 * 1024) << f;  // input in flight: ~21 MiB at -j 8
#endif
  }
}

}  // namespace
}  // namespace pgnkit

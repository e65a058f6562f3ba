// Runs pgnkit with --threads 1 and with N threads and compares: stdout, stderr (the summary
// with its seconds and MB/s masked, and minus the PGNKIT_PIPELINE_STATS line, which is parsed
// into PipelineStats), exit status and signal. Shared by the pipeline's CLI tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/regex.h"
#include "support/timings.h"

namespace pgnkit::pipeline_cli {

using testing::ChildIo;
using testing::ChildRun;
using testing::TempDir;

struct PipelineStats {
  std::uint64_t chunks = 0, speculative = 0, continuations = 0, continued = 0, sequential = 0,
                tag_line = 0, line = 0, forced = 0, open_inputs = 0, exact_rereads = 0;
  bool decode_ahead = false;  // a .zst input is decoded on a thread of its own
};

struct CliRun {
  ChildRun child;
  std::string err;  // stderr with its timings masked, without the pipeline line
  PipelineStats stats;
};

// Every PGN fixture of the repository (tests/data and data, .pgn and .pgn.zst), sorted.
inline std::vector<std::string> pgn_fixtures() {
  std::vector<std::string> files;
  for (const char* root : {PGNKIT_SOURCE_DIR "/tests/data", PGNKIT_SOURCE_DIR "/data"}) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
      const std::string p = e.path().string();
      if (e.is_regular_file() && (p.ends_with(".pgn") || p.ends_with(".pgn.zst")))
        files.push_back(p);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// ../shared/corpus/tricky, and its game files (not its .txt notes), sorted; a test skips
// where the directory is absent.
inline std::filesystem::path tricky_root() {
  return std::filesystem::path(PGNKIT_SHARED_DIR) / "corpus" / "tricky";
}
inline std::vector<std::string> tricky_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(tricky_root()))
    if (e.is_regular_file() && e.path().extension() != ".txt") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The big corpora of ../shared/corpus that are present (lichess, otb, engine, as .zst), in
// that order; a test skips when none is.
inline std::filesystem::path corpus_root() {
  return std::filesystem::path(PGNKIT_SHARED_DIR) / "corpus";
}
inline std::vector<std::filesystem::path> big_corpora() {
  std::vector<std::filesystem::path> found;
  for (const char* name : {"lichess.pgn.zst", "otb.pgn.zst", "engine.pgn.zst"})
    if (std::filesystem::exists(corpus_root() / name)) found.push_back(corpus_root() / name);
  return found;
}

// The fixture of the threads tests: a temporary directory, and the built pgnkit to run.
class CliThreadsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir.ok());
    ASSERT_TRUE(std::filesystem::exists(PGNKIT_BINARY)) << PGNKIT_BINARY;
  }
  TempDir dir;
};

inline CliRun run(const TempDir& dir, std::vector<std::string> args, unsigned threads,
                  std::size_t chunk, const ChildIo& io = {}) {
  args.insert(args.begin() + 1, {"-j", std::to_string(threads)});
  CliRun r;
  r.child = testing::run_pgnkit(
      dir, args, {"PGNKIT_CHUNK_SIZE=" + std::to_string(chunk), "PGNKIT_PIPELINE_STATS=1"}, io);
  static const testing::Regex stats(
      R"(pipeline: (\d+) chunks, (\d+) speculative, (\d+) continuations over (\d+) chunks, (\d+) sequential rests, cuts: (\d+) tag line, (\d+) line start, (\d+) forced, (\d+) inputs open at once, (\d+) exact rereads, zstd decoded ahead: (yes|no)\n)");
  std::string err = r.child.err;
  if (const testing::RegexMatch m = stats.search(err)) {
    r.stats = {m.number(1), m.number(2), m.number(3), m.number(4),  m.number(5),   m.number(6),
               m.number(7), m.number(8), m.number(9), m.number(10), m[11] == "yes"};
    err = err.substr(0, m.begin) + err.substr(m.end);
  }
  r.err = testing::mask_timings(err);
  return r;
}

// Runs args with 1 thread and with each of `threads` at chunk size `chunk`; every run must
// give the one-thread output. Returns the pipeline stats summed over the parallel runs.
inline PipelineStats expect_same(const TempDir& dir, const std::vector<std::string>& args,
                                 std::size_t chunk, std::vector<unsigned> threads = {2, 3, 8},
                                 const ChildIo& io = {}) {
  const CliRun one = run(dir, args, 1, chunk, io);
  EXPECT_EQ(one.child.signal, 0) << one.child.err;
  EXPECT_NE(one.child.status, -1);
  PipelineStats sum;
  std::string what;
  for (const std::string& a : args) what += a + " ";
  for (const unsigned n : threads) {
    const CliRun many = run(dir, args, n, chunk, io);
    EXPECT_EQ(many.child.status, one.child.status) << what << "-j " << n << "\n" << many.err;
    EXPECT_EQ(many.child.signal, one.child.signal) << what << "-j " << n;
    EXPECT_TRUE(many.child.out == one.child.out)
        << what << "-j " << n << " chunk " << chunk << ": stdout differs (" << many.child.out.size()
        << " vs " << one.child.out.size() << " bytes)";
    EXPECT_EQ(many.err, one.err) << what << "-j " << n << " chunk " << chunk;
    sum.chunks += many.stats.chunks;
    sum.speculative += many.stats.speculative;
    sum.continuations += many.stats.continuations;
    sum.continued += many.stats.continued;
    sum.sequential += many.stats.sequential;
    sum.tag_line += many.stats.tag_line;
    sum.line += many.stats.line;
    sum.forced += many.stats.forced;
    sum.open_inputs = std::max(sum.open_inputs, many.stats.open_inputs);
    sum.exact_rereads += many.stats.exact_rereads;
  }
  return sum;
}

}  // namespace pgnkit::pipeline_cli

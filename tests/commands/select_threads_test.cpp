// select's --skip and --limit at chunk edges, in-process: what crosses games is decided in
// merge order from the counts before each chunk (select_job.h), so N threads must write what
// one thread writes, byte for byte, and the numbers computed from the input. Generated games
// of ~150 bytes in chunks of a few hundred put the counts on every side of a chunk edge.
// (tests/select/select_threads_test.cpp compares the binary's -j N with -j 1 for the rest,
// and the exact rereads that --skip costs.)
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>

#include "commands/select.h"
#include "fixtures.h"
#include "support/files.h"

namespace pgnkit::commands::select_threads_test {  // its own: the sanitizer tree joins the files
namespace {

// Game i: Round i, a result of 1-0 for every third game, a checkmate for every fifth, and now
// and then a comment that spans lines and holds a result and a blank line (chunks cut at line
// starts may fall inside it).
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

struct Outcome {
  MemoryConsole console;
  SelectSummary summary;
};

// --result 1-0 with `skip` and `limit` over `file` on `threads`, in chunks of `chunk` bytes.
Outcome select_wins(const std::string& file, std::uint64_t skip, std::uint64_t limit,
                    unsigned threads, std::size_t chunk, bool count = false) {
  SelectOptions options;
  options.inputs = {file};
  FilterFlags flags;
  flags.result = {"1-0"};
  EXPECT_EQ(parse_filters(flags, options.filters), std::nullopt);
  options.skip = skip;
  options.limit = limit;
  options.count = count;
  options.run.threads = threads;
  options.run.chunk_size = chunk;
  Outcome r;
  r.summary = run_select(options, r.console);
  return r;
}

class SelectSkipLimit : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(dir.ok()); }
  testing::TempDir dir;
};

// 300 games in chunks of 300 bytes, every third selected (100 in all).
TEST_F(SelectSkipLimit, AtChunkEdgesAsOneThread) {
  const std::string file = dir.file("g.pgn", games(1, 300));
  std::uint64_t sequential = 0;
  for (const std::uint64_t skip : {0u, 1u, 2u, 3u, 49u, 50u, 99u, 100u, 150u}) {
    for (const std::uint64_t limit : {0u, 1u, 2u, 5u, 50u, 100u}) {
      SCOPED_TRACE("--skip " + std::to_string(skip) + " --limit " + std::to_string(limit));
      const Outcome one = select_wins(file, skip, limit, 1, 300);
      for (const unsigned n : {2u, 3u, 8u}) {
        const Outcome many = select_wins(file, skip, limit, n, 300);
        EXPECT_TRUE(many.console.out_text == one.console.out_text) << "-j " << n;
        EXPECT_EQ(many.console.err_text, one.console.err_text) << "-j " << n;
        EXPECT_EQ(many.summary.exit_status, one.summary.exit_status) << "-j " << n;
        sequential += many.summary.run.sequential_rests;
      }
      // The games written, from the input: the selected ones numbered skip+1 .. skip+limit.
      const std::uint64_t after = skip < 100 ? 100 - skip : 0;
      const std::uint64_t want = limit != 0 && limit < after ? limit : after;
      const Outcome eight = select_wins(file, skip, limit, 8, 300);
      const std::map<int, std::string> got = by_round(eight.console.out_text);
      ASSERT_EQ(got.size(), want);
      if (want > 0) {
        EXPECT_EQ(got.begin()->first, static_cast<int>(3 * (skip + 1)));
        EXPECT_EQ(got.rbegin()->first, static_cast<int>(3 * (skip + want)));
      }
      EXPECT_EQ(eight.summary.written, want);
      EXPECT_EQ(eight.summary.exit_status, want > 0 ? kExitOk : kExitProblems);
      for (const unsigned n : {1u, 8u}) {
        EXPECT_EQ(select_wins(file, skip, limit, n, 300, true).console.out_text,
                  std::to_string(want) + "\n")
            << "--count -j " << n;
      }
    }
  }
  EXPECT_GT(sequential, 0u);  // --limit: the rest read on one reader, which stops
}

}  // namespace
}  // namespace pgnkit::commands::select_threads_test

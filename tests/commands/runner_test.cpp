// pipeline::run_job: one runner, three modes, one way to report an input that cannot be opened.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "commands/console.h"
#include "fixtures.h"
#include "pgn/reader.h"
#include "pipeline/runner.h"

namespace pgnkit::pipeline {
namespace {

using commands::fixtures::kSample;

// Writes each game's first byte offset and number (a hole until the merger knows it).
class OffsetsJob final : public Job {
 public:
  void read(const ChunkRead& read, ChunkResult& result) const override {
    struct Visitor : pgn::Visitor {
      ChunkResult* r = nullptr;
      void begin_game(const pgn::GameInfo& g) {
        r->out.game_number(g.number);
        r->out.text() += ' ' + std::to_string(g.where.offset) + '\n';
      }
    } visitor;
    visitor.r = &result;
    result.stats = pgn::read_pgn(read.source, visitor, read.options);
    result.counters[0] = result.stats.games;
  }
};

struct Outcome {
  commands::MemoryConsole console;
  RunStats stats;
};

Outcome run(const std::vector<std::string>& inputs, unsigned threads,
            const Shard* shard = nullptr) {
  Outcome r;
  RunOptions options;
  options.threads = threads;
  options.shard = shard;
  options.chunk_size = 2048;
  r.stats = run_job(inputs, OffsetsJob{}, r.console, options);
  return r;
}

TEST(RunJob, OneTwoAndFourThreadsWriteTheSameBytes) {
  const Outcome one = run({kSample}, 1);
  EXPECT_EQ(one.stats.games, 315u);
  EXPECT_EQ(one.stats.totals[0], 315u);
  EXPECT_EQ(one.console.out_text.rfind("1 0\n", 0), 0u);
  for (unsigned threads : {2u, 4u}) {
    const Outcome many = run({kSample}, threads);
    EXPECT_EQ(many.console.out_text, one.console.out_text) << threads << " threads";
    EXPECT_GT(many.stats.chunks, 1u);
  }
}

TEST(RunJob, AShardReadsTheGamesThatStartInItsRange) {
  const Outcome whole = run({kSample}, 1);
  // The offset of game 101 and of game 201, from the whole read.
  const auto offset_of = [&whole](int game) {
    const std::string key = '\n' + std::to_string(game) + ' ';
    const std::size_t at = whole.console.out_text.find(key) + key.size();
    return std::stoull(whole.console.out_text.substr(at));
  };
  Shard shard;
  shard.range = {offset_of(101), offset_of(201)};
  shard.base_game = 101;
  const Outcome part = run({kSample}, 1, &shard);
  EXPECT_EQ(part.stats.games, 100u);
  const std::size_t from = whole.console.out_text.find("\n101 ") + 1;
  const std::size_t to = whole.console.out_text.find("\n201 ") + 1;
  EXPECT_EQ(part.console.out_text, whole.console.out_text.substr(from, to - from));
}

TEST(RunJob, AnInputThatCannotBeOpenedIsReportedOnceInEveryMode) {
  for (unsigned threads : {1u, 2u}) {
    const Outcome r = run({"missing.pgn", kSample}, threads);
    ASSERT_EQ(r.console.messages.size(), 1u) << threads << " threads";
    EXPECT_EQ(r.console.messages[0], "missing.pgn: no such file or directory");
    EXPECT_TRUE(r.stats.io_failed);
    EXPECT_EQ(r.stats.games, 315u);
  }
  Shard shard;
  shard.range = {0, 100};
  const Outcome ranged = run({"missing.pgn"}, 1, &shard);
  ASSERT_EQ(ranged.console.messages.size(), 1u);
  EXPECT_EQ(ranged.console.messages[0], "missing.pgn: no such file or directory");
  EXPECT_TRUE(ranged.stats.io_failed);
}

TEST(RunJob, AShardOverTwoInputsReadsNothing) {
  Shard shard;
  const Outcome r = run({kSample, kSample}, 1, &shard);
  EXPECT_TRUE(r.stats.io_failed);
  EXPECT_EQ(r.stats.games, 0u);
  EXPECT_EQ(r.console.out_text, "");
}

}  // namespace
}  // namespace pgnkit::pipeline

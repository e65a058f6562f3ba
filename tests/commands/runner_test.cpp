// pipeline::run_job: one runner, three modes, one way to report an input that cannot be opened;
// a job's typed records reach its MergeHook in order, numbered as its text is, in every mode.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "commands/console.h"
#include "fixtures.h"
#include "pgn/reader.h"
#include "pipeline/runner.h"

namespace pgnkit::pipeline {
namespace {

using commands::fixtures::kBroken;
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

// OffsetsJob's lines as records: each game's number (base + relative where the read knows its
// base) and first byte, handed on through the drain every third game.
struct Offsets final : Records {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> games;
  bool empty() const override { return games.empty(); }
  void clear() override { games.clear(); }
  std::size_t capacity_bytes() const override { return games.capacity() * sizeof(games[0]); }
};

class RecordsJob final : public Job {
 public:
  void read(const ChunkRead& read, ChunkResult& result) const override {
    struct Visitor : pgn::Visitor {
      ChunkResult* r = nullptr;
      Drain* drain = nullptr;
      std::uint64_t base = 0;
      void begin_game(const pgn::GameInfo& g) {
        records_of<Offsets>(*r).games.emplace_back(base + g.number, g.where.offset);
        if (drain != nullptr && records_of<Offsets>(*r).games.size() == 3) drain->flush(*r);
      }
    } visitor;
    visitor.r = &result;
    visitor.drain = read.drain;
    visitor.base = read.game_base.value_or(0);
    result.stats = pgn::read_pgn(read.source, visitor, read.options);
  }
};

// The records as OffsetsJob writes its lines.
class OffsetsHook final : public MergeHook {
 public:
  std::string lines;
  std::string_view out(std::string_view bytes) override { return bytes; }
  void err(std::string_view /*bytes*/) override {}
  void records(const Records& records, std::uint64_t game_base) override {
    for (const auto& [number, offset] : static_cast<const Offsets&>(records).games) {
      lines += std::to_string(game_base + number) + ' ' + std::to_string(offset) + '\n';
    }
  }
};

TEST(RunJob, RecordsReachTheHookInOrderNumberedInEveryMode) {
  const std::vector<std::string> inputs = {kBroken, kSample};  // broken.pgn: repaired chunks
  const Outcome text = run(inputs, 1);
  for (unsigned threads : {1u, 2u, 4u}) {
    OffsetsHook hook;
    commands::MemoryConsole console;
    RunOptions options;
    options.threads = threads;
    options.chunk_size = 2048;
    const RunStats stats = run_job(inputs, RecordsJob{}, console, options, &hook);
    EXPECT_EQ(hook.lines, text.console.out_text) << threads << " threads";
    EXPECT_EQ(console.out_text, "");  // the hook took every record
    if (threads > 1) {
      EXPECT_GT(stats.continuations, 0u);
    }
  }
  // A shard's records are numbered from its base game: broken.pgn from its game 20 on.
  const std::string whole = run({kBroken}, 1).console.out_text;
  const std::size_t from = whole.find("\n20 ") + 1;
  Shard shard;
  shard.range = {std::stoull(whole.substr(from + 3)), std::uint64_t{1} << 30};
  shard.base_game = 20;
  OffsetsHook hook;
  commands::MemoryConsole console;
  RunOptions options;
  options.threads = 1;
  options.shard = &shard;
  run_job({kBroken}, RecordsJob{}, console, options, &hook);
  EXPECT_EQ(hook.lines, whole.substr(from));
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

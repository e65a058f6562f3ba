// pipeline::run in-process with a Job that needs no rules core: a visitor that prints each
// game's number, first Location and token count. Its merged output must equal one reader
// over the whole file, for random inputs, chunk sizes and thread counts. Cheap enough to run
// under ThreadSanitizer (-DPGNKIT_TSAN=ON), which is what it is for.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "pipeline/pipeline.h"
#include "support/files.h"

namespace pgnkit::pipeline {
namespace {

struct Lister : pgn::Visitor {
  Output& out;
  std::uint64_t tokens = 0;
  explicit Lister(Output& o) : out(o) {}
  void begin_game(const pgn::GameInfo& g) {
    out.text() += "game ";
    out.game_number(g.number);
    out.text() += " @" + std::to_string(g.where.line) + ":" + std::to_string(g.where.column) + "#" +
                  std::to_string(g.where.offset);
    tokens = 0;
  }
  pgn::Control san(std::string_view, pgn::Location) {
    ++tokens;
    return pgn::Control::Continue;
  }
  pgn::Control syntax_error(const pgn::SyntaxIssue& i) {
    out.text() += " !" + std::to_string(i.where.offset);
    return pgn::Control::Continue;
  }
  void end_game(const pgn::EndInfo& e) {
    out.text() += " " + std::to_string(tokens) + (e.has_result ? " r" : "") + "\n";
  }
};

class ListJob final : public Job {
 public:
  void read(const ChunkRead& read, ChunkResult& result) const override {
    Lister lister(result.out);
    result.stats = pgn::read_pgn(read.source, lister, read.options);
    result.counters[0] = result.stats.games;
  }
};

class Collect final : public Emitter {
 public:
  std::string text;
  void out(std::string_view b) override { text += b; }
  void err(std::string_view) override {}
  void open_failed(const std::string&, const io::IoError&) override { text += "open failed\n"; }
  void input_end(std::string_view, const std::optional<io::IoError>&) override { text += "end\n"; }
};

std::string sequential(const std::string& text) {
  io::Source source = io::Source::from_memory(text);
  Output o;
  o.set_base(0);
  Lister lister(o);
  pgn::read_pgn(source, lister);
  return std::string(o.view()) + "end\n";
}

TEST(Pipeline, MergedOutputEqualsOneReader) {
  const std::vector<std::string> pieces = {"[Event \"a\"]\n\n1. e4 e5 2. Nf3 1-0\n\n",
                                           "[Event \"b\"]\n1. d4 {x\n\n[Event \"c\"]\n} *\n",
                                           "1. c4 ( 1. e4 1-0\n[Round \"1\"]\n) 0-1\n",
                                           "junk } 1-0\n",
                                           "%esc\n",
                                           "\r\n",
                                           "\r",
                                           "[Event \"d\"]\r\n\r\n1. e4 *\r\n\r\n",
                                           "; 1-0\n[Event \"e\"]\n",
                                           "{",
                                           "\x01"};
  std::mt19937 rng(12);
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  for (int round = 0; round < 40; ++round) {
    std::string text;
    const int n = 20 + static_cast<int>(rng() % 200);
    for (int i = 0; i < n; ++i) text += pieces[rng() % pieces.size()];
    const std::string path = dir.file("in.pgn", text);
    Settings settings;
    settings.threads = 1 + rng() % 8;
    settings.chunk_size = 64 + rng() % 2000;
    ListJob job;
    Collect collect;
    const RunStats stats = run({path}, job, collect, settings);
    EXPECT_EQ(collect.text, sequential(text)) << "round " << round;
    EXPECT_EQ(stats.totals[0], stats.games);
    EXPECT_EQ(stats.bytes, text.size());
  }
}

// Several inputs at once (a missing one among them): each one's output in argument order,
// every number counted within its input, and each input's end where one thread has it.
TEST(Pipeline, SeveralInputsMergeInArgumentOrder) {
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  std::mt19937 rng(34);
  for (int round = 0; round < 12; ++round) {
    std::vector<std::string> paths, texts;
    std::string expected;
    const int inputs = 2 + static_cast<int>(rng() % 6);
    for (int k = 0; k < inputs; ++k) {
      if (rng() % 5 == 0) {
        paths.push_back((dir / "missing.pgn").string());
        expected += "open failed\n";
        continue;
      }
      std::string text;
      const int games = static_cast<int>(rng() % 40);
      for (int g = 0; g < games; ++g)
        text += "[Event \"" + std::to_string(k) + "\"]\n\n1. e4 {c\n\n[Event \"no\"]\n} e5 *\n\n";
      texts.push_back(text);
      paths.push_back(dir.file("in" + std::to_string(k) + ".pgn", texts.back()));
      expected += sequential(texts.back());
    }
    Settings settings;
    settings.threads = 1 + rng() % 8;
    settings.chunk_size = 64 + rng() % 500;
    ListJob job;
    Collect collect;
    const RunStats stats = run(paths, job, collect, settings);
    EXPECT_EQ(collect.text, expected) << "round " << round;
    EXPECT_LE(stats.open_inputs, std::min<std::uint64_t>(settings.threads, 8));
  }
}

}  // namespace
}  // namespace pgnkit::pipeline

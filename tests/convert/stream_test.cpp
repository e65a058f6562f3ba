// The streamed UCI writer (no GameRecord) agrees with the record's: the same line for every
// game, and the same has_move_errors() verdict, over tests/data, ../shared/corpus/tricky and
// the first 2,000 games of each big corpus (skipped with a message where absent).
#include <gtest/gtest.h>

#include "convert_util.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "write/line_writers.h"
#include "write/uci_stream.h"

namespace pgnkit::convert_test {
namespace {

struct StreamedGames : write::UciGameSink {
  std::vector<write::UciGame> games;
  std::vector<std::string> lines;
  std::size_t problems = 0;
  void problem(const replay::Problem&) override { ++problems; }
  void game(const write::UciGame& g) override {
    games.push_back(g);
    lines.emplace_back(g.line);
  }
};

// Returns the number of games compared.
std::size_t expect_same_uci(const std::string& name, const std::string& pgn_text) {
  const Collected records = read_pgn_text(pgn_text);
  StreamedGames streamed;
  auto source = io::Source::from_memory(std::string_view(pgn_text));
  write::UciStream stream(streamed);
  pgn::read_pgn(source, stream);
  EXPECT_EQ(streamed.problems, records.problems.size()) << name;
  EXPECT_EQ(streamed.games.size(), records.games.size()) << name;
  const std::size_t n = std::min(streamed.games.size(), records.games.size());
  for (std::size_t i = 0; i < n; ++i) {
    const replay::GameRecord& record = records.games[i];
    std::string line;
    write::write_uci_line(record, line);
    EXPECT_EQ(streamed.lines[i], line) << name << ": game " << record.number;
    EXPECT_EQ(streamed.games[i].number, record.number) << name;
    EXPECT_EQ(streamed.games[i].move_errors, write::has_move_errors(record))
        << name << ": game " << record.number;
  }
  return n;
}

TEST(convert, UciStreamTestData) {
  std::size_t games = 0;
  for (const std::string& f : pgn_files(data_path("")))
    if (f.ends_with(".pgn") || f.ends_with(".pgn.zst")) games += expect_same_uci(f, read_file(f));
  EXPECT_GT(games, 20u);
}

TEST(convert, UciStreamTrickyCorpus) {
  const std::vector<std::string> files = pgn_files(shared_path("corpus/tricky"));
  if (files.empty()) GTEST_SKIP() << "../shared/corpus/tricky is absent";
  std::size_t games = 0;
  for (const std::string& f : files) games += expect_same_uci(f, read_file(f));
  EXPECT_GT(games, 100u);
}

TEST(convert, UciStreamMoveErrors) {
  // An illegal move, a move after mate, an unsupported variant, a game cut by a syntax error,
  // problems the reader finds in a game that is not replayed (a marker that differs from the
  // Result tag, an unmatched parenthesis), an invalid FEN.
  const std::string pgn =
      "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n"
      "[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n\n"
      "[Event \"c\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n\n"
      "[Event \"d\"]\n\n1. e4 (1. d4 *\n\n"
      "[Event \"e\"]\n\n1. d4 d5 (1... Nf6 2. c4) 2. c4 *\n\n"
      "[Event \"f\"]\n[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n1. e4 (1. d4) ) e5 0-1\n\n"
      "[Event \"g\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
  EXPECT_EQ(expect_same_uci("inline", pgn), 7u);
}

class UciStreamBigCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(UciStreamBigCorpus, First2000Games) {
  const std::string path = shared_path("corpus/" + GetParam() + ".pgn.zst");
  const auto sample = corpus_sample(path, 2000);
  if (!sample) GTEST_SKIP() << path << " is absent";
  EXPECT_EQ(expect_same_uci(path, *sample), 2000u);
}

INSTANTIATE_TEST_SUITE_P(convert, UciStreamBigCorpus,
                         ::testing::Values("lichess", "otb", "engine"));

}  // namespace
}  // namespace pgnkit::convert_test

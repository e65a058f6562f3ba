// commands::run_games and its tables in-process: the games in order with one thread and with
// two, the fields of a small game, an early end, and the move tokens.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "commands/fixtures.h"
#include "commands/game_tables.h"
#include "commands/games.h"

namespace pgnkit::commands::games_test {  // its own: the sanitizer tree joins the files
namespace {

std::vector<GameValue> read_all(const GamesOptions& options) {
  MemoryConsole console;
  std::vector<GameValue> games;
  const GamesSummary summary =
      run_games(options, console, [&](std::string_view, std::vector<GameValue>& batch) {
        for (GameValue& g : batch) games.push_back(std::move(g));
      });
  EXPECT_EQ(summary.games, games.size());
  EXPECT_FALSE(summary.io_failed);
  EXPECT_TRUE(console.out_text.empty());
  return games;
}

GamesOptions options_for(const std::string& path, unsigned threads) {
  GamesOptions options;
  options.inputs = {path};
  options.run.threads = threads;
  options.run.chunk_size = 4096;  // many chunks, so that two threads merge many results
  return options;
}

TEST(RunGames, OneThreadAndTwoGiveTheSameGamesInOrder) {
  const auto one = read_all(options_for(fixtures::kSample, 1));
  const auto two = read_all(options_for(fixtures::kSample, 2));
  ASSERT_EQ(one.size(), 315u);
  ASSERT_EQ(two.size(), 315u);
  std::uint64_t plies = 0;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].number, i + 1);
    EXPECT_EQ(two[i].number, i + 1);
    EXPECT_EQ(one[i].offset, two[i].offset);
    EXPECT_EQ(one[i].final_fen, two[i].final_fen);
    ASSERT_EQ(one[i].moves.size(), two[i].moves.size());
    for (std::size_t m = 0; m < one[i].moves.size(); ++m)
      EXPECT_EQ(one[i].moves[m].uci(), two[i].moves[m].uci());
    plies += one[i].plies;
    EXPECT_EQ(one[i].file, fixtures::kSample);
  }
  EXPECT_GT(plies, 20000u);
}

TEST(RunGames, FieldsOfOneGame) {
  const std::string path = ::testing::TempDir() + "games_test_one.pgn";
  std::ofstream(path) << "[White \"A\"]\n[White \"B\"]\n[Result \"1-0\"]\n\n"
                         "1. e2-e4 {[%clk 0:03:00]} e5 $1 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
  const auto games = read_all(options_for(path, 1));
  ASSERT_EQ(games.size(), 1u);
  const GameValue& g = games[0];
  ASSERT_EQ(g.tags.size(), 2u);
  EXPECT_EQ(g.tags[0].first, "White");
  EXPECT_EQ(g.tags[0].second, "B");  // the last of a duplicated tag, at its first place
  EXPECT_EQ(g.plies, 7u);
  EXPECT_EQ(g.status, "checkmate");
  EXPECT_EQ(g.rules_result, "1-0");
  EXPECT_EQ(g.consistent, true);
  EXPECT_EQ(g.result, "1-0");
  EXPECT_FALSE(g.start_fen);
  EXPECT_EQ(g.final_fen, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
  ASSERT_EQ(g.moves.size(), 7u);
  EXPECT_EQ(g.moves[0].san, "e4");
  EXPECT_EQ(g.moves[0].as_written(), "e2-e4");
  EXPECT_EQ(g.moves[1].as_written(), "e5");
  EXPECT_TRUE(g.moves[1].written.empty());  // as the SAN
  EXPECT_EQ(g.moves[0].clock_ms, 180000);
  EXPECT_TRUE(g.moves[0].comments.empty());
  EXPECT_EQ(g.moves[1].nags, std::vector<std::uint32_t>{1});
  EXPECT_EQ(g.moves[6].uci(), "h5f7");

  MovesColumns moves;
  moves.add(g);
  ASSERT_EQ(moves.rows(), 7u);
  EXPECT_EQ(moves.uci.substr(0, 5), std::string("e2e4\0", 5));
  EXPECT_EQ(moves.san.substr(48, 8), std::string("Qxf7#\0\0\0", 8));
  EXPECT_EQ(moves.clock[0], 180.0);
  EXPECT_TRUE(std::isnan(moves.clock[1]));
  GamesColumns table({"White", "Event"});
  table.add("x.pgn", g);
  EXPECT_EQ(table.tags[0][0], "B");
  EXPECT_FALSE(table.tags[1][0]);
  EXPECT_EQ(table.plies[0], 7u);
}

TEST(RunGames, CancelEndsTheRunEarly) {
  for (const unsigned threads : {1u, 2u}) {
    std::atomic<bool> cancel{false};
    GamesOptions options = options_for(fixtures::kSample, threads);
    options.cancel = &cancel;
    MemoryConsole console;
    std::uint64_t seen = 0;
    const GamesSummary summary =
        run_games(options, console, [&](std::string_view, std::vector<GameValue>& batch) {
          seen += batch.size();
          cancel = true;
        });
    EXPECT_TRUE(summary.cancelled);
    EXPECT_GT(seen, 0u);
    EXPECT_LT(seen, 315u) << threads;
  }
}

TEST(RunGames, MissingInputIsAMessage) {
  MemoryConsole console;
  GamesOptions options;
  options.inputs = {"/nonexistent/x.pgn"};
  const GamesSummary summary = run_games(options, console, [](auto, auto&) {});
  EXPECT_TRUE(summary.io_failed);
  ASSERT_EQ(console.messages.size(), 1u);
  EXPECT_NE(console.messages[0].find("/nonexistent/x.pgn"), std::string::npos);
}

TEST(UciToken, PacksFromToAndPromotion) {
  EXPECT_EQ(uci_token("e2e4"), 12 | 28 << 6);
  EXPECT_EQ(uci_token("e7e8q"), 52 | 60 << 6 | 4 << 12);
  EXPECT_EQ(uci_token("a7b8n"), 48 | 57 << 6 | 1 << 12);
  EXPECT_EQ(uci_token("e1g1"), 4 | 6 << 6);
  EXPECT_EQ(uci_token(""), 0);
}

}  // namespace
}  // namespace pgnkit::commands::games_test

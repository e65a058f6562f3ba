// Evals read from and written into a game's comments, the marks and tags made from them
// (what annotate --accuracy and status --accuracy use with no engine).
#include "analysis/game_evals.h"

#include <gtest/gtest.h>

#include "analysis/game_analysis.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "write/pgn_writer.h"

namespace pgnkit::analysis_game_evals_test {
namespace {

class Collect : public replay::RecordSink {
 public:
  std::vector<replay::GameRecord> games;
  void game(const replay::GameRecord& record) override { games.push_back(record); }
};

replay::GameRecord read_one(std::string_view pgn) {
  Collect sink;
  replay::RecordBuilder builder(sink);
  auto source = io::Source::from_memory(pgn);
  pgn::read_pgn(source, builder);
  EXPECT_EQ(sink.games.size(), 1u);
  return sink.games.empty() ? replay::GameRecord{} : sink.games.front();
}

std::string written(const replay::GameRecord& game) {
  std::string out;
  write::write_pgn(game, {}, out);
  return out;
}

TEST(GameEvals, ReadsAndMergesWithTheClock) {
  replay::GameRecord g =
      read_one("1. e4 { [%clk 0:03:00] } e5 { [%eval 0.25] [%clk 0:02:59] } 2. Nf3 { good } *");
  ASSERT_EQ(g.main.moves.size(), 3u);
  EXPECT_FALSE(analysis::move_eval(g.main.moves[0]));
  EXPECT_EQ(analysis::move_eval(g.main.moves[1]), (analysis::Eval{false, 25}));
  analysis::set_move_eval(g.main.moves[0], {false, 30});
  analysis::set_move_eval(g.main.moves[2], {true, -2});
  EXPECT_EQ(g.main.moves[0].comments.front(), "[%eval 0.3] [%clk 0:03:00]");
  ASSERT_EQ(g.main.moves[2].comments.size(), 2u);
  EXPECT_EQ(g.main.moves[2].comments[0], "[%eval #-2]");
  EXPECT_EQ(g.main.moves[2].comments[1], " good ");
}

TEST(GameEvals, EvalsAsOtherProgramsWriteThem) {
  using analysis::comment_eval;
  using analysis::Eval;
  EXPECT_EQ(comment_eval("[%eval 0.20] [%clk 1:30:30]"), (Eval{false, 20}));
  EXPECT_EQ(comment_eval(" [%eval +1.5] "), (Eval{false, 150}));
  EXPECT_EQ(comment_eval("good [%eval -.5] move"), (Eval{false, -50}));
  EXPECT_EQ(comment_eval("[%eval 0.31,18]"), (Eval{false, 31}));
  EXPECT_EQ(comment_eval("[%eval 1.234]"), (Eval{false, 123}));
  EXPECT_EQ(comment_eval("[%eval 12]"), (Eval{false, 1200}));
  EXPECT_EQ(comment_eval("[%eval #-3]"), (Eval{true, -3}));
  EXPECT_EQ(comment_eval("[%eval #+4]"), (Eval{true, 4}));
  EXPECT_FALSE(comment_eval("[%eval]"));
  EXPECT_FALSE(comment_eval("[%eval x]"));
  EXPECT_FALSE(comment_eval("[%evaluation 0.3]"));
  EXPECT_FALSE(comment_eval("[%eval 0.3"));
  EXPECT_FALSE(comment_eval("[%clk 0:01:00]"));
  // Found, and replaced where it stands.
  const auto found = analysis::find_eval_command("x [%eval 0.20] y");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->begin, 9u);
  EXPECT_EQ(found->end, 13u);
  replay::GameRecord g = read_one("1. e4 { [%eval 0.20] [%clk 1:30:30] } e5 { a [%eval 1] } *");
  EXPECT_EQ(analysis::move_eval(g.main.moves[0]), (Eval{false, 20}));
  analysis::set_move_eval(g.main.moves[0], {false, 35});
  analysis::set_move_eval(g.main.moves[1], {true, 2});
  ASSERT_EQ(g.main.moves[0].comments.size(), 1u);
  EXPECT_EQ(g.main.moves[0].comments[0], " [%eval 0.35] [%clk 1:30:30] ");
  EXPECT_EQ(g.main.moves[1].comments[0], " a [%eval #2] ");
}

TEST(GameEvals, MainLineValuesAndTheStart) {
  replay::GameRecord g =
      read_one("1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
  const auto evals = analysis::main_line_evals(g);
  ASSERT_EQ(evals.size(), 8u);
  EXPECT_EQ(evals[0], (analysis::Eval{false, analysis::kStartCentipawns}));
  EXPECT_EQ(evals[1], (analysis::Eval{false, 30}));
  EXPECT_FALSE(evals[3]);
  EXPECT_EQ(evals[7], (analysis::Eval{true, 1}));  // mated: the rules' value
}

TEST(GameEvals, MarksAndTagsFromEvalsAlone) {
  replay::GameRecord g = read_one(
      "[White \"A\"]\n[Black \"B\"]\n\n1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Nf3 "
      "{ [%eval 0.2] } Nc6 { [%eval 4.0] } 3. Bb5 { [%eval 3.8] } *");
  analysis::mark_and_tag(g);
  EXPECT_TRUE(g.main.moves[0].nags.empty());
  // 2... Nc6: Black's winning percentage 48.2 -> 18.7, a drop of 29.5 points: ? (30 is ??).
  EXPECT_EQ(g.main.moves[3].nags, (std::vector<std::uint32_t>{2}));
  ASSERT_TRUE(g.tag("WhiteAccuracy") && g.tag("BlackAccuracy"));
  EXPECT_EQ(*g.tag("WhiteAccuracy"), "98.3");
  EXPECT_EQ(*g.tag("BlackAccuracy"), "35.5");
  EXPECT_EQ(*g.tag("WhiteACPL"), "8");
  EXPECT_EQ(*g.tag("BlackACPL"), "190");
  // Again: the same game (a mark is not added twice, the tags are replaced).
  const std::string once = written(g);
  analysis::mark_and_tag(g);
  EXPECT_EQ(written(g), once);
}

}  // namespace
}  // namespace pgnkit::analysis_game_evals_test

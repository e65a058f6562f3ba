// UCI, LAN, FEN, EPD and CSV lines.
#include <gtest/gtest.h>

#include "convert/convert_util.h"
#include "write/line_writers.h"

namespace pgnkit::convert_test::line_writers_test {  // its own: the sanitizer tree joins the files
namespace {

replay::GameRecord game(const std::string& pgn) {
  Collected c = read_pgn_text(pgn);
  EXPECT_EQ(c.games.size(), 1u);
  return c.games.empty() ? replay::GameRecord{} : c.games[0];
}

TEST(convert, LineWritersUciAndLan) {
  const auto g = game(
      "[FEN \"r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1\"]\n[SetUp \"1\"]\n\n"
      "1. exd6 O-O 2. bxa8=Q Rxa8 3. O-O-O Ra1+ 4. Kb2 Rxd1 5. Rxd1 *");
  std::string s;
  write::write_uci_line(g, s);
  EXPECT_EQ(s, "e5d6 e8g8 b7a8q f8a8 e1c1 a8a1 c1b2 a1d1 h1d1\n");
  s.clear();
  write::write_lan_line(g, s);
  EXPECT_EQ(s, "e5xd6 O-O b7xa8=Q Rf8xa8 O-O-O Ra8-a1+ Kc1-b2 Ra1xd1 Rh1xd1\n");
}

TEST(convert, LineWritersStopAtTheFirstUnplayedMove) {
  const auto g = game("1. e4 e5 2. Ke3 Nc6 *");
  std::string s;
  write::write_uci_line(g, s);
  EXPECT_EQ(s, "e2e4 e7e5\n");
  s.clear();
  write::write_positions(g, {true, false, 9}, s);
  EXPECT_EQ(s,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - pm e5; id \"9.1\";\n"
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"9.2\";\n");
}

TEST(convert, LineWritersFenAndEpdWithStart) {
  const auto g = game("1. d4 *");
  std::string s;
  write::write_positions(g, {false, true, 1}, s);
  EXPECT_EQ(s,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n");
  s.clear();
  write::write_positions(g, {true, true, 3}, s);
  EXPECT_EQ(s,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pm d4; id \"3.0\";\n"
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"3.1\";\n");
  s.clear();
  write::write_positions(game("[Event \"x\"]\n\n*"), {true, false, 1}, s);
  EXPECT_EQ(s, "");  // no move, no start: nothing
}

TEST(convert, LineWritersCsvQuotingAndColumns) {
  const auto g = game(
      "[Event \"A, \\\"quoted\\\" event\"]\n[White \"W\"]\n[ECO \"C20\"]\n[ECO \"C21\"]\n\n"
      "1. e4 1-0");
  const std::vector<std::string> columns = {"ECO", "Missing"};
  std::string s;
  write::write_csv_header(columns, s);
  write::write_csv_row(g, columns, s);
  EXPECT_EQ(s,
            "Event,Site,Date,Round,White,Black,Result,ECO,Missing,plies,final_fen\n"
            "\"A, \"\"quoted\"\" event\",,,,W,,1-0,C21,,1,"
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
}

}  // namespace
}  // namespace pgnkit::convert_test::line_writers_test

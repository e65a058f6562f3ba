// The properties convert promises, over every game of tests/data, ../shared/corpus/tricky and
// the first 2,000 games of each big corpus (skipped with a message where absent):
//   - PGN -> NDJSON -> PGN is byte-identical to PGN -> PGN;
//   - the UCI line replayed from the start position reaches the game's final position;
//   - [%clk] / [%eval] / [%emt] comments read as values are written back exactly;
//   - every NDJSON line is valid UTF-8 and reads back without error.
#include <gtest/gtest.h>

#include <sstream>

#include "chess/fen.h"
#include "chess/uci.h"
#include "convert_util.h"
#include "write/comment_commands.h"
#include "write/json.h"
#include "write/line_writers.h"

namespace pgnkit::convert_test::roundtrip_test {  // its own: the sanitizer tree joins the files
namespace {

struct Totals {
  std::size_t games = 0, moves_checked = 0, commands = 0;
};

// The PGN -> NDJSON -> PGN identity for one text; returns the number of games compared.
std::size_t expect_ndjson_identity(const std::string& name, const std::string& pgn_text) {
  const Collected pgn = read_pgn_text(pgn_text);
  const std::vector<std::string> direct = to_pgn(pgn.games);
  const std::vector<std::string> lines = to_ndjson(pgn.games);
  std::string ndjson;
  for (const auto& l : lines) {
    EXPECT_TRUE(write::valid_utf8(l)) << name << ": " << l;
    EXPECT_EQ(l.find('\n'), l.size() - 1) << name << ": one line per game";
    ndjson += l;
  }
  const Collected back = read_ndjson_text(ndjson);
  EXPECT_TRUE(back.line_errors.empty()) << name << ": " << back.line_errors.front().message
                                        << " at line " << back.line_errors.front().where.line;
  const std::vector<std::string> via = to_pgn(back.games);
  EXPECT_EQ(direct.size(), via.size()) << name;
  for (std::size_t i = 0; i < std::min(direct.size(), via.size()); ++i) {
    if (direct[i] != via[i]) {
      ADD_FAILURE() << name << ": game " << i + 1 << " differs\n--- PGN -> PGN\n"
                    << direct[i] << "--- PGN -> NDJSON -> PGN\n"
                    << via[i] << "--- NDJSON\n"
                    << lines[i];
      break;
    }
  }
  return direct.size();
}

// Replays the UCI line of each replayed game and compares the final position.
void expect_uci_replay(const std::string& name, const std::string& pgn_text, Totals& t) {
  const Collected pgn = read_pgn_text(pgn_text);
  for (const replay::GameRecord& game : pgn.games) {
    if (!game.replayed) continue;
    std::string line;
    write::write_uci_line(game, line);
    chess::Position pos = game.start;
    std::istringstream words(line);
    std::string uci;
    bool ok = true;
    while (ok && words >> uci) {
      const auto m = chess::parse_uci(pos, uci);
      ok = m.has_value();
      if (ok) pos.play(*m);
      ++t.moves_checked;
    }
    EXPECT_TRUE(ok) << name << ": game " << game.number << ": '" << uci << "' not legal in "
                    << chess::write_fen(pos);
    EXPECT_EQ(chess::write_fen(pos), chess::write_fen(game.final_position))
        << name << ": game " << game.number << ": " << line;
    ++t.games;
  }
}

// Every comment read as commands writes back to the same text (white space folded).
void expect_exact_commands(const std::string& name, const std::string& pgn_text, Totals& t) {
  const Collected pgn = read_pgn_text(pgn_text);
  auto fold = [](std::string_view s) {
    std::string out;
    std::istringstream words{std::string(s)};
    for (std::string w; words >> w;) out += (out.empty() ? "" : " ") + w;
    return out;
  };
  auto check_line = [&](auto& self, const replay::Line& line) -> void {
    for (const replay::MoveNode& node : line.moves) {
      for (const std::string& c : node.comments) {
        write::CommentCommands commands;
        if (!write::parse_command_comment(c, commands)) continue;
        std::string back;
        write::append_command_comment(back, commands);
        EXPECT_EQ(back, fold(c)) << name;
        ++t.commands;
      }
      for (const replay::Line& v : node.variations) self(self, v);
    }
  };
  for (const auto& game : pgn.games) check_line(check_line, game.main);
}

void check_all(const std::string& name, const std::string& text, Totals& t) {
  expect_ndjson_identity(name, text);
  expect_uci_replay(name, text, t);
  expect_exact_commands(name, text, t);
}

TEST(convert, RoundtripTestData) {
  Totals t;
  const std::vector<std::string> files = pgn_files(data_path(""));
  ASSERT_FALSE(files.empty());
  for (const std::string& f : files)
    if (f.ends_with(".pgn") || f.ends_with(".pgn.zst")) check_all(f, read_file(f), t);
  EXPECT_GT(t.games, 20u);
  EXPECT_GT(t.commands, 5u);
}

TEST(convert, RoundtripTrickyCorpus) {
  const std::vector<std::string> files = pgn_files(shared_path("corpus/tricky"));
  if (files.empty()) GTEST_SKIP() << "../shared/corpus/tricky is absent";
  Totals t;
  for (const std::string& f : files) check_all(f, read_file(f), t);
  EXPECT_GT(t.games, 100u);
}

class BigCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(BigCorpus, First2000Games) {
  const std::string path = shared_path("corpus/" + GetParam() + ".pgn.zst");
  const auto sample = corpus_sample(path, 2000);
  if (!sample) GTEST_SKIP() << path << " is absent";
  Totals t;
  EXPECT_EQ(expect_ndjson_identity(path, *sample), 2000u);
  expect_uci_replay(path, *sample, t);
  expect_exact_commands(path, *sample, t);
  EXPECT_GT(t.games, 1900u);
  std::printf("%s: %zu games, %zu UCI moves replayed, %zu command comments exact\n",
              GetParam().c_str(), t.games, t.moves_checked, t.commands);
}

INSTANTIATE_TEST_SUITE_P(convert, BigCorpus, ::testing::Values("lichess", "otb", "engine"));

TEST(convert, RoundtripClockAndEvalValuesInJson) {
  const std::string pgn =
      "[Event \"e\"]\n\n1. e4 { [%eval 0.17] [%clk 1:02:03.25] } e5 { [%eval #-3] [%clk 0:00:00] "
      "[%emt 0:00:01.5] } 2. Nf3 { [%eval -0.05] } *\n";
  const Collected c = read_pgn_text(pgn);
  ASSERT_EQ(c.games.size(), 1u);
  const std::string line = to_ndjson(c.games).at(0);
  EXPECT_NE(line.find(R"("san":"e4","uci":"e2e4","clock":3723.25,"eval":{"cp":17})"),
            std::string::npos)
      << line;
  EXPECT_NE(line.find(R"("san":"e5","uci":"e7e5","clock":0,"emt":1.5,"eval":{"mate":-3})"),
            std::string::npos)
      << line;
  EXPECT_NE(line.find(R"("eval":{"cp":-5})"), std::string::npos) << line;
  const Collected back = read_ndjson_text(line);
  ASSERT_EQ(back.games.size(), 1u);
  EXPECT_EQ(back.games[0].main.moves[0].comments.at(0), "[%eval 0.17] [%clk 1:02:03.25]");
  EXPECT_EQ(back.games[0].main.moves[1].comments.at(0),
            "[%eval #-3] [%clk 0:00:00] [%emt 0:00:01.5]");
  EXPECT_EQ(back.games[0].main.moves[2].comments.at(0), "[%eval -0.05]");
}

TEST(convert, RoundtripLatin1BecomesUtf8) {
  const Collected c = read_pgn_text(read_file(data_path("convert/latin1.pgn")));
  ASSERT_EQ(c.games.size(), 1u);
  std::string out = to_ndjson(c.games).at(0);
  EXPECT_TRUE(write::valid_utf8(out));
  EXPECT_NE(out.find("M\xC3\xBCller, J\xC3\xBCrgen"), std::string::npos) << out;
  EXPECT_NE(out.find("\xE2\x82\xAC 100"), std::string::npos) << out;  // 0x80 is the euro sign
  out = to_pgn(c.games).at(0);
  EXPECT_TRUE(write::valid_utf8(out));
  std::string csv;
  write::write_csv_row(c.games[0], {}, csv);
  EXPECT_TRUE(write::valid_utf8(csv));
  EXPECT_NE(csv.find("\"M\xC3\xBCller, J\xC3\xBCrgen\""), std::string::npos) << csv;
}

}  // namespace
}  // namespace pgnkit::convert_test::roundtrip_test

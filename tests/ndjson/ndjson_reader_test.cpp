// The NDJSON reader: pgnkit's format and lichess's game export, bad lines reported with their
// line and column while the lines after them are still read, illegal SAN reported as a move
// problem of the game.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "chess/fen.h"
#include "convert/convert_util.h"
#include "io/source.h"
#include "write/line_writers.h"
#include "write/pgn_writer.h"

namespace pgnkit::convert_test::ndjson_reader_test {  // its own: the sanitizer tree joins the files
namespace {

std::string tag(const replay::GameRecord& g, std::string_view name) {
  const std::string* v = g.tag(name);
  return v ? *v : "<absent>";
}

std::string uci_line(const replay::GameRecord& g) {
  std::string out;
  write::write_uci_line(g, out);
  return out;
}

TEST(convert, NdjsonReaderLichessFieldsBecomeTags) {
  const Collected c = read_ndjson_text(read_file(data_path("convert/lichess.ndjson")));
  EXPECT_TRUE(c.line_errors.empty());
  ASSERT_EQ(c.games.size(), 5u);
  const replay::GameRecord& g = c.games[0];
  EXPECT_EQ(tag(g, "Event"), "Rated Blitz game");
  EXPECT_EQ(tag(g, "Site"), "https://lichess.org/Sch0lar1");
  EXPECT_EQ(tag(g, "Date"), "2024.05.17");
  EXPECT_EQ(tag(g, "UTCTime"), "10:40:00");
  EXPECT_EQ(tag(g, "White"), "Alpha");
  EXPECT_EQ(tag(g, "WhiteTitle"), "FM");
  EXPECT_EQ(tag(g, "WhiteElo"), "2012");
  EXPECT_EQ(tag(g, "BlackRatingDiff"), "-6");
  EXPECT_EQ(tag(g, "WhiteRatingDiff"), "+6");
  EXPECT_EQ(tag(g, "Result"), "1-0");
  EXPECT_EQ(tag(g, "TimeControl"), "180+2");
  EXPECT_EQ(tag(g, "ECO"), "C20");
  EXPECT_EQ(tag(g, "Termination"), "Normal");
  EXPECT_EQ(g.status, replay::GameStatus::Checkmate);
  ASSERT_EQ(g.main.moves.size(), 7u);
  // clocks are centiseconds; analysis gives the evals.
  EXPECT_EQ(g.main.moves[0].comments.at(0), "[%eval 0.25] [%clk 0:03:00.03]");
  EXPECT_EQ(g.main.moves[6].comments.at(0), "[%eval #0] [%clk 0:02:53.77]");

  const replay::GameRecord& c960 = c.games[1];
  EXPECT_EQ(tag(c960, "Variant"), "Chess960");
  EXPECT_EQ(tag(c960, "Result"), "1/2-1/2");
  EXPECT_EQ(tag(c960, "Event"), "Casual Rapid game");
  EXPECT_TRUE(c960.replayed);
  EXPECT_EQ(uci_line(c960), "g2g4 g7g5 h1g3 h8g6 f1g1 f8g8\n");  // king takes rook

  const replay::GameRecord& from = c.games[2];
  EXPECT_EQ(tag(from, "White"), "lichess AI level 3");
  EXPECT_EQ(tag(from, "Result"), "0-1");
  EXPECT_EQ(tag(from, "FEN"), "4k3/8/8/8/8/8/4q3/K7 b - - 0 40");
  EXPECT_EQ(tag(from, "SetUp"), "1");
  EXPECT_EQ(from.plies, 7u);

  const replay::GameRecord& zh = c.games[3];
  EXPECT_EQ(zh.status, replay::GameStatus::UnsupportedVariant);
  EXPECT_EQ(tag(zh, "Result"), "*");
  EXPECT_EQ(zh.main.moves.back().san, "P@e6+");  // kept as written

  const replay::GameRecord& timeout = c.games[4];
  EXPECT_EQ(tag(timeout, "White"), "?");
  EXPECT_EQ(tag(timeout, "Termination"), "Time forfeit");
  EXPECT_EQ(tag(timeout, "Event"), "Rated UltraBullet game");
}

TEST(convert, NdjsonReaderPgnkitFormatVariants) {
  const Collected c = read_ndjson_text(read_file(data_path("convert/games.ndjson")));
  EXPECT_TRUE(c.line_errors.empty());
  ASSERT_EQ(c.games.size(), 5u);
  const replay::GameRecord& g = c.games[0];
  ASSERT_EQ(g.main.moves.size(), 3u);
  EXPECT_EQ(g.main.moves[1].san, "e5");  // from "uci": "e7e5"
  EXPECT_EQ(g.main.moves[1].comments, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(g.main.moves[2].nags, std::vector<std::uint32_t>{1});
  EXPECT_EQ(g.main.moves[2].comments.at(0), "[%emt 0:00:02.5]");
  ASSERT_EQ(g.main.moves[2].variations.size(), 1u);
  EXPECT_EQ(g.main.moves[2].variations[0].moves.at(1).comments.at(0), "Bishop's opening");
  EXPECT_EQ(uci_line(c.games[1]), "d2d4 d7d5 c2c4\n");
  EXPECT_EQ(c.games[2].main.moves.back().san, "O-O");  // "e1g1"
  // "fen" without a FEN tag adds SetUp and FEN.
  EXPECT_EQ(tag(c.games[3], "FEN"), "4k3/8/8/8/8/8/4q3/K7 b - - 0 40");
  EXPECT_EQ(c.games[3].main.leading_comments.at(0), "Black to move");
  EXPECT_EQ(uci_line(c.games[4]), "g2g4 g7g5 h1g3 h8g6 f1g1 f8g8\n");
}

TEST(convert, NdjsonReaderChecksTheTypeOfAnUnusedUci) {
  // "uci" after a "san" is not used, but a value of the wrong type is still reported.
  const Collected c = read_ndjson_text(
      "{\"moves\":[{\"san\":\"e4\",\"uci\":null},{\"san\":\"e5\",\"uci\":\"e7\\u0065\"}]}\n"
      "{\"moves\":[{\"san\":\"e4\",\"uci\":5}]}\n");
  ASSERT_EQ(c.games.size(), 1u);
  EXPECT_EQ(c.games[0].main.moves.size(), 2u);
  ASSERT_EQ(c.line_errors.size(), 1u);
  EXPECT_EQ(c.line_errors[0].code, ndjson::ErrorCode::WrongType);
  EXPECT_EQ(c.line_errors[0].where.column, 29u);  // the value
  EXPECT_NE(c.line_errors[0].message.find("moves[0].uci"), std::string::npos)
      << c.line_errors[0].message;
}

TEST(convert, NdjsonReaderBadLinesAreReportedAndSkipped) {
  const Collected c = read_ndjson_text(read_file(data_path("convert/broken.ndjson")));
  struct Expected {
    std::uint32_t line, column;
    ndjson::ErrorCode code;
    std::string_view in_message;
  };
  const Expected expected[] = {
      {2, 1, ndjson::ErrorCode::InvalidJson, "invalid JSON"},
      {3, 1, ndjson::ErrorCode::NotAGame, "not a JSON object"},
      {4, 18, ndjson::ErrorCode::WrongType, "tags.Event: expected a string, found a number"},
      {6, 1, ndjson::ErrorCode::NotAGame, "not a JSON object"},
      {7, 31, ndjson::ErrorCode::WrongType, "moves[0].nags[0]"},
      {8, 31, ndjson::ErrorCode::WrongType, "moves[0].clock: expected a number of seconds"},
      {9, 11, ndjson::ErrorCode::BadValue, "result"},
      {10, 1, ndjson::ErrorCode::InvalidJson, "invalid JSON"},
      {12, 30, ndjson::ErrorCode::BadValue, "moves[0].eval"},
      {13, 1, ndjson::ErrorCode::NotAGame, "no \"moves\""},
      {14, 1, ndjson::ErrorCode::InvalidJson, "UTF-8"},
      {15, 45, ndjson::ErrorCode::WrongType, "moves[0].variations[0][0].san"},
  };
  ASSERT_EQ(c.line_errors.size(), std::size(expected));
  for (std::size_t i = 0; i < std::size(expected); ++i) {
    const ndjson::LineError& e = c.line_errors[i];
    EXPECT_EQ(e.where.line, expected[i].line) << e.message;
    EXPECT_EQ(e.where.column, expected[i].column) << e.message;
    EXPECT_EQ(e.code, expected[i].code) << e.message;
    EXPECT_NE(e.message.find(expected[i].in_message), std::string::npos) << e.message;
  }
  // Line 11 is blank: it has no game number, so line 12 is game 11.
  EXPECT_EQ(c.line_errors[8].game, 11u);
  // Every good line is still read: lines 1, 5 (an illegal SAN), 16 (idem), 17.
  ASSERT_EQ(c.games.size(), 4u);
  EXPECT_EQ(c.games[0].number, 1u);
  EXPECT_EQ(c.games[1].number, 5u);
  EXPECT_EQ(c.games[2].number, 15u);
  EXPECT_EQ(c.games[3].number, 16u);
  EXPECT_EQ(tag(c.games[3], "Event"), "Moves only");
  // Illegal SAN: a move problem with the NDJSON line and the column of the move.
  std::vector<replay::Problem> illegal;
  for (const auto& p : c.problems)
    if (p.code == replay::ProblemCode::IllegalMove) illegal.push_back(p);
  ASSERT_EQ(illegal.size(), 2u);
  EXPECT_EQ(illegal[0].where.line, 5u);
  EXPECT_EQ(illegal[0].where.column, 75u);
  EXPECT_EQ(illegal[0].san, "Ke3");
  EXPECT_EQ(illegal[1].where.line, 16u);
  EXPECT_EQ(illegal[1].where.column, 34u);  // inside lichess's "moves" string
  EXPECT_EQ(illegal[1].san, "Qxh8");
  EXPECT_TRUE(write::has_move_errors(c.games[1]));
  EXPECT_EQ(uci_line(c.games[1]), "e2e4 e7e5\n");
}

TEST(convert, NdjsonReaderEdgeCases) {
  // CRLF, a byte order mark, blank lines, no final newline, a huge line.
  std::string long_comment(3'000'000, 'x');
  const std::string text =
      "\xEF\xBB\xBF{\"san\":[\"e4\"]}\r\n\r\n   \n{\"moves\":[{\"san\":\"d4\","
      "\"comment\":\"" +
      long_comment + "\"}]}\n{\"san\":[\"c4\"]}";
  const Collected c = read_ndjson_text(text);
  EXPECT_TRUE(c.line_errors.empty()) << c.line_errors.front().message;
  ASSERT_EQ(c.games.size(), 3u);
  EXPECT_EQ(c.games[1].main.moves.at(0).comments.at(0).size(), long_comment.size());
  EXPECT_EQ(c.games[2].number, 3u);
  EXPECT_EQ(c.games[2].main.moves.at(0).san, "c4");
  // Text after the object, a bare value, too deep variations.
  std::string deep = "{\"moves\":";
  for (int i = 0; i < 300; ++i) deep += "[{\"san\":\"e4\",\"variations\":[";
  deep += "[]";
  for (int i = 0; i < 300; ++i) deep += "]}]";
  deep += "}\n";
  const Collected bad = read_ndjson_text("{\"san\":[]} {}\n\"text\"\n" + deep);
  ASSERT_EQ(bad.line_errors.size(), 3u);
  EXPECT_EQ(bad.line_errors[0].code, ndjson::ErrorCode::InvalidJson);
  EXPECT_EQ(bad.line_errors[1].code, ndjson::ErrorCode::NotAGame);
  EXPECT_EQ(bad.line_errors[2].code, ndjson::ErrorCode::TooDeep);
}

TEST(convert, NdjsonReaderTagValuesWithQuotesAndBackslashes) {
  const Collected c =
      read_ndjson_text(R"({"tags":{"White":"a \"quoted\" \\ name","Event":"x\\"},"san":[]})");
  ASSERT_EQ(c.games.size(), 1u);
  EXPECT_EQ(tag(c.games[0], "White"), "a \"quoted\" \\ name");
  EXPECT_EQ(tag(c.games[0], "Event"), "x\\");
}

// Random byte edits of valid lines: every non-blank line ends as a game or as a bad line,
// nothing crashes (run under -DPGNKIT_SANITIZE=ON to check memory too).
TEST(convert, NdjsonReaderSurvivesMutations) {
  std::string base =
      read_file(data_path("convert/games.ndjson")) + read_file(data_path("convert/lichess.ndjson"));
  for (const auto& l : to_ndjson(read_pgn_text(read_file(data_path("convert/features.pgn"))).games))
    base += l;
  std::vector<std::string> lines;
  std::istringstream in(base);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::mt19937_64 rng(11);
  const std::string bytes = "{}[]\":,0123456789.-eE tnfu\\\n\xff\xc3";
  for (int round = 0; round < 300; ++round) {
    std::string text;
    for (std::string line : lines) {
      for (int k = static_cast<int>(rng() % 4); k > 0; --k) {
        const std::size_t at = rng() % line.size();
        switch (rng() % 3) {
          case 0: line[at] = bytes[rng() % bytes.size()]; break;
          case 1: line.erase(at, 1 + rng() % 8); break;
          default: line.insert(at, 1, bytes[rng() % bytes.size()]); break;
        }
        if (line.empty()) line = "x";
      }
      text += line;
      text += '\n';
    }
    std::size_t non_blank = 0;
    std::istringstream split(text);
    for (std::string l; std::getline(split, l);)
      non_blank += l.find_first_not_of(" \t\r") != std::string::npos;
    const Collected c = read_ndjson_text(text);
    ASSERT_EQ(c.games.size() + c.line_errors.size(), non_blank) << "round " << round;
  }
}

// The line buffer's size changes where refills fall (inside lines, inside a UTF-8 sequence or
// an escape, on a "\r\n"), not what is read: the same games and the same located errors as
// with the default 1 MiB, down to the 64-byte minimum.
TEST(convert, NdjsonReaderSmallBufferReadsTheSame) {
  std::string text = read_file(data_path("convert/games.ndjson")) +
                     read_file(data_path("convert/lichess.ndjson")) +
                     read_file(data_path("convert/broken.ndjson"));
  for (const auto& l : to_ndjson(read_pgn_text(read_file(data_path("convert/features.pgn"))).games))
    text += l;
  const Collected whole = read_ndjson_text(text);
  ASSERT_GT(whole.games.size(), 10u);
  ASSERT_GT(whole.line_errors.size(), 5u);
  const std::vector<std::string> pgn = to_pgn(whole.games);
  for (const std::size_t size : {64u, 100u, 333u, 4096u}) {
    Collected c;
    auto source = io::Source::from_memory(std::string_view(text));
    replay::RecordBuilder builder(c);
    ndjson::ReadOptions options;
    options.buffer_size = size;
    const ndjson::ReadStats stats = ndjson::read_ndjson(source, builder, c, options);
    EXPECT_EQ(stats.bytes, text.size()) << size;
    EXPECT_EQ(to_pgn(c.games), pgn) << size;
    ASSERT_EQ(c.line_errors.size(), whole.line_errors.size()) << size;
    for (std::size_t i = 0; i < c.line_errors.size(); ++i) {
      EXPECT_EQ(c.line_errors[i].where.line, whole.line_errors[i].where.line) << size;
      EXPECT_EQ(c.line_errors[i].where.column, whole.line_errors[i].where.column) << size;
      EXPECT_EQ(c.line_errors[i].where.offset, whole.line_errors[i].where.offset) << size;
      EXPECT_EQ(c.line_errors[i].message, whole.line_errors[i].message) << size;
    }
  }
}

}  // namespace
}  // namespace pgnkit::convert_test::ndjson_reader_test

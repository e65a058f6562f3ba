// The streamed writers agree with the record's, over tests/data, ../shared/corpus/tricky and
// the first 2,000 games of each big corpus (skipped with a message where absent):
//   - UCI (no GameRecord): the same line for every game, the same has_move_errors() verdict;
//   - NDJSON (a record only for games with move errors): the same lines under every
//     --on-error mode, and the same problems reported.
#include <gtest/gtest.h>

#include "convert/convert_util.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "write/line_writers.h"
#include "write/ndjson_stream.h"
#include "write/ndjson_writer.h"
#include "write/uci_stream.h"

namespace pgnkit::convert_test::stream_test {  // its own: the sanitizer tree joins the files
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

// What `pgnkit convert --to ndjson --on-error MODE` writes for each game, through the stream.
struct StreamedLines : write::NdjsonGameSink {
  explicit StreamedLines(write::OnError m) : mode(m) {}
  write::OnError mode;
  std::vector<std::string> lines;
  std::size_t problems = 0;
  void problem(const replay::Problem&) override { ++problems; }
  void line(std::uint64_t, std::string_view line) override { lines.emplace_back(line); }
  void record(const replay::GameRecord& record) override {
    if (const auto g = on_error(record, mode)) write::write_ndjson(*g, {}, lines.emplace_back());
  }
};

// Returns the number of lines compared. With the reader's smallest buffer as well, so that
// refills come in the middle of games: the stream's log refers to move and comment texts in
// the reader's buffer until a refill moves them (GameLog::materialize).
std::size_t expect_same_ndjson(const std::string& name, const std::string& pgn_text,
                               const pgn::ReaderOptions& options);
std::size_t expect_same_ndjson(const std::string& name, const std::string& pgn_text) {
  pgn::ReaderOptions small;
  small.buffer_size = 512;
  const std::size_t n = expect_same_ndjson(name, pgn_text, {});
  expect_same_ndjson(name + " (512-byte buffer)", pgn_text, small);
  return n;
}
std::size_t expect_same_ndjson(const std::string& name, const std::string& pgn_text,
                               const pgn::ReaderOptions& options) {
  const Collected records = read_pgn_text(pgn_text, options);
  std::size_t compared = 0;
  for (const write::OnError mode :
       {write::OnError::Keep, write::OnError::Truncate, write::OnError::Skip}) {
    std::vector<std::string> expected;
    for (const replay::GameRecord& record : records.games) {
      if (const auto g = on_error(record, mode))
        write::write_ndjson(*g, {}, expected.emplace_back());
    }
    StreamedLines streamed(mode);
    auto source = io::Source::from_memory(std::string_view(pgn_text));
    write::stream_ndjson(source, streamed, options);
    EXPECT_EQ(streamed.problems, records.problems.size()) << name;
    EXPECT_EQ(streamed.lines.size(), expected.size()) << name;
    for (std::size_t i = 0; i < std::min(streamed.lines.size(), expected.size()); ++i) {
      if (streamed.lines[i] == expected[i]) continue;
      ADD_FAILURE() << name << ": line " << i + 1 << " differs (mode " << static_cast<int>(mode)
                    << ")\n--- record\n"
                    << expected[i] << "--- stream\n"
                    << streamed.lines[i];
      break;
    }
    compared += expected.size();
  }
  return compared;
}

TEST(convert, NdjsonStreamTestData) {
  std::size_t lines = 0;
  for (const std::string& f : pgn_files(data_path(""))) {
    if (f.ends_with(".pgn") || f.ends_with(".pgn.zst"))
      lines += expect_same_ndjson(f, read_file(f));
  }
  EXPECT_GT(lines, 60u);
}

TEST(convert, NdjsonStreamTrickyCorpus) {
  const std::vector<std::string> files = pgn_files(shared_path("corpus/tricky"));
  if (files.empty()) GTEST_SKIP() << "../shared/corpus/tricky is absent";
  std::size_t lines = 0;
  for (const std::string& f : files) lines += expect_same_ndjson(f, read_file(f));
  EXPECT_GT(lines, 300u);
}

TEST(convert, NdjsonStreamShapes) {
  // Comments, NAGs and variations in every order; a line of comments only; a variation
  // before the first move; empty and nested variations; duplicated tags; escapes; a clock
  // with other commands and one that is not canonical; moves with move errors in
  // variations and in the main line; an unsupported variant; a cut game.
  const std::string pgn =
      "[Event \"a\"]\n[White \"x\\\"y\"]\n[Event \"b\"]\n\n{lead} {lead2} 1. e4 {c1} $1 {c2} $2 "
      "(1. d4 {v} $3 (1. c4) {after} d5) {after var} $4 e5 ( ) (1... c5 {[%clk 0:01:00]}) "
      "2. Nf3 { [%eval 0.17] [%clk 0:00:30] } Nc6 {[%clk 00:00:30]} 3. Bb5 {  two   spaces  } "
      "*\n\n"
      "[Event \"c\"]\n\n( {only a comment} ) (1. d4) 1. e4 ({x}) e5 1/2-1/2\n\n"
      "[Event \"d\"]\n\n1. e4 e5 (1... Ke7 2. Kd8) 2. Nf3 *\n\n"
      "[Event \"e\"]\n\n1. e4 e5 2. Ke3 {bad} Nc6 *\n\n"
      "[Event \"f\"]\n[Variant \"Atomic\"]\n\n1. e4 {x} d5 *\n\n"
      "[Event \"g\"]\n\n1. e4 {x} (1. d4 *\n\n"
      "[Event \"h\"]\n\n{Only comments}\n*\n";
  EXPECT_GE(expect_same_ndjson("inline", pgn), 15u);
}

TEST(convert, NdjsonStreamTagNameInAnotherCaseInAGameReplayedFromTheLog) {
  // Found by the pgn fuzz target (2026-12-03): a game that goes to the stream's fallback
  // (its FEN is invalid) lost the tag_name_case warning of [fEn], since the log kept the
  // standard name. A game that streams keeps it too.
  const std::string pgn =
      "[Event \"x\"]\n[SetUp \"1\"]\n[fEn \"\xff\xffrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/"
      "RNBQKBNR b KQkq e3 0 1\"]\n\n1... e5 2. Nf3 *\n\n"
      "[Event \"y\"]\n[setup \"1\"]\n[fEn \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
      "KQkq e3 0 1\"]\n\n1... e5 2. Nf3 *\n";
  // Each game twice (keep, truncate), the one with an error not when skipped.
  EXPECT_EQ(expect_same_ndjson("tag case", pgn), 5u);
}

TEST(convert, NdjsonStreamClocksAndTags) {
  // A plain clock (kept as a number until its move closes) followed by another comment, a
  // NAG, a variation, or nothing; clocks in a variation and before the first move; an eval
  // and a clock (lichess's other comment) alone, then a NAG, then a comment; other commands
  // alone and before a variation; a non-canonical eval (a comment); text comments. Twenty
  // distinct tag names (some share a bit of the writer's 64-bit name filter) written as they
  // come, and the same with a name repeated at the end (all written again, each name once).
  std::string tags;
  for (int i = 0; i < 20; ++i)
    tags += "[Tag" + std::to_string(i * 7) + " \"v" + std::to_string(i) + "\"]\n";
  const std::string moves =
      "1. e4 {[%clk 0:01:00]} {second} e5 {[%clk 0:01:00]} $1 2. Nf3 {[%clk 0:00:59]} "
      "(2. d4 {[%clk 0:00:58]} d5 {[%clk 1:00:00]}) Nc6 {[%clk 0:00:58]} 3. Bb5 "
      "{ [%clk 0:00:57] } a6 {[%clk 10:00:00]} {[%clk 0:00:56]} 4. Ba4 {[%eval 0.17] "
      "[%clk 0:00:30]} Nf6 {[%eval #-3] [%clk 0:00:29]} $2 5. O-O {[%eval -1.5]\n[%clk 0:00:28]} "
      "{text} Be7 {[%emt 0:00:05]} 6. Re1 {[%eval 0.10] [%clk 0:00:27]} b5 {[%emt 0:00:04]} "
      "(6... d6) 7. Bb3 {[%eval #4] [%clk 0:00:26]} d6 {[%eval -0.05] [%clk 0:00:25]} *\n\n";
  const std::string pgn = tags + "\n" + moves + tags + "[Tag21 \"again\"]\n\n" + moves +
                          "[Event \"x\"]\n\n{[%clk 0:01:00]} 1. e4 {[%clk 0:01:00]} *\n\n" +
                          // Text comments (written at once while the move stays plain), then
                          // another comment, a NAG, a variation; one to fold, one to escape,
                          // one starting with '[', one before the end.
                          "[Event \"y\"]\n\n1. e4 {one} {two} e5 { text } $1 2. Nf3 {text} "
                          "(2. d4 {v1} {v2} d5 {v3}) Nc6 {  spaced   text  } 3. Bb5 {a \"quote\"} "
                          "a6 {[not a command]} 4. Ba4 {last} *\n\n" +
                          // A game rebuilt from the log (an illegal move) with an escaped tag
                          // value (kept unescaped in the log: the fuzzer found it broke the
                          // log's replay).
                          "[White \"x\\\"y\"]\n[Black \"a\\\\b\"]\n\n1. e4 {c} e5 2. Ke3 *\n\n" +
                          // and the game after it is still converted.
                          "[Event \"after\"]\n\n1. d4 {[%clk 0:01:00]} d5 1-0\n";
  // 6 games under keep and truncate, 5 under skip (which drops the game with Ke3).
  EXPECT_EQ(expect_same_ndjson("clocks and tags", pgn), 17u);
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

// One stream reading several sources in turn (the fuzz target keeps its stream from input to
// input) writes what a fresh stream writes for each. Between games the log of the last game
// refers to the reader's buffer of an earlier read: a refill before the next game must not copy
// its texts (under ASan, that was a use after free).
TEST(convert, NdjsonStreamReadsSourcesInTurn) {
  const std::string first = "[Event \"a\"]\n\n1. e4 {a comment} e5 (1... c5) 2. Nf3 *\n";
  const std::string second = "\n\n" + std::string(2000, ' ') + "\n[Event \"b\"]\n\n1. d4 d5 *\n";
  pgn::ReaderOptions small;
  small.buffer_size = 512;
  StreamedLines reused(write::OnError::Keep);
  write::NdjsonStream stream(reused);
  for (const std::string* text : {&first, &second, &first}) {
    auto source = io::Source::from_memory(std::string_view(*text));
    pgn::read_pgn(source, stream, small);
  }
  std::vector<std::string> fresh;
  for (const std::string* text : {&first, &second, &first}) {
    StreamedLines one(write::OnError::Keep);
    auto source = io::Source::from_memory(std::string_view(*text));
    write::stream_ndjson(source, one, small);
    fresh.insert(fresh.end(), one.lines.begin(), one.lines.end());
  }
  EXPECT_EQ(reused.lines, fresh);
  EXPECT_EQ(fresh.size(), 3u);
}

class UciStreamBigCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(UciStreamBigCorpus, First2000Games) {
  const std::string path = shared_path("corpus/" + GetParam() + ".pgn.zst");
  const auto sample = corpus_sample(path, 2000);
  if (!sample) GTEST_SKIP() << path << " is absent";
  EXPECT_EQ(expect_same_uci(path, *sample), 2000u);
  EXPECT_GE(expect_same_ndjson(path, *sample), 3 * 1990u);
}

// Lichess's analysed games (an eval and a clock per move), which the first 2,000 games of the
// file do not have.
TEST(convert, NdjsonStreamLichessEvals) {
  const std::string path = shared_path("corpus/lichess.pgn.zst");
  const auto sample = corpus_games_with(path, "[%eval ", 300);
  if (!sample) GTEST_SKIP() << path << " is absent";
  EXPECT_GE(expect_same_ndjson(path, *sample), 3 * 290u);
}

INSTANTIATE_TEST_SUITE_P(convert, UciStreamBigCorpus,
                         ::testing::Values("lichess", "otb", "engine"));

}  // namespace
}  // namespace pgnkit::convert_test::stream_test

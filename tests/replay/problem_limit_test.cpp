// The limit on the problems one game reports (replay::kMaxReportedProblems, issue 26 §6): the
// first 10,000 errors and the first 10,000 warnings go to the sink, the rest to unreported(),
// and one too_many_problems warning at the game's end, at the first of them, says how many;
// the GameReport counts every problem. A record (RecordBuilder) keeps only what was reported,
// still knows its move errors, and a streamed NDJSON game played again from its log (a
// GameLog keeps the issues past the limit as counts) gives the same line as the record.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "replay/replayer.h"
#include "write/annotate.h"
#include "write/ndjson_stream.h"
#include "write/ndjson_writer.h"

namespace pgnkit::replay {
namespace {

struct Counting : ReplaySink {
  std::vector<Problem> problems;
  std::uint64_t unreported_errors = 0, unreported_warnings = 0;
  std::vector<GameReport> reports;
  void problem(const Problem& p) override { problems.push_back(p); }
  void unreported(const Problem& p) override {
    ++(p.severity == Severity::Error ? unreported_errors : unreported_warnings);
  }
  void game_end(const GameReport& r) override {
    reports.push_back(r);
    reports.back().tags = nullptr;
    reports.back().final_position = nullptr;
  }
  std::size_t count(std::string_view code) const {
    std::size_t n = 0;
    for (const Problem& p : problems) n += p.code_name() == code;
    return n;
  }
};

template <class Visitor>
void read(const std::string& text, Visitor& v) {
  io::Source source = io::Source::from_memory(std::string_view(text));
  pgn::read_pgn(source, v, {});
}

// "1. e4" and `n` ')': n unmatched_paren errors, 7 missing_tag and 1 missing_result warnings.
std::string parens(std::size_t n, const std::string& after = "") {
  return "1. e4 " + std::string(n, ')') + after + "\n";
}

TEST(ProblemLimit, TheFirstTenThousandErrorsAndACount) {
  static_assert(kMaxReportedProblems == 10'000);
  Counting sink;
  Replayer replayer(sink);
  read(parens(300'000), replayer);
  ASSERT_EQ(sink.reports.size(), 1u);
  EXPECT_EQ(sink.reports[0].errors, 300'000u);  // every problem counts: the exit status
  EXPECT_EQ(sink.reports[0].warnings, 8u);
  EXPECT_EQ(sink.count("unmatched_paren"), 10'000u);
  EXPECT_EQ(sink.count("missing_tag"), 7u);
  EXPECT_EQ(sink.count("missing_result"), 1u);
  EXPECT_EQ(sink.unreported_errors, 290'000u);
  EXPECT_EQ(sink.unreported_warnings, 0u);
  ASSERT_EQ(sink.count("too_many_problems"), 1u);
  const Problem& last = sink.problems.back();  // just before game_end
  EXPECT_EQ(last.code, ProblemCode::TooManyProblems);
  EXPECT_EQ(last.severity, Severity::Warning);
  EXPECT_EQ(last.game, 1u);
  EXPECT_EQ(last.where.line, 1u);
  EXPECT_EQ(last.where.column, 10'007u);  // the 10,001st ')'
  EXPECT_EQ(last.where.offset, 10'006u);
  EXPECT_EQ(last.message,
            "290000 more problems in this game were not reported (290000 errors, 0 warnings; at "
            "most 10000 of each are reported per game)");
  EXPECT_EQ(sink.problems.size(), 10'000u + 8u + 1u);
}

TEST(ProblemLimit, NoWarningAtTheLimit) {
  Counting sink;
  Replayer replayer(sink);
  read(parens(10'000), replayer);
  EXPECT_EQ(sink.count("unmatched_paren"), 10'000u);
  EXPECT_EQ(sink.count("too_many_problems"), 0u);
  EXPECT_EQ(sink.unreported_errors, 0u);
}

TEST(ProblemLimit, EachGameHasItsOwnAndSeveritiesTheirOwn) {
  // 10,003 result_in_variation warnings, then an illegal move: the error is still reported.
  std::string warnings;
  for (int i = 0; i < 10'003; ++i) warnings += "(*)";
  const std::string text = parens(2, " *") + "1. e4 " + warnings + " 1... Ke6 *\n" + parens(10'001);
  Counting sink;
  Replayer replayer(sink);
  read(text, replayer);
  ASSERT_EQ(sink.reports.size(), 3u);
  EXPECT_EQ(sink.reports[1].warnings, 10'003u + 7u);
  EXPECT_EQ(sink.reports[1].errors, 1u);
  EXPECT_EQ(sink.reports[1].move_errors, 1u);
  EXPECT_EQ(sink.count("no_piece_can_move"), 1u);
  EXPECT_EQ(sink.unreported_warnings, 10u);
  EXPECT_EQ(sink.reports[2].errors, 10'001u);
  EXPECT_EQ(sink.unreported_errors, 1u);
  std::vector<std::string> notes;
  for (const Problem& p : sink.problems)
    if (p.code == ProblemCode::TooManyProblems)
      notes.push_back("game " + std::to_string(p.game) + ": " + p.message);
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "game 2: 10 more problems in this game were not reported (0 errors, 10 "
                       "warnings; at most 10000 of each are reported per game)",
                       "game 3: 1 more problem in this game was not reported (1 error, 0 "
                       "warnings; at most 10000 of each are reported per game)"}));
}

struct Records : RecordSink {
  std::vector<GameRecord> games;
  std::uint64_t unreported_count = 0;
  void unreported(const Problem&) override { ++unreported_count; }
  void game(const GameRecord& r) override { games.push_back(r); }
};

TEST(ProblemLimit, RecordKeepsWhatWasReportedAndItsMoveErrors) {
  // The illegal move comes after 300,000 errors: not reported, still a move error.
  const std::string text = parens(300'000, " 1... Ke6 *");
  Records sink;
  RecordBuilder builder(sink);
  read(text, builder);
  ASSERT_EQ(sink.games.size(), 1u);
  const GameRecord& g = sink.games[0];
  EXPECT_EQ(g.errors, 300'001u);
  EXPECT_EQ(g.move_errors, 1u);
  EXPECT_EQ(g.problems.size(), 10'000u + 7u + 1u);  // no missing_result: the game has '*'
  EXPECT_EQ(g.problems.back().code, ProblemCode::TooManyProblems);
  EXPECT_EQ(sink.unreported_count, 290'001u);
  EXPECT_TRUE(write::has_move_errors(g));
  // The node of the move not played still says why (for --on-error keep).
  ASSERT_EQ(g.main.moves.size(), 2u);
  EXPECT_EQ(g.main.moves[1].problem_code, "no_piece_can_move");
}

struct Lines : write::NdjsonGameSink {
  std::vector<std::string> lines;
  void line(std::uint64_t, std::string_view line) override { lines.emplace_back(line); }
  void record(const GameRecord& r) override { write::write_ndjson(r, {}, lines.emplace_back()); }
};

TEST(ProblemLimit, StreamedNdjsonFromTheLogIsTheRecordsLine) {
  // The stream falls back to its log (an illegal move) whose issues past the limit are counts.
  for (const std::string& text :
       {parens(300'000, " 1... Ke6 *"), parens(10'000, "[x]") + std::string(20'000, ')') + "e5 *",
        parens(25'000) + "(" + std::string(1000, '(') + "1-0" + std::string(1000, ')') + " Ke6"}) {
    Lines streamed;
    for (const std::size_t buffer : {std::size_t{512}, std::size_t{1} << 20}) {
      streamed.lines.clear();
      io::Source source = io::Source::from_memory(std::string_view(text));
      pgn::ReaderOptions options;
      options.buffer_size = buffer;
      write::stream_ndjson(source, streamed, options);
      Records records;
      RecordBuilder builder(records);
      io::Source again = io::Source::from_memory(std::string_view(text));
      pgn::read_pgn(again, builder, options);
      ASSERT_EQ(streamed.lines.size(), records.games.size());
      for (std::size_t i = 0; i < records.games.size(); ++i) {
        std::string line;
        write::write_ndjson(records.games[i], {}, line);
        EXPECT_EQ(streamed.lines[i], line) << "buffer " << buffer;
        EXPECT_NE(line.find("\"too_many_problems\""), std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace pgnkit::replay

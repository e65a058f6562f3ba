// The PGN writer's round trip over every fixture (tests/data/**.pgn, data/*.pgn), in process:
// each file's games (RecordBuilder), written as `convert --to pgn` writes them (--on-error keep,
// write::write_pgn), read back, are the same games: tests/fuzz/roundtrip_check.h defines "the
// same" (tags, moves of every line as UCI, NAGs, comments with white space folded, no new
// error); the libFuzzer target fuzz_roundtrip checks the same property on mutated input.
// Then the cases the property found wrong in the writer, each with its exact bytes.
#include <gtest/gtest.h>

#include <filesystem>

#include "convert_util.h"
#include "fuzz/roundtrip_check.h"

namespace pgnkit::convert_test::roundtrip_pgn_test {  // its own: the sanitizer tree joins the files
namespace {

namespace fs = std::filesystem;

TEST(RoundTripPgn, EveryFixtureReadsBackAsTheSameGames) {
  std::vector<std::string> files;
  for (const std::string& f : pgn_files(data_path("")))
    if (f.ends_with(".pgn")) files.push_back(f);
  for (const auto& entry : fs::directory_iterator(std::string(PGNKIT_SOURCE_DIR) + "/data"))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  std::size_t games = 0;
  for (const std::string& file : files) {
    const std::string bytes = read_file(file);
    std::string written;
    const std::string diff = roundtrip::check(bytes, &written);
    EXPECT_EQ(diff, "") << file << "\n--- written\n" << written.substr(0, 4000);
    games += roundtrip::read(bytes).size();
  }
  EXPECT_GE(files.size(), 29u);
  EXPECT_GE(games, 490u);
}

// The property itself notices what it is for: a writer that wrote {a}b} would fail it.
// The games of ../shared/corpus/tricky (other projects' edge cases), where present.
TEST(RoundTripPgn, TrickyCorpus) {
  const std::vector<std::string> files = pgn_files(shared_path("corpus/tricky"));
  if (files.empty()) GTEST_SKIP() << "no " << shared_path("corpus/tricky");
  for (const std::string& file : files) {
    if (!file.ends_with(".pgn")) continue;
    std::string written;
    EXPECT_EQ(roundtrip::check(read_file(file), &written), "") << file << "\n--- written\n"
                                                               << written.substr(0, 4000);
  }
}

TEST(RoundTripPgn, TheCheckFindsALostComment) {
  std::vector<replay::GameRecord> games = roundtrip::read("1. e4 ;a}b\n");
  ASSERT_EQ(games.size(), 1u);
  const std::vector<replay::GameRecord> naive = roundtrip::read("1. e4 {a}b} *\n");
  EXPECT_NE(roundtrip::Comparer().games(games, naive), "");
  EXPECT_EQ(roundtrip::check("1. e4 ;a}b\n"), "");
  EXPECT_EQ(roundtrip::check("1. e4 {" + std::string(70, 'a') + " [Event \"y\"] b} e5 *\n"), "");
}

// What the property allows, each from a fuzz find: a game cut short ('1-p' cuts it) is written
// as far as it was read, with its Result tag; read back, its result is judged by the last
// position, so result_contradicted may be new.
TEST(RoundTripPgn, ACutGamesResultIsJudgedOnceWritten) {
  const std::string cut = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-p\n";
  std::string written;
  EXPECT_EQ(roundtrip::check(cut, &written), "");
  EXPECT_NE(written.find("2. g4 Qh4# {pgnkit: unexpected_token: the rest of the game could not be"),
            std::string::npos)
      << written;
  const std::vector<replay::GameRecord> back = roundtrip::read(written);
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].problems.size(), 1u);
  EXPECT_EQ(back[0].problems[0].code_name(), "result_contradicted");
}

}  // namespace
}  // namespace pgnkit::convert_test::roundtrip_pgn_test

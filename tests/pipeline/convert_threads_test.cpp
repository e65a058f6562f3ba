// convert --to fen|epd and convert --from ndjson on N threads: the one-thread output byte
// for byte. EPD ids count the games of every input (Scope::Run holes filled by the merger);
// NDJSON input is split at line feeds (pipeline::LineSplitter), so its chunks are never
// repaired: the test asserts that through PGNKIT_PIPELINE_STATS, and that it was split.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "io/zstd_frames.h"
#include "pipeline/cli_compare.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace pipeline_cli;

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t end = text.find('\n', from);
    out.push_back(text.substr(from, end - from));
    from = end == std::string::npos ? text.size() : end + 1;
  }
  return out;
}

// An EPD line with the game number of its `id "<game>.<ply>"` raised by `by`.
std::string shift_id(const std::string& line, std::uint64_t by) {
  const std::size_t at = line.find("id \"");
  if (at == std::string::npos) return line;
  const std::size_t digits = at + 4, dot = line.find('.', digits);
  const std::uint64_t game = std::stoull(line.substr(digits, dot - digits));
  return line.substr(0, digits) + std::to_string(game + by) + line.substr(dot);
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

class ConvertThreads : public pipeline_cli::CliThreadsTest {};

TEST_F(ConvertThreads, FenAndEpdOnEveryFixture) {
  const std::vector<std::string> files = pgn_fixtures();
  ASSERT_GE(files.size(), 10u);
  std::uint64_t speculative = 0;
  for (const std::string& f : files) {
    for (const std::vector<std::string>& cmd :
         {std::vector<std::string>{"convert", "--to", "epd"},
          std::vector<std::string>{"convert", "--to", "fen", "--include-start"}}) {
      std::vector<std::string> args = cmd;
      args.push_back(f);
      speculative += expect_same(dir, args, 700, {2, 8}).speculative;
    }
  }
  EXPECT_GT(speculative, 100u);
}

// EPD ids go on across inputs: every input's games after those of the inputs before it,
// a missing file and a truncated .zst in the middle included.
TEST_F(ConvertThreads, EpdIdsCountGamesAcrossInputs) {
  const std::string famous = PGNKIT_SOURCE_DIR "/data/famous.pgn";
  const std::string broken = PGNKIT_SOURCE_DIR "/data/broken.pgn";
  const std::string truncated = PGNKIT_SOURCE_DIR "/tests/data/check/truncated.pgn.zst";
  const std::vector<std::string> args = {"convert",     "--to",    "epd",  famous, broken,
                                         "missing.pgn", truncated, famous, broken};
  expect_same(dir, args, 400, {2, 3, 8});
  // The lines of the last famous.pgn are those famous.pgn gives alone, with each id's game
  // number shifted by the games of the two inputs before it (counted by check).
  const CliRun counts = run(dir, {"check", "-q", famous, broken}, 1, 400);
  const std::uint64_t games = std::stoull(counts.err.substr(0, counts.err.find(' ')));
  ASSERT_GT(games, 40u);
  const std::vector<std::string> all =
      lines(run(dir, {"convert", "--to", "epd", famous, broken, famous}, 8, 400).child.out);
  const std::vector<std::string> alone =
      lines(run(dir, {"convert", "--to", "epd", famous}, 1, 400).child.out);
  ASSERT_GT(alone.size(), 100u);
  ASSERT_GT(all.size(), 2 * alone.size());
  for (std::size_t i = 0; i < alone.size(); ++i)
    EXPECT_EQ(all[all.size() - alone.size() + i], shift_id(alone[i], games)) << i;
}

// NDJSON written by convert --to ndjson from the fixtures, then the same with CRLF line ends
// and a byte order mark, with bad lines and blank lines in the middle, and as .zst; and the
// fixtures' own NDJSON (pgnkit's, lichess's, broken lines): each alone and all at once.
TEST_F(ConvertThreads, FromNdjsonGivesTheOneThreadOutput) {
  std::string ndjson;
  for (const char* f : {"/data/sample.pgn", "/data/broken.pgn", "/data/famous.pgn"})
    ndjson += run(dir, {"convert", "--to", "ndjson", PGNKIT_SOURCE_DIR + std::string(f)}, 1, 400)
                  .child.out;
  ASSERT_GT(ndjson.size(), 100000u);
  std::string bad;  // bad lines and blank ones between every 40 games
  const std::vector<std::string> games = lines(ndjson);
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (games[i].empty()) continue;
    bad += games[i] + "\n";
    if (i % 40 == 20) bad += "{not json\n\n{\"moves\": 5}\n   \n[1, 2]\n";
  }
  const std::string convert = PGNKIT_SOURCE_DIR "/tests/data/convert/";
  const std::vector<std::string> files = {
      dir.file("games.ndjson", ndjson),
      dir.file("crlf.ndjson", "\xEF\xBB\xBF" + replace_all(bad, "\n", "\r\n")),
      dir.file("bad.ndjson", bad),
      dir.file("bad.ndjson.zst", io::test::compress(bad, 1)),
      convert + "games.ndjson",
      convert + "lichess.ndjson",
      convert + "broken.ndjson",
  };
  PipelineStats sum;
  const auto add = [&](const PipelineStats& s) {
    sum.speculative += s.speculative;
    sum.continuations += s.continuations;
    sum.sequential += s.sequential;
  };
  for (const std::string& f : files) {
    for (const char* to : {"pgn", "epd"}) {
      SCOPED_TRACE(f + " --to " + to);
      add(expect_same(dir, {"convert", "--from", "ndjson", "--to", to, f}, 300, {2, 8}));
    }
  }
  for (const char* to : {"ndjson", "uci", "fen", "epd"}) {
    std::vector<std::string> args = {"convert", "--from", "ndjson", "--to", to};
    args.insert(args.end(), files.begin(), files.end());
    args.insert(args.begin() + 7, "missing.ndjson");
    SCOPED_TRACE(std::string("all --to ") + to);
    add(expect_same(dir, args, 300, {2, 3, 8}));
  }
  EXPECT_GT(sum.speculative, 1000u);  // split, in many chunks
  EXPECT_EQ(sum.continuations, 0u);   // and never repaired: a chunk ends at a line feed
  EXPECT_EQ(sum.sequential, 0u);
  // The diagnostics of a bad line keep their line, column and game number.
  const CliRun r = run(dir, {"convert", "--from", "ndjson", "--to", "uci", files[1]}, 8, 300);
  EXPECT_EQ(r.child.status, 1);
  EXPECT_NE(r.err.find("crlf.ndjson:"), std::string::npos) << r.err.substr(0, 400);
  EXPECT_NE(r.err.find("error[invalid_json]"), std::string::npos);
  EXPECT_NE(r.err.find("error[not_a_game]"), std::string::npos);
}

// The shared corpus's tricky files through FEN and EPD.
TEST_F(ConvertThreads, TrickyCorpusToFenAndEpd) {
  if (!fs::exists(tricky_root())) GTEST_SKIP() << tricky_root() << " is absent";
  const std::vector<std::string> files = tricky_files();
  ASSERT_FALSE(files.empty());
  for (const char* to : {"fen", "epd"}) {
    std::vector<std::string> args = {"convert", "--to", to};
    args.insert(args.end(), files.begin(), files.end());
    expect_same(dir, args, 256, {2, 8});
  }
}

}  // namespace
}  // namespace pgnkit

// An output that is also an input (under any name) would be truncated before it is read: every
// command that writes a file refuses it, exit 2, and the input is left as it was. An output
// inside an input directory would be read while it is written: refused too.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using testing::ChildRun;
using testing::TempDir;

const std::vector<std::vector<std::string>> kWriters = {
    {"convert", "--to", "pgn"},    {"convert", "--to", "ndjson"},
    {"annotate", "--fix-results"}, {"dedup"},
    {"select", "--result", "1-0"}, {"stats", "--format", "json"},
};

TEST(OutputIsInput, EveryWriterRefusesToTruncateItsInput) {
  const TempDir dir;
  const std::string sample = testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn");
  const std::string games = dir.file("games.pgn", sample);
  fs::create_directory(dir / "sub");
  // The same file under three names: as given, through "..", and a hard link.
  fs::create_hard_link(games, dir / "sub" / "linked.pgn");
  const std::vector<std::string> same = {games, (dir / "sub" / ".." / "games.pgn").string(),
                                         (dir / "sub" / "linked.pgn").string()};
  for (const std::vector<std::string>& writer : kWriters) {
    for (const std::string& output : same) {
      std::vector<std::string> args = writer;
      args.insert(args.end(), {games, "-o", output});
      const ChildRun r = testing::run_pgnkit(dir, args);
      EXPECT_EQ(r.status, 2) << writer[0] << " -o " << output << "\n" << r.err;
      EXPECT_NE(r.err.find(games + " is both an input and the output"), std::string::npos)
          << writer[0] << " -o " << output << "\n"
          << r.err;
      EXPECT_EQ(r.out, "") << writer[0];
      ASSERT_EQ(testing::read_file(games), sample) << writer[0] << " -o " << output;
    }
  }
  // Another file beside it is fine.
  const ChildRun ok =
      testing::run_pgnkit(dir, {"convert", "--to", "pgn", games, "-o", (dir / "out.pgn").string()});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_GT(fs::file_size(dir / "out.pgn"), 100000u);
}

TEST(OutputIsInput, AnOutputInsideAnInputDirectoryIsRefused) {
  const TempDir dir;
  fs::create_directory(dir / "games");
  const std::string sample = testing::read_file(PGNKIT_SOURCE_DIR "/data/sample.pgn");
  dir.file("games/a.pgn", sample);
  const std::string inside = (dir / "games" / "all.pgn").string();
  for (const std::vector<std::string>& writer : kWriters) {
    std::vector<std::string> args = writer;
    args.insert(args.end(), {(dir / "games").string(), "-o", inside});
    const ChildRun r = testing::run_pgnkit(dir, args);
    EXPECT_EQ(r.status, 2) << writer[0] << "\n" << r.err;
    EXPECT_NE(r.err.find(inside + " is inside the input directory " + (dir / "games").string()),
              std::string::npos)
        << writer[0] << "\n"
        << r.err;
    EXPECT_FALSE(fs::exists(inside)) << writer[0];
  }
  // A file the listing would not take (stats' report) is fine inside it, and so is one beside
  // the directory.
  const std::string report = (dir / "games" / "report.html").string();
  const ChildRun html = testing::run_pgnkit(
      dir, {"stats", "--format", "html", "--no-charts", (dir / "games").string(), "-o", report});
  EXPECT_EQ(html.status, 0) << html.err;
  EXPECT_GT(fs::file_size(report), 1000u);
  const ChildRun ok = testing::run_pgnkit(
      dir,
      {"select", "--result", "1-0", (dir / "games").string(), "-o", (dir / "wins.pgn").string()});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_GT(fs::file_size(dir / "wins.pgn"), 1000u);
}

}  // namespace
}  // namespace pgnkit

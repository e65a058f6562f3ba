// The pgnkit binary end to end: a .zst output, and PGN -> NDJSON -> PGN through files.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "convert_util.h"
#include "support/files.h"

namespace pgnkit::convert_test::cli_test {  // its own: the sanitizer tree joins the files
namespace {

namespace fs = std::filesystem;

using pgnkit::testing::TempDir;
const auto& raw_file = pgnkit::testing::read_file;

// Runs pgnkit with `args`; returns the exit status.
int run(const std::string& args) {
  const std::string cmd = std::string("'") + PGNKIT_BINARY + "' " + args + " 2>/dev/null";
  const int raw = std::system(cmd.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

TEST(convert, CliZstdOutputAndNdjsonRoundTripThroughFiles) {
  const TempDir tmp;
  ASSERT_FALSE(!tmp.ok());
  const fs::path dir_ = tmp.path();
  const std::string in = data_path("convert/features.pgn");
  const fs::path direct = dir_ / "direct.pgn", ndjson = dir_ / "games.ndjson.zst",
                 plain = dir_ / "games.ndjson", via = dir_ / "via.pgn";
  EXPECT_EQ(run("convert --to pgn '" + in + "' -o '" + direct.string() + "'"), 1);
  EXPECT_EQ(run("convert --to ndjson '" + in + "' -o '" + ndjson.string() + "'"), 1);
  EXPECT_EQ(run("convert --to ndjson '" + in + "' -o '" + plain.string() + "'"), 1);
  const std::string compressed = raw_file(ndjson);
  ASSERT_GE(compressed.size(), 4u);
  EXPECT_EQ(compressed.substr(0, 4), std::string("\x28\xB5\x2F\xFD", 4));  // a zstd frame
  EXPECT_EQ(read_file(ndjson.string()), raw_file(plain));
  EXPECT_EQ(
      run("convert --from ndjson --to pgn '" + ndjson.string() + "' -o '" + via.string() + "'"),
      1);  // the illegal move is still there
  EXPECT_EQ(raw_file(direct), raw_file(via));
  EXPECT_FALSE(raw_file(via).empty());
}

TEST(convert, CliUsageErrors) {
  const TempDir tmp;
  const std::string in = " '" + data_path("convert/latin1.pgn") + "'";  // a clean game
  EXPECT_EQ(run("convert --to uci" + in), 0);
  EXPECT_EQ(run("convert --to xml" + in), 2);
  EXPECT_EQ(run("convert" + in), 2);  // --to is required
  EXPECT_EQ(run("convert --to uci --from json" + in), 2);
  EXPECT_EQ(run("convert --to pgn --include-start" + in), 2);
  EXPECT_EQ(run("convert --to csv --line-length 60" + in), 2);
  EXPECT_EQ(run("convert --to ndjson --tags seven" + in), 2);
  EXPECT_EQ(run("convert --to uci '" + (tmp / "missing.pgn").string() + "'"), 2);
  EXPECT_EQ(run("convert --to uci" + in + " -o '" + (tmp / "no/such/dir.txt").string() + "'"), 2);
}

}  // namespace
}  // namespace pgnkit::convert_test::cli_test

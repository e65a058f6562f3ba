// select --to FORMAT against pgnkit convert, two paths to the same bytes: with no filter,
// `select --to F` equals `convert --to F` (convert streams NDJSON and UCI, select goes through
// records); with a filter, it equals `select FILTER | convert --to F` on a clean file.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/files.h"

namespace pgnkit {
namespace {

std::string output_of(const std::string& args, const testing::TempDir& dir) {
  const std::string out = dir.path() + "/out";
  const std::string command =
      std::string("'") + PGNKIT_BINARY + "' " + args + " > '" + out + "' 2>/dev/null";
  const int rc = std::system(command.c_str());
  EXPECT_TRUE(WIFEXITED(rc) && WEXITSTATUS(rc) <= 1) << args;
  return testing::read_file(out);
}

TEST(SelectTo, EqualsConvertForEveryFormat) {
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string src = PGNKIT_SOURCE_DIR;
  for (const char* format : {"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}) {
    for (const std::string& file : {src + "/data/sample.pgn", src + "/data/broken.pgn",
                                    src + "/tests/data/select/filters.pgn"}) {
      const std::string selected =
          output_of("select --to " + std::string(format) + " " + file, dir);
      EXPECT_FALSE(selected.empty());
      EXPECT_EQ(selected, output_of("convert --to " + std::string(format) + " " + file, dir))
          << format << " " << file;
    }
  }
}

TEST(SelectTo, EqualsSelectThenConvert) {
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string sample = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
  const std::string picked = dir.path() + "/picked.pgn";
  ASSERT_EQ(std::system((std::string("'") + PGNKIT_BINARY + "' select --ends checkmate " + sample +
                         " -o " + picked)
                            .c_str()),
            0);
  for (const char* format : {"pgn", "ndjson", "uci", "csv"}) {
    const std::string direct =
        output_of("select --ends checkmate --to " + std::string(format) + " " + sample, dir);
    EXPECT_FALSE(direct.empty());
    EXPECT_EQ(direct, output_of("convert --to " + std::string(format) + " " + picked, dir))
        << format;
  }
}

}  // namespace
}  // namespace pgnkit

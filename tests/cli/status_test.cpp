// status properties that golden files cannot show cheaply: game numbers too wide for the text
// table's column, and player names that need quoting or conversion in every format.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/files.h"

namespace {

using pgnkit::testing::read_file;
using pgnkit::testing::TempDir;

// Runs pgnkit with `args`, stdout to `out`; returns the exit status.
int run(const std::string& args, const std::string& out) {
  const std::string cmd =
      std::string("'") + PGNKIT_BINARY + "' " + args + " >'" + out + "' 2>/dev/null";
  const int raw = std::system(cmd.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
}

// The line of `text` that starts with `prefix`, or "" when there is none.
std::string line_starting(const std::string& text, const std::string& prefix) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    if (line.rfind(prefix, 0) == 0) return line;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return "";
}

TEST(Status, TextTableNeverCutsGameNumbers) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  std::string games;
  for (int i = 0; i < 100'001; ++i) games += "1. e4 *\n\n";
  const std::string in = dir.file("many.pgn", games);
  const std::string out = (dir / "out.txt").string();
  ASSERT_EQ(run("status '" + in + "'", out), 0);
  const std::string text = read_file(out);
  // Six characters of column: five digits and a space; six digits and one space push the row.
  EXPECT_EQ(line_starting(text, "99999 "),
            "99999                                         -       1     ongoing                "
            "-       yes current");
  EXPECT_EQ(line_starting(text, "100001"),
            "100001                                         -       1     ongoing                "
            "-       yes current");
}

TEST(Status, NamesThatNeedQuotingOrConversion) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  // White has a comma and escaped quotes; Black is Latin-1 ("M\xfcller").
  const std::string in = dir.file("names.pgn",
                                  "[Event \"e\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n"
                                  "[Round \"1\"]\n[White \"Smith, \\\"J\\\"\"]\n"
                                  "[Black \"M\xfcller\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
  const std::string out = (dir / "out").string();
  const std::string fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

  ASSERT_EQ(run("status --format ndjson '" + in + "'", out), 0);
  EXPECT_EQ(read_file(out), "{\"file\":\"" + in +
                                "\",\"game\":1,\"white\":\"Smith, \\\"J\\\"\",\"black\":"
                                "\"M\xc3\xbcller\",\"result_tag\":\"1-0\",\"plies\":2,"
                                "\"status\":\"ongoing\",\"result\":null,\"auto_draw_ply\":null,"
                                "\"threefold_ply\":null,\"fifty_ply\":null,\"final_fen\":\"" +
                                fen +
                                "\",\"consistent\":true,\"problems\":[],\"laws\":\"current\"}\n");

  ASSERT_EQ(run("status --format csv '" + in + "'", out), 0);
  EXPECT_EQ(
      line_starting(read_file(out), in),
      in + ",1,\"Smith, \"\"J\"\"\",M\xc3\xbcller,1-0,2,ongoing,,,,," + fen + ",true,,current");

  ASSERT_EQ(run("status '" + in + "'", out), 0);
  // Widths count characters, not bytes: "Müller" is 6 characters and 7 bytes.
  EXPECT_EQ(line_starting(read_file(out), "1 "),
            "1     Smith, \"J\"          M\xc3\xbcller              1-0     2     ongoing       "
            "         -       yes current");
}

}  // namespace

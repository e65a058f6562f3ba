// Golden CLI tests: each folder in tests/cli/cases holds `args` (the command line after
// "pgnkit", run by bash from tests/data), and the expected `stdout`, `stderr` and `status`;
// an optional `stdin` file is fed to the command. Timings in the summary line are replaced by
// "<T>" before comparing. PGNKIT_UPDATE_GOLDEN=1 rewrites the expected files.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "support/files.h"
#include "support/timings.h"

namespace fs = std::filesystem;

namespace {

using pgnkit::testing::read_file;
using pgnkit::testing::write_file;

using pgnkit::testing::mask_timings;

// `command` inside a double-quoted bash -c argument.
std::string double_quoted(const std::string& command) {
  std::string s = "\"";
  for (const char c : command) {
    if (c == '"') s += '\\';
    s += c;
  }
  return s + '"';
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, MatchesExpectedOutput) {
  const fs::path dir = fs::path(PGNKIT_SOURCE_DIR) / "tests/cli/cases" / GetParam();
  const fs::path data = fs::path(PGNKIT_SOURCE_DIR) / "tests/data";
  const fs::path tmp =
      fs::temp_directory_path() / ("pgnkit_golden_" + GetParam() + "_" + std::to_string(getpid()));
  fs::create_directories(tmp);
  std::string args = read_file(dir / "args");
  while (!args.empty() && (args.back() == '\n' || args.back() == '\r')) args.pop_back();
  const std::string in = fs::exists(dir / "stdin") ? (dir / "stdin").string() : "/dev/null";
  const std::string command = "cd '" + data.string() + "' && NO_COLOR=1 '" + PGNKIT_BINARY + "' " +
                              args + " < '" + in + "' > '" + (tmp / "out").string() + "' 2> '" +
                              (tmp / "err").string() + "'";
  const int raw = std::system(("bash -c " + double_quoted(command)).c_str());
  ASSERT_NE(raw, -1);
  const int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
  const std::string out = mask_timings(read_file(tmp / "out"));
  const std::string err = mask_timings(read_file(tmp / "err"));
  if (std::getenv("PGNKIT_UPDATE_GOLDEN")) {
    write_file(dir / "stdout", out);
    write_file(dir / "stderr", err);
    write_file(dir / "status", std::to_string(status) + "\n");
    return;
  }
  EXPECT_EQ(out, read_file(dir / "stdout")) << "stdout of: pgnkit " << args;
  EXPECT_EQ(err, read_file(dir / "stderr")) << "stderr of: pgnkit " << args;
  EXPECT_EQ(std::to_string(status) + "\n", read_file(dir / "status"))
      << "status of: pgnkit " << args;
}

std::vector<std::string> cases() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(PGNKIT_SOURCE_DIR) / "tests/cli/cases"))
    if (e.is_directory()) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Cli, Golden, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace

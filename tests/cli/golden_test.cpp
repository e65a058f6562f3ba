// Golden CLI tests: each folder in tests/cli/cases holds `args` (the command line after
// "pgnkit", run by bash from tests/data), and the expected `stdout`, `stderr` and `status`;
// an optional `stdin` file is fed to the command. Timings in the summary line are replaced by
// "<T>" before comparing. PGNKIT_UPDATE_GOLDEN=1 rewrites the expected files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/golden.h"
#include "support/timings.h"

namespace fs = std::filesystem;

namespace {

using pgnkit::testing::ChildIo;
using pgnkit::testing::ChildRun;
using pgnkit::testing::expect_golden;
using pgnkit::testing::mask_timings;
using pgnkit::testing::read_file;
using pgnkit::testing::run_pgnkit_line;

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, MatchesExpectedOutput) {
  const fs::path dir = fs::path(PGNKIT_SOURCE_DIR) / "tests/cli/cases" / GetParam();
  const fs::path data = fs::path(PGNKIT_SOURCE_DIR) / "tests/data";
  std::string args = read_file(dir / "args");
  while (!args.empty() && (args.back() == '\n' || args.back() == '\r')) args.pop_back();
  ChildIo io;
  if (fs::exists(dir / "stdin")) io.in = (dir / "stdin").string();
  const ChildRun r = run_pgnkit_line(args, data.string(), "", io);
  ASSERT_EQ(r.signal, 0) << "bash -c: pgnkit " << args;  // bash reports pgnkit's signal as 128+N
  expect_golden(dir / "stdout", mask_timings(r.out), "stdout of: pgnkit " + args);
  expect_golden(dir / "stderr", mask_timings(r.err), "stderr of: pgnkit " + args);
  expect_golden(dir / "status", std::to_string(r.status) + "\n", "status of: pgnkit " + args);
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

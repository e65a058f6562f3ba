// pgnkit --version: the project's version, the commit git reports for the source tree, and
// the build flavour CMake was configured with.
#include <gtest/gtest.h>

#include <string>

#include "install/shell.h"

namespace pgnkit::testing {
namespace {

TEST(Version, VersionCommitAndFlavour) {
  const ShellResult r = run_shell(sh_quote(PGNKIT_BINARY) + " --version");
  ASSERT_EQ(r.status, 0);
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], "pgnkit " PGNKIT_PROJECT_VERSION);
  const ShellResult git =
      run_shell("git -C " + sh_quote(PGNKIT_SOURCE_DIR) + " rev-parse --short=12 HEAD 2>/dev/null");
  if (git.status == 0) {
    // A binary older than the last commit fails here: rebuild (the build regenerates it).
    const std::string commit = git.out.substr(0, git.out.find('\n'));
    ASSERT_EQ(commit.size(), 12u);
    EXPECT_TRUE(lines[1] == "commit " + commit || lines[1] == "commit " + commit + "-dirty")
        << lines[1] << " vs git's " << commit;
  } else {
    EXPECT_EQ(lines[1], "commit unknown (not built from git)");
  }
  EXPECT_EQ(lines[2], "build " PGNKIT_EXPECT_BUILD);
}

}  // namespace
}  // namespace pgnkit::testing

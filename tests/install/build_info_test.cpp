// cmake/build_info.cmake, the script the build runs before every link of pgnkit, on a
// scratch git repository: the commit it writes follows new commits and uncommitted changes
// without any reconfigure, and outside git it writes none.
#include <gtest/gtest.h>

#include <string>

#include "install/shell.h"
#include "support/files.h"

namespace pgnkit::testing {
namespace {

class BuildInfo : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!have_tool("git")) GTEST_SKIP() << "git is not installed";
    ASSERT_TRUE(dir_.ok());
    write_file(dir_ / "in.cpp", "commit=@PGNKIT_GIT_COMMIT@ flavour=@PGNKIT_FLAVOUR@\n");
  }
  // Runs the script on `source` and returns what it wrote.
  std::string generate(const std::string& source) {
    const std::string out = (dir_ / "out.cpp").string();
    const ShellResult r =
        run_shell(sh_quote(PGNKIT_CMAKE) + " -DSOURCE_DIR=" + sh_quote(source) +
                  " -DINPUT=" + sh_quote((dir_ / "in.cpp").string()) +
                  " -DOUTPUT=" + sh_quote(out) + " -DPGNKIT_FLAVOUR=portable -P " +
                  sh_quote(std::string(PGNKIT_SOURCE_DIR) + "/cmake/build_info.cmake") + " 2>&1");
    EXPECT_EQ(r.status, 0) << r.out;
    return read_file(out);
  }
  std::string git(const std::string& args) {
    const ShellResult r =
        run_shell("git -C " + sh_quote((dir_ / "repo").string()) +
                  " -c user.name=t -c user.email=t@t.invalid " + args + " 2>/dev/null");
    return r.out.substr(0, r.out.find('\n'));
  }
  TempDir dir_;
};

TEST_F(BuildInfo, FollowsCommitsAndChanges) {
  const std::string repo = (dir_ / "repo").string();
  EXPECT_EQ(generate(dir_.path()), "commit= flavour=portable\n");  // not a git tree
  ASSERT_EQ(run_shell("git init -q " + sh_quote(repo)).status, 0);
  write_file(dir_ / "repo/a.txt", "1\n");
  git("add a.txt");
  git("commit -q -m one");
  const std::string first = git("rev-parse --short=12 HEAD");
  ASSERT_EQ(first.size(), 12u);
  EXPECT_EQ(generate(repo), "commit=" + first + " flavour=portable\n");
  write_file(dir_ / "repo/a.txt", "2\n");
  EXPECT_EQ(generate(repo), "commit=" + first + "-dirty flavour=portable\n");
  git("commit -q -am two");
  const std::string second = git("rev-parse --short=12 HEAD");
  ASSERT_NE(second, first);
  EXPECT_EQ(generate(repo), "commit=" + second + " flavour=portable\n");
  write_file(dir_ / "repo/untracked.txt", "x\n");  // untracked files do not make it dirty
  EXPECT_EQ(generate(repo), "commit=" + second + " flavour=portable\n");
}

}  // namespace
}  // namespace pgnkit::testing

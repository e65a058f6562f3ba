// `cmake --install` into a temporary prefix: the installed files are exactly the golden list
// tests/install/installed_files.txt (PGNKIT_UPDATE_GOLDEN=1 rewrites it: see
// docs/install.md), and the installed binary, sample data and completion work from there,
// with nothing pointing back into the source or build tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "install/completion_run.h"
#include "install/shell.h"
#include "support/files.h"

namespace fs = std::filesystem;

namespace pgnkit::testing {
namespace {

const std::string kGolden = std::string(PGNKIT_SOURCE_DIR) + "/tests/install/installed_files.txt";

std::string file_list(const fs::path& root) {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (!e.is_directory()) files.push_back(fs::relative(e.path(), root).string());
  std::sort(files.begin(), files.end());
  std::string out;
  for (const std::string& f : files) out += f + "\n";
  return out;
}

class InstallTree : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir_.ok());
    const ShellResult r =
        run_shell(sh_quote(PGNKIT_CMAKE) + " --install " + sh_quote(PGNKIT_BUILD_DIR) +
                  " --prefix " + sh_quote(prefix()) + " 2>&1");
    ASSERT_EQ(r.status, 0) << r.out;
  }
  std::string prefix() const { return (dir_ / "prefix").string(); }
  TempDir dir_;
};

TEST_F(InstallTree, FilesAreTheGoldenList) {
  const std::string got = file_list(prefix());
  if (std::getenv("PGNKIT_UPDATE_GOLDEN")) {
    write_file(kGolden, got);
    return;
  }
  EXPECT_EQ(got, read_file(kGolden))
      << "after adding or removing an installed file: PGNKIT_UPDATE_GOLDEN=1 ctest --test-dir "
         "build -R InstallTree";
}

TEST_F(InstallTree, InstalledBinaryRunsOnInstalledData) {
  const std::string bin = prefix() + "/bin/pgnkit";
  const std::string doc = prefix() + "/share/doc/pgnkit";
  const ShellResult r = run_shell("cd / && " + sh_quote(bin) + " check " +
                                  sh_quote(doc + "/data/sample.pgn") + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.rfind("315 games, ", 0), 0u) << r.out;
  const ShellResult broken = run_shell("cd / && " + sh_quote(bin) + " check -q " +
                                       sh_quote(doc + "/data/broken.pgn") + " 2>/dev/null");
  EXPECT_EQ(broken.status, 1);
  const ShellResult perft =
      run_shell("cd / && " + sh_quote(bin) + " perft --suite " +
                sh_quote(doc + "/data/perft/standard.epd") + " --max-nodes 100000 >/dev/null 2>&1");
  EXPECT_EQ(perft.status, 0);
}

TEST_F(InstallTree, NothingPointsIntoTheSourceOrBuildTree) {
  for (const char* tree : {PGNKIT_SOURCE_DIR, PGNKIT_BUILD_DIR}) {
    const ShellResult r = run_shell("grep -rlF " + sh_quote(tree) + " " + sh_quote(prefix()));
    EXPECT_EQ(r.out, "") << "files naming " << tree;
  }
}

TEST_F(InstallTree, InstalledBashCompletion) {
  if (bash_completion_main().empty()) GTEST_SKIP() << "bash-completion is not installed";
  const std::string script = prefix() + "/share/bash-completion/completions/pgnkit";
  EXPECT_EQ(bash_complete(script, {"pgnkit", "st"}), std::vector<std::string>{"status"});
}

}  // namespace
}  // namespace pgnkit::testing

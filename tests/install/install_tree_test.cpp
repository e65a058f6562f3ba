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
#include "install/python_consumer.h"
#include "install/shell.h"
#include "support/files.h"
#include "support/golden.h"

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
  expect_golden(kGolden, got,
                "after adding or removing an installed file: PGNKIT_UPDATE_GOLDEN=1 ctest "
                "--test-dir build -R InstallTree");
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

// The Python module where Debian's python3 finds packages under the prefix, used from there.
TEST_F(InstallTree, InstalledPythonModuleReadsInstalledData) {
#ifndef PGNKIT_PYTHON_INSTALL_DIR
  GTEST_SKIP() << "the Python module is not built here (no pybind11-dev or python3-dev)";
#else
  const std::string site = prefix() + "/" PGNKIT_PYTHON_INSTALL_DIR;
  const std::string sample = prefix() + "/share/doc/pgnkit/data/sample.pgn";
  const ShellResult r =
      run_installed_python(site,
                           "import pgnkit, sys; games = list(pgnkit.read_games(sys.argv[1])); "
                           "print(pgnkit.__file__.startswith(sys.argv[2]), len(games), "
                           "sum(g.plies for g in games) == len(pgnkit.moves_table(sys.argv[1])))",
                           {sample, site});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "True 315 True\n");
#endif
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
  EXPECT_EQ(bash_complete(script, {"pgnkit", "st"}), (std::vector<std::string>{"status", "stats"}));
}

// pgnkit-dask is installed beside pgnkit, with the project's version, and finds that pgnkit by
// itself (no --pgnkit, no PATH).
TEST_F(InstallTree, InstalledDaskDriverRunsFromThePrefix) {
  const std::string bin = prefix() + "/bin";
  ASSERT_TRUE(fs::exists(bin + "/pgnkit-dask"));
  EXPECT_NE(fs::status(bin + "/pgnkit-dask").permissions() & fs::perms::others_exec,
            fs::perms::none);
  const ShellResult help =
      run_shell("cd / && PATH=/usr/bin:/bin " + sh_quote(bin + "/pgnkit-dask") + " --help 2>&1");
  EXPECT_EQ(help.status, 0) << help.out;
  EXPECT_EQ(help.out.rfind("usage: pgnkit-dask ", 0), 0u) << help.out;
  EXPECT_NE(help.out.find("\nExamples:\n"), std::string::npos) << help.out;
  const ShellResult version =
      run_shell("cd / && PATH=/usr/bin:/bin " + sh_quote(bin + "/pgnkit-dask") + " --version 2>&1");
  EXPECT_EQ(version.status, 0) << version.out;
  const std::vector<std::string> lines = lines_of(version.out);
  ASSERT_GE(lines.size(), 3u) << version.out;
  EXPECT_EQ(lines[0], "pgnkit-dask " PGNKIT_PROJECT_VERSION);
  EXPECT_EQ(
      lines[1].rfind("runs " + bin + "/pgnkit: pgnkit " PGNKIT_PROJECT_VERSION "; commit ", 0), 0u)
      << lines[1];
  EXPECT_EQ(lines[2].rfind("dask.distributed ", 0), 0u) << lines[2];
}

// The installed driver on a LocalCluster gives what the installed pgnkit gives on one machine.
TEST_F(InstallTree, InstalledDaskDriverMatchesOneMachine) {
  if (run_shell("/usr/bin/python3 -c 'import distributed' 2>/dev/null").status != 0)
    GTEST_SKIP() << "dask.distributed is not installed (apt-get install python3-distributed)";
  const std::string bin = prefix() + "/bin";
  const std::string sample = sh_quote(prefix() + "/share/doc/pgnkit/data/sample.pgn");
  const ShellResult one =
      run_shell("cd / && " + sh_quote(bin + "/pgnkit") + " status --format csv " + sample);
  const ShellResult dask =
      run_shell("cd / && PATH=/usr/bin:/bin " + sh_quote(bin + "/pgnkit-dask") +
                " --local 1 --shards 3 status --format csv " + sample);
  EXPECT_EQ(one.status, 0);
  EXPECT_EQ(dask.status, 0);
  EXPECT_EQ(lines_of(one.out).size(), 316u);  // the header and 315 games
  EXPECT_EQ(dask.out, one.out);
}

TEST_F(InstallTree, InstalledDaskBashCompletion) {
  if (bash_completion_main().empty()) GTEST_SKIP() << "bash-completion is not installed";
  const std::string script = prefix() + "/share/bash-completion/completions/pgnkit-dask";
  using Words = std::vector<std::string>;
  EXPECT_EQ(bash_complete(script, {"pgnkit-dask", "--sha"}), (Words{"--shards", "--shard-size"}));
  EXPECT_EQ(bash_complete(script, {"pgnkit-dask", "--local", "2", "st"}), (Words{"status"}));
  EXPECT_EQ(bash_complete(script, {"pgnkit-dask", "--local", ""}), Words{});  // a number
  // After the command, pgnkit's own completion (loaded from beside the script) takes over.
  EXPECT_EQ(bash_complete(script, {"pgnkit-dask", "--local", "2", "check", "--format", "nd"}),
            (Words{"ndjson"}));
  EXPECT_EQ(bash_complete(script, {"pgnkit-dask", "status", "--no-h"}), (Words{"--no-header"}));
}

}  // namespace
}  // namespace pgnkit::testing

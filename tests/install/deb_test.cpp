// The Debian packages: `cpack -G DEB` (the fixture deb_build in CMakeLists.txt) gives
// pgnkit_<version>_<arch>.deb whose dependencies dpkg-shlibdeps found and
// pgnkit-dev_<version>_<arch>.deb (the C++ library); lintian reports nothing on either, and
// unpacked into temporary roots (dpkg -x) the binary, man page and completion work from there,
// and the example client builds against the library.
#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "install/completion_run.h"
#include "install/consumer.h"
#include "install/python_consumer.h"
#include "install/shell.h"
#include "support/files.h"

namespace pgnkit::testing {
namespace {

class Deb : public ::testing::Test {
 protected:
  // The .deb is built once per test run by the CTest fixture deb_build (cpack into
  // PGNKIT_DEB_DIR); each test process unpacks it.
  static void SetUpTestSuite() {
    if (!have_tool("dpkg")) return;  // the tests skip
    dir_ = new TempDir;
    arch_ = run_shell("dpkg --print-architecture").out;
    arch_ = arch_.substr(0, arch_.find('\n'));
    deb_ = std::string(PGNKIT_DEB_DIR) + "/pgnkit_" PGNKIT_PROJECT_VERSION "_" + arch_ + ".deb";
    dev_deb_ =
        std::string(PGNKIT_DEB_DIR) + "/pgnkit-dev_" PGNKIT_PROJECT_VERSION "_" + arch_ + ".deb";
    root_ = (*dir_ / "root").string();
    dev_root_ = (*dir_ / "dev_root").string();  // pgnkit-dev alone
    if (std::filesystem::exists(deb_))
      unpack_log_ = run_shell("dpkg -x " + sh_quote(deb_) + " " + sh_quote(root_) + " 2>&1").out;
    if (std::filesystem::exists(dev_deb_)) {
      unpack_log_ +=
          run_shell("dpkg -x " + sh_quote(dev_deb_) + " " + sh_quote(dev_root_) + " 2>&1").out;
    }
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  void SetUp() override {
    if (dir_ == nullptr) GTEST_SKIP() << "dpkg is not installed";
    if (!std::filesystem::exists(deb_) && !have_tool("dpkg-shlibdeps"))
      GTEST_SKIP() << "no .deb: dpkg-shlibdeps is not installed (apt-get install dpkg-dev)";
    ASSERT_TRUE(std::filesystem::exists(deb_)) << deb_ << " not built: see the test deb_build";
    ASSERT_TRUE(std::filesystem::exists(dev_deb_)) << dev_deb_ << " not built: see deb_build";
    ASSERT_TRUE(std::filesystem::exists(root_ + "/usr/bin/pgnkit")) << unpack_log_;
  }
  // An installed page: mandoc's linter finds nothing in it, and man renders it with each of
  // `expected` (each check where its tool is installed).
  static void expect_man_page(const std::string& page,
                              std::initializer_list<const char*> expected) {
    ASSERT_TRUE(std::filesystem::exists(page));
    if (have_tool("mandoc")) {
      EXPECT_EQ(mandoc_lint(page).out, "") << page;
    }
    if (!have_tool("man")) return;
    const ShellResult man = run_shell("MANWIDTH=80 man -l " + sh_quote(page) + " 2>&1 | col -b");
    for (const char* text : expected)
      EXPECT_NE(man.out.find(text), std::string::npos) << text << " in:\n" << man.out;
  }
  static std::string field(const std::string& name, const std::string& deb = deb_) {
    const ShellResult r = run_shell("dpkg-deb -f " + sh_quote(deb) + " " + name);
    return r.out.substr(0, r.out.find_last_not_of('\n') + 1);
  }

  static TempDir* dir_;
  static std::string arch_, deb_, dev_deb_, root_, dev_root_, unpack_log_;
};

TempDir* Deb::dir_ = nullptr;
std::string Deb::arch_, Deb::deb_, Deb::dev_deb_, Deb::root_, Deb::dev_root_, Deb::unpack_log_;

TEST_F(Deb, ControlFields) {
  EXPECT_EQ(field("Package"), "pgnkit");
  EXPECT_EQ(field("Version"), PGNKIT_PROJECT_VERSION);
  EXPECT_EQ(field("Architecture"), arch_);
  // The libraries the binary links, as dpkg-shlibdeps names them (no hand-written list).
  const std::string depends = field("Depends");
  for (const char* lib : {"libc6 (>=", "libstdc++6 (>=", "libzstd1 (>=", "libsimdjson"})
    EXPECT_NE(depends.find(lib), std::string::npos) << lib << " in " << depends;
  // pgnkit-dask: a python3 script, which runs shards with dask.distributed.
  EXPECT_EQ(depends.rfind("python3, ", 0), 0u) << depends;
  EXPECT_EQ(field("Recommends"), "python3-distributed");
  const std::string maintainer = field("Maintainer");
  EXPECT_NE(maintainer.find(" <"), std::string::npos) << maintainer;
  EXPECT_EQ(maintainer.back(), '>');
  EXPECT_EQ(field("Description").rfind("chess PGN validator", 0), 0u);
}

// pgnkit-dev: the library, with the -dev packages its CMake package finds (cmake/library.cmake).
TEST_F(Deb, DevControlFields) {
  EXPECT_EQ(field("Package", dev_deb_), "pgnkit-dev");
  EXPECT_EQ(field("Version", dev_deb_), PGNKIT_PROJECT_VERSION);
  EXPECT_EQ(field("Architecture", dev_deb_), arch_);
  EXPECT_EQ(field("Section", dev_deb_), "libdevel");
  // libbz2-dev first: it has no pkg-config file, so it is not in the list of pkg-config modules.
  EXPECT_EQ(field("Depends", dev_deb_),
            "libbz2-dev, libzstd-dev, libisal-dev, liblzma-dev, libarchive-dev, libxxhash-dev, "
            "libpcre2-dev, libtomlplusplus-dev, libsimdjson-dev, pkg-config");
  EXPECT_EQ(field("Recommends", dev_deb_), "cmake");
  EXPECT_EQ(field("Description", dev_deb_).rfind("chess PGN library for C++", 0), 0u);
}

TEST_F(Deb, LintianReportsNothing) {
  if (!have_tool("lintian")) GTEST_SKIP() << "lintian is not installed (apt-get install lintian)";
  // Errors, warnings, info and pedantic tags alike; the one override is in the package.
  for (const std::string& deb : {deb_, dev_deb_}) {
    const ShellResult r = run_shell("lintian --pedantic --info " + sh_quote(deb) +
                                    " 2>&1 | grep -v 'running with root privileges'");
    EXPECT_EQ(r.out, "") << deb;
  }
}

// The library is pgnkit-dev's alone; the tools are pgnkit's alone.
TEST_F(Deb, PackagesSplitToolsAndLibrary) {
  EXPECT_FALSE(std::filesystem::exists(root_ + "/usr/include"));
  EXPECT_TRUE(std::filesystem::exists(dev_root_ + "/usr/include/pgnkit/pgn/reader.h"));
  EXPECT_FALSE(std::filesystem::exists(dev_root_ + "/usr/bin"));
}

// examples/check_sample built by a separate cmake against the unpacked pgnkit-dev counts
// data/sample.pgn exactly as the unpacked pgnkit's check does.
TEST_F(Deb, ExampleClientBuildsAgainstDevPackage) {
  const ClientBuild client = build_check_sample(dev_root_ + "/usr", (*dir_ / "client").string());
  ASSERT_TRUE(client.ok) << client.log;
  EXPECT_EQ(client.pgnkit_dir.rfind(dev_root_ + "/usr/", 0), 0u) << client.pgnkit_dir;
  const std::string sample = root_ + "/usr/share/doc/pgnkit/data/sample.pgn";
  const ShellResult run = run_shell(sh_quote(client.program) + " " + sh_quote(sample));
  EXPECT_EQ(run.status, 0) << run.out;
  const std::string counts = check_summary_counts(root_ + "/usr/bin/pgnkit", sample);
  EXPECT_EQ(counts.rfind("315 games, ", 0), 0u) << counts;
  EXPECT_EQ(run.out, counts + "\n");
}

TEST_F(Deb, InstalledBinaryRuns) {
  const std::string bin = root_ + "/usr/bin/pgnkit";
  const ShellResult version = run_shell(sh_quote(bin) + " --version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("pgnkit " PGNKIT_PROJECT_VERSION "\n", 0), 0u) << version.out;
  const ShellResult check =
      run_shell("cd / && " + sh_quote(bin) + " check " +
                sh_quote(root_ + "/usr/share/doc/pgnkit/data/sample.pgn") + " 2>&1");
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_EQ(check.out.rfind("315 games, ", 0), 0u) << check.out;
}

// python3-pgnkit: lintian finds nothing; unpacked beside pgnkit, Debian's python3 imports the
// module from /usr/lib/python3/dist-packages and reads pgnkit's sample as the binary counts it.
TEST_F(Deb, PythonPackage) {
#ifndef PGNKIT_PYTHON_BUILT
  GTEST_SKIP() << "the Python module is not built here (no pybind11-dev or python3-dev)";
#else
  const std::string deb =
      std::string(PGNKIT_DEB_DIR) + "/python3-pgnkit_" PGNKIT_PROJECT_VERSION "_" + arch_ + ".deb";
  ASSERT_TRUE(std::filesystem::exists(deb)) << deb;
  EXPECT_NE(field("Depends", deb).find("python3-numpy"), std::string::npos);
  EXPECT_EQ(field("Recommends", deb), "python3-pandas");
  if (have_tool("lintian")) {
    const ShellResult lint = run_shell("lintian --pedantic --info " + sh_quote(deb) +
                                       " 2>&1 | grep -v 'running with root privileges'");
    EXPECT_EQ(lint.out, "");
  }
  const std::string root = (*dir_ / "python_root").string();
  ASSERT_EQ(run_shell("dpkg -x " + sh_quote(deb) + " " + sh_quote(root)).status, 0);
  const std::string site = root + "/usr/lib/python3/dist-packages";
  const std::string sample = root_ + "/usr/share/doc/pgnkit/data/sample.pgn";
  const ShellResult r =
      run_installed_python(site,
                           "import pgnkit, sys; r = pgnkit.check(sys.argv[1]); "
                           "print(pgnkit.__file__.startswith(sys.argv[2]), r.summary['games'], "
                           "r.summary['plies'] == len(pgnkit.moves_table(sys.argv[1])))",
                           {sample, site});
  EXPECT_EQ(r.out, "True 315 True\n");
  const std::string counts = check_summary_counts(root_ + "/usr/bin/pgnkit", sample);
  EXPECT_EQ(counts.rfind("315 games, ", 0), 0u) << counts;
#endif
}

TEST_F(Deb, InstalledDaskDriverRuns) {
  const std::string bin = root_ + "/usr/bin/pgnkit-dask";
  const ShellResult help = run_shell(sh_quote(bin) + " --help 2>&1");
  EXPECT_EQ(help.status, 0) << help.out;
  EXPECT_EQ(help.out.rfind("usage: pgnkit-dask ", 0), 0u) << help.out;
  const ShellResult version = run_shell(sh_quote(bin) + " --version 2>&1");
  EXPECT_EQ(version.status, 0) << version.out;
  EXPECT_EQ(version.out.rfind("pgnkit-dask " PGNKIT_PROJECT_VERSION "\nruns " + root_ +
                                  "/usr/bin/pgnkit: pgnkit " PGNKIT_PROJECT_VERSION "; commit ",
                              0),
            0u)
      << version.out;
}

TEST_F(Deb, InstalledManPage) {
  expect_man_page(root_ + "/usr/share/man/man1/pgnkit-check.1.gz",
                  {"pgnkit-check - Replay every game", "--max-errors UINT"});
}

TEST_F(Deb, InstalledDaskManPage) {
  expect_man_page(root_ + "/usr/share/man/man1/pgnkit-dask.1.gz",
                  {"pgnkit-dask - run a pgnkit command over a Dask cluster"});
}

TEST_F(Deb, InstalledCompletions) {
  const std::string share = root_ + "/usr/share";
  if (!bash_completion_main().empty()) {
    EXPECT_EQ(bash_complete(share + "/bash-completion/completions/pgnkit",
                            {"pgnkit", "convert", "--to", "e"}),
              std::vector<std::string>{"epd"});
    EXPECT_EQ(bash_complete(share + "/bash-completion/completions/pgnkit-dask",
                            {"pgnkit-dask", "check", "--format", "n"}),
              std::vector<std::string>{"ndjson"});
  }
  if (have_tool("fish")) {
    EXPECT_EQ(fish_complete(share + "/fish/vendor_completions.d/pgnkit.fish", "pgnkit check --col"),
              std::vector<std::string>{"--color\tauto (on a terminal), always or never"});
  }
  if (have_tool("zsh")) {
    EXPECT_EQ(run_shell("zsh -n " + sh_quote(share + "/zsh/vendor-completions/_pgnkit")).status, 0);
  }
}

}  // namespace
}  // namespace pgnkit::testing

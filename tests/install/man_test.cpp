// The generated man pages: mandoc's linter (every level, style included) and man-db's groff
// warnings find nothing in any of them, and they render with the sections they promise.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "install/shell.h"

namespace pgnkit::testing {
namespace {

std::vector<std::string> pages() {
  std::vector<std::string> out;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(PGNKIT_GENERATED_DIR) + "/man1"))
    if (e.path().extension() == ".1") out.push_back(e.path().string());
  return out;
}

TEST(ManPages, MandocLintFindsNothing) {
  if (!have_tool("mandoc")) GTEST_SKIP() << "mandoc is not installed (apt-get install mandoc)";
  const std::vector<std::string> all = pages();
  ASSERT_GE(all.size(), 6u);
  for (const std::string& page : all) {
    const ShellResult r = mandoc_lint(page);
    EXPECT_EQ(r.status, 0) << page;
    EXPECT_EQ(r.out, "") << page;
  }
}

TEST(ManPages, GroffWarnsOfNothing) {
  if (!have_tool("man")) GTEST_SKIP() << "man-db is not installed";
  for (const std::string& page : pages()) {
    // What lintian runs on every page of a package.
    const ShellResult r =
        run_shell("LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z " +
                  sh_quote(page) + " 2>&1 >/dev/null");
    EXPECT_EQ(r.out, "") << page;
  }
}

TEST(ManPages, RenderedCheckPage) {
  if (!have_tool("mandoc")) GTEST_SKIP() << "mandoc is not installed (apt-get install mandoc)";
  const ShellResult r =
      run_shell("mandoc -T utf8 " +
                sh_quote(std::string(PGNKIT_GENERATED_DIR) + "/man1/pgnkit-check.1") + " | col -b");
  ASSERT_EQ(r.status, 0);
  for (const char* expected :
       {"NAME\n       pgnkit-check - Replay every game (variations included) and report every\n",
        "SYNOPSIS\n       pgnkit check [options] [files ...]\n", "\nOPTIONS\n", "\nEXIT STATUS\n",
        "       0 no errors, 1 errors found (or warnings with --strict), 2 usage or I/O\n",
        "\nENVIRONMENT\n       PGNKIT_DECODE_AHEAD\n", "       NO_COLOR\n",
        "\nFILES\n       pgnkit.toml\n", "\nEXAMPLES\n       pgnkit check data/sample.pgn\n",
        "       --format TEXT\n", "One of: text, ndjson.",
        "\nSEE ALSO\n       pgnkit(1), pgnkit-status(1),"})
    EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\nin:\n" << r.out;
}

// pgnkit-dask's page, written from its argparse parser by cmake/generate_dask_docs.py: as clean
// as pgnkit's, and every option its --help lists (a second reading, of the help text) is in it.
TEST(ManPages, DaskPage) {
  if (!have_tool("mandoc")) GTEST_SKIP() << "mandoc is not installed (apt-get install mandoc)";
  const std::string page = std::string(PGNKIT_GENERATED_DIR) + "/dask/pgnkit-dask.1";
  const ShellResult lint = mandoc_lint(page);
  EXPECT_EQ(lint.status, 0);
  EXPECT_EQ(lint.out, "");
  if (have_tool("man")) {
    const ShellResult groff =
        run_shell("LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z " +
                  sh_quote(page) + " 2>&1 >/dev/null");
    EXPECT_EQ(groff.out, "");
  }
  const ShellResult r = run_shell("mandoc -T utf8 " + sh_quote(page) + " | col -b");
  ASSERT_EQ(r.status, 0);
  for (const char* expected :
       {"NAME\n       pgnkit-dask - run a pgnkit command over a Dask cluster, with the\n",
        "SYNOPSIS\n       pgnkit-dask [options] command [command options] file ...\n",
        "\nDESCRIPTION\n       Plans shards over every input with", "       --scheduler ADDRESS\n",
        "       -o, --output OUT\n", "\nEXIT STATUS\n", "\nENVIRONMENT\n", "\nEXAMPLES\n",
        "\nSEE ALSO\n       pgnkit(1), pgnkit-index(1), pgnkit-check(1),"})
    EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\nin:\n" << r.out;
  const ShellResult help =
      run_shell(sh_quote(std::string(PGNKIT_SOURCE_DIR) + "/tools/pgnkit-dask") +
                " --help | grep -oE -- '(^|[ ,])--?[a-z][a-z-]*' | tr -d ' ,'");
  ASSERT_EQ(help.status, 0);
  const std::vector<std::string> options = lines_of(help.out);
  EXPECT_GE(options.size(), 10u) << help.out;
  for (const std::string& o : options)
    EXPECT_NE(r.out.find(o), std::string::npos) << o << " of --help is not in the page";
}

}  // namespace
}  // namespace pgnkit::testing

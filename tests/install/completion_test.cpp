// The generated completion scripts, run in the real shells: bash (with and without Debian's
// bash-completion), fish (`complete -C`) and zsh (parsed with `zsh -n`).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "install/completion_run.h"
#include "install/shell.h"
#include "support/files.h"

namespace pgnkit::testing {
namespace {

using Words = std::vector<std::string>;

const std::string kBash = std::string(PGNKIT_GENERATED_DIR) + "/completions/pgnkit";
const std::string kFish = std::string(PGNKIT_GENERATED_DIR) + "/completions/pgnkit.fish";
const std::string kZsh = std::string(PGNKIT_GENERATED_DIR) + "/completions/_pgnkit";

class Bash : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (!have_tool("bash")) GTEST_SKIP() << "bash is not installed";
    if (GetParam() && bash_completion_main().empty())
      GTEST_SKIP() << "bash-completion is not installed (apt-get install bash-completion)";
  }
  Words complete(const Words& words, const std::string& cwd = "/") {
    return bash_complete(kBash, words, GetParam(), cwd);
  }
  // File names come in directory order; the shell shows them sorted.
  Words complete_sorted(const Words& words, const std::string& cwd) {
    Words reply = complete(words, cwd);
    std::sort(reply.begin(), reply.end());
    return reply;
  }
};

TEST_P(Bash, Subcommands) {
  EXPECT_EQ(complete({"pgnkit", ""}),
            (Words{"check", "status", "annotate", "convert", "dedup", "select", "split", "index",
                   "tree", "stats", "analyse", "perft"}));
  EXPECT_EQ(complete({"pgnkit", "c"}), (Words{"check", "convert"}));
  EXPECT_EQ(complete({"pgnkit", "--"}), (Words{"--help", "--version"}));
}

TEST_P(Bash, Options) {
  EXPECT_EQ(complete({"pgnkit", "check", "--for"}), (Words{"--format"}));
  EXPECT_EQ(complete({"pgnkit", "check", "--no"}),
            (Words{"--no-variations", "--no-strict", "--no-config", "--no-progress"}));
  EXPECT_EQ(complete({"pgnkit", "perft", "--max-"}), (Words{"--max-depth", "--max-nodes"}));
  EXPECT_EQ(complete({"pgnkit", "status", "-"}),
            (Words{"-h", "--help", "--format", "--summary", "--no-variations", "--eco",
                   "--eco-file", "--accuracy", "--laws", "--no-header", "-j", "--threads",
                   "--range", "--base-game", "--base-line", "--zstd-frame"}));
  // The subcommand is found after options of the program and before the cursor.
  EXPECT_EQ(complete({"pgnkit", "convert", "a.pgn", "--to", "csv", "--col"}), (Words{"--columns"}));
}

TEST_P(Bash, Choices) {
  EXPECT_EQ(complete({"pgnkit", "check", "--format", ""}),
            (Words{"text", "ndjson", "sarif", "github", "gitlab"}));
  EXPECT_EQ(complete({"pgnkit", "check", "--color", "a"}), (Words{"auto", "always"}));
  EXPECT_EQ(complete({"pgnkit", "perft", "--format", ""}), (Words{"text", "json"}));
  EXPECT_EQ(complete({"pgnkit", "convert", "--to", ""}),
            (Words{"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}));
  // --to=n: bash splits at '=' (COMP_WORDBREAKS).
  EXPECT_EQ(complete({"pgnkit", "convert", "--to", "=", "n"}), (Words{"ndjson"}));
  EXPECT_EQ(complete({"pgnkit", "convert", "--on-error", "="}),
            (Words{"skip", "truncate", "keep"}));
}

TEST_P(Bash, NumbersGetNothingFilesGetFiles) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  dir.file("games.pgn", "");
  dir.file("games2.pgn.zst", "");
  dir.file("other.txt", "");
  EXPECT_EQ(complete({"pgnkit", "check", "--max-errors", ""}, dir.path()), Words{});
  EXPECT_EQ(complete({"pgnkit", "perft", ""}, dir.path()), Words{});  // depth: a number
  EXPECT_EQ(complete_sorted({"pgnkit", "check", "ga"}, dir.path()),
            (Words{"games.pgn", "games2.pgn.zst"}));
  EXPECT_EQ(complete({"pgnkit", "convert", "-o", "o"}, dir.path()), (Words{"other.txt"}));
  EXPECT_EQ(complete({"pgnkit", "perft", "--suite", "games."}, dir.path()), (Words{"games.pgn"}));
}

INSTANTIATE_TEST_SUITE_P(Completion, Bash, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "WithBashCompletion" : "Alone";
                         });

TEST(Fish, OptionsChoicesSubcommands) {
  if (!have_tool("fish")) GTEST_SKIP() << "fish is not installed (apt-get install fish)";
  EXPECT_EQ(fish_complete(kFish, "pgnkit check --for"),
            (Words{"--format\ttext (compiler-style), ndjson (one object per problem), sarif (SARIF "
                   "2.1.0), github (workflow commands) or gitlab (Code Quality report)"}));
  EXPECT_EQ(fish_complete(kFish, "pgnkit perft --format "),
            (Words{"json\tOutput: text or json (one object per result)",
                   "text\tOutput: text or json (one object per result)"}));
  const Words commands = fish_complete(kFish, "pgnkit ");
  ASSERT_EQ(commands.size(), 12u);  // the commands, stats and analyse included
  EXPECT_EQ(commands[1],
            "annotate\tWrite games back as export-format PGN, adding what the rules found.");
  EXPECT_EQ(fish_complete(kFish, "pgnkit convert --to c"), (Words{"csv\tOutput format"}));
}

TEST(Fish, FilesWhereFilesGo) {
  if (!have_tool("fish")) GTEST_SKIP() << "fish is not installed (apt-get install fish)";
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  dir.file("games.pgn", "");
  const std::string cd = "cd " + sh_quote(dir.path()) + "; ";
  auto in_dir = [&](const std::string& line) {
    return lines_of(run_shell("fish --no-config -c " + sh_quote(cd + "source " + sh_quote(kFish) +
                                                                "; complete -C " + sh_quote(line)))
                        .out);
  };
  EXPECT_EQ(in_dir("pgnkit check ga"), (Words{"games.pgn"}));
  EXPECT_EQ(in_dir("pgnkit annotate -o ga"), (Words{"games.pgn"}));
  EXPECT_EQ(in_dir("pgnkit perft ga"), Words{});  // depth: no file names
}

TEST(Zsh, ScriptParses) {
  if (!have_tool("zsh")) GTEST_SKIP() << "zsh is not installed (apt-get install zsh)";
  const ShellResult r = run_shell("zsh -n " + sh_quote(kZsh) + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "");
  // Loaded as compinit would (autoload from fpath), it defines _pgnkit.
  const ShellResult loaded = run_shell("zsh -f -c " +
                                       sh_quote("fpath=(" + std::string(PGNKIT_GENERATED_DIR) +
                                                "/completions $fpath); autoload -Uz _pgnkit; "
                                                "whence -w _pgnkit") +
                                       " 2>&1");
  EXPECT_EQ(loaded.out, "_pgnkit: function\n");
}

// The zsh script run by zsh's completion system in an interactive shell (zsh_complete.zsh:
// zsh/zpty, compinit, TAB), its candidates sorted.
Words zsh_complete(const std::string& line, const std::string& cwd = "") {
  const ShellResult r =
      run_shell("timeout 30 zsh -f " +
                sh_quote(std::string(PGNKIT_SOURCE_DIR) + "/tests/install/zsh_complete.zsh") + " " +
                sh_quote(std::string(PGNKIT_GENERATED_DIR) + "/completions") + " " +
                sh_quote(line) + " " + sh_quote(cwd));
  Words reply = lines_of(r.out);
  if (r.status != 0) reply.push_back("<zsh exit " + std::to_string(r.status) + ">");
  return reply;
}

TEST(Zsh, CompletesLikeTab) {
  if (!have_tool("zsh")) GTEST_SKIP() << "zsh is not installed (apt-get install zsh)";
  if (run_shell("zsh -f -c 'zmodload zsh/zpty'").status != 0) GTEST_SKIP() << "no zsh/zpty";
  EXPECT_EQ(zsh_complete("pgnkit "),
            (Words{"analyse", "annotate", "check", "convert", "dedup", "index", "perft", "select",
                   "split", "stats", "status", "tree"}));
  EXPECT_EQ(zsh_complete("pgnkit check --for"), (Words{"--format"}));
  EXPECT_EQ(zsh_complete("pgnkit convert --to "),
            (Words{"csv", "epd", "fen", "lan", "ndjson", "pgn", "uci"}));
  EXPECT_EQ(zsh_complete("pgnkit convert --on-error=t"), (Words{"truncate"}));
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  dir.file("games.pgn", "");
  dir.file("gx.txt", "");
  EXPECT_EQ(zsh_complete("pgnkit check g", dir.path()), (Words{"games.pgn", "gx.txt"}));
  EXPECT_EQ(zsh_complete("pgnkit perft --max-depth ", dir.path()), Words{});  // a number
}

}  // namespace
}  // namespace pgnkit::testing

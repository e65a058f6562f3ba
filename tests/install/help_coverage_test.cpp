// Every subcommand and option that --help lists is in its man page and in the three
// completion scripts, with the choices --help shows. --help is parsed here on its own
// (help_parse.cpp), not through the generator, so a generator bug cannot hide itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "install/completion_run.h"
#include "install/help_parse.h"
#include "install/shell.h"
#include "support/files.h"

namespace pgnkit::testing {
namespace {

using Words = std::vector<std::string>;
const std::string kGenerated = PGNKIT_GENERATED_DIR;

// How a man page spells an option in bold: \fB\-\-format\fR.
std::string roff_bold(const std::string& name) {
  std::string out = "\\fB";
  for (const char c : name) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out + "\\fR";
}

// An _arguments spec for the option: '--format=[...', '(-q --quiet)-q[...'.
bool zsh_has(const std::string& zsh, const std::string& name) {
  for (const char* before : {"'", ")"}) {
    for (const char* after : {"[", "=["}) {
      if (zsh.find(before + name + after) != std::string::npos) return true;
    }
  }
  return false;
}

bool contains(const Words& words, const std::string& w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

TEST(HelpCoverage, HelpListsTheCommands) {
  // Guards the parser: if it read nothing, every check below would pass vacuously.
  const Help top = help_of("");
  EXPECT_GE(top.subcommands.size(), 5u);
  EXPECT_TRUE(contains(top.subcommands, "check"));
  EXPECT_FALSE(contains(top.subcommands, "__generate"));  // hidden
  const Help check = help_of("check");
  ASSERT_GE(check.options.size(), 8u);
  bool format = false;
  for (const HelpOption& o : check.options) {
    if (contains(o.names, "--format")) {
      format = true;
      EXPECT_EQ(o.choices, (Words{"text", "ndjson", "sarif", "github", "gitlab"}));
    }
  }
  EXPECT_TRUE(format);
}

TEST(HelpCoverage, EveryCommandHasItsPage) {
  const Help top = help_of("");
  Words expected{"pgnkit.1"};
  for (const std::string& c : top.subcommands) expected.push_back("pgnkit-" + c + ".1");
  Words pages;
  for (const auto& e : std::filesystem::directory_iterator(kGenerated + "/man1"))
    if (e.path().extension() == ".1") pages.push_back(e.path().filename().string());
  std::sort(expected.begin(), expected.end());
  std::sort(pages.begin(), pages.end());
  EXPECT_EQ(pages, expected);
  const std::string program_page = read_file(kGenerated + "/man1/pgnkit.1");
  for (const std::string& c : top.subcommands)
    EXPECT_NE(program_page.find(roff_bold("pgnkit-" + c) + "(1)"), std::string::npos) << c;
}

TEST(HelpCoverage, EveryOptionInManPageAndCompletions) {
  const std::string bash = kGenerated + "/completions/pgnkit";
  const std::string fish = kGenerated + "/completions/pgnkit.fish";
  const std::string zsh = read_file(kGenerated + "/completions/_pgnkit");
  const bool have_fish = have_tool("fish");
  const Help top = help_of("");
  EXPECT_EQ(bash_complete(bash, {"pgnkit", ""}, false), top.subcommands);
  Words commands{""};
  commands.insert(commands.end(), top.subcommands.begin(), top.subcommands.end());
  for (const std::string& command : commands) {
    SCOPED_TRACE("pgnkit " + command);
    const Help help = help_of(command);
    // Input lines are wrapped at 80 bytes: compare with the breaks as spaces.
    std::string page = read_file(kGenerated + "/man1/" +
                                 (command.empty() ? "pgnkit" : "pgnkit-" + command) + ".1");
    std::replace(page.begin(), page.end(), '\n', ' ');
    Words line{"pgnkit"};
    if (!command.empty()) line.push_back(command);
    Words dash = line;
    dash.push_back("-");
    const Words bash_options = bash_complete(bash, dash, false);
    const Words fish_options =
        have_fish ? fish_complete(fish, "pgnkit " + command + (command.empty() ? "-" : " -"))
                  : Words{};
    for (const HelpOption& o : help.options) {
      for (const std::string& name : o.names) {
        SCOPED_TRACE(name);
        EXPECT_NE(page.find(roff_bold(name)), std::string::npos) << "man page";
        EXPECT_TRUE(contains(bash_options, name)) << "bash";
        EXPECT_TRUE(zsh_has(zsh, name)) << "zsh";
        if (have_fish) {
          const bool found =
              std::any_of(fish_options.begin(), fish_options.end(),
                          [&](const std::string& f) { return f.substr(0, f.find('\t')) == name; });
          EXPECT_TRUE(found) << "fish";
        }
      }
      if (o.choices.empty()) continue;
      Words value = line;
      value.push_back(o.names.back());
      value.push_back("");
      EXPECT_EQ(bash_complete(bash, value, false), o.choices) << "bash: " << o.names.back();
      std::string listed = "One of:";
      for (std::size_t i = 0; i < o.choices.size(); ++i)
        listed += (i ? ", " : " ") + roff_bold(o.choices[i]);
      EXPECT_NE(page.find(listed), std::string::npos) << "man page: " << o.names.back();
    }
  }
}

}  // namespace
}  // namespace pgnkit::testing

// tools/cli_model on a small CLI11 app: what the walker reads from the option objects (flags,
// value types, IsMember choices, positionals, option groups, hidden subcommands).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_model.h"

namespace pgnkit::tools {
namespace {

using clidoc::ValueKind;
using Words = std::vector<std::string>;

TEST(CliModel, ReadsTheOptionObjects) {
  CLI::App app{"prog 1.0: does things.\nExit status: 0 ok.", "build/bin/prog"};
  CLI::App* run = app.add_subcommand("run", "Run it.");
  run->footer("Examples:\n  prog run x");
  std::vector<std::string> files;
  bool verbose = false;
  std::string mode, out;
  int count = 0, width = 0;
  run->add_option("files", files, "Inputs");
  run->add_flag("-v,--verbose", verbose, "Say more");
  run->add_option("--mode", mode, "How")->check(CLI::IsMember({"fast", "slow"}))->required();
  run->add_option("-n,--count", count, "How many")->check(CLI::Range(1, 9));
  run->add_option("-o,--out", out, "Where");
  run->add_option_group("Layout", "Layout options")->add_option("--width", width, "Columns");
  app.add_subcommand("__hidden", "Not shown")->group("");
  app.add_subcommand("other", "The other one.");

  const clidoc::Command d = describe_app(app);
  EXPECT_EQ(d.name, "prog");
  EXPECT_EQ(d.summary, "does things.");
  EXPECT_EQ(d.description, "Exit status: 0 ok.");
  ASSERT_EQ(d.subcommands.size(), 2u);  // not __hidden, not the option group
  EXPECT_EQ(d.subcommands[1].name, "other");
  const clidoc::Command& r = d.subcommands[0];
  EXPECT_EQ(r.name, "run");
  EXPECT_EQ(r.summary, "Run it.");
  EXPECT_EQ(r.footer, "Examples:\n  prog run x");
  std::string names;
  for (const auto& o : r.options)
    names += (o.long_names.empty() ? o.positional : o.long_names[0]) + " ";
  ASSERT_EQ(r.options.size(), 7u) << names;  // files, --help, -v, --mode, -n, -o, --width
  EXPECT_EQ(r.options[0].positional, "files");
  EXPECT_EQ(r.options[0].value, ValueKind::File);
  EXPECT_TRUE(r.options[0].repeatable);
  EXPECT_EQ(r.options[1].long_names, Words{"help"});
  EXPECT_EQ(r.options[1].value, ValueKind::None);
  EXPECT_EQ(r.options[2].short_names, Words{"v"});
  EXPECT_EQ(r.options[2].value, ValueKind::None);
  EXPECT_EQ(r.options[2].value_name, "");
  EXPECT_EQ(r.options[3].choices, (Words{"fast", "slow"}));
  EXPECT_EQ(r.options[3].value, ValueKind::Choice);
  EXPECT_EQ(r.options[3].value_name, "TEXT");
  EXPECT_TRUE(r.options[3].required);
  EXPECT_EQ(r.options[4].value, ValueKind::Other);  // a number
  EXPECT_EQ(r.options[4].value_name, "INT");
  EXPECT_EQ(r.options[5].value, ValueKind::File);  // free text
  EXPECT_EQ(r.options[6].long_names, Words{"width"});
  EXPECT_EQ(r.options[6].value, ValueKind::Other);
}

}  // namespace
}  // namespace pgnkit::tools

// Describes the CLI11 app that parses pgnkit's command line as a clidoc::Command, so that the
// man pages and shell completions come from the same objects as --help.
#pragma once

#include <CLI/CLI.hpp>

#include "clidoc/model.h"

namespace pgnkit::tools {

// The app, its visible options and its visible subcommands (a subcommand or option in the
// empty group is hidden from --help, and so from the description). Choices come from the
// IsMember checks ("{a,b,c}" in the help); a value that is neither a choice nor a number is
// taken to be a file name.
clidoc::Command describe_app(const CLI::App& app);

}  // namespace pgnkit::tools

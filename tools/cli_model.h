// Describes the CLI11 app that parses pgnkit's command line as a clidoc::Command, so that the
// man pages and shell completions come from the same objects as --help.
#pragma once

#include <CLI/CLI.hpp>

#include "clidoc/model.h"

namespace pgnkit::tools {

// Whether describe_app() lists what --help hides (a subcommand or option in the empty group):
// the man pages and completions leave it out, the JSON model lists it marked hidden (a driver
// must know every option that takes a value).
enum class Hidden { Leave, List };

// The app, its options and its subcommands, the hidden ones as `hidden` says. Choices come
// from the IsMember checks ("{a,b,c}" in the help); a value that is neither a choice nor a
// number is taken to be a file name.
clidoc::Command describe_app(const CLI::App& app, Hidden hidden = Hidden::Leave);

}  // namespace pgnkit::tools

// The --laws option, registered the same way on every command that replays games.
#pragma once

#include <CLI/CLI.hpp>

#include "replay/laws.h"

namespace pgnkit::tools {

// Adds `--laws by-date|current|pre-2014` to `cmd`, stored in `laws` (default by-date).
void add_laws_option(CLI::App& cmd, replay::LawsChoice& laws);

}  // namespace pgnkit::tools

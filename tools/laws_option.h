// The --laws option, registered the same way on every command that replays games.
#pragma once

#include <string_view>

#include <CLI/CLI.hpp>

#include "replay/laws.h"

namespace pgnkit::tools {

// Adds `--laws by-date|current|pre-2014` to `cmd`, stored in `laws` (default by-date).
void add_laws_option(CLI::App& cmd, replay::LawsChoice& laws);

// The choice a name stands for ("by-date", "current", "pre-2014"; others: by-date), for a
// value already checked elsewhere (pgnkit.toml's `laws`).
replay::LawsChoice laws_choice(std::string_view name);

}  // namespace pgnkit::tools

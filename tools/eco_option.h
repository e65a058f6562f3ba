// The ECO options `annotate` and `status` share: --eco, --eco-file, --eco-keep, and loading
// the book they name (a missing or malformed book is a usage error, exit 2).
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "eco/book.h"

namespace pgnkit::tools {

// Debian's pgn-extract package installs it (cmake/deps.sh).
inline constexpr const char* kDefaultEcoFile = "/usr/share/pgn-extract/eco.pgn";

struct EcoArgs {
  bool eco = false;
  bool keep = false;  // annotate only: leave games that have an ECO tag alone
  std::string file;   // empty: kDefaultEcoFile
  bool wanted() const { return eco || keep || !file.empty(); }
};

// Registers --eco and --eco-file (and --eco-keep when `with_keep`) on `cmd`.
void add_eco_options(CLI::App& cmd, EcoArgs& args, bool with_keep);

// Loads the book; on failure prints "pgnkit <command>: <why>" to stderr and returns nullopt.
std::optional<eco::Book> load_eco_book(const EcoArgs& args, const char* command);

}  // namespace pgnkit::tools

// Subcommand registration: each cmd_<name>.cpp adds one subcommand to the app.
#pragma once

#include <CLI/CLI.hpp>

#include "commands/exit_status.h"

namespace pgnkit::tools {

// Stable exit statuses, documented in docs/exit-codes.md (lib/commands/exit_status.h).
using commands::kExitOk;
using commands::kExitProblems;
using commands::kExitUsage;

// Each register_* function adds its subcommand; its callback stores the exit status here.
void register_perft(CLI::App& app, int& exit_code);
void register_check(CLI::App& app, int& exit_code);
void register_status(CLI::App& app, int& exit_code);
void register_annotate(CLI::App& app, int& exit_code);
void register_convert(CLI::App& app, int& exit_code);
void register_dedup(CLI::App& app, int& exit_code);
// Hidden (the empty group): writes the man pages and completions from `app`, walked when it
// runs, so every command registered in main() is in them.
void register_generate(CLI::App& app, int& exit_code);
void register_select(CLI::App& app, int& exit_code);
void register_split(CLI::App& app, int& exit_code);
void register_index(CLI::App& app, int& exit_code);
void register_tree(CLI::App& app, int& exit_code);
void register_stats(CLI::App& app, int& exit_code);
void register_analyse(CLI::App& app, int& exit_code);

}  // namespace pgnkit::tools

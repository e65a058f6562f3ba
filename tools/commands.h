// Subcommand registration: each cmd_<name>.cpp adds one subcommand to the app.
#pragma once

#include <CLI/CLI.hpp>

namespace pgnkit::tools {

// Stable exit statuses, documented in docs/exit-codes.md.
enum ExitCode : int {
  kExitOk = 0,        // success: no errors found
  kExitProblems = 1,  // the input has problems (errors; warnings under --strict; perft mismatch)
  kExitUsage = 2,     // bad arguments, unreadable input, or an I/O error
};

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

}  // namespace pgnkit::tools

// The exit statuses of every command, stable and documented in docs/exit-codes.md.
#pragma once

namespace pgnkit::commands {

enum ExitStatus : int {
  kExitOk = 0,        // success: no errors found
  kExitProblems = 1,  // the input has problems (errors; warnings under --strict; perft mismatch)
  kExitUsage = 2,     // bad arguments, unreadable input, or an I/O error
};

}  // namespace pgnkit::commands

// Shell commands from a test: support/child.h's run_shell() (its stdout, its exit status),
// whether a tool is on the PATH (tests of optional tools skip without it), quoting.
#pragma once

#include <string>
#include <vector>

#include "support/child.h"

namespace pgnkit::testing {

using ShellResult = ChildRun;  // out: stdout (and stderr, where the command says 2>&1)

inline bool have_tool(const std::string& name) {
  return run_shell("command -v '" + name + "' >/dev/null 2>&1").status == 0;
}

// Single-quoted for sh.
inline std::string sh_quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// mandoc's linter on a man page, every level, style included (-W all): its messages.
inline ShellResult mandoc_lint(const std::string& page) {
  return run_shell("mandoc -T lint -W all " + sh_quote(page) + " 2>&1");
}

}  // namespace pgnkit::testing

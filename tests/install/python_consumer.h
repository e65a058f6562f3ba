// The consumer of an installed pgnkit Python module (the installed tree, the unpacked .deb).
#pragma once

#include <string>
#include <vector>

#include "install/shell.h"

namespace pgnkit::testing {

// Debian's python3 run from / with only `site` (an installed dist-packages) on PYTHONPATH:
// `script` with `args`, stdout and stderr together. The script is the consumer of the
// installed pgnkit module.
inline ShellResult run_installed_python(const std::string& site, const std::string& script,
                                        const std::vector<std::string>& args) {
  std::string command =
      "cd / && PYTHONPATH=" + sh_quote(site) + " /usr/bin/python3 -c " + sh_quote(script);
  for (const std::string& a : args) command += " " + sh_quote(a);
  return run_shell(command + " 2>&1");
}

}  // namespace pgnkit::testing

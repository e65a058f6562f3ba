// Running a shell command from a test: its stdout, its exit status, and whether a tool is on
// the PATH (tests of optional tools skip without it).
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <vector>

namespace pgnkit::testing {

struct ShellResult {
  std::string out;  // stdout (and stderr, where the command says 2>&1)
  int status = -1;
};

inline ShellResult run_shell(const std::string& command) {
  ShellResult r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int raw = ::pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
  return r;
}

inline bool have_tool(const std::string& name) {
  return run_shell("command -v '" + name + "' >/dev/null 2>&1").status == 0;
}

// Single-quoted for sh.
inline std::string sh_quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace pgnkit::testing

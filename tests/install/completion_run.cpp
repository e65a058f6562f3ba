#include "install/completion_run.h"

#include <filesystem>

#include "install/shell.h"

namespace pgnkit::testing {

std::string bash_completion_main() {
  const char* path = "/usr/share/bash-completion/bash_completion";
  return std::filesystem::exists(path) ? path : "";
}

std::vector<std::string> bash_complete(const std::string& script,
                                       const std::vector<std::string>& words,
                                       bool with_bash_completion, const std::string& cwd) {
  std::string program = "cd " + sh_quote(cwd) + " || exit 9\n";
  if (with_bash_completion) program += "source " + sh_quote(bash_completion_main()) + "\n";
  program += "source " + sh_quote(script) + " || exit 9\n";
  program += "COMP_WORDS=(";
  for (const std::string& w : words) program += sh_quote(w) + " ";
  program += ")\nCOMP_CWORD=" + std::to_string(words.size() - 1) + "\n";
  program += "COMP_LINE=\"${COMP_WORDS[*]}\"; COMP_POINT=${#COMP_LINE}\n";
  // The function the script registers: _pgnkit for pgnkit, _pgnkit_dask for pgnkit-dask.
  std::string function = "_" + std::filesystem::path(script).filename().string();
  for (char& c : function) c = c == '-' ? '_' : c;
  program += function + " " + sh_quote(words[0]) +
             " \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n";
  program += "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
  const ShellResult r = run_shell("bash --norc --noprofile -c " + sh_quote(program));
  std::vector<std::string> reply = lines_of(r.out);
  if (reply.size() == 1 && reply[0].empty()) reply.clear();  // printf of an empty array
  if (r.status != 0) reply.push_back("<bash exit " + std::to_string(r.status) + ">");
  return reply;
}

std::vector<std::string> fish_complete(const std::string& script, const std::string& line) {
  const std::string program = "source " + sh_quote(script) + "; complete -C " + sh_quote(line);
  return lines_of(run_shell("fish --no-config -c " + sh_quote(program)).out);
}

}  // namespace pgnkit::testing

// Runs the completion scripts the way the shells do: bash with COMP_WORDS/COMP_CWORD set and
// the completion function called (COMPREPLY is the answer), fish with `complete -C`.
#pragma once

#include <string>
#include <vector>

namespace pgnkit::testing {

// COMPREPLY, one word per element, after completing the last of `words` (bash splits
// "--to=n" into "--to" "=" "n" itself; pass the words that way). `with_bash_completion`
// loads Debian's bash-completion first (its _filedir is then used for file names); `cwd` is
// where the completion runs. The function run is the script's file name with '_' before it
// and for each '-' (_pgnkit, _pgnkit_dask).
std::vector<std::string> bash_complete(const std::string& script,
                                       const std::vector<std::string>& words,
                                       bool with_bash_completion = true,
                                       const std::string& cwd = "/");

// `complete -C line` in fish with only `script` loaded: "candidate\tdescription" lines.
std::vector<std::string> fish_complete(const std::string& script, const std::string& line);

// Where Debian's bash-completion keeps its main script, or "" when it is not installed.
std::string bash_completion_main();

}  // namespace pgnkit::testing

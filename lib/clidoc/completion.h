// Shell completion scripts for bash, zsh and fish, from the same description --help prints:
// subcommands, every option, the choices of enumerated options, and file names where an
// argument is a file (ValueKind::File).
#pragma once

#include <string>

#include "clidoc/model.h"

namespace pgnkit::clidoc {

// For share/bash-completion/completions/<program>: defines _<program> and registers it.
// Uses bash-completion's _filedir for file names when it is loaded, compgen -f otherwise.
std::string render_bash_completion(const Command& program);

// For share/zsh/vendor-completions/_<program>: a #compdef function using _arguments.
std::string render_zsh_completion(const Command& program);

// For share/fish/vendor_completions.d/<program>.fish: `complete` commands.
std::string render_fish_completion(const Command& program);

// The option's names as typed: "-q", "--quiet".
std::vector<std::string> option_words(const Option& option);

}  // namespace pgnkit::clidoc

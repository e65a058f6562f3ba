// Man pages in man(7) roff: pgnkit(1) for the program and pgnkit-<command>(1) for each
// subcommand, from the same description --help prints. The output passes `mandoc -T lint`.
#pragma once

#include <string>

#include "clidoc/model.h"

namespace pgnkit::clidoc {

// The page of the program itself: its commands, its own options, and the shared sections.
std::string render_program_page(const Command& program, const ManualText& text);

// The page of one subcommand of `program`.
std::string render_command_page(const Command& program, const Command& command,
                                const ManualText& text);

// "pgnkit" for the program's page, "pgnkit-check" for a subcommand's.
std::string page_name(const Command& program, const Command* command);

// `text` as roff text: backslashes, hyphens and quotes escaped, no line starting with a
// control character.
std::string roff_escape(std::string_view text);

}  // namespace pgnkit::clidoc

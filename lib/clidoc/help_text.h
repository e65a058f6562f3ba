// Splits a command's help text (description and footer) into the parts a man page puts in
// separate sections. The help text follows one convention (tools/cmd_*.cpp): a line
// "Examples:" followed by indented command lines, a paragraph starting "Exit status:", and
// other paragraphs, each a line at the margin followed by indented continuation lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::clidoc {

struct HelpParts {
  std::vector<std::string> paragraphs;  // notes, in order; lines joined by '\n'
  std::vector<std::string> examples;    // command lines, without their indentation
  std::string exit_status;              // the text after "Exit status:", lines joined by ' '
};

HelpParts split_help_text(std::string_view text);

}  // namespace pgnkit::clidoc

#include "install/help_parse.h"

#include <sstream>

#include "install/shell.h"

namespace pgnkit::testing {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) parts.push_back(part);
  return parts;
}

}  // namespace

Help parse_help(const std::string& text) {
  Help help;
  enum class Section { Other, Options, Positionals, Subcommands } section = Section::Other;
  bool after_blank = false;
  for (const std::string& line : lines_of(text)) {
    // A heading: "Options:", an option group's name ("Tag filters (no replay):"),
    // "Positionals:", ...; CLI11 puts a blank line before each (a footer's lines are not
    // headings, save one that follows a blank line and ends in ':', as "Examples:" may).
    const bool heading = after_blank && !line.empty() && line[0] != ' ' && line.back() == ':';
    after_blank = line.empty();
    if (heading) {
      section = line == "Subcommands:"   ? Section::Subcommands
                : line == "Positionals:" ? Section::Positionals
                : line == "Examples:"    ? Section::Other
                                         : Section::Options;
      continue;
    }
    if (line.empty() || line[0] != ' ') {
      section = Section::Other;
      continue;
    }
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (section == Section::Subcommands) {
      help.subcommands.push_back(first);
    } else if (section == Section::Positionals && line.starts_with("  ") && line[2] != ' ') {
      help.positionals.push_back(first);
    } else if (section == Section::Options && line.starts_with("  -")) {
      // Two spaces, then the names: a wrapped description is indented further.
      HelpOption o;
      o.names = split(first, ',');
      // CLI11 writes "NAMES TYPE" for an option that takes a value; a flag has its
      // description after two spaces or more, or one space and "Needs:", "Excludes:" or
      // "(Env:...)". (A flag whose names fill the column to one space short of the
      // description would read as an option: pgnkit has none.)
      const std::size_t after = line.find(first) + first.size();
      std::string type;
      words >> type;
      o.takes_value = !type.empty() && line.compare(after, 2, "  ") != 0 && type != "Needs:" &&
                      type != "Excludes:" && !type.starts_with("(Env:");
      const std::size_t open = line.find(":{");
      if (o.takes_value && open != std::string::npos) {
        const std::size_t close = line.find('}', open);
        o.choices = split(line.substr(open + 2, close - open - 2), ',');
      }
      help.options.push_back(o);
    }
  }
  return help;
}

Help help_of(const std::string& command) {
  return parse_help(run_shell(sh_quote(PGNKIT_BINARY) + " " + command + " --help").out);
}

}  // namespace pgnkit::testing

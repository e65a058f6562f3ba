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
  enum class Section { Other, Options, Subcommands } section = Section::Other;
  for (const std::string& line : lines_of(text)) {
    if (line == "Options:") {
      section = Section::Options;
      continue;
    }
    if (line == "Subcommands:") {
      section = Section::Subcommands;
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
    } else if (section == Section::Options && first[0] == '-') {  // not a wrapped description
      HelpOption o;
      o.names = split(first, ',');
      std::string type;
      words >> type;
      // A type is upper case ("TEXT", "UINT:INT in [...]"); a flag has its description next.
      o.takes_value = !type.empty() && type[0] >= 'A' && type[0] <= 'Z' &&
                      (type.size() == 1 || (type[1] >= 'A' && type[1] <= 'Z') || type[1] == ':');
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

// Reads pgnkit's --help output back, independently of the generator: the subcommands listed
// under "Subcommands:", the positionals under "Positionals:", and the options under
// "Options:" and the option groups' headings ("Shards:", "Tag filters (no replay):") with
// the choices "{a,b}" shown after their type. The man page, completion and JSON model tests
// check against this.
#pragma once

#include <string>
#include <vector>

namespace pgnkit::testing {

struct HelpOption {
  std::vector<std::string> names;    // "-q", "--quiet"
  std::vector<std::string> choices;  // from "TEXT:{text,ndjson}"
  bool takes_value = false;
};

struct Help {
  std::vector<std::string> subcommands;
  std::vector<std::string> positionals;  // "files"
  std::vector<HelpOption> options;
};

Help parse_help(const std::string& text);

// `pgnkit [command] --help`, parsed.
Help help_of(const std::string& command);

}  // namespace pgnkit::testing

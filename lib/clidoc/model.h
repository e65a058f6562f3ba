// A command line described as plain values: the commands, their options and their help text.
// tools/ fills it from the CLI11 app that parses the command line (so nothing here knows
// CLI11); the renderers in this module turn it into man pages, shell completions and JSON.
#pragma once

#include <string>
#include <vector>

namespace pgnkit::clidoc {

// What a shell should offer for an option's value (or a positional argument).
enum class ValueKind {
  None,    // a flag: takes no value
  Choice,  // one of `Option::choices`
  File,    // a file name
  Other,   // free text or a number: nothing to offer
};

struct Option {
  std::vector<std::string> short_names;  // without the dash: "q", "o"
  std::vector<std::string> long_names;   // without the dashes: "quiet", "output"
  std::string positional;                // the name of a positional argument ("files"), or empty
  std::string value_name;                // "TEXT", "INT", ...; empty for a flag
  std::string description;
  std::string default_value;         // empty when the help shows none
  std::vector<std::string> choices;  // for ValueKind::Choice, in the order given
  ValueKind value = ValueKind::None;
  bool required = false;
  bool repeatable = false;  // takes several values (a positional list) or may be given again
  // Not in --help (CLI11's empty group). Only the JSON model lists hidden entries: the pages
  // and completions are rendered from a model without them.
  bool hidden = false;

  bool is_positional() const { return !positional.empty(); }
};

struct Command {
  std::string name;         // "pgnkit" for the program, "check" for a subcommand
  std::string summary;      // one sentence, the first line of the help
  std::string description;  // more lines of the help's description, may be empty
  std::string footer;       // the help's footer: notes, "Examples:", "Exit status: ..."
  std::vector<Option> options;
  std::vector<Command> subcommands;
  bool hidden = false;  // as Option::hidden
};

// Text that is not in --help: the man pages' ENVIRONMENT, FILES and SEE ALSO sections.
struct Entry {
  std::string name;  // "PGNKIT_DECODE_AHEAD", "pgnkit.toml", "zstd(1)"
  std::string text;  // what it is; may be empty for a see-also entry
};

struct ManualText {
  std::string version;  // "0.1.0"
  std::string date;     // "YYYY-MM-DD", the pages' date
  std::vector<Entry> environment;
  std::vector<Entry> files;
  std::vector<Entry> see_also;  // beside the pgnkit pages themselves
};

}  // namespace pgnkit::clidoc

#include "laws_option.h"

#include <string>

namespace pgnkit::tools {

replay::LawsChoice laws_choice(std::string_view name) {
  return replay::parse_laws_choice(name).value_or(replay::LawsChoice::ByDate);
}

void add_laws_option(CLI::App& cmd, replay::LawsChoice& laws) {
  cmd.add_option_function<std::string>(
         "--laws", [&laws](const std::string& name) { laws = laws_choice(name); },
         "FIDE Laws that judge each game: by-date (default: the edition in force on its Date, "
         "or UTCDate), current, or pre-2014 (fivefold repetition and 75 moves do not end the "
         "game)")
      ->check(CLI::IsMember({"by-date", "current", "pre-2014"}))
      ->option_text("by-date|current|pre-2014");
}

}  // namespace pgnkit::tools

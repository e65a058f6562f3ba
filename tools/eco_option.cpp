#include "eco_option.h"

#include <cstdio>

namespace pgnkit::tools {

void add_eco_options(CLI::App& cmd, EcoArgs& args, bool with_keep) {
  cmd.add_flag("--eco", args.eco,
               "Classify the opening: the deepest main-line position found in the ECO file "
               "(see docs/eco.md)");
  cmd.add_option("--eco-file", args.file,
                 std::string("ECO classification file in PGN (implies --eco; default ") +
                     kDefaultEcoFile + ")");
  if (with_keep)
    cmd.add_flag("--eco-keep", args.keep,
                 "With --eco: leave games that already have an [ECO] tag as they are (implies "
                 "--eco)");
}

std::optional<eco::Book> load_eco_book(const EcoArgs& args, const char* command) {
  const std::string path = args.file.empty() ? kDefaultEcoFile : args.file;
  eco::BookError error;
  auto book = eco::Book::load(path, error);
  if (!book)
    std::fprintf(stderr, "pgnkit %s: cannot use the ECO file: %s\n", command,
                 error.describe().c_str());
  return book;
}

}  // namespace pgnkit::tools

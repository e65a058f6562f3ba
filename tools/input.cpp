#include "input.h"

#include <cstdio>

namespace pgnkit::tools {

std::vector<std::string> inputs_or_stdin(const std::vector<std::string>& files) {
  if (files.empty()) return {"-"};
  return files;
}

std::optional<io::Source> open_input(const std::string& path) {
  io::IoError err;
  auto source = io::Source::open(path, &err);
  if (!source)
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, path == "-" ? "<stdin>" : path).c_str());
  return source;
}

bool report_read_error(const io::Source& source) {
  if (!source.error()) return false;
  std::fprintf(stderr, "pgnkit: %s\n", io::describe(*source.error(), source.name()).c_str());
  return true;
}

}  // namespace pgnkit::tools

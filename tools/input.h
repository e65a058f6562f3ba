// Opening the inputs of a command: files, "-" for stdin, nothing for stdin. I/O problems are
// reported on stderr in one format and turn the exit status to 2.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/source.h"

namespace pgnkit::tools {

// The inputs to read: the arguments, or "-" when there are none.
std::vector<std::string> inputs_or_stdin(const std::vector<std::string>& files);

// Opens `path`; on failure prints "pgnkit: <path>: <why>" to stderr and returns nullopt.
std::optional<io::Source> open_input(const std::string& path);

// After reading: prints the source's I/O error, if any, and returns true when there was one.
bool report_read_error(const io::Source& source);

}  // namespace pgnkit::tools

// The command line's inputs and its messages to stderr: files, "-" for stdin, nothing for
// stdin; every message is one line "pgnkit: <message>", with the progress line erased first.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/error.h"

namespace pgnkit::tools {

// The inputs to read: the arguments, or "-" when there are none.
std::vector<std::string> inputs_or_stdin(const std::vector<std::string>& files);

// Prints "pgnkit: <message>" on stderr.
void report(std::string_view message);
// Prints "pgnkit: <name>: <why>" on stderr.
void report_io_error(const io::IoError& error, std::string_view name);

// PGNKIT_DECODE_AHEAD, read once: unset (each mode's default, pipeline::RunOptions), or
// whether it is other than "0". An environment variable, not a flag, so that every subcommand
// has it without another option on each.
std::optional<bool> decode_ahead_setting();
// Whether one reader maps a plain file rather than reading it (pipeline::RunOptions::
// map_files): yes unless PGNKIT_MAP_FILES=0 in the environment.
bool map_files_setting();

}  // namespace pgnkit::tools

// How `select`, `split` and `dedup` write a selected game: its raw bytes (pgn::GameBytes), a line
// break if they end without one, then one blank line, written with the game's own last line
// break (CRLF games get "\r\n"). So every game in the output ends with a blank line, and
// pieces of `split` concatenate to the `select` output.
#pragma once

#include <string_view>

namespace pgnkit::commands {

// The line break to end a selected game with, after its raw bytes.
inline std::string_view selected_game_tail(std::string_view bytes) {
  if (bytes.ends_with("\r\n")) return "\r\n";
  if (bytes.ends_with('\n')) return "\n";
  if (bytes.ends_with('\r')) return "\r";
  return "\n\n";  // no final line break: one, then the blank line
}

}  // namespace pgnkit::commands

// The widths the commands that write PGN accept for --line-length (annotate, convert, analyse).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace pgnkit::commands {

inline constexpr std::size_t kMinLineLength = 20, kMaxLineLength = 100000;

// The usage message for a width outside them ("--line-length 5 is not in 20 to 100000"), or
// nullopt.
inline std::optional<std::string> line_length_problem(std::size_t n) {
  if (n >= kMinLineLength && n <= kMaxLineLength) return std::nullopt;
  return "--line-length " + std::to_string(n) + " is not in " + std::to_string(kMinLineLength) +
         " to " + std::to_string(kMaxLineLength);
}

}  // namespace pgnkit::commands

// Parsing of perft suite lines: "FEN ;D1 20 ;D2 400 ... [;id name]" (EPD perft format).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"

namespace pgnkit::chess {

struct PerftExpectation {
  int depth;
  std::uint64_t nodes;
};

struct PerftCase {
  std::string fen;
  std::string id;         // from ";id ...", may be empty
  bool chess960 = false;  // castling only makes sense as Chess960 (or the caller asked for it)
  Position position;
  std::vector<PerftExpectation> expected;  // by increasing depth
};

struct SuiteLineError {
  int field;            // 1-based ';'-separated field (1 = the FEN)
  std::string message;  // what is wrong, naming the offending text
};

// Parses one non-comment line. Blank lines and lines starting with '#' are the caller's to skip.
// With force_chess960 the FEN is read as Chess960; otherwise a FEN whose castling field only
// fits Chess960 (king or rooks off their standard files) is read as Chess960.
std::optional<SuiteLineError> parse_perft_line(std::string_view line, bool force_chess960,
                                               PerftCase& out);

}  // namespace pgnkit::chess

// Helpers shared by the rules-core tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "chess/fen.h"
#include "chess/san.h"

namespace pgnkit::chess::testing {

inline Position fen_position(std::string_view fen, bool chess960 = false) {
  Position p;
  const auto problem = parse_fen(fen, p, chess960);
  EXPECT_FALSE(problem.has_value())
      << fen << ": " << (problem ? fen_error_message(problem->error) : "");
  return p;
}

// Plays space-separated SAN moves from `pos`, failing the test on the first unreadable one.
inline Position play_san(Position pos, std::string_view moves) {
  std::size_t i = 0;
  while (i < moves.size()) {
    while (i < moves.size() && moves[i] == ' ') ++i;
    std::size_t j = i;
    while (j < moves.size() && moves[j] != ' ') ++j;
    if (j > i) {
      const std::string_view san = moves.substr(i, j - i);
      const SanResult r = parse_san(pos, san);
      EXPECT_TRUE(r.ok()) << "cannot play " << san << " in " << write_fen(pos);
      if (!r.ok()) return pos;
      pos.play(r.move);
    }
    i = j;
  }
  return pos;
}

inline std::string shared_dir() {
  return PGNKIT_SHARED_DIR;
}
inline std::string source_dir() {
  return PGNKIT_SOURCE_DIR;
}

}  // namespace pgnkit::chess::testing

// Helpers shared by the rules-core tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include <fstream>

#include "chess/fen.h"
#include "chess/perft_suite.h"
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

// The positions of a perft suite file in data/perft (Chess960 when its name says "960"),
// read line by line; a line that does not parse fails the test. Returns how many there were.
template <class F>
int for_each_suite_position(const std::string& name, F&& visit) {
  const bool chess960 = name.find("960") != std::string::npos;
  std::ifstream in(source_dir() + "/data/perft/" + name);
  EXPECT_TRUE(in) << name;
  std::string line;
  int positions = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    PerftCase c;
    const auto problem = parse_perft_line(line, chess960, c);
    EXPECT_FALSE(problem) << line;
    if (problem) continue;
    visit(c.position, chess960);
    ++positions;
  }
  return positions;
}

}  // namespace pgnkit::chess::testing

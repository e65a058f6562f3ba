// Which games pass through each position: a (position key, game, move) record per position of
// every game in the tree, in (key, game) order (ply_table.h makes them, tree_file.h keeps them).
#pragma once

#include <cstdint>

#include "tree/entry.h"

namespace pgnkit::tree {

struct Posting {
  std::uint64_t key = 0;    // the position
  GameRef ref;              // the game
  std::uint16_t move = 0;   // what it played there (kEndedHere: it stopped there)
  std::uint8_t result = 0;  // 0 White won, 1 draw, 2 Black won
  std::uint8_t reserved8 = 0;
  std::uint32_t reserved32 = 0;
};

inline bool posting_before(const Posting& a, const Posting& b) {
  return a.key != b.key ? a.key < b.key : a.ref.packed < b.ref.packed;
}

}  // namespace pgnkit::tree

// The slow reference ray walk. The attack tables themselves are constant data generated at
// build time from it (tables_gen.cpp -> attack_tables.cpp), and the tests compare the table
// lookups with it.
#include "chess/bitboard.h"

namespace pgnkit::chess {
namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

}  // namespace

Bitboard sliding_attacks_reference(PieceType t, Square s, Bitboard occupied) {
  const auto& dirs = t == PieceType::Rook ? kRookDirs : kBishopDirs;
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      const Bitboard b = bb(make_square(f, r));
      result |= b;
      if (occupied & b) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

}  // namespace pgnkit::chess

// Perft: counts the leaf nodes of the legal move tree, the standard check of a move generator.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.h"

namespace pgnkit::chess {

// Single-threaded, no hashing. The last ply is counted in bulk (legal moves are counted,
// not played). depth 0 is 1.
std::uint64_t perft(const Position& pos, int depth);

struct PerftOptions {
  int threads = 1;          // root moves are shared out among this many threads
  std::size_t hash_mb = 0;  // transposition table size; 0 disables it
};

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// Perft with threads and an optional hash table; results equal perft(). When `divide` is
// given it receives the count under each root move, in generation order.
std::uint64_t perft_parallel(const Position& pos, int depth, const PerftOptions& opt,
                             std::vector<DivideEntry>* divide = nullptr);

}  // namespace pgnkit::chess

// What an opening tree holds: for each (position, move) the games that played it, how they
// ended, the movers' ratings, the years and the first game in input order. Values only; the
// table (table.h) sums them, the saved tree (tree_file.h) stores them as they are here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace pgnkit::tree {

// A game's place in the run: its input (the argument, or the archive member, in the order
// read) and its 1-based number in that input, packed so that comparing two refs compares
// their order in the run.
struct GameRef {
  static constexpr int kNumberBits = 40;
  static constexpr std::uint64_t kMaxInputs = std::uint64_t{1} << (64 - kNumberBits);
  std::uint64_t packed = UINT64_MAX;  // none

  static GameRef of(std::uint64_t input, std::uint64_t number) {
    return GameRef{input << kNumberBits | (number & ((std::uint64_t{1} << kNumberBits) - 1))};
  }
  std::uint64_t input() const { return packed >> kNumberBits; }
  std::uint64_t number() const { return packed & ((std::uint64_t{1} << kNumberBits) - 1); }
  bool none() const { return packed == UINT64_MAX; }
  friend bool operator==(const GameRef&, const GameRef&) = default;
};

// The move field of an entry that counts games whose main line stopped at the position
// (ended, or cut by a move error) instead of playing a move: no chess::Move is 0.
inline constexpr std::uint16_t kEndedHere = 0;

struct MoveStats {
  std::uint64_t games = 0;                        // = white + draws + black
  std::uint64_t white = 0, draws = 0, black = 0;  // by the Result tag
  std::uint64_t elo_sum = 0, elo_games = 0;       // the mover's Elo, where the tags give one
  GameRef example;                                // the first game in input order
  std::uint16_t first_year = 0, last_year = 0;    // 0: no game with a year
  std::uint32_t reserved = 0;                     // zero: no padding bytes in a saved tree

  void add(const MoveStats& o) {
    games += o.games;
    white += o.white;
    draws += o.draws;
    black += o.black;
    elo_sum += o.elo_sum;
    elo_games += o.elo_games;
    if (o.first_year != 0 && (first_year == 0 || o.first_year < first_year))
      first_year = o.first_year;
    last_year = std::max(last_year, o.last_year);
    if (o.example.packed < example.packed) example = o.example;
  }
  friend bool operator==(const MoveStats&, const MoveStats&) = default;
};

struct TreeEntry {
  std::uint64_t key = 0;  // the position's key (chess::Position::key() or Polyglot's)
  MoveStats stats;
  std::uint16_t move = 0;           // chess::Move::raw(), or kEndedHere
  std::uint16_t black_to_move = 0;  // 1: Black is to move in the position
  std::uint32_t reserved32 = 0;
  friend bool operator==(const TreeEntry&, const TreeEntry&) = default;
};

// Saved trees are these bytes: no padding whose value could differ from run to run.
static_assert(std::has_unique_object_representations_v<TreeEntry>);

inline bool entry_before(const TreeEntry& a, const TreeEntry& b) {
  return a.key != b.key ? a.key < b.key : a.move < b.move;
}

}  // namespace pgnkit::tree

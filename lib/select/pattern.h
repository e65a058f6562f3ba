// Board patterns for `select --position-pattern`: the language of pgn-extract's FEN patterns
// (its -Tf and FENPattern), parsed once into bitboards so that testing a position allocates
// nothing and takes a few dozen instructions.
//
// A pattern is eight ranks, the 8th first, separated by '/', each a sequence of:
//   K Q R B N P k q r b n p   that piece            1-8   that many empty squares
//   ?   any square            !   any piece           _     an empty square
//   A   any White piece       a   any Black piece     m     anything but a pawn (empty too)
//   *   zero or more squares of anything, within the rank
//   [..] one square, any of the letters inside (pieces, A a ! ? m _); [^..] none of them
// Each rank must be able to cover exactly 8 squares. An optional side to move may follow
// after a space: "w" or "b" (pgn-extract ignores what follows the board).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "select/filters.h"

namespace pgnkit::select {

class BoardPattern {
 public:
  // Parses a pattern; nullopt with a message (rank and character named) when it is malformed
  // or a rank cannot cover 8 squares.
  static std::optional<BoardPattern> parse(std::string_view text, FilterError& error);

  bool matches(const chess::Position& p) const;

  // What a square may hold: bit 0 empty, bit 1 + colour * 6 + type a piece (kStates bits).
  using SquareSet = std::uint16_t;
  static constexpr int kStates = 13;

 private:
  // A rank whose '*' can stretch several ways (placements: at most C(8, 4) = 70, one bit
  // each): per file and state, the placements that allow it. The rank fits when the AND over
  // its files of what their contents allow keeps a bit.
  using Placements = std::array<std::uint64_t, 2>;
  struct ChoiceRank {
    int rank = 0;  // 0 = the 1st rank
    std::array<std::array<Placements, kStates>, 8> allowed{};
  };

  // Per state, the squares where it is not allowed: every rank with a single placement.
  std::array<chess::Bitboard, kStates> forbidden_{};
  std::vector<ChoiceRank> choices_;  // ranks with several placements (one must fit)
  std::optional<chess::Color> side_;
};

}  // namespace pgnkit::select

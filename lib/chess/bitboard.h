// Bitboard helpers and precomputed attack tables (magic bitboards for sliders).
// The tables are constant data, generated at build time (tables_gen.cpp): usable from the
// first instruction, static initialisers included, and nothing to compute at start-up.
#pragma once

#include <bit>

#include "chess/types.h"

namespace pgnkit::chess {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_bb(int file) {
  return kFileA << file;
}
constexpr Bitboard rank_bb(int rank) {
  return kRank1 << (8 * rank);
}
constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;

inline int popcount(Bitboard b) {
  return std::popcount(b);
}
inline Square lsb(Bitboard b) {
  return static_cast<Square>(std::countr_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

constexpr Bitboard shift_north(Bitboard b) {
  return b << 8;
}
constexpr Bitboard shift_south(Bitboard b) {
  return b >> 8;
}
constexpr Bitboard pawn_push(Color c, Bitboard b) {
  return c == Color::White ? shift_north(b) : shift_south(b);
}
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  const Bitboard not_a = ~kFileA;
  const Bitboard not_h = ~file_bb(7);
  return c == Color::White ? ((b & not_a) << 7) | ((b & not_h) << 9)
                           : ((b & not_a) >> 9) | ((b & not_h) >> 7);
}

namespace detail {
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const {
    return static_cast<unsigned>(((occupied & mask) * magic) >> shift);
  }
};
extern const Magic rook_magics[64];
extern const Magic bishop_magics[64];
extern const Bitboard knight_table[64];
extern const Bitboard king_table[64];
extern const Bitboard pawn_table[2][64];
extern const Bitboard between_table[64][64];
extern const Bitboard line_table[64][64];
}  // namespace detail

inline Bitboard knight_attacks(Square s) {
  return detail::knight_table[s];
}
inline Bitboard king_attacks(Square s) {
  return detail::king_table[s];
}
inline Bitboard pawn_attacks(Color c, Square s) {
  return detail::pawn_table[index(c)][s];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& m = detail::rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& m = detail::bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Squares strictly between a and b on a shared line, plus b itself; just b when not aligned.
// (Including b makes "block or capture the checker" one mask.)
inline Bitboard between(Square a, Square b) {
  return detail::between_table[a][b];
}
// The whole line through a and b (edge to edge), 0 when they are not aligned.
inline Bitboard line(Square a, Square b) {
  return detail::line_table[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
  return (line(a, b) & bb(c)) != 0;
}

// Attacks of a non-pawn piece type from s.
inline Bitboard attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occupied);
    case PieceType::Rook: return rook_attacks(s, occupied);
    case PieceType::Queen: return queen_attacks(s, occupied);
    case PieceType::King: return king_attacks(s);
    case PieceType::Pawn:
    case PieceType::None: return 0;
  }
  return 0;
}

// Slow reference ray walk, used to build the tables and by tests as a second way.
Bitboard sliding_attacks_reference(PieceType t, Square s, Bitboard occupied);

}  // namespace pgnkit::chess

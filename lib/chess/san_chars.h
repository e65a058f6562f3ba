// The characters of SAN, shared by the full reader (san.cpp), its fast path (san_quick.cpp)
// and the record's check of canonical form (replay/record_builder.cpp).
#pragma once

#include "chess/types.h"

namespace pgnkit::chess::san_chars {

constexpr bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}
constexpr bool is_rank(char c) {
  return c >= '1' && c <= '8';
}
// The piece an upper-case letter names ('P' included), or PieceType::None.
constexpr PieceType piece_from_upper(char c) {
  switch (c) {
    case 'N': return PieceType::Knight;
    case 'B': return PieceType::Bishop;
    case 'R': return PieceType::Rook;
    case 'Q': return PieceType::Queen;
    case 'K': return PieceType::King;
    case 'P': return PieceType::Pawn;
    default: return PieceType::None;
  }
}

}  // namespace pgnkit::chess::san_chars

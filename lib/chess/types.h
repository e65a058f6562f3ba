// Value types of the rules core: colours, pieces, squares, moves.
#pragma once

#include <cstdint>

namespace pgnkit::chess {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) {
  return c == Color::White ? Color::Black : Color::White;
}
constexpr int index(Color c) {
  return static_cast<int>(c);
}

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, None };
constexpr int index(PieceType t) {
  return static_cast<int>(t);
}

// A coloured piece: colour * 8 + type, so that type and colour are a mask and a shift away
// (the move loop asks for them on every move); None is 6 (its type is PieceType::None).
enum class Piece : std::uint8_t { None = 6 };
constexpr int kPieceCodes = 16;  // piece values are below this
constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(index(c) * 8 + index(t));
}
constexpr PieceType type_of(Piece p) {
  return static_cast<PieceType>(static_cast<int>(p) & 7);
}
constexpr Color color_of(Piece p) {
  return static_cast<Color>(static_cast<int>(p) >> 3);
}

// Squares are 0..63 with a1 = 0, b1 = 1, ..., h8 = 63.
using Square = std::uint8_t;
constexpr Square kNoSquare = 64;
constexpr Square make_square(int file, int rank) {
  return static_cast<Square>(rank * 8 + file);
}
// Whether (file, rank) is on the board: for walks that step off it (rays, leaper jumps).
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
constexpr int file_of(Square s) {
  return s & 7;
}
constexpr int rank_of(Square s) {
  return s >> 3;
}
constexpr Bitboard bb(Square s) {
  return Bitboard{1} << s;
}
// The square seen from `c`'s side: rank r becomes 7 - r for Black.
constexpr Square relative(Color c, Square s) {
  return c == Color::White ? s : static_cast<Square>(s ^ 56);
}
constexpr bool is_light(Square s) {
  return ((file_of(s) + rank_of(s)) & 1) != 0;
}

// Castling rights: one bit per side and wing.
enum class CastlingRight : std::uint8_t {
  WhiteKing = 1,
  WhiteQueen = 2,
  BlackKing = 4,
  BlackQueen = 8
};
constexpr int castling_index(Color c, bool king_side) {
  return index(c) * 2 + (king_side ? 0 : 1);
}
constexpr std::uint8_t castling_bit(Color c, bool king_side) {
  return static_cast<std::uint8_t>(1u << castling_index(c, king_side));
}

// Move layout (16 bits):
//   bits 0-5   from square
//   bits 6-11  to square (for castling: the castling rook's square, "king takes rook")
//   bits 12-13 promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//   bits 14-15 kind: normal, promotion, en passant, castling
// Move{} (a1a1) is "no move"; the null move is b1b1.
enum class MoveKind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                 PieceType promo = PieceType::Knight)
      : bits_(static_cast<std::uint16_t>(from | (to << 6) | ((index(promo) - 1) << 12) |
                                         (static_cast<int>(kind) << 14))) {}
  static constexpr Move null() { return Move(1, 1); }

  constexpr Square from() const { return static_cast<Square>(bits_ & 63); }
  constexpr Square to() const { return static_cast<Square>((bits_ >> 6) & 63); }
  constexpr MoveKind kind() const { return static_cast<MoveKind>(bits_ >> 14); }
  constexpr PieceType promotion() const {
    return kind() == MoveKind::Promotion ? static_cast<PieceType>(((bits_ >> 12) & 3) + 1)
                                         : PieceType::None;
  }
  constexpr bool is_null() const { return bits_ == null().bits_; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr std::uint16_t raw() const { return bits_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t bits_ = 0;
};

// Fixed-capacity move list: move generation never allocates. 218 is the most a position of a
// real game has, but a FEN may hold any material (one king a side; QQQQQQBk/Q5RB/Q6Q/Q6Q/
// Q6Q/Q6Q/Q6Q/KQQQQQQQ w has 271 moves). The bound for any such position: n pieces of a side
// reach at most min(27, 64 - n) squares each (n = 37: 999 moves), plus 3 more for each
// promotion square of each pawn (8 x 3 x 3) and 2 castlings: 1,073.
struct MoveList {
  static constexpr int kCapacity = 1088;
  Move moves[kCapacity];
  int size = 0;

  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  bool contains(Move m) const {
    for (int i = 0; i < size; ++i)
      if (moves[i] == m) return true;
    return false;
  }
};

}  // namespace pgnkit::chess

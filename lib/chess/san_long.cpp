// Moves that name their from-square: long algebraic (e2-e4, Ng1xf3, e7-e8=Q, Bc4xf7+), the
// coordinate and UCI forms (g1f3, e7e8q), and castling written as the king's move (e1g1,
// Ke1-g1, or the king onto its own rook: e1h1, Kb1xa1). Only moves the quick reader left
// come here.
#include "chess/san_parts.h"

namespace pgnkit::chess::san_detail {

namespace {

// Whether a move of the side's king from `from` to `to` is castling, and on which side: onto
// its own rook on its first rank (king takes rook, the Chess960 and UCI form), or two or more
// squares along its first rank to the g- or c-file (in standard chess from the e-file). A king
// step of one square is a king move, never castling: in Chess960 the text cannot tell them
// apart, and the step is what it says.
bool castling_side(const Position& pos, Square from, Square to, bool& king_side) {
  const Color us = pos.side_to_move();
  if (rank_of(from) != rank_of(relative(us, 0)) || rank_of(to) != rank_of(from)) return false;
  if (pos.piece_on(to) == make_piece(us, PieceType::Rook)) {
    king_side = to > from;
    return true;
  }
  const int files = file_of(to) - file_of(from);
  if (files > -2 && files < 2) return false;
  if (!pos.chess960() && file_of(from) != 4) return false;
  if (file_of(to) != 6 && file_of(to) != 2) return false;
  king_side = file_of(to) == 6;
  return true;
}

}  // namespace

SanResult resolve_long(const Position& pos, SanParts& p) {
  const Color us = pos.side_to_move();
  const Square from = make_square(p.from_file, p.from_rank);
  const Piece there = pos.piece_on(from);
  // Without a letter the piece is the one standing there. On an empty square the move stays a
  // pawn's, which resolve_move() then reports as one no piece can make.
  if (!p.piece_written) {
    if (there != Piece::None) p.piece = type_of(there);
    note(p, SanNote::LongAlgebraic);
  }
  bool king_side = false;
  if (p.piece == PieceType::King && there == make_piece(us, PieceType::King) &&
      p.promotion == PieceType::None && castling_side(pos, from, p.to, king_side)) {
    p.castle = true;
    p.castle_long = !king_side;
    note(p, SanNote::LongAlgebraic);
    return resolve_castling(pos, p);
  }
  // A letter that does not name the piece there finds no piece of its kind on the square:
  // no_piece_can_move, as in short SAN.
  return resolve_move(pos, p);
}

}  // namespace pgnkit::chess::san_detail

// Moves that name their from-square: long algebraic (e2-e4, Ng1xf3, e7-e8=Q, Bc4xf7+), the
// coordinate and UCI forms (g1f3, e7e8q), and castling written as the king's move (e1g1,
// Ke1-g1, or the king onto its own rook: e1h1, Kb1xa1); and the Unicode dashes a token may
// carry in place of '-'. Only moves the quick reader left come here.
#include "chess/san_parts.h"

namespace pgnkit::chess::san_detail {

namespace {

// Whether a move of the side's king from `from` to `to` is castling, and on which side: onto
// its own rook on its first rank (king takes rook, the Chess960 and UCI form), or two or more
// squares along its first rank to the g- or c-file; in standard chess only from the e-file, and
// onto a rook in a corner. A step of one square is a king move, never castling, as in UCI
// (castling is king takes rook there), python-chess and pgn-extract's own reader, though
// pgn-extract writes some Chess960 castling so (a king on f8 castling: f8g8, also with
// -Welalg, which gives king moves a letter).
bool castling_side(const Position& pos, Square from, Square to, bool& king_side) {
  const Color us = pos.side_to_move();
  if (rank_of(from) != rank_of(relative(us, 0)) || rank_of(to) != rank_of(from)) return false;
  if (!pos.chess960() && file_of(from) != 4) return false;
  king_side = to > from;
  if (pos.piece_on(to) == make_piece(us, PieceType::Rook))
    return pos.chess960() || file_of(to) == 0 || file_of(to) == 7;
  const int files = file_of(to) - file_of(from);
  return (files < -1 || files > 1) && file_of(to) == (king_side ? 6 : 2);
}

// A Unicode dash in UTF-8 at the start of `s`: U+2010 to U+2015 (hyphen, non-breaking hyphen,
// figure dash, en dash, em dash, horizontal bar) or U+2212 (minus sign).
bool utf8_dash(std::string_view s) {
  if (s.size() < 3 || static_cast<unsigned char>(s[0]) != 0xE2) return false;
  const auto b1 = static_cast<unsigned char>(s[1]), b2 = static_cast<unsigned char>(s[2]);
  return (b1 == 0x80 && b2 >= 0x90 && b2 <= 0x95) || (b1 == 0x88 && b2 == 0x92);
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

std::string_view ascii_dashes(std::string_view text, char (&buf)[kMaxDashedToken]) {
  std::size_t n = 0;
  bool replaced = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (n == kMaxDashedToken) return {};
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      buf[n++] = text[i];
    } else if (utf8_dash(text.substr(i))) {
      buf[n++] = '-';
      i += 2;
      replaced = true;
    } else {
      return {};
    }
  }
  return replaced ? std::string_view(buf, n) : std::string_view{};
}

}  // namespace pgnkit::chess::san_detail

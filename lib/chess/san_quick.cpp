#include "chess/san_quick.h"

#include "chess/bitboard.h"

namespace pgnkit::chess {

namespace {

// Piece letters of the quick shapes; every other first letter (pawns, 'P', lower case) is 0.
constexpr PieceType piece_of_letter(char c) {
  switch (c) {
    case 'N': return PieceType::Knight;
    case 'B': return PieceType::Bishop;
    case 'R': return PieceType::Rook;
    case 'Q': return PieceType::Queen;
    case 'K': return PieceType::King;
    default: return PieceType::None;
  }
}

bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
  return c >= '1' && c <= '8';
}

// Whether the only source `from` may move to `to`: the cheap test (not in check, not the king,
// no enemy slider on the line through king and piece, so it cannot be pinned) or the exact one.
bool source_legal(const Position& pos, Square from, Move m) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king(us);
  const Bitboard sliders = pos.pieces(~us, PieceType::Bishop, PieceType::Queen) |
                           pos.pieces(~us, PieceType::Rook, PieceType::Queen);
  if (!pos.in_check() && from != ksq && !(line(ksq, from) & sliders)) return true;
  return pos.legal(m);
}

}  // namespace

bool parse_quick_san(const Position& pos, std::string_view text, QuickSan& out) {
  SanSuffix suffix = SanSuffix::None;
  std::size_t n = text.size();
  if (n >= 3 && (text[n - 1] == '+' || text[n - 1] == '#')) {
    suffix = text[n - 1] == '+' ? SanSuffix::Check : SanSuffix::Mate;
    --n;
  }
  if (n < 2 || n > 4 || !is_file(text[n - 2]) || !is_rank(text[n - 1])) return false;
  const Square to = make_square(text[n - 2] - 'a', text[n - 1] - '1');
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us);
  const Bitboard target = bb(to);
  if (own & target) return false;
  const bool capture = (pos.pieces(~us) & target) != 0;
  Bitboard sources = 0;
  if (n == 2 || (n == 4 && is_file(text[0]))) {
    // A pawn move; promotions and en passant are parse_san's.
    const int rank = rank_of(to);
    if (rank == 0 || rank == 7) return false;
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    if (n == 2) {
      if (capture) return false;
      const Bitboard one = pawn_push(~us, target);
      sources = one & pawns;
      if (!sources && (one & ~pos.pieces()) && rank == (us == Color::White ? 3 : 4))
        sources = pawn_push(~us, one) & pawns;
    } else {
      if (text[1] != 'x' || !capture) return false;
      sources = pawn_attacks(~us, to) & pawns & file_bb(text[0] - 'a');
    }
  } else {
    const PieceType t = piece_of_letter(text[0]);
    if (t == PieceType::None) return false;
    if (n == 4 && text[1] != 'x') return false;
    if ((n == 4) != capture) return false;
    sources = attacks(t, to, pos.pieces()) & pos.pieces(us, t);
  }
  if (!sources || more_than_one(sources)) return false;
  const Square from = lsb(sources);
  const Move m(from, to);
  if (!source_legal(pos, from, m)) return false;
  out.move = m;
  out.suffix = suffix;
  return true;
}

}  // namespace pgnkit::chess

#include "chess/san_quick.h"

#include "chess/bitboard.h"
#include "chess/san_chars.h"

namespace pgnkit::chess {

namespace {

using san_chars::is_file;
using san_chars::is_rank;

// Whether the piece on `from` may make the normal move `m`: a king when its target is not
// attacked; another piece by the cheap test (not in check, and no enemy slider on the line
// through king and piece, so it cannot be pinned), or else the exact one.
bool source_legal(const Position& pos, Square from, Move m) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king(us);
  if (from == ksq) return !pos.attacked(m.to(), ~us, pos.pieces() ^ bb(from));
  const Bitboard sliders = pos.pieces(~us, PieceType::Bishop, PieceType::Queen) |
                           pos.pieces(~us, PieceType::Rook, PieceType::Queen);
  if (!pos.in_check() && !(line(ksq, from) & sliders)) return true;
  return pos.legal(m);
}

// "O-O" / "O-O-O" (suffix removed) when castling that way is legal.
bool quick_castling(const Position& pos, std::string_view text, SanSuffix suffix, QuickSan& out) {
  const bool king_side = text == "O-O";
  if (!king_side && text != "O-O-O") return false;
  const Color us = pos.side_to_move();
  if (!pos.has_castling_right(us, king_side)) return false;
  const Move m(pos.king(us), pos.castling_rook(us, king_side), MoveKind::Castling);
  if (!pos.legal(m)) return false;
  out.move = m;
  out.suffix = suffix;
  return true;
}

// "Nbd2", "R1e2", "Nbxd2": `hint` (a file or a rank) picks one of several pieces that can move
// to `to` (`attackers`, checks and pins ignored). Accepted only when it picks exactly one legal
// move and is the disambiguation canonical SAN writes (file if that tells them apart, else rank).
bool quick_disambiguated(const Position& pos, Bitboard attackers, char hint, Square to,
                         SanSuffix suffix, QuickSan& out) {
  Bitboard legal = 0;
  for (Bitboard b = attackers; b;) {
    const Square from = pop_lsb(b);
    if (source_legal(pos, from, Move(from, to))) legal |= bb(from);
  }
  const bool by_file = is_file(hint);
  const Bitboard named = legal & (by_file ? file_bb(hint - 'a') : rank_bb(hint - '1'));
  if (!named || more_than_one(named)) return false;
  const Square from = lsb(named);
  const Bitboard others = legal & ~named;
  if (!others) return false;  // superfluous
  // A unique file or rank leaves no other piece on it; a rank is the canonical hint only when
  // the file does not tell the pieces apart.
  if (!by_file && !(others & file_bb(file_of(from)))) return false;
  out.move = Move(from, to);
  out.suffix = suffix;
  return true;
}

}  // namespace

bool parse_quick_san(const Position& pos, std::string_view text, QuickSan& out) {
  SanSuffix suffix = SanSuffix::None;
  std::size_t n = text.size();
  if (n < 2) return false;
  if (n >= 3 && (text[n - 1] == '+' || text[n - 1] == '#')) {
    suffix = text[n - 1] == '+' ? SanSuffix::Check : SanSuffix::Mate;
    --n;
  }
  if (text[0] == 'O') return quick_castling(pos, text.substr(0, n), suffix, out);
  if (n < 2 || n > 5 || !is_file(text[n - 2]) || !is_rank(text[n - 1])) return false;
  const Square to = make_square(text[n - 2] - 'a', text[n - 1] - '1');
  const Color us = pos.side_to_move();
  const Bitboard target = bb(to);
  if (pos.pieces(us) & target) return false;
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
    // N, B, R, Q or K; a pawn ("e4", "Pe4") is not a quick piece move.
    const PieceType t = san_chars::piece_from_upper(text[0]);
    if (t == PieceType::None || t == PieceType::Pawn) return false;
    // Between the letter and the square: "", "x", or a file or rank that tells two pieces
    // apart, then maybe "x".
    const std::string_view middle = text.substr(1, n - 3);
    const bool capture_mark = !middle.empty() && middle.back() == 'x';
    const std::string_view hint = middle.substr(0, middle.size() - capture_mark);
    if (capture_mark != capture || hint.size() > 1) return false;
    const bool has_hint = !hint.empty();
    if (has_hint && !is_file(hint[0]) && !is_rank(hint[0])) return false;
    sources = attacks(t, to, pos.pieces()) & pos.pieces(us, t);
    if (has_hint) return quick_disambiguated(pos, sources, hint[0], to, suffix, out);
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

#include "chess/position.h"

#include <cstring>
#include <initializer_list>

namespace pgnkit::chess {

namespace zobrist {
namespace {
struct Keys {
  std::uint64_t piece_square[kPieceCodes][64];  // rows for real pieces only are filled
  std::uint64_t castling[16];
  std::uint64_t ep_file[8];
  std::uint64_t side;
  Keys() {
    std::uint64_t s = 0x9E3779B97F4A7C15ULL;
    auto next = [&s] {  // splitmix64
      std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (const Color c : {Color::White, Color::Black}) {
      for (int t = 0; t < 6; ++t) {
        for (auto& k : piece_square[static_cast<int>(make_piece(c, static_cast<PieceType>(t)))])
          k = next();
      }
    }
    std::uint64_t single[4];
    for (auto& k : single) k = next();
    for (int r = 0; r < 16; ++r) {
      castling[r] = 0;
      for (int b = 0; b < 4; ++b)
        if (r & (1 << b)) castling[r] ^= single[b];
    }
    for (auto& k : ep_file) k = next();
    side = next();
  }
};
const Keys keys;
}  // namespace
std::uint64_t piece_square(Piece p, Square s) {
  return keys.piece_square[static_cast<int>(p)][s];
}
std::uint64_t castling(std::uint8_t rights) {
  return keys.castling[rights & 15];
}
std::uint64_t ep_file(int file) {
  return keys.ep_file[file];
}
std::uint64_t side() {
  return keys.side;
}
}  // namespace zobrist

Position Position::empty() {
  Position p;
  std::memset(p.board_, static_cast<int>(Piece::None), sizeof p.board_);
  return p;
}

namespace {
Position build_start() {
  Position p = Position::empty();
  constexpr PieceType kBack[8] = {PieceType::Rook,   PieceType::Knight, PieceType::Bishop,
                                  PieceType::Queen,  PieceType::King,   PieceType::Bishop,
                                  PieceType::Knight, PieceType::Rook};
  for (int f = 0; f < 8; ++f) {
    p.put(make_piece(Color::White, kBack[f]), make_square(f, 0));
    p.put(make_piece(Color::White, PieceType::Pawn), make_square(f, 1));
    p.put(make_piece(Color::Black, PieceType::Pawn), make_square(f, 6));
    p.put(make_piece(Color::Black, kBack[f]), make_square(f, 7));
  }
  p.set_castling(Color::White, true, make_square(7, 0));
  p.set_castling(Color::White, false, make_square(0, 0));
  p.set_castling(Color::Black, true, make_square(7, 7));
  p.set_castling(Color::Black, false, make_square(0, 7));
  p.finish_setup();
  return p;
}
}  // namespace

// Built once: every game without a FEN starts here.
Position Position::start() {
  static const Position start = build_start();
  return start;
}

void Position::put(Piece p, Square s) {
  board_[s] = p;
  by_type_[index(type_of(p))] |= bb(s);
  by_color_[index(color_of(p))] |= bb(s);
  key_ ^= zobrist::piece_square(p, s);
}

void Position::remove(Square s) {
  const Piece p = board_[s];
  by_type_[index(type_of(p))] ^= bb(s);
  by_color_[index(color_of(p))] ^= bb(s);
  board_[s] = Piece::None;
  key_ ^= zobrist::piece_square(p, s);
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard both = bb(from) | bb(to);
  by_type_[index(type_of(p))] ^= both;
  by_color_[index(color_of(p))] ^= both;
  board_[from] = Piece::None;
  board_[to] = p;
  key_ ^= zobrist::piece_square(p, from) ^ zobrist::piece_square(p, to);
}

bool Position::compute_ep_legal() const {
  if (ep_square_ == kNoSquare) return false;
  const Color us = side_;
  const Bitboard capturers = pawn_attacks(~us, ep_square_) & pieces(us, PieceType::Pawn);
  if (!capturers) return false;
  const Square captured = static_cast<Square>(us == Color::White ? ep_square_ - 8 : ep_square_ + 8);
  const Square ksq = king(us);
  for (Bitboard b = capturers; b;) {
    const Square from = pop_lsb(b);
    const Bitboard occ = (pieces() ^ bb(from) ^ bb(captured)) | bb(ep_square_);
    if (!(attackers_to(ksq, occ, ~us) & ~bb(captured))) return true;
  }
  return false;
}

void Position::update_ep_legal() {
  ep_legal_ = ep_square_ != kNoSquare && compute_ep_legal();  // most moves set no ep square
  if (ep_legal_) key_ ^= zobrist::ep_file(file_of(ep_square_));
}

void Position::update_derived() {
  checkers_ = checkers_of(king(side_), pieces(), ~side_);
  update_ep_legal();
}

Bitboard Position::checkers_after_normal(Square from, Square to, PieceType moved) const {
  const Color them = side_, us = ~side_;
  const Square ksq = king(them);
  // Pawns and knights: two table lookups, no need to know which piece moved.
  Bitboard checkers = ((pawn_attacks(them, ksq) & pieces(PieceType::Pawn)) |
                       (knight_attacks(ksq) & pieces(PieceType::Knight))) &
                      pieces(us);
  // Sliders can check only if the moved one now stands on a line through the king, or the
  // move uncovered one standing on the line through the king and the square it left.
  const Bitboard diagonal = pieces(us, PieceType::Bishop, PieceType::Queen);
  const Bitboard straight = pieces(us, PieceType::Rook, PieceType::Queen);
  const bool slider_moved =
      moved == PieceType::Bishop || moved == PieceType::Rook || moved == PieceType::Queen;
  if ((slider_moved && line(ksq, to)) || (line(ksq, from) & (diagonal | straight))) {
    const Bitboard occ = pieces();
    checkers |= (bishop_attacks(ksq, occ) & diagonal) | (rook_attacks(ksq, occ) & straight);
  }
  return checkers;
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != Piece::None) k ^= zobrist::piece_square(board_[s], static_cast<Square>(s));
  k ^= zobrist::castling(castling_);
  if (side_ == Color::Black) k ^= zobrist::side();
  return k;
}

void Position::finish_setup() {
  castling_squares_ = 0;
  for (Color c : {Color::White, Color::Black}) {
    if (!pieces(c, PieceType::King)) continue;
    for (bool ks : {true, false}) {
      if (!has_castling_right(c, ks)) continue;
      const Square k = king(c), r = castling_rook(c, ks);
      const Square kto = relative(c, ks ? 6 : 2), rto = relative(c, ks ? 5 : 3);
      castling_path_[castling_index(c, ks)] = (between(k, kto) | between(r, rto)) & ~bb(k) & ~bb(r);
      castling_squares_ |= bb(k) | bb(r);
    }
  }
  key_ = compute_key();
  update_derived();
}

bool Position::legal(Move m) const {
  const Color us = side_;
  const Square from = m.from(), to = m.to(), ksq = king(us);
  switch (m.kind()) {
    case MoveKind::EnPassant: {
      const Square captured = static_cast<Square>(us == Color::White ? to - 8 : to + 8);
      const Bitboard occ = (pieces() ^ bb(from) ^ bb(captured)) | bb(to);
      return !(attackers_to(ksq, occ, ~us) & ~bb(captured));
    }
    case MoveKind::Castling: {
      if (checkers_) return false;
      const bool king_side = to > from;
      if (!has_castling_right(us, king_side) || castling_rook(us, king_side) != to) return false;
      const Square kto = relative(us, king_side ? 6 : 2);
      const Bitboard occ = pieces() ^ bb(from) ^ bb(to);
      if (castling_path_[castling_index(us, king_side)] & occ) return false;
      for (Bitboard path = between(from, kto); path;)
        if (attacked(pop_lsb(path), ~us, occ)) return false;
      return true;
    }
    case MoveKind::Normal:
    case MoveKind::Promotion: break;
  }
  if (from == ksq) return !attacked(to, ~us, pieces() ^ bb(from));
  if (checkers_) {
    if (more_than_one(checkers_)) return false;
    if (!(between(ksq, lsb(checkers_)) & bb(to))) return false;
  }
  // Pinned: the piece stands on a line from its king and leaving it uncovers a slider.
  if (!line(ksq, from) || aligned(from, to, ksq)) return true;
  const Bitboard occ = (pieces() ^ bb(from)) | bb(to);
  const Bitboard them = pieces(~us) & ~bb(to);
  return !(
      (rook_attacks(ksq, occ) & them & (pieces(PieceType::Rook) | pieces(PieceType::Queen))) |
      (bishop_attacks(ksq, occ) & them & (pieces(PieceType::Bishop) | pieces(PieceType::Queen))));
}

bool Position::gives_check(Move m) const {
  Position next = *this;
  next.play(m);
  return next.in_check();
}

void Position::lose_castling_rights(Square from, Square to) {
  const std::uint8_t old_rights = castling_;
  for (Color c : {Color::White, Color::Black}) {
    const Bitboard k = pieces(c, PieceType::King);
    for (bool ks : {true, false}) {
      if (!has_castling_right(c, ks)) continue;
      const Bitboard touched = k | bb(castling_rook(c, ks));
      if ((bb(from) | bb(to)) & touched)
        castling_ &= static_cast<std::uint8_t>(~castling_bit(c, ks));
    }
  }
  key_ ^= zobrist::castling(old_rights) ^ zobrist::castling(castling_);
}

void Position::play(Move m) {
  const Color us = side_;
  if (ep_legal_) key_ ^= zobrist::ep_file(file_of(ep_square_));
  ep_square_ = kNoSquare;
  ++halfmove_;
  fullmove_ = static_cast<std::uint16_t>(fullmove_ + index(us));  // after Black's move
  if (!m.is_null()) {
    const Square from = m.from(), to = m.to();
    if (castling_ && ((bb(from) | bb(to)) & castling_squares_)) lose_castling_rights(from, to);
    switch (m.kind()) {
      case MoveKind::Castling: {
        const bool king_side = to > from;
        const Piece k = board_[from], r = board_[to];
        remove(from);
        remove(to);
        put(k, relative(us, king_side ? 6 : 2));
        put(r, relative(us, king_side ? 5 : 3));
        break;
      }
      case MoveKind::EnPassant:
        remove(static_cast<Square>(us == Color::White ? to - 8 : to + 8));
        move_piece(from, to);
        halfmove_ = 0;
        break;
      case MoveKind::Promotion:
        if (board_[to] != Piece::None) remove(to);
        remove(from);
        put(make_piece(us, m.promotion()), to);
        halfmove_ = 0;
        break;
      case MoveKind::Normal: {
        if (board_[to] != Piece::None) {
          remove(to);
          halfmove_ = 0;
        }
        const PieceType moved = type_of(board_[from]);
        move_piece(from, to);
        if (moved == PieceType::Pawn) {
          halfmove_ = 0;
          if ((from ^ to) == 16) ep_square_ = static_cast<Square>((from + to) / 2);
        }
        // The common move: checkers from what moved and what it uncovered (see
        // checkers_after_normal), not from every piece.
        side_ = ~us;
        key_ ^= zobrist::side();
        checkers_ = checkers_after_normal(from, to, moved);
        update_ep_legal();
        return;
      }
    }
  }
  side_ = ~us;
  key_ ^= zobrist::side();
  update_derived();
}

bool Position::operator==(const Position& o) const {
  return std::memcmp(board_, o.board_, sizeof board_) == 0 && side_ == o.side_ &&
         castling_ == o.castling_ && ep_square_ == o.ep_square_ && halfmove_ == o.halfmove_ &&
         fullmove_ == o.fullmove_ && chess960_ == o.chess960_ && key_ == o.key_;
}

}  // namespace pgnkit::chess

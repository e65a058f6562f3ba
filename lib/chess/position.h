// A chess position with copy-make move application and an incremental Zobrist key.
#pragma once

#include <cstdint>

#include "chess/bitboard.h"
#include "chess/types.h"

namespace pgnkit::chess {

// A position. Construct with Position::start() or through fen.h; apply moves with play().
// Invariants: exactly one king per side, the side not to move is not in check, and the cached
// checkers always describe the side to move.
class Position {
 public:
  static Position start();
  static Position empty();

  // --- board ---
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[index(c)] & (by_type_[index(a)] | by_type_[index(b)]);
  }
  Square king(Color c) const { return lsb(pieces(c, PieceType::King)); }

  // --- state ---
  Color side_to_move() const { return side_; }
  std::uint8_t castling_rights() const { return castling_; }
  bool has_castling_right(Color c, bool king_side) const {
    return (castling_ & castling_bit(c, king_side)) != 0;
  }
  // Squares that must be empty (other than king and rook) to castle with that right.
  Bitboard castling_path(Color c, bool king_side) const {
    return castling_path_[castling_index(c, king_side)];
  }
  // The square of the rook a castling right refers to (meaningful only when the right is held).
  Square castling_rook(Color c, bool king_side) const {
    return castling_rook_[castling_index(c, king_side)];
  }
  // The square passed over by the last double pawn push (as the PGN standard writes it), or
  // kNoSquare. It is set after every double push, whether or not a capture is possible there.
  Square ep_square() const { return ep_square_; }
  // True when an en-passant capture is actually legal now (FIDE's "same position" test).
  bool ep_capture_legal() const { return ep_legal_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  bool chess960() const { return chess960_; }
  std::uint64_t key() const { return key_; }

  // --- queries ---
  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  // Pieces of the side to move pinned to their own king (computed on each call: the move
  // generator asks once per position, the replayer's legality test does without it).
  Bitboard pinned() const {
    const Color us = side_;
    const Square ksq = king(us);
    const Bitboard snipers =
        (rook_attacks(ksq, 0) & pieces(~us, PieceType::Rook, PieceType::Queen)) |
        (bishop_attacks(ksq, 0) & pieces(~us, PieceType::Bishop, PieceType::Queen));
    const Bitboard occ = pieces();
    Bitboard result = 0;
    for (Bitboard b = snipers; b;) {
      const Square s = pop_lsb(b);
      const Bitboard blockers = between(ksq, s) & ~bb(s) & occ;
      if (blockers && !more_than_one(blockers)) result |= blockers;
    }
    return result & pieces(us);
  }
  // Pieces of colour `by` attacking square s, with the given occupancy.
  // Pieces of colour `by` giving check to the king on s (no king term: kings never check).
  Bitboard checkers_of(Square s, Bitboard occupied, Color by) const {
    return ((pawn_attacks(~by, s) & pieces(PieceType::Pawn)) |
            (knight_attacks(s) & pieces(PieceType::Knight)) |
            (bishop_attacks(s, occupied) & (pieces(PieceType::Bishop) | pieces(PieceType::Queen))) |
            (rook_attacks(s, occupied) & (pieces(PieceType::Rook) | pieces(PieceType::Queen)))) &
           pieces(by);
  }
  Bitboard attackers_to(Square s, Bitboard occupied, Color by) const {
    return ((pawn_attacks(~by, s) & pieces(PieceType::Pawn)) |
            (knight_attacks(s) & pieces(PieceType::Knight)) |
            (king_attacks(s) & pieces(PieceType::King)) |
            (bishop_attacks(s, occupied) & (pieces(PieceType::Bishop) | pieces(PieceType::Queen))) |
            (rook_attacks(s, occupied) & (pieces(PieceType::Rook) | pieces(PieceType::Queen)))) &
           pieces(by);
  }
  bool attacked(Square s, Color by, Bitboard occupied) const {
    return attackers_to(s, occupied, by) != 0;
  }
  // Whether a move generated for this position (or assembled from SAN candidates) is legal.
  // `m` must be pseudo-legal: the piece on from() of the side to move can move to to().
  bool legal(Move m) const;
  // Whether the move checks the opponent (computed by playing it; not for the hot path).
  bool gives_check(Move m) const;

  // Applies a legal move (or Move::null() when the side to move is not in check).
  void play(Move m);

  // --- set-up (used by the FEN reader and tests) ---
  void put(Piece p, Square s);
  void set_side_to_move(Color c) { side_ = c; }
  void set_castling(Color c, bool king_side, Square rook) {
    castling_ |= castling_bit(c, king_side);
    castling_rook_[castling_index(c, king_side)] = rook;
  }
  void set_ep_square(Square s) { ep_square_ = s; }
  void set_clocks(int halfmove, int fullmove) {
    halfmove_ = static_cast<std::uint16_t>(halfmove);
    fullmove_ = static_cast<std::uint16_t>(fullmove);
  }
  void set_chess960(bool on) { chess960_ = on; }
  // Recomputes the derived state (key, checkers, pins, ep legality) after set-up.
  void finish_setup();

  bool operator==(const Position& o) const;

 private:
  void remove(Square s);
  void move_piece(Square from, Square to);
  void update_derived();
  void update_ep_legal();
  // checkers_ after a normal move from `from` to `to` of a piece of type `moved` (side_ is
  // already the side to move).
  Bitboard checkers_after_normal(Square from, Square to, PieceType moved) const;
  void lose_castling_rights(Square from, Square to);
  bool compute_ep_legal() const;
  std::uint64_t compute_key() const;

  Bitboard by_type_[6] = {};
  Bitboard by_color_[2] = {};
  Piece board_[64];
  Bitboard checkers_ = 0;
  std::uint64_t key_ = 0;
  Square castling_rook_[4] = {kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  // Squares that must be empty for each castling right, and the king and rook squares whose
  // move or capture loses rights (a superset is fine: it only gates the slow path).
  Bitboard castling_path_[4] = {};
  Bitboard castling_squares_ = 0;
  Color side_ = Color::White;
  std::uint8_t castling_ = 0;
  Square ep_square_ = kNoSquare;
  bool ep_legal_ = false;
  bool chess960_ = false;
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;
};

namespace zobrist {
std::uint64_t piece_square(Piece p, Square s);
std::uint64_t castling(std::uint8_t rights);
std::uint64_t ep_file(int file);
std::uint64_t side();
}  // namespace zobrist

}  // namespace pgnkit::chess

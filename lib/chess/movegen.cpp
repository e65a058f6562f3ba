#include <initializer_list>

#include "chess/movegen.h"

namespace pgnkit::chess {
namespace {

// The generator is written once for both jobs: Sink::push adds moves, Counter only counts.
struct ListSink {
  MoveList& list;
  void add(Square from, Bitboard targets) {
    while (targets) list.push(Move(from, pop_lsb(targets)));
  }
  void add_pawns(Bitboard targets, int offset, bool promotion) {
    while (targets) {
      const Square to = pop_lsb(targets);
      const Square from = static_cast<Square>(to - offset);
      if (promotion) {
        for (PieceType t :
             {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
          list.push(Move(from, to, MoveKind::Promotion, t));
      } else {
        list.push(Move(from, to));
      }
    }
  }
  void add_move(Move m) { list.push(m); }
};

struct Counter {
  int n = 0;
  void add(Square, Bitboard targets) { n += popcount(targets); }
  void add_pawns(Bitboard targets, int, bool promotion) {
    n += popcount(targets) * (promotion ? 4 : 1);
  }
  void add_move(Move) { ++n; }
};

template <class Sink>
[[gnu::always_inline]] inline void generate(const Position& pos, Sink& sink) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king(us);
  const Bitboard own = pos.pieces(us), occ = pos.pieces(), enemies = pos.pieces(them);
  const Bitboard checkers = pos.checkers();

  {
    Bitboard targets = king_attacks(ksq) & ~own;
    const Bitboard occ_without_king = occ ^ bb(ksq);
    Bitboard safe = 0;
    while (targets) {
      const Square to = pop_lsb(targets);
      if (!pos.attacked(to, them, occ_without_king)) safe |= bb(to);
    }
    sink.add(ksq, safe);
  }
  if (more_than_one(checkers)) return;

  const Bitboard target = checkers ? between(ksq, lsb(checkers)) : ~own;
  const Bitboard pinned = pos.pinned();

  // One loop per attack kind, no dispatch on the piece type; a queen is visited twice, once
  // as a diagonal and once as an orthogonal slider (the two target sets are disjoint).
  for (Bitboard b = pos.pieces(us, PieceType::Knight) & ~pinned; b;) {  // pinned knights never move
    const Square from = pop_lsb(b);
    sink.add(from, knight_attacks(from) & target);
  }
  for (Bitboard b = pos.pieces(us, PieceType::Bishop, PieceType::Queen); b;) {
    const Square from = pop_lsb(b);
    Bitboard moves = bishop_attacks(from, occ) & target;
    if (pinned & bb(from)) moves &= line(ksq, from);
    sink.add(from, moves);
  }
  for (Bitboard b = pos.pieces(us, PieceType::Rook, PieceType::Queen); b;) {
    const Square from = pop_lsb(b);
    Bitboard moves = rook_attacks(from, occ) & target;
    if (pinned & bb(from)) moves &= line(ksq, from);
    sink.add(from, moves);
  }

  {
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    const int up = us == Color::White ? 8 : -8;
    const Bitboard last_rank = rank_bb(us == Color::White ? 7 : 0);
    const Bitboard third_rank = rank_bb(us == Color::White ? 2 : 5);
    // Pinned pawns move only along the pin line; handle them one by one.
    const Bitboard free = pawns & ~pinned;
    const Bitboard empty = ~occ;
    const Bitboard push1 = pawn_push(us, free) & empty;
    const Bitboard push2 = pawn_push(us, push1 & third_rank) & empty & target;
    const Bitboard pushes = push1 & target;
    sink.add_pawns(pushes & ~last_rank, up, false);
    sink.add_pawns(pushes & last_rank, up, true);
    sink.add_pawns(push2, 2 * up, false);
    const Bitboard not_a = ~file_bb(0), not_h = ~file_bb(7);
    // Captures towards file a and towards file h.
    const Bitboard west =
        (us == Color::White ? (free & not_a) << 7 : (free & not_a) >> 9) & enemies & target;
    const Bitboard east =
        (us == Color::White ? (free & not_h) << 9 : (free & not_h) >> 7) & enemies & target;
    const int west_off = us == Color::White ? 7 : -9, east_off = us == Color::White ? 9 : -7;
    sink.add_pawns(west & ~last_rank, west_off, false);
    sink.add_pawns(west & last_rank, west_off, true);
    sink.add_pawns(east & ~last_rank, east_off, false);
    sink.add_pawns(east & last_rank, east_off, true);
    for (Bitboard p = pawns & pinned; p;) {
      const Square from = pop_lsb(p);
      const Bitboard pin_line = line(ksq, from);
      Bitboard moves = pawn_attacks(us, from) & enemies;
      const Bitboard one = pawn_push(us, bb(from)) & empty;
      moves |= one;
      if (one && (bb(from) & rank_bb(us == Color::White ? 1 : 6)))
        moves |= pawn_push(us, one) & empty;
      moves &= target & pin_line;
      const bool promo = (moves & last_rank) != 0;
      while (moves) {
        const Square to = pop_lsb(moves);
        if (promo) {
          for (PieceType t :
               {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
            sink.add_move(Move(from, to, MoveKind::Promotion, t));
        } else {
          sink.add_move(Move(from, to));
        }
      }
    }
    const Square ep = pos.ep_square();
    if (ep != kNoSquare && pos.ep_capture_legal()) {
      for (Bitboard c = pawn_attacks(them, ep) & pawns; c;) {
        const Move m(pop_lsb(c), ep, MoveKind::EnPassant);
        if (pos.legal(m)) sink.add_move(m);
      }
    }
  }

  if (!checkers) {
    for (bool king_side : {true, false}) {
      if (!pos.has_castling_right(us, king_side) || (pos.castling_path(us, king_side) & occ))
        continue;
      const Move m(ksq, pos.castling_rook(us, king_side), MoveKind::Castling);
      if (pos.legal(m)) sink.add_move(m);
    }
  }
}

}  // namespace

// Counting is popcount-bound: build a POPCNT clone picked at load time, keeping a portable
// default for x86-64 machines without it. Not in sanitized builds: the clone's IFUNC resolver
// runs while the dynamic loader relocates, before any sanitizer runtime is initialised, and
// ThreadSanitizer's instrumentation of it crashes at startup.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PGNKIT_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PGNKIT_SANITIZED 1
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(PGNKIT_SANITIZED)
#define PGNKIT_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define PGNKIT_POPCNT_CLONES
#endif

PGNKIT_POPCNT_CLONES void generate_legal(const Position& pos, MoveList& list) {
  list.size = 0;
  ListSink sink{list};
  generate(pos, sink);
}

PGNKIT_POPCNT_CLONES int count_legal(const Position& pos) {
  Counter counter;
  generate(pos, counter);
  return counter.n;
}

bool has_legal_move(const Position& pos) {
  // Most positions (in check or not) have a safe king step: answer without generating.
  const Color us = pos.side_to_move();
  const Square ksq = pos.king(us);
  const Bitboard occ_without_king = pos.pieces() ^ bb(ksq);
  for (Bitboard t = king_attacks(ksq) & ~pos.pieces(us); t;)
    if (!pos.attacked(pop_lsb(t), ~us, occ_without_king)) return true;
  return count_legal(pos) > 0;
}

}  // namespace pgnkit::chess

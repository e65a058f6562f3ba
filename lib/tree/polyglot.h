// Polyglot opening books (the format of Fruit's Polyglot, read by most engines and GUIs): the
// position key of the format's specification (781 fixed 64-bit numbers, docs/tree.md), its
// move encoding, the 16-byte big-endian entries sorted by key, and `polyglot make-book`'s
// counting, filters and weights, so that a book made here holds the entries Polyglot's own
// would (checked against /usr/games/polyglot in tests/tree).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "chess/position.h"
#include "chess/types.h"

namespace pgnkit::tree {

// The Polyglot key of a position: pieces, castling rights as flags, the en-passant file when
// a pawn of the side to move stands beside the double-stepped pawn (the specification's rule,
// not FIDE's), and the side to move.
std::uint64_t polyglot_key(const chess::Position& p);
// The key of `after`, one move from `before` whose key is before_key: only what the move
// changed (its few squares, the castling rights, the en-passant file, the side to move) is
// recomputed, for a replay that keys every position.
std::uint64_t polyglot_key_after(std::uint64_t before_key, const chess::Position& before,
                                 const chess::Position& after);

// A move in Polyglot's 16 bits (to file, to row, from file, from row, promotion piece);
// castling as the king taking its own rook (e1h1), as pgnkit's chess::Move has it.
std::uint16_t polyglot_move(chess::Move m);
// The legal move of `p` that a Polyglot move names, or nullopt.
std::optional<chess::Move> move_from_polyglot(const chess::Position& p, std::uint16_t move);

struct BookEntry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;
  friend bool operator==(const BookEntry&, const BookEntry&) = default;
};

// One (position, move) of a game collection as polyglot make-book counts it.
struct BookMove {
  std::uint64_t key = 0;   // polyglot_key of the position
  std::uint16_t move = 0;  // polyglot_move
  chess::Color mover = chess::Color::White;
  std::uint64_t games = 0;    // times played
  std::uint64_t points2 = 0;  // 2 per win of the mover, 1 per draw
};

// The points make-book gives the mover from a game's Result tag: 2 when "1-0" or "0-1" says the
// mover won, 0 when it says the mover lost, 1 for anything else ("1/2-1/2", "*", no tag).
std::uint64_t mover_points2(std::string_view result, chess::Color mover);

// make-book halves every count of a position (rounding up) when one of its moves reaches this
// many plays: what keeps its weights (at most 2 * 16383) within 16 bits.
inline constexpr std::uint64_t kBookCountLimit = 16384;

// Counts moves as make-book does while it reads games: add() each move of each game's main line
// in file order, a repeated (position, move) again each time. When a move's count reaches
// kBookCountLimit the position's counts are halved then and there, so the totals depend on the
// order; moves() keeps the first-occurrence order that make-book's sort keeps for equal weights.
class BookCounter {
 public:
  void add(std::uint64_t key, std::uint16_t move, chess::Color mover, std::uint64_t points2);
  std::span<const BookMove> moves() const { return moves_; }
  // Appends the moves counted so far whose count is at least min_games (the test make_book
  // makes first), then starts again empty: a caller that adds one position at a time keeps
  // one position in memory.
  void take_moves(std::vector<BookMove>& out, std::uint64_t min_games);

 private:
  std::vector<BookMove> moves_;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> by_key_;  // indices into moves_
};

struct BookOptions {
  std::uint64_t min_games = 3;                  // make-book's -min-game
  double min_score = 0;                         // -min-score, percent
  bool only_white = false, only_black = false;  // both: no entry is kept
  bool uniform = false;                         // every weight equal
};

// The book's entries from the counted moves, filtered and weighted as polyglot make-book does,
// sorted as the format wants (key, then weight descending; equal weights in input order, as
// make-book's sort leaves them). Counts from BookCounter give make-book's book exactly; totals
// counted otherwise that reach kBookCountLimit are halved per position until below it.
std::vector<BookEntry> make_book(std::span<const BookMove> moves, const BookOptions& options);

// The book's bytes (16 per entry, big-endian), and the entries back from them (nullopt: a
// size that is not a multiple of 16).
std::string book_bytes(std::span<const BookEntry> entries);
std::optional<std::vector<BookEntry>> parse_book(std::string_view bytes);

}  // namespace pgnkit::tree

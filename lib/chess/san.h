// Standard Algebraic Notation: writing (canonical, minimal disambiguation) and reading
// (strict export format, or tolerant of what real files contain, with notes saying which
// tolerance applied).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "chess/position.h"

namespace pgnkit::chess {

// Canonical SAN of a legal move, e.g. "Nbd7", "exd6", "e8=Q+", "O-O-O#". Writes at most
// kMaxSan bytes to `out` and returns the length. Checks for mate by generating replies.
inline constexpr int kMaxSan = 8;
int write_san(const Position& pos, Move m, char* out);
// The same, for a caller that has already played the move: `after` gives the check mark
// without playing it again.
int write_san(const Position& pos, Move m, const Position& after, char* out);
std::string to_san(const Position& pos, Move m);

// Why a SAN could not be read as a legal move. Each has one line in san_error_message().
enum class SanError : std::uint8_t {
  Syntax,                 // not SAN at all
  NoPieceCanMove,         // no piece of that kind can reach the square, ignoring checks
  Ambiguous,              // several pieces can make the move; candidates are listed
  PinnedPiece,            // the only candidate is pinned: moving it exposes its own king
  KingIntoCheck,          // the king would move onto an attacked square
  LeavesKingInCheck,      // the side is in check and the move does not answer it
  CastlingNoRights,       // castling right already lost (or rook missing)
  CastlingBlocked,        // pieces stand between king and rook
  CastlingOutOfCheck,     // castling while in check
  CastlingThroughCheck,   // the king would pass over an attacked square
  CastlingIntoCheck,      // the king would land on an attacked square
  EnPassantNotAvailable,  // pawn capture onto an empty square with no en-passant right there
  MissingPromotion,       // a pawn reaches the last rank without naming a piece
  BadPromotion,           // promotion to a king or pawn, or promotion off the last rank
  WrongSide,              // the moving piece (from the named square) belongs to the other side
  NullMove,               // "--" / "Z0" where null moves are not allowed
  NotCanonical,           // strict mode: readable, but not export-format SAN
};
std::string_view san_error_message(SanError e);

// Tolerances that applied while reading, as bits. Each is a "non-canonical" warning.
enum class SanNote : std::uint16_t {
  CastlingZeros = 1 << 0,          // 0-0 / 0-0-0
  LongAlgebraic = 1 << 1,          // e2-e4, Ng1f3, e2e4, e1g1: a from-square SAN would not name
  ColonCapture = 1 << 2,           // e5:d6 / Nxd4 written N:d4
  MissingCapture = 1 << 3,         // capture written without 'x'
  SpuriousCapture = 1 << 4,        // 'x' on a move that captures nothing
  OverDisambiguated = 1 << 5,      // Ngf3 where Nf3 is unique
  MissingCheck = 1 << 6,           // gives check, no '+'
  MissingMate = 1 << 7,            // mates, no '#' (or '+' written)
  WrongCheck = 1 << 8,             // '+' or '#' on a move that does not check / mate
  EnPassantSuffix = 1 << 9,        // trailing "e.p." / "e.p" / "ep" on an en-passant capture
  PromotionNoEquals = 1 << 10,     // e8Q, e8q, e8(Q)
  LowercasePiece = 1 << 11,        // lower-case piece letter (b for bishop is never guessed)
  NullMoveNotation = 1 << 12,      // a null move was read
  StrayEnPassantSuffix = 1 << 13,  // "e.p." / "ep" on a move that is not an en-passant capture
  DoublePlus = 1 << 14,            // "++", old notation for mate or double check
  LowercaseCastling = 1 << 15,     // o-o / o-o-o
};
constexpr std::uint16_t operator|(SanNote a, SanNote b) {
  return static_cast<std::uint16_t>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
std::string_view san_note_message(SanNote n);

// The notes a move earns, folded: a move written in long algebraic or coordinate form (it names
// its from-square: e2e4, Ng1-f3, e7xd8=N+, e1g1) earns LongAlgebraic alone. Its capture mark,
// check mark, '=' and disambiguation belong to that form and are not judged one by one; the
// canonical SAN that goes with the note shows them all.
constexpr std::uint16_t fold_long_algebraic(std::uint16_t notes) {
  constexpr auto kLong = static_cast<std::uint16_t>(SanNote::LongAlgebraic);
  return (notes & kLong) ? kLong : notes;
}

enum class SanMode : std::uint8_t { Strict, Tolerant };

// The check marker as written after the move ("++" is DoublePlus).
enum class SanSuffix : std::uint8_t { None, Check, Mate, DoublePlus };

struct SanResult {
  Move move;  // the move read; valid when ok() (and for NotCanonical)
  SanError error = SanError::Syntax;
  bool ok_ = false;
  std::uint16_t notes = 0;  // SanNote bits
  SanSuffix suffix = SanSuffix::None;
  std::uint8_t candidate_count = 0;  // for Ambiguous: the legal candidates (first 8)
  Move candidates[8];
  bool ok() const { return ok_; }
  bool has(SanNote n) const { return (notes & static_cast<std::uint16_t>(n)) != 0; }
};

// The notes a written suffix earns, given the position after the move.
std::uint16_t suffix_notes(SanSuffix written, const Position& after);
// The same, for a caller that already knows whether the move checks and mates (inline: the
// replayer asks on every move).
// "++" is tested only where a check or a written suffix already branched off the common path.
inline std::uint16_t suffix_notes(SanSuffix written, bool check, bool mate) {
  if (check) {
    if (written == (mate ? SanSuffix::Mate : SanSuffix::Check)) return 0;
    if (written == SanSuffix::DoublePlus) return static_cast<std::uint16_t>(SanNote::DoublePlus);
    if (mate) return static_cast<std::uint16_t>(SanNote::MissingMate);
    return static_cast<std::uint16_t>(written == SanSuffix::None ? SanNote::MissingCheck
                                                                 : SanNote::WrongCheck);
  }
  return written == SanSuffix::None ? 0 : static_cast<std::uint16_t>(SanNote::WrongCheck);
}

struct SanOptions {
  SanMode mode = SanMode::Tolerant;
  bool allow_null = false;  // accept "--" / "Z0" / "0000" as Move::null()
  // Verify '+'/'#' by playing the move. Callers that play the move anyway (the replayer) turn
  // this off and call suffix_notes() on the position they reach.
  bool check_suffix = true;
};

// Whether `text` is an en-passant mark alone ("e.p.", "e.p", "ep"), as the PGN lexer delivers
// one written as its own token after a move.
bool is_en_passant_mark(std::string_view text);

// Reads `text` as a move of the side to move in `pos`. Never throws, never allocates.
SanResult parse_san(const Position& pos, std::string_view text, const SanOptions& opt = {});

}  // namespace pgnkit::chess

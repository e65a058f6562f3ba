// FEN reading (validating, with precise errors) and writing.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess/position.h"

namespace pgnkit::chess {

enum class FenError : std::uint8_t {
  FieldCount,           // not 4 to 6 space-separated fields
  RankCount,            // placement does not have 8 ranks separated by '/'
  RankWidth,            // a rank does not sum to 8 squares
  UnknownPiece,         // a placement character that is not a piece letter or digit 1-8
  KingCount,            // not exactly one king per side
  PawnOnBackRank,       // a pawn on rank 1 or 8
  BadSideToMove,        // side field is not 'w' or 'b'
  OpponentInCheck,      // the side not to move is in check
  TooManyCheckers,      // the side to move is attacked by more than two pieces
  BadCastlingField,     // a castling character that is not K, Q, k, q, A-H, a-h or '-'
  CastlingMismatch,     // a castling right whose king or rook is not where it must be
  BadEnPassantField,    // the en-passant field is not '-' or a square
  EnPassantImpossible,  // no double pawn push could have produced that en-passant square
  BadHalfmoveClock,     // halfmove clock is not a non-negative number
  BadFullmoveNumber,    // fullmove number is not a positive number
};

std::string_view fen_error_message(FenError e);

struct FenProblem {
  FenError error;
  int field;  // 1-based FEN field the problem is in (1 placement ... 6 fullmove)
};

// Why an en-passant square cannot follow a double pawn push (FenError::EnPassantImpossible).
enum class EnPassantFlaw : std::uint8_t {
  None,
  WrongRank,      // not on rank 6 with White to move, rank 3 with Black to move
  NoPawn,         // no pawn of the side that just moved in front of it (rank 5 / rank 4)
  Occupied,       // the square itself is occupied: the pawn crossed it
  StartOccupied,  // the square behind it, where the pawn started, is occupied
};

// Defects of real FEN tags that a reader may repair rather than reject: asked for and
// reported through parse_fen's `repairs`.
struct FenRepairs {
  // In: drop a K, Q, k or q right whose king is not on e1/e8 or whose rook is not on its
  // corner (odds games written with the standard KQkq), instead of CastlingMismatch. Only for
  // standard chess; a file letter (Shredder-FEN) or a repeated letter stays an error.
  bool drop_impossible_castling = false;
  // Out: the rights dropped, as kCastling* bits.
  std::uint8_t dropped_castling = 0;
  // In: drop an en-passant square that no double pawn push can have left (EnPassantFlaw),
  // instead of EnPassantImpossible. A square where no capture is possible but that such a
  // push leaves is not a defect: the PGN standard writes one after every double push. A
  // field that is not '-' or a square stays BadEnPassantField.
  bool drop_impossible_en_passant = false;
  // Out: the square dropped (kNoSquare: none) and why.
  Square dropped_en_passant = kNoSquare;
  EnPassantFlaw en_passant_flaw = EnPassantFlaw::None;
  // Out: the fullmove number was 0 or negative and is read as 1.
  bool fullmove_repaired = false;
  int fullmove_written = 1;  // the number as written, when fullmove_repaired
};
inline constexpr std::uint8_t kCastlingWhiteKing = 1, kCastlingWhiteQueen = 2,
                              kCastlingBlackKing = 4, kCastlingBlackQueen = 8;

// Parses `fen` into `out` (untouched on failure). With chess960, castling fields may be X-FEN
// or Shredder-FEN and king/rooks may stand on any start files; otherwise castling must be the
// standard e/a/h files. A fullmove number of 0 is read as 1; without `repairs` a negative one
// is BadFullmoveNumber, with it both are read as 1 and reported there.
[[nodiscard]] std::optional<FenProblem> parse_fen(std::string_view fen, Position& out,
                                                  bool chess960 = false,
                                                  FenRepairs* repairs = nullptr);

enum class EpWrite : std::uint8_t {
  Always,     // after every double push, as the PGN standard writes FEN
  WhenLegal,  // only when a legal en-passant capture exists (lichess, python-chess)
};

// Room for the longest FEN: 64 placement characters and 7 slashes, " w ", 4 castling letters,
// " e3", and two clocks with their spaces (5 digits each today; room for 10 if they grow).
inline constexpr std::size_t kMaxFenLength = 71 + 3 + 4 + 3 + 2 * (1 + 10);

// Writes the FEN of `pos` at `out` (room for kMaxFenLength bytes) as append_fen() does, and
// returns its end: for writers that reserve their room themselves.
char* put_fen(char* out, const Position& pos, EpWrite ep = EpWrite::Always);

// Appends the FEN of `pos` to `out` (nothing else: no separator, no newline). Castling is
// KQkq, or in Chess960 a rook's file letter where KQkq would be ambiguous (X-FEN). Allocates
// only when `out` must grow, so a caller reusing one buffer writes FENs without allocating.
void append_fen(std::string& out, const Position& pos, EpWrite ep = EpWrite::Always);

// The FEN of `pos` as a new string (append_fen onto an empty one).
std::string write_fen(const Position& pos, EpWrite ep = EpWrite::Always);

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace pgnkit::chess

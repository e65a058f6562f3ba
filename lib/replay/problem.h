// Problems found in a game: syntax (from the reader), moves (from the rules core) and game-level
// checks (results, tags, set-up). Every code has a stable snake_case name for output.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "chess/san.h"
#include "pgn/syntax.h"
#include "pgn/types.h"

namespace pgnkit::replay {

enum class Severity : std::uint8_t { Error, Warning };
std::string_view severity_name(Severity s);

// The stable codes; problem_code_name() gives the output name, one per code.
enum class ProblemCode : std::uint8_t {
  // Syntax (reader): see pgn::SyntaxCode. Carried as Problem::syntax.
  Syntax,
  // Moves that cannot be played (errors); the name comes from chess::SanError.
  IllegalMove,
  MoveAfterGameEnd,  // a move after checkmate, stalemate, insufficient material, 5-fold, 75
  TextInMovetext,    // warning: a word where a move stands ("mat", "resigns"); skipped
  // Non-canonical SAN (warnings); one per chess::SanNote. Carried as Problem::note.
  NonCanonicalSan,
  // Results.
  ResultMismatch,       // termination marker differs from the Result tag
  ResultContradicted,   // the final position decides another result (or a bare king wins)
  ResultUnsetAfterEnd,  // warning: '*' although a rule ended the game
  BareKingWin,          // warning: a win for a bare king, not on time: only a resignation
  // Set-up and variants.
  InvalidFen,              // FEN tag does not parse
  FenWithoutSetUp,         // warning: FEN tag without [SetUp "1"]; the FEN is used
  SetUpWithoutFen,         // [SetUp "1"] without a FEN tag
  Chess960WithoutVariant,  // warning: the FEN only fits Chess960; replayed as Chess960
  UnsupportedVariant,      // warning: not standard chess or Chess960; the game is skipped
  ImpossibleCastling,      // warning: FEN castling rights the position cannot have; dropped
  ImpossibleEnPassant,     // warning: a FEN en-passant square no double push can leave; dropped
  BadFullmoveNumber,       // warning: FEN fullmove number 0 or negative; read as 1
  // Tags (warnings).
  MissingTag,    // one of the Seven Tag Roster is absent
  BadTagValue,   // Date, Round or Result value not in the standard form
  DuplicateTag,  // the same tag name twice in one game
  TagNameCase,   // a tag of the PGN standard written in another case ([fen]); read as it
  // Limits (warning): more problems in one game than are reported (see kMaxReportedProblems).
  TooManyProblems,
};

// The problems of one game passed on to a ReplaySink: the first this many errors and the first
// this many warnings. The rest are counted (GameReport::errors, warnings) and handed to
// ReplaySink::unreported(), not kept, and one TooManyProblems warning at the game's end says
// how many there were. So memory stays bounded whatever one game holds (300,000 ')' are
// 300,000 errors), while every real game is reported whole: a long game written in long
// algebraic has one warning per move, a few hundred, and the longest games in the corpora
// have a few thousand moves, variations included.
inline constexpr std::uint32_t kMaxReportedProblems = 10'000;

struct Problem {
  ProblemCode code = ProblemCode::Syntax;
  Severity severity = Severity::Error;
  pgn::SyntaxCode syntax = pgn::SyntaxCode::UnexpectedChar;  // for Syntax
  chess::SanError san_error = chess::SanError::Syntax;       // for IllegalMove
  chess::SanNote note = chess::SanNote::CastlingZeros;       // for NonCanonicalSan
  std::uint64_t game = 0;  // 1-based within the source; 0 between games
  pgn::Location where;
  std::uint32_t ply = 0;  // 1-based ply of the move from the game's start, 0 if none
  bool in_variation = false;
  std::string san;      // the move text as written (empty if none)
  std::string message;  // one line, for people
  std::string fen;      // the position before the move, for move problems

  // The stable output name: a syntax code name, a SAN error name, a SAN note name, or the
  // game-level code name (e.g. "pinned_piece", "missing_check", "result_mismatch").
  std::string_view code_name() const;
};

std::string_view problem_code_name(ProblemCode c);
std::string_view san_error_name(chess::SanError e);
std::string_view san_note_name(chess::SanNote n);

}  // namespace pgnkit::replay

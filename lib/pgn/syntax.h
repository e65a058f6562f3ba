// Syntax issues the reader reports through Visitor::syntax_error. Syntax only: legality of
// moves, Result-tag agreement and the like belong to the replayer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pgn/types.h"

namespace pgnkit::pgn {

// Error: the text is not PGN at this point; tokens were dropped, and if EndInfo::cut is set
// the rest of the game was skipped up to the next tag section. Warning: a tolerated
// deviation; nothing was skipped unless the code says so.
enum class Severity : std::uint8_t { Error, Warning };

// One line each; syntax_message() returns the same text. "cut" = the reader resynchronises
// at the next line that starts (after blanks) with a tag pair, and ends the game with
// EndInfo::cut. Stable names for output: syntax_code_name().
enum class SyntaxCode : std::uint8_t {
  UnexpectedChar,         // Error, cut: a byte that cannot start a token here
  UnexpectedToken,        // Error, cut: a malformed token (e.g. "2-1", "!!!", "$" alone)
  UnterminatedComment,    // Error, cut: '{' without '}' before EOF or the next game's tags
  UnterminatedVariation,  // Error: '(' still open when the game ended (at the outermost one)
  UnmatchedParen,         // Error: ')' with no open variation; ignored
  UnterminatedTagString,  // Error: tag value without closing '"' on its line; value = rest
  MalformedTag,           // Error: '[' not followed by Name "value" ']'; skipped to ']'/EOL
  TagAfterMovetext,       // Error: '[' inside movetext that does not start a new game
  MissingResult,          // Warning: the game ended without a termination marker
  BinaryData,             // Error, cut: NUL/control byte; Warning inside comment/tag value
  TokenTooLong,           // Warning: comment/tag/escape line over the buffer skipped;
                          // Error, cut: a move/number token over 255 bytes
  NestingTooDeep,         // Error: variation deeper than max_variation_depth skipped
  NonUtf8,                // Warning, once per game: tag value/comment not UTF-8 (Latin-1?)
  InputError,             // Error, cut: the byte source failed; see Source::error()
  TextBetweenGames,       // Warning: text outside any game skipped (a comment or result
                          // token by token; other text up to the next tag section)
  ResultInVariation,      // Warning: a result marker inside a variation; ignored
  NoMovetext,             // Warning: a tag section without movetext: a game with no moves
                          // and no result marker (instead of MissingResult)
  UnicodeDash,            // Warning: a Unicode dash or minus in a move or result, read as '-'
  UnicodeSpace,           // Warning, once per game: a Unicode space, read as a blank
  NagGlyph,               // Warning: an annotation glyph (±, +-, =, ...) read as its NAG
  UnicodeChar,            // Warning: a character that is not PGN in movetext; skipped alone
  GluedResult,            // Warning: a result marker glued to the move before it ("gxf41-0")
};

struct SyntaxIssue {
  SyntaxCode code = SyntaxCode::UnexpectedChar;
  Severity severity = Severity::Error;
  Location where;         // where the problem starts (an opening '{', '(', '[' if relevant)
  std::string_view text;  // the offending bytes when still buffered (may be empty);
                          // valid only during the callback
};

// One line explaining the code, e.g. "unterminated comment: '{' without '}'".
std::string_view syntax_message(SyntaxCode code);
// What the text of an issue of a Unicode code adds to its message, for people: the code
// point (a space prints as a blank) and what it was read as, e.g. " (U+2013 in '0–0–0')",
// " ('±' read as $16)". Empty for the other codes (callers show their text as " near '...'")
// and for an empty text.
std::string issue_detail(SyntaxCode code, std::string_view text);
// A stable snake_case identifier, e.g. "missing_result".
std::string_view syntax_code_name(SyntaxCode code);

}  // namespace pgnkit::pgn

// The visitor interface of read_pgn(). Derive from Visitor and hide the callbacks you need;
// read_pgn() is a template and calls the derived class's methods statically (nothing here
// is virtual). Every callback may return void instead of the type shown (void = Continue
// or Skip::No).
//
// Call order for each game (N = game number, 1-based per source):
//
//   begin_game(GameInfo)
//   tag(name, value_raw, Location)*            in file order; value_raw as between quotes
//   begin_movetext()                           always, exactly once, even if no movetext
//   { move_number(n, Location) | san(text, Location) | nag(code, Location)
//   | comment(text, Location) | begin_variation(Location) ... end_variation(Location) }*
//   termination(Outcome, text, Location)?      absent when the game has no result marker
//   end_game(EndInfo)
//
// syntax_error(SyntaxIssue) may come at any point, also between games (junk there does not
// start a game). escape_line(text, Location) is called for each line with '%' in column 1,
// wherever it appears. Variations are always balanced: the reader closes variations left
// open at the end of a game (reporting UnterminatedVariation) before termination/end_game.
//
// All string_views point into the read buffer and are valid only during the callback. The
// texts of `tag` (name and value_raw), `san` and `comment` stay valid longer: until the
// visitor's optional before_buffer_moves() is called (the reader's buffer is about to move
// its bytes), or the end of read_pgn.
//
// Raw game bytes: a visitor with attach_buffer(const BufferedBytes*) is given, once, the
// reader's buffer window (pgn/types.h), kept up to date at every refill, and after a
// termination marker the reader buffers kRawLineLookahead bytes beyond it before end_game.
// pgn::GameBytes (pgn/game_bytes.h) uses both, with before_buffer_moves(), to hand each game's
// exact input bytes to the visitor.
//
// Early end: a visitor with bool reading_done() is asked just before each game begins; true
// ends read_pgn there, without reading the rest of the input (select --limit).
//
// Returning Control::StopGame from any callback delivers nothing more of the game except
// end_game (EndInfo::stopped), not even its syntax errors (they are still counted).
// Returning Skip::Yes from begin_variation skips the variation (nested ones included) and
// its end_variation. Locations are those of the token's first byte ('{' for comments,
// ';' for line comments, '(' and ')' for variations).
#pragma once

#include <cstdint>
#include <string_view>

#include "pgn/syntax.h"
#include "pgn/types.h"

namespace pgnkit::pgn {

class Visitor {
 public:
  void begin_game(const GameInfo&) {}
  // Name as written (letters, digits, '_'); value_raw keeps \" and \\ escapes: see
  // unescape_tag() in pgn/tag.h. A visitor may take a fourth parameter, TagValue (pgn/types.h):
  // Printable when the reader saw that value_raw is printable ASCII without '"' or '\\' (most
  // tags; the others may be too).
  Control tag(std::string_view /*name*/, std::string_view /*value_raw*/, Location) {
    return Control::Continue;
  }
  Control begin_movetext() { return Control::Continue; }
  // n as written ("12." -> 12, "12..." -> 12); saturates at 2^32-1.
  Control move_number(std::uint32_t /*n*/, Location) { return Control::Continue; }
  // A SAN-like token exactly as written, minus glued "!", "?", "!!", "??", "!?", "?!"
  // suffixes (those follow as nag()). Includes O-O, 0-0, --, Z0, P@e4, e2-e4: syntax only.
  Control san(std::string_view /*text*/, Location) { return Control::Continue; }
  // $n, or 1..6 for ! ? !! ?? !? ?!
  Control nag(std::uint32_t /*code*/, Location) { return Control::Continue; }
  // Text between the braces (or after ';' up to the end of the line), untrimmed.
  Control comment(std::string_view /*text*/, Location) { return Control::Continue; }
  Skip begin_variation(Location) { return Skip::No; }
  Control end_variation(Location) { return Control::Continue; }
  // text as written: "1-0", "0-1", "1/2-1/2", "*", or a tolerated spelling ("½-½", "1–0").
  void termination(Outcome, std::string_view /*text*/, Location) {}
  void end_game(const EndInfo&) {}
  Control syntax_error(const SyntaxIssue&) { return Control::Continue; }
  // A line with '%' in column 1, without the '%' and the line break.
  void escape_line(std::string_view /*text*/, Location) {}
};

}  // namespace pgnkit::pgn

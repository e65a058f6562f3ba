// Whether a token has the shape of a move: how the replayer tells a word in the movetext
// ("mat", "resigns", "Kasparov") from a move it cannot read. Syntax only, no position.
#pragma once

#include <string_view>

namespace pgnkit::chess {

// True when `token` is, or starts with, one of these forms (what follows a castling or a
// move is not looked at: "Qh4mate" and "Nf3xyz" are moves written wrongly, not words):
//   - castling: a castling letter (O, 0 or o), a dash, a castling letter: O-O, 0-0, o-o
//     (O-O-O starts with it); the dash is '-' or a Unicode dash in UTF-8 (U+2010 to U+2015,
//     U+2212: 0–0);
//   - a null move, "--", "Z0", "0000" or "@@@@", or an en-passant mark, "e.p.", "e.p" or
//     "ep": these are whole tokens (but for a null move's '+', '#', '!', '?'), so that
//     "--nestedcomment" is a word;
//   - a move to a square: an optional piece letter (any upper-case ASCII letter, so that
//     other languages' letters count: Sf3, Lb5; or n, r, q, k as the move reader takes them
//     in lower case), then what there is of the square it comes from (a file a-h, a rank
//     1-8), an optional separator ('x', ':', '-', a Unicode dash, or the '@' of a drop), and
//     the destination: a letter a-z and a digit 0-9 (so that an off-board square, Ke9 or i4,
//     is a move error too).
// So every form chess::parse_san reads (SAN, long algebraic g1f3, g1-f3, Ng1-f3, Bc1xb2,
// e7e8q, null moves, e.p. marks) and drops (P@e4) are move-shaped, and words are not.
bool is_move_shaped(std::string_view token);

}  // namespace pgnkit::chess

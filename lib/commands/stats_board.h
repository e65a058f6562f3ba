// The report's board diagrams: a FEN's position as an inline SVG (White at the bottom), and
// the move a problem names drawn on it as an arrow where its text resolves to a from-square
// and a to-square, legal or not (the destination alone is marked where only it resolves).
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "chess/types.h"

namespace pgnkit::commands {

struct MoveSquares {
  chess::Square from = chess::kNoSquare;
  chess::Square to = chess::kNoSquare;
};

// The squares `move` (SAN, long algebraic or UCI as written, illegal too) names in `pos`: the
// to-square when the text has one, the from-square when the text names it or exactly one
// piece of the side to move of the named kind reaches the to-square, ignoring pins and checks.
MoveSquares resolve_move(const chess::Position& pos, std::string_view move);

// An <svg> of the position of `fen` with the move's arrow; empty when the FEN does not parse.
std::string board_svg(std::string_view fen, std::string_view move);

}  // namespace pgnkit::commands

// Legal move generation: pins and check evasions are handled directly, so every generated
// move is legal without trying it.
#pragma once

#include "chess/position.h"
#include "chess/types.h"

namespace pgnkit::chess {

// Appends every legal move of `pos` to `list` (which is cleared first).
void generate_legal(const Position& pos, MoveList& list);

// The number of legal moves, counted without building the list (perft's last ply).
int count_legal(const Position& pos);

// True when the side to move has at least one legal move (cheaper than counting).
bool has_legal_move(const Position& pos);

}  // namespace pgnkit::chess

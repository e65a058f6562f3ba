// UCI long algebraic moves: e2e4, e7e8q; castling as e1g1, or king-takes-rook (e1h1) in Chess960.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess/position.h"

namespace pgnkit::chess {

// Writes `m` (legal in `pos`) into `out` (at least 6 bytes); returns the length written.
int write_uci(const Position& pos, Move m, char* out);
std::string to_uci(const Position& pos, Move m);

// The legal move `text` names in `pos`, or nullopt. Accepts both castling spellings
// (king two squares, or king takes rook) whatever the mode; "0000" is not accepted here.
std::optional<Move> parse_uci(const Position& pos, std::string_view text);

}  // namespace pgnkit::chess

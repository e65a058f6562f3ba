// End-of-game rules that depend on the position alone (rules.md, "How a game ends").
#pragma once

#include <string_view>

#include "chess/position.h"

namespace pgnkit::chess {

// Exactly rules.md's automatic draws for lack of material: K v K; K + one minor v K; kings
// plus bishops only, all on squares of one colour. Everything else can still be mated.
bool insufficient_material(const Position& pos);

// Whether a side has only its king left (it can never win, even on time).
bool bare_king(const Position& pos, Color c);

enum class PositionEnd : std::uint8_t { None, Checkmate, Stalemate, InsufficientMaterial };
std::string_view position_end_name(PositionEnd e);

// The end the position itself decides, in rules.md's precedence (mate > stalemate > material).
PositionEnd position_end(const Position& pos);

}  // namespace pgnkit::chess

#include "chess/outcome.h"

#include "chess/movegen.h"

namespace pgnkit::chess {

bool insufficient_material(const Position& pos) {
  if (pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen))
    return false;
  const Bitboard minors = pos.pieces(PieceType::Knight) | pos.pieces(PieceType::Bishop);
  if (!more_than_one(minors)) return true;  // K v K, or K + one minor v K
  if (pos.pieces(PieceType::Knight)) return false;
  const Bitboard bishops = pos.pieces(PieceType::Bishop);
  return !(bishops & kLightSquares) || !(bishops & ~kLightSquares);
}

bool bare_king(const Position& pos, Color c) {
  return !more_than_one(pos.pieces(c));
}

std::string_view position_end_name(PositionEnd e) {
  switch (e) {
    case PositionEnd::None: return "none";
    case PositionEnd::Checkmate: return "checkmate";
    case PositionEnd::Stalemate: return "stalemate";
    case PositionEnd::InsufficientMaterial: return "insufficient_material";
  }
  return "none";
}

PositionEnd position_end(const Position& pos) {
  if (!has_legal_move(pos)) return pos.in_check() ? PositionEnd::Checkmate : PositionEnd::Stalemate;
  if (insufficient_material(pos)) return PositionEnd::InsufficientMaterial;
  return PositionEnd::None;
}

}  // namespace pgnkit::chess

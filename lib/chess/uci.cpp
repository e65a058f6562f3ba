#include "chess/uci.h"

#include "chess/movegen.h"

namespace pgnkit::chess {

namespace {
char promo_letter(PieceType t) {
  switch (t) {
    case PieceType::Knight: return 'n';
    case PieceType::Bishop: return 'b';
    case PieceType::Rook: return 'r';
    case PieceType::Queen: return 'q';
    case PieceType::Pawn:
    case PieceType::King:
    case PieceType::None: break;
  }
  return '?';
}

Square king_destination(const Position& pos, Move m) {
  return relative(pos.side_to_move(), m.to() > m.from() ? 6 : 2);
}
}  // namespace

int write_uci(const Position& pos, Move m, char* out) {
  if (m.is_null()) {
    out[0] = out[1] = out[2] = out[3] = '0';
    return 4;
  }
  Square to = m.to();
  if (m.kind() == MoveKind::Castling && !pos.chess960()) to = king_destination(pos, m);
  out[0] = static_cast<char>('a' + file_of(m.from()));
  out[1] = static_cast<char>('1' + rank_of(m.from()));
  out[2] = static_cast<char>('a' + file_of(to));
  out[3] = static_cast<char>('1' + rank_of(to));
  if (m.kind() == MoveKind::Promotion) {
    out[4] = promo_letter(m.promotion());
    return 5;
  }
  return 4;
}

std::string to_uci(const Position& pos, Move m) {
  char buf[8];
  return std::string(buf, static_cast<std::size_t>(write_uci(pos, m, buf)));
}

std::optional<Move> parse_uci(const Position& pos, std::string_view text) {
  if (text.size() < 4 || text.size() > 5) return std::nullopt;
  auto square = [](char f, char r) -> int {
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return -1;
    return make_square(f - 'a', r - '1');
  };
  const int from = square(text[0], text[1]), to = square(text[2], text[3]);
  if (from < 0 || to < 0) return std::nullopt;
  PieceType promo = PieceType::None;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'n':
      case 'N': promo = PieceType::Knight; break;
      case 'b':
      case 'B': promo = PieceType::Bishop; break;
      case 'r':
      case 'R': promo = PieceType::Rook; break;
      case 'q':
      case 'Q': promo = PieceType::Queen; break;
      default: return std::nullopt;
    }
  }
  MoveList list;
  generate_legal(pos, list);
  for (const Move m : list) {
    if (m.from() != from || m.promotion() != promo) continue;
    if (m.to() == to) return m;
    if (m.kind() == MoveKind::Castling && king_destination(pos, m) == to) return m;
  }
  return std::nullopt;
}

}  // namespace pgnkit::chess

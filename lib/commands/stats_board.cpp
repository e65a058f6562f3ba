#include "commands/stats_board.h"

#include <cmath>
#include <cstdio>

#include "chess/bitboard.h"
#include "chess/fen.h"
#include "chess/san_chars.h"

namespace pgnkit::commands {
namespace {

using chess::Bitboard;
using chess::PieceType;
using chess::Square;

using chess::san_chars::is_file;
using chess::san_chars::is_rank;

Square square_at(std::string_view s, std::size_t i) {
  return chess::make_square(s[i] - 'a', s[i + 1] - '1');
}

// The piece a SAN move's first letter names (N, B, R, Q, K; a pawn move names none).
PieceType piece_of_letter(char c) {
  const PieceType t = chess::san_chars::piece_from_upper(c);
  return t == PieceType::Pawn ? PieceType::None : t;
}

// The text without its check, mate, annotation and en-passant marks.
std::string_view strip_marks(std::string_view m) {
  if (m.ends_with("e.p.")) m.remove_suffix(4);
  while (!m.empty() && (m.back() == '+' || m.back() == '#' || m.back() == '!' || m.back() == '?' ||
                        m.back() == ' '))
    m.remove_suffix(1);
  return m;
}

MoveSquares castling(const chess::Position& pos, bool king_side) {
  const chess::Color us = pos.side_to_move();
  const Square king = pos.king(us);
  if (king >= 64) return {};
  const int rank = chess::rank_of(king);
  return {king, chess::make_square(king_side ? 6 : 2, rank)};
}

}  // namespace

MoveSquares resolve_move(const chess::Position& pos, std::string_view move) {
  const std::string_view m = strip_marks(move);
  if (m == "O-O" || m == "0-0" || m == "o-o") return castling(pos, true);
  if (m == "O-O-O" || m == "0-0-0" || m == "o-o-o") return castling(pos, false);
  // The last square named is the destination; a square before it is the from-square.
  std::size_t to_at = std::string_view::npos;
  for (std::size_t i = 0; i + 1 < m.size(); ++i)
    if (is_file(m[i]) && is_rank(m[i + 1])) to_at = i;
  if (to_at == std::string_view::npos) return {};
  MoveSquares r;
  r.to = square_at(m, to_at);
  const std::string_view head = m.substr(0, to_at);
  for (std::size_t i = 0; i + 1 < head.size(); ++i) {
    if (is_file(head[i]) && is_rank(head[i + 1])) {
      r.from = square_at(head, i);
      return r;
    }
  }
  std::size_t at = 0;
  PieceType type = PieceType::Pawn;
  if (!head.empty() && piece_of_letter(head[0]) != PieceType::None) {
    type = piece_of_letter(head[0]);
    at = 1;
  }
  int file = -1, rank = -1;
  bool capture = false;
  for (; at < head.size(); ++at) {
    if (is_file(head[at])) {
      file = head[at] - 'a';
    } else if (is_rank(head[at])) {
      rank = head[at] - '1';
    } else if (head[at] == 'x' || head[at] == ':') {
      capture = true;
    }
  }
  const chess::Color us = pos.side_to_move();
  const Bitboard occupied = pos.pieces();
  Bitboard candidates = pos.pieces(us, type);
  Bitboard reach = 0;
  if (type == PieceType::Pawn) {
    const int forward = us == chess::Color::White ? -8 : 8;
    const Bitboard captures = chess::pawn_attacks(~us, r.to);
    if (capture || file >= 0) {
      reach = captures;
    } else {
      const int one = r.to + forward;
      if (one >= 0 && one < 64) {
        reach = chess::bb(static_cast<Square>(one));
        const int two = one + forward;
        if (!(occupied & chess::bb(static_cast<Square>(one))) && two >= 0 && two < 64)
          reach |= chess::bb(static_cast<Square>(two));
      }
    }
  } else {
    reach = chess::attacks(type, r.to, occupied);
  }
  candidates &= reach;
  for (Bitboard b = candidates; b != 0;) {
    const Square s = chess::pop_lsb(b);
    if ((file >= 0 && chess::file_of(s) != file) || (rank >= 0 && chess::rank_of(s) != rank))
      candidates &= ~chess::bb(s);
  }
  if (chess::popcount(candidates) == 1) r.from = chess::lsb(candidates);
  return r;
}

std::string board_svg(std::string_view fen, std::string_view move) {
  chess::Position pos;
  if (chess::parse_fen(fen, pos, true).has_value()) return {};
  std::string svg =
      "<svg class=\"board\" viewBox=\"0 0 8 8\" width=\"176\" height=\"176\" role=\"img\" "
      "aria-label=\"board\" xmlns=\"http://www.w3.org/2000/svg\">"
      "<rect width=\"8\" height=\"8\" class=\"light\"/>";
  char buf[256];
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      if ((x + y) % 2 == 0) continue;
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%d\" y=\"%d\" width=\"1\" height=\"1\" class=\"dark\"/>", x, y);
      svg += buf;
    }
  }
  const MoveSquares m = resolve_move(pos, move);
  if (m.to < 64) {
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"%d\" width=\"1\" height=\"1\" class=\"to\"/>",
                  chess::file_of(m.to), 7 - chess::rank_of(m.to));
    svg += buf;
  }
  // Filled glyphs for both sides (white ones outlined), as text, not emoji.
  static constexpr const char* kGlyph[] = {"\u265F", "\u265E", "\u265D",
                                           "\u265C", "\u265B", "\u265A"};
  for (Square s = 0; s < 64; ++s) {
    const chess::Piece p = pos.piece_on(s);
    if (p == chess::Piece::None) continue;
    const bool white = chess::color_of(p) == chess::Color::White;
    std::snprintf(buf, sizeof buf, "<text x=\"%d.5\" y=\"%d.5\" class=\"%s\">%s\uFE0E</text>",
                  chess::file_of(s), 7 - chess::rank_of(s), white ? "pw" : "pb",
                  kGlyph[static_cast<int>(chess::type_of(p))]);
    svg += buf;
  }
  if (m.from < 64 && m.to < 64 && m.from != m.to) {
    const double x1 = chess::file_of(m.from) + 0.5, y1 = 7 - chess::rank_of(m.from) + 0.5;
    const double x2 = chess::file_of(m.to) + 0.5, y2 = 7 - chess::rank_of(m.to) + 0.5;
    const double len = std::hypot(x2 - x1, y2 - y1);
    const double ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const double bx = x2 - 0.45 * ux, by = y2 - 0.45 * uy;  // the head's base
    std::snprintf(buf, sizeof buf,
                  "<g class=\"arrow\"><line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>"
                  "<polygon points=\"%.3f,%.3f %.3f,%.3f %.3f,%.3f\"/></g>",
                  x1, y1, bx, by, x2, y2, bx - 0.25 * uy, by + 0.25 * ux, bx + 0.25 * uy,
                  by - 0.25 * ux);
    svg += buf;
  }
  svg += "</svg>";
  return svg;
}

}  // namespace pgnkit::commands

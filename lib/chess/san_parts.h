// Inside the SAN reader: a token split into its parts, and the steps that resolve them, shared
// by san.cpp (short algebraic, castling, errors) and san_long.cpp (moves that name their
// from-square: long algebraic and coordinate forms). Not part of the module's interface.
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/position.h"
#include "chess/san.h"

namespace pgnkit::chess::san_detail {

// A SAN token split into its parts; syntax only.
struct SanParts {
  PieceType piece = PieceType::Pawn;
  bool piece_written = false;  // a piece letter was written (pawns: 'P')
  int from_file = -1, from_rank = -1;
  Square to = kNoSquare;
  PieceType promotion = PieceType::None;
  bool capture_mark = false;
  bool castle = false, castle_long = false;
  bool null = false;
  SanSuffix suffix = SanSuffix::None;
  std::uint16_t notes = 0;
};

inline void note(SanParts& p, SanNote n) {
  p.notes |= static_cast<std::uint16_t>(n);
}

inline SanResult fail(SanError e, std::uint16_t notes = 0) {
  SanResult r;
  r.error = e;
  r.notes = notes;
  return r;
}

// Castling on the side p.castle_long names: the move, or why it is illegal.
SanResult resolve_castling(const Position& pos, const SanParts& p);
// A move of p.piece to p.to, narrowed by the from-file and from-rank written: the move, or why
// it cannot be read (ambiguous, illegal); notes for everything that is not canonical.
SanResult resolve_move(const Position& pos, SanParts& p);

// san_long.cpp. A move that names its from-square (e2e4, Ng1-f3, e7xd8=N+, e1g1, Ke1-g1, e1h1):
// the move of the piece standing there, castling when that is the king's two-square move from
// its start square or the king onto its own rook.
SanResult resolve_long(const Position& pos, SanParts& p);

// The token with every Unicode dash written as UTF-8 (U+2010 to U+2015, U+2212) replaced by
// '-', copied into `buf`; empty when there is none, when another byte >= 0x80 is in it, or when
// it does not fit. Called only for a token that did not split as it is.
inline constexpr std::size_t kMaxDashedToken = 32;
std::string_view ascii_dashes(std::string_view text, char (&buf)[kMaxDashedToken]);

}  // namespace pgnkit::chess::san_detail

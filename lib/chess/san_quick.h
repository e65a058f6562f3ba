// The fast path for reading SAN: the shapes nearly every move in real games has, resolved with a
// handful of table lookups. Anything it is not sure of is left to parse_san().
#pragma once

#include <string_view>

#include "chess/position.h"
#include "chess/san.h"

namespace pgnkit::chess {

struct QuickSan {
  Move move;
  SanSuffix suffix = SanSuffix::None;
};

// Reads `text` when it is "e4", "Nf3", "Nxf3", "exd5", "Nbd2", "R1e2", "Nbxd2", "O-O" or
// "O-O-O" (piece letters N, B, R, Q, K), with an optional single '+' or '#', names a legal move
// of exactly one piece, is not a promotion or an en-passant capture, writes the capture mark
// exactly when the move captures, and disambiguates (if at all) as canonical SAN does.
// Contract: when it returns true, parse_san(pos, text) returns the same move and suffix, with no
// notes beyond those suffix_notes() gives for the suffix. When it returns false nothing is known:
// the caller asks parse_san(), which also explains errors. Never allocates, never throws.
bool parse_quick_san(const Position& pos, std::string_view text, QuickSan& out);

}  // namespace pgnkit::chess

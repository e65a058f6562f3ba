#include "select/play_filters.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "chess/fen.h"

namespace pgnkit::select {
namespace {

constexpr chess::PieceType kTypes[6] = {chess::PieceType::Pawn,   chess::PieceType::Knight,
                                        chess::PieceType::Bishop, chess::PieceType::Rook,
                                        chess::PieceType::Queen,  chess::PieceType::King};

int nibble(chess::Color c, chess::PieceType t) {
  return chess::index(c) * 6 + chess::index(t);
}

int letter_type(char c) {
  switch (c) {
    case 'P': return 0;
    case 'N': return 1;
    case 'B': return 2;
    case 'R': return 3;
    case 'Q': return 4;
    case 'K': return 5;
    default: return -1;
  }
}

bool same_placement(const chess::Position& a, const chess::Position& b) {
  if (a.pieces(chess::Color::White) != b.pieces(chess::Color::White) ||
      a.pieces(chess::Color::Black) != b.pieces(chess::Color::Black)) {
    return false;
  }
  for (const chess::PieceType t : kTypes)
    if (a.pieces(t) != b.pieces(t)) return false;
  return true;
}

}  // namespace

MaterialKey material_key(const chess::Position& p) {
  MaterialKey key = 0;
  for (const chess::Color c : {chess::Color::White, chess::Color::Black}) {
    for (const chess::PieceType t : kTypes) {
      // 15 at most per nibble: more than 15 of a piece type cannot happen in a legal game.
      const auto n = static_cast<MaterialKey>(std::min(std::popcount(p.pieces(c, t)), 15));
      key |= n << (4 * nibble(c, t));
    }
  }
  return key;
}

std::optional<MaterialKey> parse_material(std::string_view spec, FilterError& error) {
  const std::size_t colon = spec.find(':');
  if (colon == std::string_view::npos) {
    error.message =
        "--material: expected WHITE:BLACK such as KRP:KR, got '" + std::string(spec) + "'";
    return std::nullopt;
  }
  MaterialKey key = 0;
  const std::string_view sides[2] = {spec.substr(0, colon), spec.substr(colon + 1)};
  for (int side = 0; side < 2; ++side) {
    int counts[6] = {};
    for (const char ch : sides[side]) {
      const int t = letter_type(ch);
      if (t < 0 || ++counts[t] > 15) {
        error.message = "--material: '" + std::string(spec) +
                        "': each side is a list of the letters K Q R B N P (uppercase)";
        return std::nullopt;
      }
    }
    if (counts[5] != 1) {
      error.message = "--material: '" + std::string(spec) + "': each side has exactly one K";
      return std::nullopt;
    }
    for (int t = 0; t < 6; ++t) key |= static_cast<MaterialKey>(counts[t]) << (4 * (side * 6 + t));
  }
  return key;
}

ImbalanceKey imbalance_key(const chess::Position& p) {
  ImbalanceKey key = 0;
  for (int t = 0; t < 5; ++t) {
    const int d = std::popcount(p.pieces(chess::Color::White, kTypes[t])) -
                  std::popcount(p.pieces(chess::Color::Black, kTypes[t]));
    key |= ImbalanceKey{static_cast<std::uint8_t>(d)} << (8 * t);
  }
  return key;
}

std::optional<Imbalance> parse_imbalance(std::string_view spec, FilterError& error) {
  const auto bad = [&](const std::string& why) {
    error.message = "--imbalance: '" + std::string(spec) + "': " + why;
    return std::nullopt;
  };
  const std::size_t v = spec.find('v');
  if (v == std::string_view::npos || spec.find('v', v + 1) != std::string_view::npos)
    return bad("expected the pieces of one side, 'v', those of the other, such as QvRR or BvN");
  int counts[2][5] = {};
  const std::string_view sides[2] = {spec.substr(0, v), spec.substr(v + 1)};
  for (int side = 0; side < 2; ++side) {
    for (const char ch : sides[side]) {
      const int t = letter_type(ch);
      if (t == 5) return bad("kings are not named");
      if (t < 0) return bad("each side is a list of the letters Q R B N P (uppercase)");
      if (++counts[side][t] > 15) return bad("more than 15 of a piece");
    }
  }
  bool any = false;
  for (int t = 0; t < 5; ++t) {
    if (counts[0][t] > 0 && counts[1][t] > 0) {
      return bad(std::string(1, "PNBRQ"[t]) +
                 " on both sides: name only what each side has more of (QvRR, not QRvRRR)");
    }
    any |= counts[0][t] > 0 || counts[1][t] > 0;
  }
  if (!any) return bad("name what at least one side has more of");
  Imbalance imbalance;
  for (int t = 0; t < 5; ++t) {
    const int d = counts[0][t] - counts[1][t];
    imbalance.white_left |= ImbalanceKey{static_cast<std::uint8_t>(d)} << (8 * t);
    imbalance.black_left |= ImbalanceKey{static_cast<std::uint8_t>(-d)} << (8 * t);
  }
  return imbalance;
}

std::optional<FilterError> PlayFilters::add_plies(std::string_view range) {
  PlyRange r;
  if (auto e = parse_uint_range(range, r.low, r.high)) return FilterError{"--plies: " + e->message};
  plies.push_back(r);
  return std::nullopt;
}

std::optional<FilterError> PlayFilters::add_ends(std::string_view statuses) {
  std::size_t start = 0;
  while (start <= statuses.size()) {
    const std::size_t comma = std::min(statuses.find(',', start), statuses.size());
    const std::string_view name = statuses.substr(start, comma - start);
    bool found = false;
    for (int s = 0; s <= static_cast<int>(replay::GameStatus::Ongoing); ++s) {
      const auto status = static_cast<replay::GameStatus>(s);
      if (replay::game_status_name(status) == name) {
        ends.push_back(status);
        found = true;
      }
    }
    if (!found) {
      return FilterError{"--ends: '" + std::string(name) +
                         "' is not one of checkmate, stalemate, insufficient_material, "
                         "fivefold_repetition, seventy_five_move_rule, ongoing"};
    }
    start = comma + 1;
  }
  return std::nullopt;
}

std::optional<FilterError> PlayFilters::add_fen(std::string_view fen) {
  chess::Position p = chess::Position::empty();
  if (const auto problem = chess::parse_fen(fen, p)) {
    std::string where;
    if (problem->field > 0) where = " (field " + std::to_string(problem->field) + ")";
    return FilterError{"--fen: '" + std::string(fen) +
                       "': " + std::string(chess::fen_error_message(problem->error)) + where};
  }
  fens.push_back(p);
  return std::nullopt;
}

std::optional<FilterError> PlayFilters::add_material(std::string_view spec) {
  FilterError e;
  const auto key = parse_material(spec, e);
  if (!key) return e;
  materials.push_back(*key);
  return std::nullopt;
}

std::optional<FilterError> PlayFilters::add_position_pattern(std::string_view pattern) {
  FilterError e;
  auto parsed = BoardPattern::parse(pattern, e);
  if (!parsed)
    return FilterError{"--position-pattern: '" + std::string(pattern) + "': " + e.message};
  patterns.push_back(std::move(*parsed));
  return std::nullopt;
}

std::optional<FilterError> PlayFilters::add_imbalance(std::string_view spec) {
  FilterError e;
  const auto imbalance = parse_imbalance(spec, e);
  if (!imbalance) return e;
  imbalances.push_back(*imbalance);
  return std::nullopt;
}

bool PlayFilters::imbalance_matches(ImbalanceKey key) const {
  const ImbalanceKey mask = imbalance_mask();
  for (const Imbalance& i : imbalances)
    if (key == (i.white_left & mask) || key == (i.black_left & mask)) return true;
  return false;
}

bool matches_pattern(const PlayFilters& f, const chess::Position& p) {
  for (const BoardPattern& pattern : f.patterns)
    if (pattern.matches(p)) return true;
  return false;
}

bool matches_fen(const PlayFilters& f, const chess::Position& p) {
  for (const chess::Position& target : f.fens) {
    if (f.fen_placement ? same_placement(p, target) : p.key() == target.key()) return true;
  }
  return false;
}

bool play_passes(const PlayFilters& f, const PlayFacts& g) {
  if (!f.plies.empty()) {
    bool any = false;
    for (const auto& r : f.plies) any |= g.plies >= r.low && g.plies <= r.high;
    if (!any) return false;
  }
  if (!f.ends.empty()) {
    bool any = false;
    for (const auto s : f.ends) any |= g.replayed && g.status == s;
    if (!any) return false;
  }
  if ((f.consistent || f.inconsistent) &&
      !(g.judged && ((f.consistent && g.consistent) || (f.inconsistent && !g.consistent)))) {
    return false;
  }
  if (f.legal || f.illegal) {
    const bool legal = g.replayed && !g.cut && g.move_errors == 0;
    const bool illegal = g.move_errors > 0;
    if (!((f.legal && legal) || (f.illegal && illegal))) return false;
  }
  if (!f.fens.empty() && !g.fen_seen) return false;
  if (!f.materials.empty() && !g.material_seen) return false;
  if (!f.patterns.empty() && !g.pattern_seen) return false;
  if (!f.imbalances.empty() && !g.imbalance_seen) return false;
  if (f.eco_book && !g.eco_passes) return false;
  return true;
}

}  // namespace pgnkit::select

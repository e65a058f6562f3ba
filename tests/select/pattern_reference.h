// Second implementations for the tests of --position-pattern and --imbalance, written from
// the documentation and not from lib/select: a backtracking matcher over a board's text, the
// way pgn-extract describes its FEN patterns, and material counted from FEN letters.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::select::pattern_reference {

// Whether one pattern character (outside or inside [ ]) admits square s ('_' empty).
inline bool admits(char c, char s) {
  switch (c) {
    case '?': return true;
    case '!': return s != '_';
    case 'A': return s >= 'A' && s <= 'Z';
    case 'a': return s >= 'a' && s <= 'z';
    case 'm': return s != 'P' && s != 'p';
    default: return c == s;
  }
}

// Whether the pattern rank p fits the squares s exactly.
inline bool rank_fits(std::string_view p, std::string_view s) {
  if (p.empty()) return s.empty();
  if (p[0] == '*') {
    for (std::size_t n = 0; n <= s.size(); ++n)
      if (rank_fits(p.substr(1), s.substr(n))) return true;
    return false;
  }
  if (p[0] >= '1' && p[0] <= '8') {
    const auto n = static_cast<std::size_t>(p[0] - '0');
    if (s.size() < n || s.substr(0, n) != std::string(n, '_')) return false;
    return rank_fits(p.substr(1), s.substr(n));
  }
  if (s.empty()) return false;
  if (p[0] == '[') {
    const std::size_t close = p.find(']');
    std::string_view set = p.substr(1, close - 1);
    const bool negate = set.starts_with('^');
    if (negate) set.remove_prefix(1);
    bool in = false;
    for (const char c : set) in |= admits(c, s[0]);
    return in != negate && rank_fits(p.substr(close + 1), s.substr(1));
  }
  return admits(p[0], s[0]) && rank_fits(p.substr(1), s.substr(1));
}

// The 8 ranks of a FEN placement as text, the 8th first, one character a square ('_' empty).
inline std::vector<std::string> board_text(std::string_view placement) {
  std::vector<std::string> ranks(1);
  for (const char c : placement) {
    if (c == '/') {
      ranks.emplace_back();
    } else if (c >= '1' && c <= '8') {
      ranks.back().append(static_cast<std::size_t>(c - '0'), '_');
    } else {
      ranks.back() += c;
    }
  }
  return ranks;
}

// Whether a pattern ("RANKS" or "RANKS w|b") fits a board and side to move ('w' or 'b').
inline bool board_fits(std::string_view pattern, const std::vector<std::string>& board, char side) {
  const std::size_t space = std::min(pattern.find(' '), pattern.size());
  if (space < pattern.size() && pattern[space + 1] != side) return false;
  std::size_t start = 0;
  for (std::size_t r = 0; r < 8; ++r) {
    const std::size_t end = std::min(pattern.find('/', start), space);
    if (!rank_fits(pattern.substr(start, end - start), board[r])) return false;
    start = end + 1;
  }
  return true;
}

// Counts per piece letter of a FEN placement, in the order PNBRQK then pnbrqk.
inline std::array<int, 12> piece_counts(std::string_view placement) {
  static constexpr std::string_view kLetters = "PNBRQKpnbrqk";
  std::array<int, 12> counts{};
  for (const char c : placement) {
    const std::size_t at = kLetters.find(c);
    if (at != std::string_view::npos) ++counts[at];
  }
  return counts;
}

// "QvRR" as the differences left minus right per P N B R Q.
inline std::array<int, 5> spec_difference(std::string_view spec) {
  static constexpr std::string_view kLetters = "PNBRQ";
  std::array<int, 5> d{};
  int sign = 1;
  for (const char c : spec) {
    if (c == 'v') {
      sign = -1;
    } else {
      d[kLetters.find(c)] += sign;
    }
  }
  return d;
}

// White's count minus Black's per P N B R Q.
inline std::array<int, 5> board_difference(const std::array<int, 12>& counts) {
  std::array<int, 5> d{};
  for (std::size_t t = 0; t < 5; ++t) d[t] = counts[t] - counts[t + 6];
  return d;
}

// Whether the difference is the spec's, for either colour (pawns skipped with any_pawns).
inline bool has_imbalance(const std::array<int, 5>& board, const std::array<int, 5>& spec,
                          bool any_pawns) {
  bool white = true, black = true;
  for (std::size_t t = any_pawns ? 1 : 0; t < 5; ++t) {
    white &= board[t] == spec[t];
    black &= board[t] == -spec[t];
  }
  return white || black;
}

// --material's spelling of a position's pieces: "KQPPP:KRRPPP".
inline std::string material_text(const std::array<int, 12>& counts) {
  static constexpr std::string_view kLetters = "PNBRQK";
  std::string out;
  for (std::size_t side = 0; side < 2; ++side) {
    if (side == 1) out += ':';
    for (std::size_t t = 0; t < 6; ++t)
      out.append(static_cast<std::size_t>(counts[side * 6 + t]), kLetters[t]);
  }
  return out;
}

}  // namespace pgnkit::select::pattern_reference

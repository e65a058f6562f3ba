#include "select/pattern.h"

#include <algorithm>
#include <string>
#include <utility>

namespace pgnkit::select {
namespace {

using SquareSet = BoardPattern::SquareSet;
constexpr int kStates = BoardPattern::kStates;
constexpr SquareSet kEmpty = 1;
constexpr SquareSet kAll = (1u << kStates) - 1;
constexpr SquareSet kWhite = 0x7e;    // states 1-6
constexpr SquareSet kBlack = 0x1f80;  // states 7-12
constexpr SquareSet kPawns = (1u << 1) | (1u << 7);

// The state of each chess::Piece code (colour * 8 + type; None and unused codes: empty).
constexpr std::array<std::uint8_t, chess::kPieceCodes> kStateOf = [] {
  std::array<std::uint8_t, chess::kPieceCodes> states{};
  for (int c = 0; c < 2; ++c) {
    for (int t = 0; t < 6; ++t) {
      const auto piece =
          chess::make_piece(static_cast<chess::Color>(c), static_cast<chess::PieceType>(t));
      states[static_cast<std::size_t>(piece)] = static_cast<std::uint8_t>(1 + c * 6 + t);
    }
  }
  return states;
}();

// The set a pattern character stands for (outside or inside [ ]), or 0 when it is none.
SquareSet square_class(char c) {
  switch (c) {
    case '?': return kAll;
    case '!': return kAll & ~kEmpty;
    case 'A': return kWhite;
    case 'a': return kBlack;
    case 'm': return kAll & ~kPawns;  // as pgn-extract: an empty square is "not a pawn"
    case '_': return kEmpty;
    default: break;
  }
  static constexpr std::string_view kLetters = "PNBRQKpnbrqk";  // state - 1
  const std::size_t at = kLetters.find(c);
  return at == std::string_view::npos ? SquareSet{0} : static_cast<SquareSet>(2u << at);
}

// One element of a rank: a square of the given set, or '*' (zero or more of anything).
struct Token {
  bool star = false;
  SquareSet set = kAll;
};

std::string quoted(char c) {
  return std::string("'") + c + "'";
}

// The tokens of one rank's text; an error message (without the rank) when malformed.
std::optional<std::string> tokenize(std::string_view rank, std::vector<Token>& out) {
  for (std::size_t i = 0; i < rank.size(); ++i) {
    const char c = rank[i];
    if (c == '*') {
      if (out.empty() || !out.back().star) out.push_back(Token{true, kAll});
    } else if (c >= '1' && c <= '8') {
      out.insert(out.end(), static_cast<std::size_t>(c - '0'), Token{false, kEmpty});
    } else if (c == '[') {
      const std::size_t close = rank.find(']', i + 1);
      if (close == std::string_view::npos) return "'[' without ']'";
      std::string_view inside = rank.substr(i + 1, close - i - 1);
      const bool negate = inside.starts_with('^');
      if (negate) inside.remove_prefix(1);
      if (inside.empty()) return "an empty [" + std::string(negate ? "^" : "") + "]";
      SquareSet set = 0;
      for (const char d : inside) {
        const SquareSet s = square_class(d);
        if (s == 0) return quoted(d) + " inside [ ] (it holds piece letters and A, a, !, ?, m, _)";
        set |= s;
      }
      if (negate) set = kAll & ~set;
      if (set == 0) return "[^" + std::string(inside) + "] matches no square";
      out.push_back(Token{false, set});
      i = close;
    } else if (const SquareSet s = square_class(c); s != 0) {
      out.push_back(Token{false, s});
    } else if (c == ']') {
      return "']' without '['";
    } else {
      return "unexpected " + quoted(c) +
             " (a square is a piece letter, 1-8, ?, !, A, a, m, _, * or [...])";
    }
  }
  return std::nullopt;
}

using Placement = std::array<SquareSet, 8>;  // file a first

// Every way the tokens from `t` on cover files `file`..h exactly ('*' stretching).
void place(const std::vector<Token>& tokens, std::size_t t, int file, Placement& cur,
           std::vector<Placement>& out) {
  if (t == tokens.size()) {
    if (file == 8) out.push_back(cur);
    return;
  }
  if (!tokens[t].star) {
    if (file == 8) return;
    cur[static_cast<std::size_t>(file)] = tokens[t].set;
    place(tokens, t + 1, file + 1, cur, out);
    return;
  }
  for (int n = 0; file + n <= 8; ++n) {
    if (n > 0) cur[static_cast<std::size_t>(file + n - 1)] = kAll;
    place(tokens, t + 1, file + n, cur, out);
  }
}

// Whether every square of a allows no more than b's.
bool within(const Placement& a, const Placement& b) {
  for (std::size_t f = 0; f < 8; ++f)
    if ((a[f] & ~b[f]) != 0) return false;
  return true;
}

// The placements no other one covers (of equal ones, the first).
std::vector<Placement> widest(const std::vector<Placement>& all) {
  std::vector<Placement> kept;
  for (std::size_t i = 0; i < all.size(); ++i) {
    bool covered = false;
    for (std::size_t j = 0; j < all.size() && !covered; ++j)
      covered = j != i && within(all[i], all[j]) && (!within(all[j], all[i]) || j < i);
    if (!covered) kept.push_back(all[i]);
  }
  return kept;
}

}  // namespace

std::optional<BoardPattern> BoardPattern::parse(std::string_view text, FilterError& error) {
  BoardPattern pattern;
  const std::size_t space = std::min(text.find(' '), text.size());
  std::string_view rest = text.substr(space);
  while (rest.starts_with(' ')) rest.remove_prefix(1);
  while (rest.ends_with(' ')) rest.remove_suffix(1);
  if (rest == "w") {
    pattern.side_ = chess::Color::White;
  } else if (rest == "b") {
    pattern.side_ = chess::Color::Black;
  } else if (!rest.empty()) {
    error.message = "after the board only the side to move may follow: w or b";
    return std::nullopt;
  }
  const std::string_view board = text.substr(0, space);
  std::vector<std::string_view> ranks;
  for (std::size_t start = 0;;) {
    const std::size_t slash = std::min(board.find('/', start), board.size());
    ranks.push_back(board.substr(start, slash - start));
    if (slash == board.size()) break;
    start = slash + 1;
  }
  if (ranks.size() != 8) {
    error.message = "expected 8 ranks separated by '/', got " + std::to_string(ranks.size());
    return std::nullopt;
  }
  std::vector<Token> tokens;
  std::vector<Placement> placements;
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;  // the text's first field is the 8th rank
    const std::string where = "rank " + std::to_string(rank + 1) + ": ";
    tokens.clear();
    if (ranks[static_cast<std::size_t>(i)].empty()) {
      error.message = where + "empty";
      return std::nullopt;
    }
    if (auto why = tokenize(ranks[static_cast<std::size_t>(i)], tokens)) {
      error.message = where + *why;
      return std::nullopt;
    }
    placements.clear();
    Placement cur{};
    place(tokens, 0, 0, cur, placements);
    if (placements.empty()) {
      error.message = where + "'" + std::string(ranks[static_cast<std::size_t>(i)]) +
                      "' cannot cover exactly 8 squares";
      return std::nullopt;
    }
    const std::vector<Placement> ways = widest(placements);
    if (ways.size() == 1) {
      for (int s = 0; s < kStates; ++s) {
        for (int f = 0; f < 8; ++f) {
          if ((ways[0][static_cast<std::size_t>(f)] & (1u << s)) == 0)
            pattern.forbidden_[s] |= chess::bb(chess::make_square(f, rank));
        }
      }
      continue;
    }
    if (ways.size() > 128) {  // cannot happen: at most C(8, 4) = 70
      error.message = where + "too many ways to place its squares";
      return std::nullopt;
    }
    ChoiceRank& choice = pattern.choices_.emplace_back();
    choice.rank = rank;
    for (std::size_t w = 0; w < ways.size(); ++w) {
      for (std::size_t f = 0; f < 8; ++f) {
        for (int s = 0; s < kStates; ++s) {
          if ((ways[w][f] & (1u << s)) != 0) choice.allowed[f][s][w / 64] |= 1ull << (w % 64);
        }
      }
    }
  }
  return pattern;
}

bool BoardPattern::matches(const chess::Position& p) const {
  if (side_ && p.side_to_move() != *side_) return false;
  std::array<chess::Bitboard, kStates> on;
  on[0] = ~p.pieces();
  for (int c = 0; c < 2; ++c) {
    const auto color = static_cast<chess::Color>(c);
    for (int t = 0; t < 6; ++t)
      on[1 + c * 6 + t] = p.pieces(color, static_cast<chess::PieceType>(t));
  }
  chess::Bitboard clash = 0;
  for (int s = 0; s < kStates; ++s) clash |= on[s] & forbidden_[s];
  if (clash != 0) return false;
  for (const ChoiceRank& rank : choices_) {
    Placements fit = {~std::uint64_t{0}, ~std::uint64_t{0}};
    for (int f = 0; f < 8; ++f) {
      const auto piece = static_cast<std::size_t>(p.piece_on(chess::make_square(f, rank.rank)));
      const Placements& allowed = rank.allowed[static_cast<std::size_t>(f)][kStateOf[piece]];
      fit[0] &= allowed[0];
      fit[1] &= allowed[1];
    }
    if ((fit[0] | fit[1]) == 0) return false;
  }
  return true;
}

}  // namespace pgnkit::select

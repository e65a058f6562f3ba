#include "chess/san_shape.h"

#include <initializer_list>

#include "chess/san.h"
#include "chess/san_chars.h"

namespace pgnkit::chess {
namespace {

using san_chars::is_file;
using san_chars::is_rank;

// The length of a dash at s[i]: 1 for '-', 3 for a Unicode dash in UTF-8 (U+2010 to U+2015:
// E2 80 90-95; U+2212: E2 88 92), else 0.
std::size_t dash_at(std::string_view s, std::size_t i) {
  if (i < s.size() && s[i] == '-') return 1;
  if (i + 2 >= s.size() || s[i] != '\xE2') return 0;
  const auto b1 = static_cast<unsigned char>(s[i + 1]), b2 = static_cast<unsigned char>(s[i + 2]);
  return (b1 == 0x80 && b2 >= 0x90 && b2 <= 0x95) || (b1 == 0x88 && b2 == 0x92) ? 3 : 0;
}

bool castling_letter(char c) {
  return c == 'O' || c == '0' || c == 'o';
}

// A destination: a letter and a digit (a-z, 0-9), a square or one off the board.
bool destination_at(std::string_view s, std::size_t i) {
  return i + 1 < s.size() && s[i] >= 'a' && s[i] <= 'z' && s[i + 1] >= '0' && s[i + 1] <= '9';
}

// From s[i]: what there is of the from-square, a separator, the destination.
bool move_from(std::string_view s, std::size_t i) {
  if (destination_at(s, i)) return true;
  if (i < s.size() && is_file(s[i])) ++i;
  if (i < s.size() && is_rank(s[i])) ++i;
  if (i < s.size() && (s[i] == 'x' || s[i] == ':' || s[i] == '@')) {
    ++i;
  } else {
    i += dash_at(s, i);
  }
  return destination_at(s, i);
}

}  // namespace

bool is_move_shaped(std::string_view s) {
  if (s.empty()) return false;
  if (castling_letter(s[0])) {
    const std::size_t dash = dash_at(s, 1);
    if (dash && 1 + dash < s.size() && castling_letter(s[1 + dash])) return true;
  }
  // Null moves and marks are whole tokens ("--nestedcomment" is no null move), but for the
  // marks a move may carry, as parse_san reads them ("Z0+", "--e.p.").
  if (is_en_passant_mark(s)) return true;
  std::string_view bare = s;
  for (std::size_t before = 0; before != bare.size();) {
    before = bare.size();
    while (!bare.empty() &&
           (bare.back() == '+' || bare.back() == '#' || bare.back() == '!' || bare.back() == '?'))
      bare.remove_suffix(1);
    for (const std::string_view mark : {"e.p.", "e.p", "ep"}) {
      if (bare.size() > mark.size() && bare.ends_with(mark)) {
        bare.remove_suffix(mark.size());
        break;
      }
    }
  }
  if (bare == "--" || bare == "Z0" || bare == "0000" || bare == "@@@@") return true;
  const char c = s[0];
  if (c >= 'A' && c <= 'Z') return move_from(s, 1);
  // A lower-case piece letter, or the file of a destination off the board ("n4").
  return ((c == 'n' || c == 'r' || c == 'q' || c == 'k') && move_from(s, 1)) || move_from(s, 0);
}

}  // namespace pgnkit::chess

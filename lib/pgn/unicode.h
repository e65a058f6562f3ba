// Unicode in movetext (internal): the dashes, spaces and annotation glyphs that text pasted
// from web pages and word processors puts where PGN has ASCII. The lexer reads each as what
// it stands for, with a warning (docs/reader.md, "Unicode in movetext").
//
// Every function reads at p without a bound: the caller has buffered at least 8 bytes from
// p or up to the end of input, and the reader's buffer ends with a NUL and padding, so a
// sequence cut by the end never matches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "pgn/types.h"

namespace pgnkit::pgn::detail {

inline constexpr std::string_view kHalfDraw = "\xC2\xBD-\xC2\xBD";  // ½-½
inline constexpr std::string_view kEllipsis = "\xE2\x80\xA6";       // …
inline constexpr std::string_view kBom = "\xEF\xBB\xBF";

inline const unsigned char* bytes_at(const char* p) {
  return reinterpret_cast<const unsigned char*>(p);
}

// A dash or minus read as '-': U+2010 to U+2015 (hyphen, non-breaking hyphen, figure dash,
// en dash, em dash, horizontal bar) and U+2212 (minus sign). Its length (3), or 0.
inline std::size_t dash_length(const char* p) {
  const unsigned char* u = bytes_at(p);
  if (u[0] != 0xE2) return 0;
  if (u[1] == 0x80 && u[2] >= 0x90 && u[2] <= 0x95) return 3;
  return u[1] == 0x88 && u[2] == 0x92 ? 3 : 0;
}

// A space read as a blank: U+00A0 (no-break space), U+1680, U+2000 to U+200B (the typographic
// spaces and the zero-width space), U+2028 and U+2029 (line and paragraph separators, which do
// not end a line: lines are counted by LF and CR alone), U+202F, U+205F, U+2060 (word joiner),
// U+3000 (a byte order mark, U+FEFF, is skipped silently, where files were concatenated).
// Its length, or 0.
std::size_t space_length(const char* p);

// An annotation glyph of chess publishing at p and the NAG it stands for in the PGN
// standard's table: ASCII (=, +=, =+, +/=, =/+, +/-, -/+, +-, -+) only before a byte that cannot
// continue a SAN token, Unicode (± ∓ ⩲ ⩱ ∞ □ ⨀ ...) anywhere. length 0: none.
struct Glyph {
  std::size_t length = 0;
  std::uint32_t nag = 0;
};
Glyph glyph_at(const char* p);

// The NAG of a glyph's text as glyph_at() reads it (0 when it is none), for messages.
std::uint32_t glyph_nag(std::string_view text);

// The length of a '-' at p: 1 for ASCII, 3 for a Unicode dash (dash_length), else 0.
inline std::size_t any_dash_length(const char* p) {
  return *p == '-' ? 1 : dash_length(p);
}

// A result marker at p: "1-0", "0-1", "1/2-1/2" or "1/2", each '-' ASCII or a Unicode dash.
// length 0: none. dash: the first Unicode dash in it, or null.
struct ResultMatch {
  std::size_t length = 0;
  Outcome outcome = Outcome::Unknown;
  const char* dash = nullptr;
};
ResultMatch match_result(const char* p);

// The length of the valid UTF-8 sequence at p (2 to 4), or 0 when there is none.
std::size_t utf8_sequence_length(const char* p);

// "U+00A0": the first code point of text (valid UTF-8), for messages that must name a
// character that may print as a blank. Empty when text does not start with one.
std::string code_point_name(std::string_view text);

}  // namespace pgnkit::pgn::detail

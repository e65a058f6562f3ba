#include "pgn/unicode.h"

#include <cstring>

#include "pgn/chars.h"

namespace pgnkit::pgn::detail {
namespace {

struct GlyphSpelling {
  std::string_view text;
  std::uint32_t nag;
};

// The PGN standard's NAG table (section 10) by the glyphs chess publishing prints for it.
// Glyphs that the table gives one NAG per side (zugzwang, development, initiative, attack,
// counterplay, time pressure, compensation) do not say which side they mean: they are read as
// the table's first, White's. Longest spellings first where one starts another.
constexpr GlyphSpelling kUnicodeGlyphs[] = {
    {"+\xE2\x88\x92", 18},   // +− White has a decisive advantage
    {"\xE2\x88\x92+", 19},   // −+ Black has a decisive advantage
    {"+/\xE2\x88\x92", 16},  // +/−
    {"\xE2\x88\x92/+", 17},  // −/+
    {"=\xE2\x88\x9E", 44},   // =∞ compensation for the material
    {"\xC2\xB1", 16},        // ± White has a moderate advantage
    {"\xE2\x88\x93", 17},    // ∓ Black has a moderate advantage
    {"\xE2\xA9\xB2", 14},    // ⩲ White has a slight advantage
    {"\xE2\xA9\xB1", 15},    // ⩱ Black has a slight advantage
    {"\xE2\x88\x9E", 13},    // ∞ unclear position
    {"\xE2\x96\xA1", 7},     // □ only move
    {"\xE2\xA8\x80", 22},    // ⨀ zugzwang
    {"\xE2\x9F\xB3", 32},    // ⟳ development advantage
    {"\xE2\x86\x92", 36},    // → initiative
    {"\xE2\x86\x91", 40},    // ↑ attack
    {"\xE2\x87\x86", 132},   // ⇆ counterplay
    {"\xE2\x8A\x95", 138},   // ⊕ time trouble
    {"\xE2\xA8\x81", 138},   // ⨁ time trouble
    {"\xE2\x88\x86", 140},   // ∆ with the idea
    {"\xCE\x94", 140},       // Δ (Greek capital delta) with the idea
    {"\xE2\x88\x87", 141},   // ∇ aimed against
    {"\xE2\x8C\x93", 142},   // ⌓ better is
};
// ASCII spellings, read only as a token of their own (before a byte that cannot continue a
// SAN token): "+-" glued to a move stays part of it.
constexpr GlyphSpelling kAsciiGlyphs[] = {
    {"+/=", 14}, {"=/+", 15}, {"+/-", 16}, {"-/+", 17}, {"+=", 14},
    {"=+", 15},  {"+-", 18},  {"-+", 19},  {"=", 10},
};

bool starts_with(const char* p, std::string_view s) {
  return std::memcmp(p, s.data(), s.size()) == 0;
}

}  // namespace

std::size_t space_length(const char* p) {
  const unsigned char* u = bytes_at(p);
  switch (u[0]) {
    case 0xC2: return u[1] == 0xA0 ? 2 : 0;
    case 0xE1: return u[1] == 0x9A && u[2] == 0x80 ? 3 : 0;
    case 0xE2:
      if (u[1] == 0x80) {
        const unsigned char c = u[2];
        return (c >= 0x80 && c <= 0x8B) || c == 0xA8 || c == 0xA9 || c == 0xAF ? 3 : 0;
      }
      return u[1] == 0x81 && (u[2] == 0x9F || u[2] == 0xA0) ? 3 : 0;
    case 0xE3: return u[1] == 0x80 && u[2] == 0x80 ? 3 : 0;
    default: return 0;
  }
}

Glyph glyph_at(const char* p) {
  // The memcmp()s may read past a NUL into the buffer's padding: never a match there.
  for (const GlyphSpelling& g : kUnicodeGlyphs) {
    if (starts_with(p, g.text)) return Glyph{g.text.size(), g.nag};
  }
  for (const GlyphSpelling& g : kAsciiGlyphs) {
    if (starts_with(p, g.text) && !is_symbol(p[g.text.size()])) return Glyph{g.text.size(), g.nag};
  }
  return Glyph{};
}

std::uint32_t glyph_nag(std::string_view text) {
  for (const GlyphSpelling& g : kUnicodeGlyphs) {
    if (text == g.text) return g.nag;
  }
  for (const GlyphSpelling& g : kAsciiGlyphs) {
    if (text == g.text) return g.nag;
  }
  return 0;
}

ResultMatch match_result(const char* p) {
  if (p[0] == '1' && p[1] == '/' && p[2] == '2') {
    const char* q = p + 3;
    const std::size_t d = any_dash_length(q);
    if (d != 0 && q[d] == '1' && q[d + 1] == '/' && q[d + 2] == '2')
      return ResultMatch{3 + d + 3, Outcome::Draw, d > 1 ? q : nullptr};
    return ResultMatch{3, Outcome::Draw, nullptr};
  }
  if (p[0] == '1' || p[0] == '0') {
    const std::size_t d = any_dash_length(p + 1);
    const char other = p[0] == '1' ? '0' : '1';
    if (d != 0 && p[1 + d] == other) {
      return ResultMatch{2 + d, p[0] == '1' ? Outcome::WhiteWins : Outcome::BlackWins,
                         d > 1 ? p + 1 : nullptr};
    }
  }
  return ResultMatch{};
}

std::size_t utf8_sequence_length(const char* p) {
  const unsigned char* u = bytes_at(p);
  const unsigned char c = u[0];
  std::size_t len = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (u[1] < lo || u[1] > hi) return 0;
  for (std::size_t k = 2; k < len; ++k) {
    if ((u[k] & 0xC0) != 0x80) return 0;
  }
  return len;
}

std::string code_point_name(std::string_view text) {
  if (text.empty()) return {};
  const unsigned char* u = bytes_at(text.data());
  std::uint32_t cp = u[0];
  std::size_t len = 1;
  if (cp >= 0x80) {
    len = cp >= 0xF0 ? 4 : cp >= 0xE0 ? 3 : 2;
    if (text.size() < len) return {};
    cp &= 0x7Fu >> len;
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (u[k] & 0x3Fu);
  }
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "U+";
  const int digits = cp > 0xFFFF ? (cp > 0xFFFFF ? 6 : 5) : 4;
  for (int i = digits - 1; i >= 0; --i) out += kHex[(cp >> (4 * i)) & 0xF];
  return out;
}

}  // namespace pgnkit::pgn::detail

// Byte classes for the PGN lexer (internal). Tables are built at compile time.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pgnkit::pgn::detail {

// First-byte dispatch classes.
enum class Lead : std::uint8_t {
  Other,    // unexpected
  Control,  // NUL and other control bytes: binary data
  Symbol,   // letters, '@': SAN-like symbol
  Dash,     // '-': a null move "--", or the glyphs "-+" "-/+"
  Glyph,    // '+' '=': annotation glyphs ("+-", "=", ...)
  Digit,    // move number, result, 0-0 castling
  Tag,      // '['
  Comment,  // '{'
  Line,     // ';'
  Open,     // '('
  Close,    // ')'
  Dollar,   // '$'
  Suffix,   // '!' '?'
  Star,     // '*'
  Dot,      // '.' (stray dots are ignored)
  Percent,  // '%': escape line in column 1
  Utf8,     // a UTF-8 lead byte: ½, …, a BOM, Unicode dashes, spaces and glyphs
};

inline constexpr auto kLead = [] {
  std::array<Lead, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = Lead::Control;
  t[0x7F] = Lead::Control;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = Lead::Symbol;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = Lead::Symbol;
  t['-'] = Lead::Dash;
  t['+'] = Lead::Glyph;
  t['='] = Lead::Glyph;
  t['@'] = Lead::Symbol;
  for (int c = '0'; c <= '9'; ++c) t[c] = Lead::Digit;
  t['['] = Lead::Tag;
  t['{'] = Lead::Comment;
  t[';'] = Lead::Line;
  t['('] = Lead::Open;
  t[')'] = Lead::Close;
  t['$'] = Lead::Dollar;
  t['!'] = Lead::Suffix;
  t['?'] = Lead::Suffix;
  t['*'] = Lead::Star;
  t['.'] = Lead::Dot;
  t['%'] = Lead::Percent;
  for (int c = 0xC2; c <= 0xF4; ++c) t[c] = Lead::Utf8;
  return t;
}();

template <std::size_t N>
constexpr std::array<bool, 256> byte_set(const char (&chars)[N], bool alnum) {
  std::array<bool, 256> t{};
  for (std::size_t i = 0; i + 1 < N; ++i) t[static_cast<unsigned char>(chars[i])] = true;
  if (alnum) {
    for (int c = 'a'; c <= 'z'; ++c) t[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) t[c] = true;
    for (int c = '0'; c <= '9'; ++c) t[c] = true;
  }
  return t;
}

// Bytes that continue a symbol token (PGN: letters, digits, _+#=:- plus / and @).
inline constexpr auto kSymbolByte = byte_set("_+#=:-/@", true);
// Tag names: letters, digits, '_' and '-'.
inline constexpr auto kNameByte = byte_set("_-", true);
// Bytes that stop the fast scan of a tag value.
inline constexpr auto kTagValueStop = byte_set("\"\\\n\r", false);  // plus NUL, added below
// Bytes that end a line (NUL included: it is the buffer sentinel).
inline constexpr auto kLineEnd = byte_set("\n\r", false);

// Bytes after a symbol that send it to the lexer's general path: NUL (maybe the end of the
// buffered bytes), '.' (maybe "e.p.") and 0xE2 (maybe a Unicode dash).
inline constexpr auto kSymbolSlowStop = [] {
  std::array<bool, 256> t{};
  t[0] = t['.'] = t[0xE2] = true;
  return t;
}();
// q one past a symbol of at least one byte: does it end like a result marker ("1-0", "0-1",
// "1/2-1/2") glued to a move? q[-2] is read only when q[-1] is a digit, which a symbol's
// first byte never is.
inline bool result_glued(const char* q) {
  return static_cast<unsigned char>(q[-1] - '0') <= 2 && (q[-2] == '-' || q[-2] == '/');
}

inline bool is_symbol(char c) {
  return kSymbolByte[static_cast<unsigned char>(c)];
}
inline bool is_name(char c) {
  return kNameByte[static_cast<unsigned char>(c)];
}
inline bool is_digit(char c) {
  return static_cast<unsigned char>(c - '0') < 10;
}
inline bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
inline bool stops_tag_value(char c) {
  return c == '\0' || kTagValueStop[static_cast<unsigned char>(c)];
}
inline bool ends_line(char c) {
  return c == '\0' || kLineEnd[static_cast<unsigned char>(c)];
}

// Scans for the first byte of a class, 16 bytes at a time with SSE2 (baseline on x86-64),
// else 8 at a time in a 64-bit word (SWAR). The caller guarantees such a byte (the buffer's
// NUL sentinel) and 15 readable bytes after it (the buffer's padding).
//
// SWAR: each bytes_* function sets the high bit of the bytes it looks for; bytes above the
// first such byte may be flagged wrongly (borrows and carries), so only the first hit is
// meaningful. Little-endian: the first byte in memory is the lowest.
static_assert(std::endian::native == std::endian::little, "the SWAR scans assume little-endian");
inline constexpr std::uint64_t kOnes = 0x0101010101010101u;
inline constexpr std::uint64_t kHighBits = 0x8080808080808080u;
inline std::uint64_t load8(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
inline std::uint64_t bytes_equal(std::uint64_t w, unsigned char b) {
  const std::uint64_t x = w ^ (kOnes * b);
  return (x - kOnes) & ~x & kHighBits;
}
// Bytes below 0x20 or from `from` up (from <= 0x80).
inline std::uint64_t bytes_outside(std::uint64_t w, unsigned char from) {
  return ((w - kOnes * 0x20) | w | (w + kOnes * (0x80 - from))) & kHighBits;
}
inline const char* first_hit(const char* p, std::uint64_t hits) {
  return p + std::countr_zero(hits) / 8;
}

// Where a plain comment's scan stops: a byte below 0x20 (NUL, line breaks, tab too), or from
// 0x7D up ('}', '~', DEL, non-ASCII).
inline const char* find_comment_stop(const char* p) {
#if defined(__SSE2__)
  const __m128i below = _mm_set1_epi8(0x20);
  const __m128i above = _mm_set1_epi8(0x7C);
  for (;; p += 16) {  // signed compares: bytes from 0x80 up are negative
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto m = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_cmplt_epi8(v, below), _mm_cmpgt_epi8(v, above))));
    if (m != 0) return p + std::countr_zero(m);
  }
#else
  for (;; p += 8) {
    const std::uint64_t hits = bytes_outside(load8(p), 0x7D);
    if (hits != 0) return first_hit(p, hits);
  }
#endif
}

// Where a plain tag value's scan stops: '"', '\\', a byte below 0x20 or from 0x7F up.
inline const char* find_tag_value_stop(const char* p) {
#if defined(__SSE2__)
  const __m128i below = _mm_set1_epi8(0x20);
  const __m128i above = _mm_set1_epi8(0x7E);
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  for (;; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i out = _mm_or_si128(_mm_cmplt_epi8(v, below), _mm_cmpgt_epi8(v, above));
    const __m128i special = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash));
    const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(out, special)));
    if (m != 0) return p + std::countr_zero(m);
  }
#else
  for (;; p += 8) {
    const std::uint64_t w = load8(p);
    const std::uint64_t hits = bytes_outside(w, 0x7F) | bytes_equal(w, '"') | bytes_equal(w, '\\');
    if (hits != 0) return first_hit(p, hits);
  }
#endif
}

// check_text() result bits.
inline constexpr std::uint8_t kTextNonUtf8 = 1;    // not valid UTF-8
inline constexpr std::uint8_t kTextControl = 2;    // NUL or control byte other than \t\n\v\f\r
inline constexpr std::uint8_t kTextLineBreak = 4;  // contains '\n' or '\r' (not an issue)

// A loose SAN shape, used only to tell a tagless game from junk between games: castling
// (also "o-o"), a null move ("--", "Z0", "0000", "@@@@"), or an optional piece letter (also
// a lower-case king's) then [a-h1-8x:=@-] and promotion letters with at least one file letter
// followed by a rank digit; a trailing + #, an en-passant mark (ep, e.p.) are ignored, and a
// Unicode dash counts as '-'.
bool san_shaped(std::string_view token);
// q at '[': is it `[ Name "` (blanks allowed around the name, and one line break between the
// name and the '"', which import format allows) within the first kTagShapeWindow bytes of
// [q, end)? Decided within that fixed window so that the answer never depends on how much is
// buffered: the lexer's rule for a tag line, also used by the splitter of lib/pipeline to
// find game boundaries.
inline constexpr std::size_t kTagShapeWindow = 128;
// The end of the blanks at q, with at most one line break (LF, CRLF or CR) among them, before
// limit.
inline const char* skip_tag_gap(const char* q, const char* limit) {
  while (q < limit && is_blank(*q)) ++q;
  if (q < limit && (*q == '\n' || *q == '\r')) {
    q += (*q == '\r' && q + 1 < limit && q[1] == '\n') ? 2 : 1;
    while (q < limit && is_blank(*q)) ++q;
  }
  return q;
}
inline bool tag_shaped(const char* q, const char* end) {
  const char* const limit =
      q + std::min<std::size_t>(kTagShapeWindow, static_cast<std::size_t>(end - q));
  ++q;
  while (q < limit && is_blank(*q)) ++q;
  const char* name = q;
  while (q < limit && is_name(*q)) ++q;
  if (q == name) return false;
  q = skip_tag_gap(q, limit);
  return q < limit && *q == '"';
}

// Classifies text delivered to the visitor (comments, tag values). Fast when ASCII.
std::uint8_t check_text(const char* data, std::size_t size);

}  // namespace pgnkit::pgn::detail

// Byte classes for the PGN lexer (internal). Tables are built at compile time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pgnkit::pgn::detail {

// First-byte dispatch classes.
enum class Lead : std::uint8_t {
  Other,    // unexpected
  Control,  // NUL and other control bytes: binary data
  Symbol,   // letters, '-', '@': SAN-like symbol
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
  Utf8,     // 0xC2 (½), 0xE2 (…), 0xEF (BOM)
};

inline constexpr auto kLead = [] {
  std::array<Lead, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = Lead::Control;
  t[0x7F] = Lead::Control;
  for (int c = 'a'; c <= 'z'; ++c) t[c] = Lead::Symbol;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = Lead::Symbol;
  t['-'] = Lead::Symbol;
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
  t[0xC2] = Lead::Utf8;
  t[0xE2] = Lead::Utf8;
  t[0xEF] = Lead::Utf8;
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

// check_text() result bits.
inline constexpr std::uint8_t kTextNonUtf8 = 1;    // not valid UTF-8
inline constexpr std::uint8_t kTextControl = 2;    // NUL or control byte other than \t\n\v\f\r
inline constexpr std::uint8_t kTextLineBreak = 4;  // contains '\n' or '\r' (not an issue)

// A loose SAN shape, used only to tell a tagless game from junk between games: castling,
// "--", "Z0", or an optional piece letter then [a-h1-8x:=@-] and promotion letters with at
// least one file letter followed by a rank digit; a trailing + # is ignored.
bool san_shaped(std::string_view token);

// Classifies text delivered to the visitor (comments, tag values). Fast when ASCII.
std::uint8_t check_text(const char* data, std::size_t size);

}  // namespace pgnkit::pgn::detail

#include "write/json.h"

#include <cstdint>

namespace pgnkit::write {
namespace {

// Windows-1252 code points for 0x80-0x9F; 0 where the byte is undefined (then Latin-1).
constexpr std::uint16_t kCp1252[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

void put_code_point(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Length of the valid UTF-8 sequence at text[i], or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  std::size_t len = 0;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF)
    len = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    len = 3;
  else if (c >= 0xF0 && c <= 0xF4)
    len = 4;
  else
    return 0;
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  const auto c1 = static_cast<unsigned char>(text[i + 1]);
  // Overlong 3/4-byte forms, surrogates and code points above U+10FFFF.
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
      (c == 0xF4 && c1 >= 0x90))
    return 0;
  return len;
}

template <class Emit>
void convert(std::string& out, std::string_view text, Emit&& emit_ascii) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      emit_ascii(c);
      ++i;
      continue;
    }
    const std::size_t len = utf8_length(text, i);
    if (len) {
      out.append(text.substr(i, len));
      i += len;
      continue;
    }
    const std::uint16_t mapped = c < 0xA0 ? kCp1252[c - 0x80] : 0;
    put_code_point(out, mapped ? mapped : c);
    ++i;
  }
}

}  // namespace

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = utf8_length(text, i);
    if (!len) return false;
    i += len;
  }
  return true;
}

void append_utf8(std::string& out, std::string_view text) {
  convert(out, text, [&out](unsigned char c) { out += static_cast<char>(c); });
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  // Most text (names, FENs, codes) is plain printable ASCII: copy that run at once.
  std::size_t plain = 0;
  while (plain < text.size()) {
    const auto c = static_cast<unsigned char>(text[plain]);
    if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') break;
    ++plain;
  }
  out.append(text.substr(0, plain));
  text.remove_prefix(plain);
  convert(out, text, [&out](unsigned char c) {
    switch (c) {
      case '"': out += "\\\""; return;
      case '\\': out += "\\\\"; return;
      case '\n': out += "\\n"; return;
      case '\r': out += "\\r"; return;
      case '\t': out += "\\t"; return;
      default: break;
    }
    if (c < 0x20 || c == 0x7F) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  });
  out += '"';
}

}  // namespace pgnkit::write

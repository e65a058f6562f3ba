#include "pgn/chars.h"

#include "pgn/unicode.h"

#include <cstring>

namespace pgnkit::pgn::detail {
namespace {

bool valid_utf8(const unsigned char* s, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
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
      return false;
    }
    if (n - i < len) return false;
    if (s[i + 1] < lo || s[i + 1] > hi) return false;
    for (std::size_t k = 2; k < len; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

}  // namespace

bool san_shaped(std::string_view token) {
  // Unicode dashes (the lexer keeps them in a token: "O–O", "e2–e4") count as '-'.
  char copy[256];
  std::string_view s = token;
  if (token.find('\xE2') != std::string_view::npos && token.size() <= sizeof copy) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < token.size(); ++n) {
      const std::size_t d = i + 3 <= token.size() ? dash_length(token.data() + i) : 0;
      copy[n] = d != 0 ? '-' : token[i];
      i += d != 0 ? d : 1;
    }
    s = std::string_view(copy, n);
  }
  while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.remove_suffix(1);
  if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0" || s == "o-o" || s == "o-o-o" ||
      s == "--" || s == "Z0" || s == "0000" || s == "@@@@") {
    return true;
  }
  // An en-passant mark glued to the move ("e5d6ep", "exd6e.p.").
  for (const std::string_view mark :
       {std::string_view("e.p."), std::string_view("e.p"), std::string_view("ep")}) {
    if (s.size() > mark.size() + 2 && s.ends_with(mark)) {
      s.remove_suffix(mark.size());
      break;
    }
  }
  std::size_t i = 0;
  if (!s.empty() && std::string_view("KQRBNPk").find(s[0]) != std::string_view::npos) ++i;
  bool square = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    const bool file = c >= 'a' && c <= 'h';
    const bool rank = c >= '1' && c <= '8';
    if (rank && i > 0 && s[i - 1] >= 'a' && s[i - 1] <= 'h') square = true;
    if (!file && !rank && std::string_view("x:=@-QRBNqrn").find(c) == std::string_view::npos) {
      return false;
    }
  }
  return square;
}

std::uint8_t check_text(const char* data, std::size_t size) {
  // Eight bytes at a time: any high bit (non-ASCII), any byte below 0x20 or equal to 0x7F
  // (maybe a control byte: then an exact byte scan decides).
  std::uint64_t high = 0;
  std::uint64_t suspect = 0;
  auto word = [&](std::uint64_t w) {
    high |= w;
    suspect |= (w - 0x20 * kOnes) & ~w;  // bytes below 0x20
    const std::uint64_t del = w ^ (0x7F * kOnes);
    suspect |= (del - kOnes) & ~del;  // bytes equal to 0x7F
  };
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    word(w);
  }
  if (i < size) {
    std::uint64_t w = 0x20 * kOnes;  // pad the tail with spaces
    std::memcpy(&w, data + i, size - i);
    word(w);
  }
  const auto* s = reinterpret_cast<const unsigned char*>(data);
  std::uint8_t flags = 0;
  if ((suspect & kHighBits) != 0) {
    for (std::size_t k = 0; k < size; ++k) {
      const unsigned char c = s[k];
      if (c == '\n' || c == '\r') {
        flags |= kTextLineBreak;
      } else if (c < 0x09 || (c >= 0x0E && c < 0x20) || c == 0x7F) {
        flags |= kTextControl;
      }
    }
  }
  if ((high & kHighBits) != 0 && !valid_utf8(s, size)) flags |= kTextNonUtf8;
  return flags;
}

}  // namespace pgnkit::pgn::detail

#include "write/table.h"

#include <algorithm>

#include "write/json.h"

namespace pgnkit::write {

void append_csv_field(std::string& out, std::string_view field) {
  std::string text;
  append_utf8(text, field);
  // One pass (find_first_of would search the set once per byte, a call each).
  const bool quote = std::any_of(text.begin(), text.end(), [](char c) {
    return c == ',' || c == '"' || c == '\r' || c == '\n';
  });
  if (!quote) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_padded(std::string& out, std::string_view text, std::size_t width) {
  std::string utf8;
  append_utf8(utf8, text);
  std::size_t chars = 0, i = 0;
  const std::size_t limit = width > 1 ? width - 1 : width;  // keep one space as the separator
  for (; i < utf8.size(); ++i) {
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) == 0x80) continue;
    if (chars == limit) break;
    ++chars;
  }
  if (i < utf8.size()) {
    // Cut: replace the last kept character with '~'.
    std::size_t j = i;
    do {
      --j;
    } while (j > 0 && (static_cast<unsigned char>(utf8[j]) & 0xC0) == 0x80);
    out.append(utf8, 0, j);
    out += '~';
  } else {
    out.append(utf8);
  }
  for (; chars < width; ++chars) out += ' ';
}

}  // namespace pgnkit::write

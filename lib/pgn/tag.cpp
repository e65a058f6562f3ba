#include "pgn/tag.h"

#include <cstring>

namespace pgnkit::pgn {

bool unescape_tag(std::string_view value_raw, std::string& out) {
  const char* p = value_raw.data();
  const char* end = p + value_raw.size();
  const void* first = std::memchr(p, '\\', value_raw.size());
  if (first == nullptr) {
    out.assign(value_raw);
    return false;
  }
  out.clear();
  out.reserve(value_raw.size());
  bool changed = false;
  while (p < end) {
    const auto* bs =
        static_cast<const char*>(std::memchr(p, '\\', static_cast<std::size_t>(end - p)));
    if (bs == nullptr) {
      out.append(p, end);
      break;
    }
    out.append(p, bs);
    if (bs + 1 < end && (bs[1] == '"' || bs[1] == '\\')) {
      out.push_back(bs[1]);
      changed = true;
      p = bs + 2;
    } else {
      out.push_back('\\');
      p = bs + 1;
    }
  }
  return changed;
}

}  // namespace pgnkit::pgn

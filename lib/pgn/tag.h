// Tag value helpers.
#pragma once

#include <string>
#include <string_view>

namespace pgnkit::pgn {

// Replaces out with value_raw minus its escapes: \" -> ", \\ -> \. A backslash before any
// other byte (or at the end) is kept as written. Returns false if nothing needed
// unescaping (then out == value_raw).
bool unescape_tag(std::string_view value_raw, std::string& out);

}  // namespace pgnkit::pgn

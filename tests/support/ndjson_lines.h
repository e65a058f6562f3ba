// The line starts of an NDJSON text counted the plain way, line by line with std::string
// functions, as the model that ndjson::scan_line_starts (and `pgnkit index --from ndjson`) is
// checked against: lines end at LF; a line of spaces, tabs and CRs only (after a whole byte
// order mark on the first line) is blank and has no game number; every other line has the next.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ndjson/line_starts.h"

namespace pgnkit::testing {

struct CountedLines {
  std::vector<ndjson::LineStart> starts;  // every line start, in order
  std::uint64_t games = 0;                // non-blank lines
};

inline CountedLines count_ndjson_lines(const std::string& text) {
  CountedLines counted;
  std::uint64_t game = 1;
  std::uint32_t line = 1;
  for (std::size_t at = 0; at < text.size(); ++line) {
    counted.starts.push_back(ndjson::LineStart{at, game, line});
    const std::size_t lf = std::min(text.find('\n', at), text.size());
    std::string_view content(text.data() + at, lf - at);
    if (at == 0 && content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
    if (content.find_first_not_of(" \t\r") != std::string_view::npos) ++game;
    at = lf + 1;
  }
  counted.games = game - 1;
  return counted;
}

}  // namespace pgnkit::testing

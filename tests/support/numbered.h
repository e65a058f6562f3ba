// For tests that compare pgnkit's output with another tool's game by game: a copy of the
// first games of a source with a [PgnkitId "n"] tag before each [Event] line, so that two
// outputs pair up whatever either tool drops, splits or reorders.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <string_view>

#include "io/source.h"

namespace pgnkit::testing {

// Up to `games` games (counted by their [Event] lines) of `source` (at most 256 MiB read),
// each [Event] preceded by [PgnkitId "n"]; lines starting with one of `drop_prefixes` left out.
inline std::string numbered_games(io::Source& source, std::size_t games,
                                  std::initializer_list<std::string_view> drop_prefixes = {}) {
  std::string all, out;
  char buf[1 << 16];
  for (std::size_t n; (n = source.read(buf, sizeof buf)) > 0 && all.size() < (256u << 20);)
    all.append(buf, n);
  std::size_t count = 0, pos = 0;
  while (pos < all.size()) {
    const std::size_t end = std::min(all.find('\n', pos), all.size() - 1) + 1;
    const std::string_view line(all.data() + pos, end - pos);
    pos = end;
    if (line.starts_with("[Event ")) {
      if (++count > games) break;
      out += "[PgnkitId \"" + std::to_string(count) + "\"]\n";
    }
    if (std::any_of(drop_prefixes.begin(), drop_prefixes.end(),
                    [line](std::string_view p) { return line.starts_with(p); }))
      continue;
    out += line;
  }
  return out;
}

// PgnkitId -> the value of `tag` ("" when absent) for each game of a PGN text (games split
// at [Event] lines, as numbered_games() numbered them).
inline std::map<int, std::string> tag_by_id(const std::string& pgn, const std::string& tag) {
  std::map<int, std::string> result;
  const std::string tag_open = "[" + tag + " \"";
  int cur = -1;
  std::string value;
  auto flush = [&] {
    if (cur >= 0) result[cur] = value;
  };
  std::size_t pos = 0;
  while (pos < pgn.size()) {
    const std::size_t end = std::min(pgn.find('\n', pos), pgn.size());
    const std::string_view line(pgn.data() + pos, end - pos);
    pos = end + 1;
    if (line.starts_with("[Event ")) {
      flush();
      cur = -1;
      value.clear();
    }
    if (line.starts_with("[PgnkitId \"")) {
      cur = std::stoi(std::string(line.substr(11)));
    } else if (line.starts_with(tag_open)) {
      const std::size_t close = line.rfind('"');
      value = std::string(line.substr(tag_open.size(), close - tag_open.size()));
    }
  }
  flush();
  return result;
}

}  // namespace pgnkit::testing

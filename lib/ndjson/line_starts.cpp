#include "ndjson/line_starts.h"

#include <cstring>
#include <memory>

namespace pgnkit::ndjson {

LineScanStats scan_line_starts(io::Source& source, LineStartVisitor& visitor) {
  constexpr std::size_t kBuffer = std::size_t{1} << 20;
  constexpr unsigned char kBom[3] = {0xEF, 0xBB, 0xBF};
  const auto buffer = std::make_unique_for_overwrite<char[]>(kBuffer);
  LineScanStats stats;
  LineStart next;             // the line being read began here
  bool at_line_start = true;  // the next byte begins a line
  bool blank = true;          // the line so far holds only line spaces (and the BOM)
  std::size_t bom = 0;        // bytes of the byte order mark matched at the stream's start
  bool bom_possible = true;
  while (const std::size_t n = source.read(buffer.get(), kBuffer)) {
    const char* p = buffer.get();
    const char* const end = p + n;
    while (p < end) {
      if (at_line_start) {
        visitor.line_start(next);
        at_line_start = false;
        blank = true;
      }
      // The stream's first bytes: a complete BOM is not content; a partial one is.
      while (bom_possible && p < end && bom < 3 && static_cast<unsigned char>(*p) == kBom[bom]) {
        ++bom;
        ++p;
      }
      if (p == end) break;
      if (bom_possible) {
        bom_possible = false;
        if (bom > 0 && bom < 3) blank = false;
      }
      while (blank && p < end && is_line_space(*p)) ++p;
      if (p == end) break;
      if (*p != '\n') blank = false;
      const void* lf = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      if (lf == nullptr) break;  // the line goes on in the next read
      p = static_cast<const char*>(lf) + 1;
      const std::uint64_t line_end = stats.bytes + static_cast<std::uint64_t>(p - buffer.get());
      if (!blank) ++next.game;
      next.offset = line_end;
      ++next.line;
      at_line_start = true;
    }
    stats.bytes += n;
  }
  // A last line without its LF.
  if (!at_line_start && (!blank || (bom_possible && bom > 0 && bom < 3))) ++next.game;
  stats.games = next.game - 1;
  return stats;
}

}  // namespace pgnkit::ndjson

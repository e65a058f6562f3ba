// scan_line_starts(): where the records of an NDJSON stream begin, found without parsing
// them, for `pgnkit index --from ndjson` (a shard of NDJSON starts at a line start). Lines
// and game numbers are read_ndjson()'s: a line ends at LF (a CR before it belongs to it); a
// line of spaces, tabs and CRs only is blank and has no game number; every other line has the
// next one (bad lines too); a UTF-8 byte order mark opening the stream is not content.
#pragma once

#include <cstdint>

#include "io/source.h"

namespace pgnkit::ndjson {

// The bytes a blank line may hold (besides its LF).
constexpr bool is_line_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

struct LineStart {
  std::uint64_t offset = 0;  // of the line's first byte in the stream
  std::uint64_t game = 1;    // the number the line's record has, or the next one has if blank
  std::uint32_t line = 1;    // 1-based
};

class LineStartVisitor {
 public:
  virtual ~LineStartVisitor() = default;
  // Every line start in stream order (not past the last byte: an input ending in LF has no
  // line after it).
  virtual void line_start(const LineStart& start) = 0;
};

struct LineScanStats {
  std::uint64_t games = 0;  // non-blank lines: the games read_ndjson numbers
  std::uint64_t bytes = 0;  // bytes read
};

// Reads `source` from its current position, taken as the stream's start, to its end (or an
// I/O error: check source.error()). Memory: one fixed read buffer.
LineScanStats scan_line_starts(io::Source& source, LineStartVisitor& visitor);

}  // namespace pgnkit::ndjson

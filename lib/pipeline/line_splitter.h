// Splits NDJSON (one game per line) into chunks for lib/pipeline's workers. A chunk ends
// right after the first line feed at or after `target` bytes, so every chunk starts at a
// line start: a reader there is exactly where one that had read everything before would be,
// and no boundary can be wrong (the merger never repairs one). Lines end at LF only, a CR
// before it belonging to its line, as ndjson::read_ndjson reads them; a lone CR ends nothing.
// A line longer than `target` makes a chunk as long as the line (the reader holds it whole
// anyway).
#pragma once

#include <cstddef>

#include "io/source.h"
#include "pgn/types.h"
#include "pipeline/splitter.h"

namespace pgnkit::pipeline {

class LineSplitter {
 public:
  // target: the usual chunk size in bytes (at least 64).
  LineSplitter(io::Source& source, std::size_t target);

  // The next chunk (Cut::Candidate, or Cut::End for the last, perhaps empty, one); false once
  // the last one has been returned. Its start: offset, line (LFs before it, plus 1), column 1.
  bool next(Chunk& chunk);

 private:
  void fill(std::size_t want);  // read until buf_ holds `want` bytes or the input ends

  io::Source& source_;
  std::size_t target_;
  Bytes buf_;  // the bytes from the next chunk's start
  bool eof_ = false;
  bool done_ = false;
  pgn::Location next_start_;
};

}  // namespace pgnkit::pipeline

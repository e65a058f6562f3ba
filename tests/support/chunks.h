// For the splitter tests (tests/pipeline): every chunk a splitter cuts from a text.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "io/source.h"
#include "pipeline/splitter.h"

namespace pgnkit::testing {

// The chunks `SplitterType` (pipeline::Splitter, pipeline::LineSplitter) cuts from `text` at
// `target` bytes, in order.
template <class SplitterType>
std::vector<pipeline::Chunk> split_all(const std::string& text, std::size_t target) {
  io::Source source = io::Source::from_memory(text);
  SplitterType splitter(source, target);
  std::vector<pipeline::Chunk> chunks;
  pipeline::Chunk c;
  while (splitter.next(c)) chunks.push_back(std::move(c));
  return chunks;
}

}  // namespace pgnkit::testing

// Test helpers: a temporary directory removed at the end, and whole-source reads.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io/source.h"
#include "support/files.h"

namespace pgnkit::io::test {

using pgnkit::testing::TempDir;

// Reads everything in chunks of at most chunk bytes.
inline std::string read_all(Source& src, std::size_t chunk = 1 << 16) {
  std::string out;
  std::string buf(chunk, '\0');
  while (std::size_t n = src.read(buf.data(), chunk)) out.append(buf.data(), n);
  return out;
}

// Some PGN-like text of about n bytes.
inline std::string sample_text(std::size_t n) {
  std::string s;
  for (int i = 0; s.size() < n; ++i) {
    s.append("[Event \"Game ").append(std::to_string(i));
    s.append("\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n");
  }
  s.resize(n);
  return s;
}

}  // namespace pgnkit::io::test

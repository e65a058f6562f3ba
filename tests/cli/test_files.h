// Whole-file reads and writes for the CLI tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace pgnkit::testing {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& s) {
  std::ofstream out(p, std::ios::binary);
  out << s;
}

}  // namespace pgnkit::testing

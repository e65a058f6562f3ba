// Helpers of the shard tests (shard_test.cpp, shard_commands_test.cpp, shard_zstd_test.cpp):
// running the pgnkit binary, the shard plan of `pgnkit index`, and the --range options of a
// shard.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"
#include "support/regex.h"

namespace pgnkit::shard_testing {

namespace fs = std::filesystem;

using CommandRun = testing::ChildRun;

// Runs `pgnkit ARGS` (ARGS already quoted for the shell) and captures stdout and stderr.
inline CommandRun pgnkit(const std::string& args) {
  return testing::run_pgnkit_line(args);
}

inline std::string sh_quoted(const std::string& path) {
  return "'" + path + "'";
}

struct Shard {
  std::uint64_t start, end, first_game, first_line, games;
};

// The plan `pgnkit index OPTIONS FILE` prints; *status gets its exit status when given.
inline std::vector<Shard> plan_with(const std::string& options, const std::string& path,
                                    int* status = nullptr) {
  const CommandRun r = pgnkit("index " + options + " " + sh_quoted(path));
  if (status != nullptr) {
    *status = r.status;
  } else {
    EXPECT_EQ(r.status, 0) << r.err;
  }
  static const testing::Regex line(
      R"re("start":(\d+),"end":(\d+),"first_game":(\d+),"first_line":(\d+),"games":(\d+)\})re");
  std::vector<Shard> plan;
  for (const testing::RegexMatch& m : line.search_all(r.out))
    plan.push_back(Shard{m.number(1), m.number(2), m.number(3), m.number(4), m.number(5)});
  return plan;
}

inline std::vector<Shard> plan(const std::string& path, int shards) {
  return plan_with("--shards " + std::to_string(shards), path);
}

inline std::string range_args(const Shard& s) {
  return " --range " + std::to_string(s.start) + ":" + std::to_string(s.end) + " --base-game " +
         std::to_string(s.first_game) + " --base-line " + std::to_string(s.first_line) + " ";
}

// The numbers of the last line of stderr when it is one JSON object (--summary-format
// ndjson), by key; empty otherwise.
inline std::map<std::string, std::uint64_t> json_summary(const std::string& err) {
  std::map<std::string, std::uint64_t> m;
  const std::size_t begin = err.rfind("{\"summary\"");
  if (begin == std::string::npos) return m;
  static const testing::Regex number(R"re("(\w+)":(\d+))re");
  for (const testing::RegexMatch& n : number.search_all(std::string_view(err).substr(begin)))
    m[n[1]] = n.number(2);
  return m;
}

// stderr without its last line (the summary).
inline std::string without_summary(const std::string& err) {
  if (err.empty()) return err;
  const std::size_t cut = err.rfind('\n', err.size() - 2);
  return cut == std::string::npos ? std::string() : err.substr(0, cut + 1);
}

// The project's PGN fixtures, and the tricky corpus when ../shared has it.
inline std::vector<std::string> fixtures() {
  std::vector<std::string> files;
  for (const char* dir : {"tests/data/check", "tests/data/pgn", "tests/data/annotate", "data"}) {
    for (const auto& e : fs::directory_iterator(fs::path(PGNKIT_SOURCE_DIR) / dir))
      if (e.path().extension() == ".pgn") files.push_back(e.path().string());
  }
  const fs::path tricky = fs::path(PGNKIT_SHARED_DIR) / "corpus/tricky";
  if (fs::is_directory(tricky)) {
    for (const auto& e : fs::recursive_directory_iterator(tricky))
      if (e.path().extension() == ".pgn") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace pgnkit::shard_testing

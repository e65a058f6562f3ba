// Golden files: expected output kept in the repository. PGNKIT_UPDATE_GOLDEN=1 rewrites them
// from what the test got instead of comparing.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/files.h"

namespace pgnkit::testing {

// `got` must be the bytes of `golden` (`what` says what differs); with PGNKIT_UPDATE_GOLDEN
// set, `golden` is rewritten as `got`.
inline void expect_golden(const std::filesystem::path& golden, const std::string& got,
                          const std::string& what) {
  if (std::getenv("PGNKIT_UPDATE_GOLDEN")) {
    write_file(golden, got);
    return;
  }
  EXPECT_EQ(got, read_file(golden)) << what;
}

}  // namespace pgnkit::testing

// What the in-process tests of lib/commands share (one definition: the sanitizer tree builds
// them as one unity file): the bundled files and a line count.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace pgnkit::commands::fixtures {

inline const std::string kData = PGNKIT_SOURCE_DIR "/tests/data/";        // the fixtures
inline const std::string kSample = PGNKIT_SOURCE_DIR "/data/sample.pgn";  // 315 clean games
inline const std::string kBroken = PGNKIT_SOURCE_DIR "/data/broken.pgn";  // 39, many problems

// The line feeds in `text`.
inline std::size_t lines(std::string_view text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace pgnkit::commands::fixtures

// Whether the tests run in a sanitized build (PGNKIT_SANITIZE: AddressSanitizer + UBSan,
// which defines PGNKIT_TEST_SANITIZED for the tests), and the one way the repetition tests trim
// themselves there. Those tests start pgnkit hundreds of times: every input under every
// option set, thread count or shard plan. ASan and UBSan need each code path once, and under
// them each start costs ten times a release one, so a sanitized build runs every input with
// one of the combinations, in turn; the release suite still runs every combination.
// docs/testing.md lists the tests that trim.
#pragma once

#include <cstddef>
#include <vector>

namespace pgnkit::testing {

#ifdef PGNKIT_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// All of `combinations`; in a sanitized build only the one at `input % size`. A test passes
// each input's index, so that the inputs between them still cover every combination.
template <class T>
std::vector<T> in_turn_when_sanitized(const std::vector<T>& combinations, std::size_t input) {
  if (!kSanitized || combinations.empty()) return combinations;
  return {combinations[input % combinations.size()]};
}

}  // namespace pgnkit::testing

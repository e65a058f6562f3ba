// libFuzzer target pgnkit_fuzz_roundtrip: the input is PGN. What `convert --to pgn` writes for
// it (RecordBuilder, --on-error keep, write::write_pgn), read back, gives the same games:
// roundtrip_check.h says precisely what "the same" is (game count; tags; every line's moves as
// UCI, NAGs, comments with white space folded; no new error). A difference aborts, which
// libFuzzer reports as a crash, after printing it and the PGN written.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "roundtrip_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace pgnkit;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string written;
  const std::string diff = roundtrip::check(bytes, &written);
  if (diff.empty()) return 0;
  std::fprintf(stderr, "pgnkit_fuzz_roundtrip: check failed: %s\n--- written\n%s\n", diff.c_str(),
               written.c_str());
  std::abort();
}

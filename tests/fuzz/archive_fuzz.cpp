// libFuzzer target pgnkit_fuzz_archive: the input bytes are a stream as a file or stdin holds
// them, opened as io::Input opens an argument: plain, compressed (gzip, bzip2, xz, zstd), or a
// zip or tar archive (libarchive) whose members are read, each through its own Source (a
// member may be compressed too). Checked, besides memory safety:
//   - each entry is a stream, a failure or a skip, named "<memory>:member" in an archive;
//   - a stream's offset() is the bytes read from it, and its error (if any) is at that offset;
//   - next() after the end stays at the end;
//   - a second route to the same bytes: the archive read again with one-byte member reads
//     gives the same entries and the same member bytes.
// A failed check aborts, which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "io/input.h"
#include "io/source.h"

namespace {

using namespace pgnkit;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "pgnkit_fuzz_archive: check failed: %s\n", what);
  std::abort();
}

struct Entry {
  std::string name;
  std::string bytes;  // a stream's, up to kMaxMember
  bool failed = false;
  bool skipped = false;
  bool error = false;
};

// A bomb of a member is read only this far: the point is the reader, not the bytes.
constexpr std::size_t kMaxMember = std::size_t{1} << 22;

std::vector<Entry> read_entries(std::string_view data, std::size_t chunk) {
  std::vector<Entry> out;
  io::SourceOptions options;
  options.decode_ahead = false;  // deterministic and single-threaded under the fuzzer
  std::optional<io::Input> input =
      io::Input::from_source(io::Source::from_memory(data, "<memory>", options), nullptr, options);
  if (!input) return out;
  std::vector<char> buf(chunk);
  while (std::optional<io::InputEntry> e = input->next()) {
    Entry entry;
    entry.name = e->name;
    if (input->is_archive() && !entry.name.starts_with("<memory>:")) fail("member name");
    if (e->source != nullptr) {
      std::uint64_t before = e->source->offset();
      while (entry.bytes.size() < kMaxMember) {
        const std::size_t n = e->source->read(buf.data(), buf.size());
        if (n == 0) break;
        entry.bytes.append(buf.data(), n);
      }
      if (e->source->offset() != before + entry.bytes.size()) fail("offset counts the bytes");
      if (e->source->error()) {
        entry.error = true;
        if (e->source->error()->offset != e->source->offset()) fail("error offset");
      }
    } else if (e->failure) {
      entry.failed = true;
    } else {
      if (e->skipped.empty()) fail("a skip says why");
      entry.skipped = true;
    }
    out.push_back(std::move(entry));
  }
  if (input->next()) fail("next() after the end");
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::vector<Entry> a = read_entries(bytes, 65536);
  if (size > 4096) return 0;  // the one-byte route is slow; small inputs cover it
  const std::vector<Entry> b = read_entries(bytes, 1);
  if (a.size() != b.size()) fail("entries differ with one-byte reads");
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || a[i].failed != b[i].failed || a[i].skipped != b[i].skipped)
      fail("entry differs with one-byte reads");
    // An error may cut the bytes of the read that met it: compare what both delivered.
    const std::size_t n = std::min(a[i].bytes.size(), b[i].bytes.size());
    if (a[i].bytes.compare(0, n, b[i].bytes, 0, n) != 0) fail("bytes differ with one-byte reads");
    if (!a[i].error && !b[i].error && a[i].bytes != b[i].bytes) fail("clean streams differ");
  }
  return 0;
}

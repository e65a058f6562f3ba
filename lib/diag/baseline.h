// The baseline: the known problems of an archive, one per line, so that `check --baseline`
// reports only new ones. The file (docs/check.md, "Baseline"):
//
//   # pgnkit baseline v1: fingerprint<TAB>code<TAB>file<TAB>ply<TAB>move; only the fingerprint is
//   matched 0123456789abcdef<TAB>pinned_piece<TAB>games/2019.pgn<TAB>11<TAB>Nf1
//
// Lines are sorted and unique, so a re-written baseline diffs line by line. Only the
// fingerprint is matched; the other fields are for people (a game moved to another file
// stays known). Loaded once, then read-only: contains() may be called from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::diag {

class Baseline {
 public:
  // Parses a baseline file's text; on a bad line returns null with "line N: why" in `why`.
  static std::optional<Baseline> parse(std::string_view text, std::string& why);

  bool contains(std::uint64_t fingerprint) const;
  std::size_t size() const { return fingerprints_.size(); }

 private:
  std::vector<std::uint64_t> fingerprints_;  // sorted, unique
};

struct BaselineEntry {
  std::uint64_t fingerprint = 0;
  std::string code, file, san;
  std::uint32_t ply = 0;
};

// The file's text: the header line, then one line per distinct entry, sorted.
std::string write_baseline(const std::vector<BaselineEntry>& entries);
// The same in two steps, for entries found on several threads: each entry's line (ending in
// '\n', with no other line break), then the text from all the lines in any order.
void append_baseline_line(std::string& out, const BaselineEntry& entry);
std::string baseline_text(std::vector<std::string> lines);

}  // namespace pgnkit::diag

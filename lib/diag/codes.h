// The table of every problem code `pgnkit check` can report: its stable name, its group (for
// --select/--ignore), its usual severity and a one-line summary. The SARIF rules, --list-codes
// and docs/check.md all come from this one table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "replay/problem.h"

namespace pgnkit::diag {

enum class Group : std::uint8_t { Syntax, Illegal, End, Lint, Tags, Encoding, Variant };
inline constexpr std::size_t kGroupCount = 7;

std::string_view group_name(Group g);
std::optional<Group> find_group(std::string_view name);

struct CodeInfo {
  std::string_view name;  // as printed (e.g. "pinned_piece")
  Group group;
  replay::Severity severity;  // the usual one; a few syntax codes vary with context
  std::string_view summary;   // one line, for SARIF rules and --list-codes
};

// Every code, in the order of docs/check.md's table (grouped). Indexes are stable within
// one build only: use names in files.
std::span<const CodeInfo> all_codes();

// The index in all_codes() of a name, or nullopt.
std::optional<std::size_t> find_code(std::string_view name);

// The index in all_codes() of a problem's code. Every code a Problem can carry is in the
// table (tests/diag check it per enum value); an unknown one maps to the first entry.
std::size_t code_index(const replay::Problem& p);

}  // namespace pgnkit::diag

// Rule selection: which codes are reported, and at which severity.
//
// Each list names codes or groups (codes.h). A code is reported when it is not ignored and
// either `select` is empty or it is selected; a name given as a code outranks its group, so
// `--select illegal --ignore pinned_piece` keeps every move error but one. `error` and `warn`
// change the severity the same way (code over group; a code in both is an error).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "replay/problem.h"

namespace pgnkit::diag {

struct RuleLists {
  std::vector<std::string> select{}, ignore{}, error{}, warn{};
};

// Null when `name` is a code or a group; otherwise why not ("unknown code or group 'x'").
std::optional<std::string> check_rule_name(std::string_view name);

class RuleSet {
 public:
  // Every code reported at its own severity.
  RuleSet();
  // Fails (returning null, with the reason in `why`) on an unknown name.
  static std::optional<RuleSet> build(const RuleLists& lists, std::string& why);

  // True when every code is reported at its own severity (nothing to decide).
  bool is_default() const { return default_; }

  // Whether the problem with this code index is reported, and at which severity.
  bool enabled(std::size_t code) const { return (flags_[code] & kOff) == 0; }
  replay::Severity severity(std::size_t code, replay::Severity found) const {
    if (flags_[code] & kError) return replay::Severity::Error;
    if (flags_[code] & kWarn) return replay::Severity::Warning;
    return found;
  }

 private:
  static constexpr std::uint8_t kOff = 1, kError = 2, kWarn = 4;
  std::vector<std::uint8_t> flags_;  // per code index
  bool default_ = true;
};

}  // namespace pgnkit::diag

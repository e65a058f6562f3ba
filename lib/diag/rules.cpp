#include "diag/rules.h"

#include "diag/codes.h"

namespace pgnkit::diag {
namespace {

// How a list mentions one code: by its name (strongest), by its group, or not at all.
enum class Mention : std::uint8_t { None, ByGroup, ByCode };

Mention mention(const std::vector<std::string>& list, const CodeInfo& code) {
  Mention m = Mention::None;
  for (const std::string& name : list) {
    if (name == code.name) return Mention::ByCode;
    if (name == group_name(code.group)) m = Mention::ByGroup;
  }
  return m;
}

}  // namespace

std::optional<std::string> check_rule_name(std::string_view name) {
  if (find_code(name) || find_group(name)) return std::nullopt;
  return "unknown code or group '" + std::string(name) + "' (see pgnkit check --list-codes)";
}

RuleSet::RuleSet() : flags_(all_codes().size(), 0) {}

std::optional<RuleSet> RuleSet::build(const RuleLists& lists, std::string& why) {
  for (const auto* list : {&lists.select, &lists.ignore, &lists.error, &lists.warn}) {
    for (const std::string& name : *list) {
      if (auto bad = check_rule_name(name)) {
        why = *bad;
        return std::nullopt;
      }
    }
  }
  RuleSet set;
  const auto codes = all_codes();
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const Mention selected = mention(lists.select, codes[i]);
    const Mention ignored = mention(lists.ignore, codes[i]);
    const bool on = lists.select.empty() ? ignored == Mention::None : selected > ignored;
    const Mention error = mention(lists.error, codes[i]);
    const Mention warn = mention(lists.warn, codes[i]);
    std::uint8_t f = on ? 0 : kOff;
    if (error != Mention::None && error >= warn) {
      f |= kError;
    } else if (warn != Mention::None) {
      f |= kWarn;
    }
    set.flags_[i] = f;
    if (f) set.default_ = false;
  }
  return set;
}

}  // namespace pgnkit::diag

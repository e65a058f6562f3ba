// PCRE2 for the tests that read numbers or fields out of pgnkit's output by a pattern, or check
// a parser against a pattern of its contract (the project never uses std::regex). Byte
// semantics (no UTF): `.` and classes match single bytes, NUL included.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::testing {

struct RegexMatch {
  std::size_t begin = 0, end = 0;   // of the whole match in the subject
  std::vector<std::string> groups;  // [0] the whole match, then each group ("" when unset)

  bool found() const { return !groups.empty(); }
  explicit operator bool() const { return found(); }
  const std::string& operator[](std::size_t i) const { return groups.at(i); }
  std::uint64_t number(std::size_t i) const { return std::stoull(groups.at(i)); }
};

class Regex {
 public:
  // A pattern that does not compile fails the current test and matches nothing. Copies share
  // the compiled pattern.
  explicit Regex(std::string_view pattern);

  // The first match in `text` starting at or after `from`; not found() when there is none.
  RegexMatch search(std::string_view text, std::size_t from = 0) const;
  // A match of the whole of `text`, or not found().
  RegexMatch full_match(std::string_view text) const;
  // Every match, left to right, none overlapping.
  std::vector<RegexMatch> search_all(std::string_view text) const;

 private:
  RegexMatch run(std::string_view text, std::size_t from, std::uint32_t options) const;
  struct Compiled;
  std::shared_ptr<const Compiled> compiled_;
  std::string pattern_;
};

}  // namespace pgnkit::testing

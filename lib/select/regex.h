// select::Regex: a PCRE2 pattern compiled with its JIT, for tag filters.
//
// PCRE2 is a backtracking matcher, with or without the JIT: some patterns (`(a+)+$`) take
// exponential time on some subjects. A match limit (pcre2_set_match_limit, which the JIT also
// counts, in its own way) stops such a match; match() then says Limit and the caller reports
// it as an error instead of hanging. Patterns are UTF-8 (PCRE2_UTF | PCRE2_MATCH_INVALID_UTF:
// tag values that are not valid UTF-8 still match where they can, never an error).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace pgnkit::select {

struct RegexError {
  std::string message;     // PCRE2's message
  std::size_t offset = 0;  // 0-based byte offset in the pattern where it went wrong
};

class Regex {
 public:
  // Default: a limit far above any reasonable match on a tag value (microseconds per call),
  // reached by catastrophic backtracking within a fraction of a second.
  static constexpr std::uint32_t kMatchLimit = 1'000'000;

  enum class Match : std::uint8_t { No, Yes, Limit };

  // Compiles `pattern`; on failure returns false and fills `error`.
  static bool compile(std::string_view pattern, Regex& out, RegexError& error,
                      bool caseless = false, std::uint32_t match_limit = kMatchLimit);

  // Whether `subject` contains a match (unanchored unless the pattern anchors itself).
  Match match(std::string_view subject) const;
  const std::string& pattern() const { return pattern_; }
  bool empty() const { return code_ == nullptr; }

 private:
  struct Compiled;
  std::shared_ptr<Compiled> code_;  // shared: filters are copied, the code is not
  std::string pattern_;
};

}  // namespace pgnkit::select

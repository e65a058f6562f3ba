// The one mask of run-to-run variable parts in pgnkit's output, for tests that compare it
// with a golden file or with another run: a decimal before " s" becomes "<T> s", one before
// " MB/s" or " M nodes/s" "<R> MB/s" / "<R> M nodes/s", and the value of a JSON "seconds" or
// "nps" key "<T>". Everything else is kept byte for byte.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace pgnkit::testing {

namespace timings_detail {

inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

inline bool is_word(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// The length of the run of digits at text[at...].
inline std::size_t digits_at(std::string_view text, std::size_t at) {
  std::size_t n = 0;
  while (at + n < text.size() && is_digit(text[at + n])) ++n;
  return n;
}

// `text` with its leftmost matches, none overlapping, replaced: match(text, at, out) appends
// the replacement of a match at `at` and returns its length, or returns 0.
template <class Match>
std::string replace_matches(std::string_view text, Match match) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t n = match(text, at, out);
    if (n > 0) {
      at += n;
    } else {
      out += text[at++];
    }
  }
  return out;
}

// A decimal before a unit (" s" as a word, " MB/s", " M nodes/s"): "<T> s", "<R> MB/s".
inline std::size_t decimal_before_unit(std::string_view text, std::size_t at, std::string& out) {
  static constexpr std::pair<std::string_view, std::string_view> kUnits[] = {
      {" s", "<T>"}, {" MB/s", "<R>"}, {" M nodes/s", "<R>"}};
  const std::size_t dot = at + digits_at(text, at);
  if (dot == at || dot >= text.size() || text[dot] != '.') return 0;
  const std::size_t end = dot + 1 + digits_at(text, dot + 1);
  if (end == dot + 1) return 0;
  const std::string_view rest = text.substr(end);
  for (const auto& [unit, mask] : kUnits) {
    if (!rest.starts_with(unit)) continue;
    // rest[2] only past " s" itself (ASan found the read past a text ending in "1.5").
    const bool word_ends = unit != " s" || rest.size() == 2 || !is_word(rest[2]);
    if (word_ends) {
      out += mask;
      out += unit;
      return end + unit.size() - at;
    }
  }
  return 0;
}

// A JSON "seconds" or "nps" key and its value (digits and points): "seconds":<T>.
inline std::size_t json_time(std::string_view text, std::size_t at, std::string& out) {
  for (const std::string_view key :
       {std::string_view("\"seconds\":"), std::string_view("\"nps\":")}) {
    if (!text.substr(at).starts_with(key)) continue;
    std::size_t end = at + key.size();
    while (end < text.size() && (is_digit(text[end]) || text[end] == '.')) ++end;
    if (end == at + key.size()) return 0;
    out += key;
    out += "<T>";
    return end - at;
  }
  return 0;
}

}  // namespace timings_detail

// The decimals before units first, then the JSON values (a "seconds" value followed by " s"
// is a decimal before a unit).
inline std::string mask_timings(std::string_view text) {
  using namespace timings_detail;
  return replace_matches(replace_matches(text, decimal_before_unit), json_time);
}

}  // namespace pgnkit::testing

// The one mask of run-to-run variable parts in pgnkit's output, for tests that compare it
// with a golden file or with another run: a decimal before " s" becomes "<T> s", one before
// " MB/s" or " M nodes/s" "<R> MB/s" / "<R> M nodes/s", and the value of a JSON "seconds" or
// "nps" key "<T>". Everything else is kept byte for byte.
#pragma once

#include <string>
#include <string_view>

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

// A decimal before a unit (" s" as a word, " MB/s", " M nodes/s") masked: "<T> s", "<R> MB/s".
inline std::string mask_decimals_before_units(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    if (!is_digit(text[i])) {
      out += text[i++];
      continue;
    }
    const std::size_t dot = i + digits_at(text, i);
    const std::size_t fraction =
        dot < text.size() && text[dot] == '.' ? digits_at(text, dot + 1) : 0;
    const std::string_view rest = text.substr(fraction > 0 ? dot + 1 + fraction : text.size());
    std::string_view unit, mask;
    if (fraction == 0) {
      // an integer, or digits and a point: no timing
    } else if (rest.starts_with(" s") && (rest.size() == 2 || !is_word(rest[2]))) {
      unit = " s", mask = "<T>";
    } else if (rest.starts_with(" MB/s")) {
      unit = " MB/s", mask = "<R>";
    } else if (rest.starts_with(" M nodes/s")) {
      unit = " M nodes/s", mask = "<R>";
    }
    if (unit.empty()) {  // not a timing: its digits as they are
      out += text.substr(i, dot - i);
      i = dot;
      continue;
    }
    out += mask;
    out += unit;
    i = dot + 1 + fraction + unit.size();
  }
  return out;
}

// The value (digits and points) of a JSON "seconds" or "nps" key masked: "seconds":<T>.
inline std::string mask_json_times(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    std::string_view key;
    for (const std::string_view k :
         {std::string_view("\"seconds\":"), std::string_view("\"nps\":")})
      if (text.substr(i).starts_with(k)) key = k;
    if (key.empty()) {
      out += text[i++];
      continue;
    }
    std::size_t end = i + key.size();
    while (end < text.size() && (is_digit(text[end]) || text[end] == '.')) ++end;
    out += key;
    if (end > i + key.size()) out += "<T>";
    i = end;
  }
  return out;
}

}  // namespace timings_detail

// The decimals before units first, then the JSON values (a "seconds" value followed by " s"
// is a decimal before a unit).
inline std::string mask_timings(std::string_view text) {
  return timings_detail::mask_json_times(timings_detail::mask_decimals_before_units(text));
}

}  // namespace pgnkit::testing

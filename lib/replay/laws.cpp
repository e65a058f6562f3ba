#include "replay/laws.h"

namespace pgnkit::replay {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The smallest number in [low, high] whose two digits match `field` ('?' matches any digit),
// or 0 when none does (or the field is not two digits or '?'s).
std::uint32_t smallest_match(std::string_view field, std::uint32_t low, std::uint32_t high) {
  if (field.size() != 2) return 0;
  if (is_digit(field[0]) && is_digit(field[1])) {  // the common case: no search
    const auto v = static_cast<std::uint32_t>((field[0] - '0') * 10 + (field[1] - '0'));
    return v >= low && v <= high ? v : 0;
  }
  for (std::uint32_t v = low; v <= high; ++v) {
    const char tens = static_cast<char>('0' + v / 10), ones = static_cast<char>('0' + v % 10);
    if ((field[0] == '?' || field[0] == tens) && (field[1] == '?' || field[1] == ones)) return v;
  }
  return 0;
}

bool is_separator(char c) {
  return c == '.' || c == '-' || c == '/';
}

}  // namespace

std::string_view laws_name(Laws laws) {
  switch (laws) {
    case Laws::Current: return "current";
    case Laws::Pre2014: return "pre-2014";
  }
  return "current";
}

std::uint32_t earliest_day(std::string_view date) {
  if (date.size() < 4) return 0;
  std::uint32_t year = 0;
  bool known = false;
  for (std::size_t i = 0; i < 4; ++i) {
    const char c = date[i];
    if (is_digit(c)) {
      known = true;
      year = year * 10 + static_cast<std::uint32_t>(c - '0');
    } else if (c == '?') {
      year = year * 10;  // an unknown digit: its smallest value
    } else {
      return 0;
    }
  }
  if (!known || year == 0) return 0;
  // Month and day: two characters each after a separator; absent or unreadable counts as the
  // first, the earliest the date allows.
  std::uint32_t month = 1, day = 1;
  if (date.size() >= 7 && is_separator(date[4])) {
    if (const std::uint32_t m = smallest_match(date.substr(5, 2), 1, 12)) month = m;
    if (date.size() >= 10 && is_separator(date[7])) {
      if (const std::uint32_t d = smallest_match(date.substr(8, 2), 1, 31)) day = d;
    }
  }
  return year * 10000 + month * 100 + day;
}

Laws laws_for_date(std::string_view date) {
  const std::uint32_t day = earliest_day(date);
  return day != 0 && day < kAutomaticDrawsSince ? Laws::Pre2014 : Laws::Current;
}

std::optional<LawsChoice> parse_laws_choice(std::string_view name) {
  if (name == "by-date") return LawsChoice::ByDate;
  if (name == "current") return LawsChoice::Current;
  if (name == "pre-2014") return LawsChoice::Pre2014;
  return std::nullopt;
}

}  // namespace pgnkit::replay

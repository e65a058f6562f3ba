#include "select/dates.h"

namespace pgnkit::select {
namespace {

// A field of `width` digits, or all '?': nullopt for '?', -1 for anything else.
int field(std::string_view s, std::size_t width) {
  if (s.size() != width) return -1;
  if (s.find_first_not_of('?') == std::string_view::npos) return 0;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

bool separator(char c) {
  return c == '.' || c == '-' || c == '/';
}

}  // namespace

std::optional<DateRange> parse_date(std::string_view text) {
  std::string_view parts[3];
  std::size_t n = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || separator(text[i])) {
      if (n == 3) return std::nullopt;
      parts[n++] = text.substr(start, i - start);
      start = i + 1;
    }
  }
  const int year = field(parts[0], 4);
  if (year <= 0) return std::nullopt;  // not a year, or "????"
  const int month = n > 1 ? field(parts[1], 2) : 0;
  const int day = n > 2 ? field(parts[2], 2) : 0;
  if (month < 0 || month > 12 || day < 0 || day > 31) return std::nullopt;
  const auto y = static_cast<std::uint32_t>(year) * 10000;
  if (month == 0) return DateRange{y + 101, y + 1231};  // a day without its month: the year
  const auto m = static_cast<std::uint32_t>(month) * 100;
  if (day == 0) return DateRange{y + m + 1, y + m + 31};
  return DateRange{y + m + static_cast<std::uint32_t>(day),
                   y + m + static_cast<std::uint32_t>(day)};
}

}  // namespace pgnkit::select

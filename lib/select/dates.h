// PGN dates ("2020.05.17", partial "2020.??.??", "????.??.??") as intervals of days, for
// --date and --tag 'Date>=...'. A comparison passes only when it holds for every day the date
// may stand for: see docs/select.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnkit::select {

// Days as yyyymmdd numbers: order is date order.
struct DateRange {
  std::uint32_t first = 0;  // the earliest day the date may be
  std::uint32_t last = 0;   // the latest
  friend bool operator==(const DateRange&, const DateRange&) = default;
};

// "YYYY.MM.DD" with '?' for unknown parts ("2020.??.??"), also "-" or "/" as separators,
// and the short forms "YYYY" and "YYYY.MM". nullopt: not a date, or the year is unknown.
std::optional<DateRange> parse_date(std::string_view text);

}  // namespace pgnkit::select

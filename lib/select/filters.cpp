#include "select/filters.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace pgnkit::select {
namespace {

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equal_caseless(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

bool contains_caseless(std::string_view hay, std::string_view needle) {
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end(),
                     [](char x, char y) { return lower(x) == lower(y); }) != hay.end();
}

// A decimal number, the whole text ("2500", "-3", "12.5"); nullopt otherwise ("?", "").
std::optional<double> parse_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  double v = 0;
  const char* first = s.data() + (s[0] == '+' ? 1 : 0);
  const auto [end, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

bool is_date_tag(std::string_view name) {
  return name == "Date" || name == "UTCDate" || name == "EventDate";
}

bool is_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

template <class T>
bool compare(Op op, const T& a, const T& b) {
  switch (op) {
    case Op::Eq: return a == b;
    case Op::Ne: return a != b;
    case Op::Lt: return a < b;
    case Op::Le: return a <= b;
    case Op::Gt: return a > b;
    case Op::Ge: return a >= b;
  }
  return false;
}

// A game's date against a filter date: the comparison must hold for every day either may be.
bool compare_dates(Op op, const DateRange& game, const DateRange& v) {
  switch (op) {
    case Op::Eq: return game.first >= v.first && game.last <= v.last;
    case Op::Ne: return game.last < v.first || game.first > v.last;
    case Op::Lt: return game.last < v.first;
    case Op::Le: return game.last <= v.last;
    case Op::Gt: return game.first > v.last;
    case Op::Ge: return game.first >= v.first;
  }
  return false;
}

std::optional<FilterError> regex_error(std::string_view option, std::string_view pattern,
                                       const RegexError& e) {
  return FilterError{std::string(option) + ": bad regex '" + std::string(pattern) + "' at offset " +
                     std::to_string(e.offset) + ": " + e.message + "\n  " + std::string(pattern) +
                     "\n  " + std::string(e.offset, ' ') + "^"};
}

bool eco_code(std::string_view s) {
  return s.size() == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' &&
         s[2] <= '9';
}

}  // namespace

std::optional<FilterError> parse_uint_range(std::string_view text, std::uint32_t& low,
                                            std::uint32_t& high) {
  auto number = [](std::string_view s, std::uint32_t& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
  };
  const std::size_t dots = text.find("..");
  low = 0;
  high = UINT32_MAX;
  if (dots == std::string_view::npos) {
    if (!number(text, low))
      return FilterError{"expected N or MIN..MAX, got '" + std::string(text) + "'"};
    high = low;
    return std::nullopt;
  }
  const std::string_view a = text.substr(0, dots), b = text.substr(dots + 2);
  if ((a.empty() && b.empty()) || (!a.empty() && !number(a, low)) ||
      (!b.empty() && !number(b, high)) || low > high) {
    return FilterError{"expected MIN..MAX (MIN <= MAX, either may be left out), got '" +
                       std::string(text) + "'"};
  }
  return std::nullopt;
}

std::uint8_t TagFilters::slot(std::string_view name) {
  const int s = slot_of(name);
  if (s >= 0) return static_cast<std::uint8_t>(s);
  names_.emplace_back(name);
  return static_cast<std::uint8_t>(names_.size() - 1);
}

int TagFilters::slot_of(std::string_view name) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return static_cast<int>(i);
  return -1;
}

void TagFilters::add(std::string key, TagTest test) {
  for (Group& g : groups_) {
    if (g.key == key) {
      g.any.push_back(std::move(test));
      return;
    }
  }
  groups_.push_back(Group{std::move(key), {std::move(test)}});
}

std::optional<FilterError> TagFilters::add_tag(std::string_view spec) {
  std::size_t n = 0;
  while (n < spec.size() && is_name_char(spec[n])) ++n;
  const std::string_view name = spec.substr(0, n);
  const std::string_view rest = spec.substr(n);
  struct OpText {
    std::string_view text;
    Op op;
  };
  constexpr OpText kOps[] = {{">=", Op::Ge}, {"<=", Op::Le}, {"!=", Op::Ne},
                             {"=", Op::Eq},  {"<", Op::Lt},  {">", Op::Gt}};
  if (names_.size() >= 250) return FilterError{"--tag: too many tag names"};
  if (name.empty() || rest.empty()) {
    return FilterError{
        "--tag: expected NAME=VALUE, NAME~REGEX or NAME<op>VALUE (op: != < <= > >=), got '" +
        std::string(spec) + "'"};
  }
  TagTest t;
  t.slots = {slot(name)};
  if (rest[0] == '~') {
    RegexError e;
    t.kind = TagTest::Kind::Regex;
    if (!Regex::compile(rest.substr(1), t.regex, e)) return regex_error("--tag", rest.substr(1), e);
    add("tag:" + std::string(name), std::move(t));
    return std::nullopt;
  }
  for (const OpText& o : kOps) {
    if (rest.starts_with(o.text)) {
      t.op = o.op;
      t.value = std::string(rest.substr(o.text.size()));
      t.number = parse_number(t.value);
      if (is_date_tag(name)) {
        t.date = parse_date(t.value);
        if (!t.date && o.op != Op::Eq && o.op != Op::Ne) {
          return FilterError{"--tag: '" + t.value + "' is not a date (YYYY.MM.DD, YYYY.MM, YYYY)"};
        }
      }
      add("tag:" + std::string(name), std::move(t));
      return std::nullopt;
    }
  }
  return FilterError{"--tag: expected = ~ != < <= > or >= after the tag name in '" +
                     std::string(spec) + "'"};
}

std::optional<FilterError> TagFilters::add_player(std::string_view side, std::string_view text) {
  TagTest t;
  if (side == "player") {
    t.slots = {slot("White"), slot("Black")};
  } else {
    t.slots = {slot(side == "white" ? "White" : "Black")};
  }
  if (!text.empty() && text[0] == '~') {
    RegexError e;
    t.kind = TagTest::Kind::Regex;
    if (!Regex::compile(text.substr(1), t.regex, e)) {
      return regex_error("--" + std::string(side), text.substr(1), e);
    }
  } else {
    if (text.empty()) return FilterError{"--" + std::string(side) + ": empty name"};
    t.kind = TagTest::Kind::Contains;
    t.value = std::string(text);
  }
  add(std::string(side), std::move(t));
  return std::nullopt;
}

std::optional<FilterError> TagFilters::add_result(std::string_view text) {
  if (text != "1-0" && text != "0-1" && text != "1/2-1/2" && text != "*") {
    return FilterError{"--result: expected 1-0, 0-1, 1/2-1/2 or *, got '" + std::string(text) +
                       "'"};
  }
  TagTest t;
  t.slots = {slot("Result")};
  t.value = std::string(text);
  add("result", std::move(t));
  return std::nullopt;
}

std::optional<FilterError> TagFilters::add_eco(std::string_view ranges) {
  std::size_t start = 0;
  while (start <= ranges.size()) {
    const std::size_t comma = std::min(ranges.find(',', start), ranges.size());
    const std::string_view r = ranges.substr(start, comma - start);
    const std::size_t dash = r.find('-');
    TagTest t;
    t.kind = TagTest::Kind::EcoRange;
    t.slots = {slot("ECO")};
    t.low = std::string(r.substr(0, dash));
    t.high = dash == std::string_view::npos ? t.low : std::string(r.substr(dash + 1));
    if (!eco_code(t.low) || !eco_code(t.high) || t.low > t.high) {
      return FilterError{"--eco: expected codes or ranges such as B90 or A00-B99, got '" +
                         std::string(r) + "'"};
    }
    add("eco", std::move(t));
    start = comma + 1;
  }
  return std::nullopt;
}

std::optional<FilterError> TagFilters::add_variant(std::string_view name) {
  if (name.empty()) return FilterError{"--variant: empty name"};
  TagTest t;
  t.slots = {slot("Variant")};
  t.value = std::string(name);
  t.kind =
      equal_caseless(name, "standard") ? TagTest::Kind::Standard : TagTest::Kind::EqualCaseless;
  add("variant", std::move(t));
  return std::nullopt;
}

std::optional<FilterError> TagFilters::add_termination(std::string_view text) {
  if (text.empty()) return FilterError{"--termination: empty value"};
  TagTest t;
  t.kind = TagTest::Kind::EqualCaseless;
  t.slots = {slot("Termination")};
  t.value = std::string(text);
  add("termination", std::move(t));
  return std::nullopt;
}

std::optional<FilterError> TagFilters::add_elo(std::string_view range) {
  std::uint32_t low = 0, high = 0;
  std::string text(range);
  if (text.find("..") == std::string::npos) text += "..";  // MIN alone: MIN and up
  if (auto e = parse_uint_range(text, low, high)) return FilterError{"--elo: " + e->message};
  TagTest t;
  t.kind = TagTest::Kind::NumberRange;
  t.slots = {slot("WhiteElo"), slot("BlackElo")};
  t.every_slot = true;
  t.low_number = low;
  if (high != UINT32_MAX) t.high_number = high;
  add("elo", std::move(t));
  return std::nullopt;
}

std::optional<FilterError> TagFilters::add_date(std::string_view range) {
  const std::size_t dots = range.find("..");
  if (dots == std::string_view::npos)
    return FilterError{"--date: expected FROM..TO, got '" + std::string(range) + "'"};
  const std::string_view a = range.substr(0, dots), b = range.substr(dots + 2);
  TagTest t;
  t.kind = TagTest::Kind::DateRange;
  t.slots = {slot("Date"), slot("UTCDate")};
  if (!a.empty() && !(t.low_date = parse_date(a))) {
    return FilterError{"--date: '" + std::string(a) +
                       "' is not a date (YYYY.MM.DD, YYYY.MM, YYYY)"};
  }
  if (!b.empty() && !(t.high_date = parse_date(b))) {
    return FilterError{"--date: '" + std::string(b) +
                       "' is not a date (YYYY.MM.DD, YYYY.MM, YYYY)"};
  }
  if (!t.low_date && !t.high_date) return FilterError{"--date: give FROM, TO or both"};
  add("date", std::move(t));
  return std::nullopt;
}

bool TagFilters::value_passes(const TagTest& t, std::string_view v, bool date_tag,
                              RegexLimit* limit) const {
  switch (t.kind) {
    case TagTest::Kind::Compare:
      if (date_tag && t.date) {
        const auto d = parse_date(v);
        return d && compare_dates(t.op, *d, *t.date);
      }
      if (t.number) {  // a number filter: the value must be a number too
        const auto n = parse_number(v);
        return n && compare(t.op, *n, *t.number);
      }
      return compare(t.op, v, std::string_view(t.value));
    case TagTest::Kind::Regex:
      switch (t.regex.match(v)) {
        case Regex::Match::Yes: return true;
        case Regex::Match::No: return false;
        case Regex::Match::Limit:
          if (limit != nullptr) *limit = RegexLimit{t.regex.pattern(), {}};
          return false;
      }
      return false;
    case TagTest::Kind::Contains: return contains_caseless(v, t.value);
    case TagTest::Kind::EqualCaseless: return equal_caseless(v, t.value);
    case TagTest::Kind::Standard:
      return equal_caseless(v, "standard") || equal_caseless(v, "chess");
    case TagTest::Kind::EcoRange:
      return eco_code(v) && v >= std::string_view(t.low) && v <= std::string_view(t.high);
    case TagTest::Kind::NumberRange: {
      const auto n = parse_number(v);
      return n && (!t.low_number || *n >= *t.low_number) &&
             (!t.high_number || *n <= *t.high_number);
    }
    case TagTest::Kind::DateRange: {
      const auto d = parse_date(v);
      return d && (!t.low_date || d->first >= t.low_date->first) &&
             (!t.high_date || d->last <= t.high_date->last);
    }
  }
  return false;
}

bool TagFilters::test_passes(const TagTest& t, const GameTagValues& tags, RegexLimit* limit) const {
  if (t.kind == TagTest::Kind::Standard) {
    return !tags.present[t.slots[0]] || value_passes(t, tags.values[t.slots[0]], false, limit);
  }
  if (t.kind == TagTest::Kind::DateRange) {  // Date, else UTCDate
    for (const std::uint8_t s : t.slots) {
      if (tags.present[s] && parse_date(tags.values[s])) {
        return value_passes(t, tags.values[s], true, limit);
      }
    }
    return false;
  }
  for (const std::uint8_t s : t.slots) {
    const bool pass =
        tags.present[s] && value_passes(t, tags.values[s], is_date_tag(names_[s]), limit);
    if (limit != nullptr && !limit->pattern.empty() && limit->tag.empty()) limit->tag = names_[s];
    if (t.every_slot && !pass) return false;
    if (!t.every_slot && pass) return true;
  }
  return t.every_slot;
}

bool TagFilters::passes(const GameTagValues& tags, RegexLimit* limit) const {
  for (const Group& g : groups_) {
    bool any = false;
    for (const TagTest& t : g.any) {
      if (test_passes(t, tags, limit)) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}

}  // namespace pgnkit::select

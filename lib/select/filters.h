// The filters of `pgnkit select`, parsed from their command-line text into values, and the
// tag tests evaluated on a game's tags. Parsing never throws: a bad filter is a FilterError
// with a message for the user (a regex error carries its position in the pattern).
//
// Semantics (docs/select.md has the user's version):
//  - Filters of different kinds must all pass (AND); repeating one kind ORs its values
//    (--player A --player B). --tag filters are one kind per tag name (--tag 'WhiteElo>=2500'
//    --tag 'BlackElo>=2500' must both pass; --tag Site~a --tag Site~b either).
//  - A tag that is missing passes no test (not even !=), but for --variant standard.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "replay/game_report.h"
#include "select/dates.h"
#include "select/regex.h"

namespace pgnkit::select {

struct FilterError {
  std::string message;
};

enum class Op : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

// One test on tag values. `slots` index GameTagValues::values (see TagFilters::names()).
struct TagTest {
  enum class Kind : std::uint8_t {
    Compare,        // op against value: as numbers, dates (Date/UTCDate/EventDate) or bytes
    Regex,          // regex.match(value)
    Contains,       // ASCII-case-insensitive substring
    EqualCaseless,  // ASCII-case-insensitive equality
    Standard,       // --variant standard: no Variant tag, or "Standard"/"chess" (caseless)
    EcoRange,       // value is an ECO code ("B90") within [low, high]
    NumberRange,    // value is a number within [low_number, high_number]
    DateRange,      // value is a date within [low_date, high_date]; slots[1] if slots[0] isn't
  };
  Kind kind = Kind::Compare;
  std::vector<std::uint8_t> slots;
  bool every_slot = false;  // true: every slot must pass (--elo); false: any (--player)
  Op op = Op::Eq;
  std::string value;
  std::optional<double> number;   // value as a number, when it is one
  std::optional<DateRange> date;  // value as a date, for date tags
  Regex regex;
  std::string low, high;  // EcoRange
  std::optional<double> low_number, high_number;
  std::optional<DateRange> low_date, high_date;
};

// A game's values of the tags the filters read, unescaped, reused from game to game.
struct GameTagValues {
  std::vector<std::string> values;
  std::vector<bool> present;
  void clear() { present.assign(present.size(), false); }
};

// What a regex test ran into when it hit its match limit.
struct RegexLimit {
  std::string pattern;
  std::string tag;
};

class TagFilters {
 public:
  // Adders: each returns an error for a malformed argument. `kind` groups ORed tests.
  std::optional<FilterError> add_tag(std::string_view spec);  // NAME=V NAME~RE NAME>=V ...
  std::optional<FilterError> add_player(std::string_view side, std::string_view text);
  std::optional<FilterError> add_result(std::string_view text);
  std::optional<FilterError> add_eco(std::string_view ranges);  // A00-B99,C20
  std::optional<FilterError> add_variant(std::string_view name);
  std::optional<FilterError> add_termination(std::string_view text);
  std::optional<FilterError> add_elo(std::string_view range);   // MIN[..MAX]
  std::optional<FilterError> add_date(std::string_view range);  // FROM..TO, either may be empty

  bool empty() const { return groups_.empty(); }
  // The tag names read, in slot order.
  const std::vector<std::string>& names() const { return names_; }
  // The slot of a tag name, or -1 when no filter reads it.
  int slot_of(std::string_view name) const;

  // Whether the tags pass every group. On a regex that hits its limit the test fails and
  // *limit (if given) says which.
  bool passes(const GameTagValues& tags, RegexLimit* limit = nullptr) const;

 private:
  struct Group {
    std::string key;  // "tag:WhiteElo", "player", "result", ...
    std::vector<TagTest> any;
  };
  std::uint8_t slot(std::string_view name);
  void add(std::string key, TagTest test);
  bool test_passes(const TagTest& t, const GameTagValues& tags, RegexLimit* limit) const;
  bool value_passes(const TagTest& t, std::string_view value, bool date_tag,
                    RegexLimit* limit) const;

  std::vector<std::string> names_;
  std::vector<Group> groups_;
};

// Parses "MIN..MAX", "MIN..", "..MAX" or "N" (both ends) into inclusive bounds.
std::optional<FilterError> parse_uint_range(std::string_view text, std::uint32_t& low,
                                            std::uint32_t& high);

}  // namespace pgnkit::select

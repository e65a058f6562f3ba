// What `pgnkit stats` counts (docs/stats.md): a Counts value per group of games, summed chunk
// by chunk and on the merging thread, and the classes it files a game's tags into (time
// controls, Elo bands, years, ECO). Nothing here reads or prints.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace pgnkit::commands {

// The lists of values Counts keeps, in output order.
enum class StatsList : std::uint8_t {
  Result,         // the Result tag as written ("" when absent)
  Status,         // status's statuses (replay::game_status_name)
  Consistency,    // not_judged, consistent, inconsistent (as status --summary)
  Termination,    // the Termination tag
  Contradiction,  // the codes that made a result inconsistent (result_contradicted, ...)
  TimeControl,    // time_control_class()
  Elo,            // elo_band() of White and of Black: two per game
  Year,           // year_of_dates()
  EcoVolume,      // A..E, or "unknown"
  Eco,            // A00..E99, or "unknown"
  Player,         // White and Black: two per game
  Event,          // the Event tag
  Variant,        // the Variant tag ("" when absent: standard chess)
  Problem,        // problems by code name (what check --format ndjson calls "code")
  Severity,       // problems by severity: error, warning
};
inline constexpr std::size_t kStatsLists = 15;

struct StatsListInfo {
  std::string_view name;   // the JSON and CSV name
  std::string_view title;  // the text table's heading
  bool by_count;           // sorted by count (then value); else in value order
  bool bounded;            // bounded by --top (the lists of open-ended values)
  bool per_game;           // one value per game (the text table shows a percentage of the games)
};
const StatsListInfo& stats_list_info(StatsList list);

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using Tally = std::unordered_map<std::string, std::uint64_t, StringHash, std::equal_to<>>;

void tally_add(Tally& t, std::string_view key, std::uint64_t n = 1);

// A game's problems of one code and severity.
struct StatsProblemCount {
  std::string_view code, severity;
  std::uint64_t n = 0;
};

// One game as stats counts it: views valid for the add_game() call.
struct StatsGame {
  std::string_view result, status, consistency, termination, time_control, white_elo, black_elo,
      year, eco_volume, eco, white, black, event, variant;
  std::vector<std::string_view> contradictions;
  std::vector<StatsProblemCount> problems;  // by code name and severity name
  std::uint64_t plies = 0, bytes = 0;
};

struct Counts {
  std::uint64_t games = 0, plies = 0, bytes = 0, games_with_problems = 0;
  std::array<Tally, kStatsLists> lists;

  Tally& operator[](StatsList l) { return lists[static_cast<std::size_t>(l)]; }
  const Tally& operator[](StatsList l) const { return lists[static_cast<std::size_t>(l)]; }
  void add_game(const StatsGame& g);
  void merge(const Counts& other);
  bool empty() const;
};

// A list's values in output order: by count (descending, then value) or by value (Elo bands
// and years numerically, time-control classes from fast to slow, "unknown" last).
std::vector<std::pair<std::string, std::uint64_t>> sorted_list(const Counts& c, StatsList list);

// The time-control class of a TimeControl tag value by lichess's estimated duration, base
// seconds + 40 x increment seconds: below 30 ultrabullet, 180 bullet, 480 blitz, 1500 rapid,
// else classical. "-" and a period of a day or more per move are correspondence; "?", "" and
// what does not parse are "unknown". docs/stats.md has every form read.
std::string_view time_control_class(std::string_view tc);
inline constexpr std::string_view kTimeControlClasses[] = {
    "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unknown"};

// An Elo band of 200 points, "1400-1599"; "unknown" for a value that is absent, 0 or not a
// number. `buffer` holds the text.
std::string_view elo_band(std::string_view elo, std::array<char, 16>& buffer);

// The year of a Date tag, else of UTCDate ("2024"); "unknown" when neither has four digits.
std::string_view year_of_dates(std::string_view date, std::string_view utc_date);

// "B20" for a well-formed ECO code (a letter A-E and two digits), else "unknown".
std::string_view eco_code(std::string_view eco);

}  // namespace pgnkit::commands

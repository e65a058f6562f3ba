#include "commands/stats_counts.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>

namespace pgnkit::commands {
namespace {

constexpr StatsListInfo kInfo[kStatsLists] = {
    {"result", "result", true, false, true},
    {"status", "status", true, false, true},
    {"consistency", "consistency", true, false, true},
    {"termination", "termination", true, true, true},
    {"contradiction", "contradicting results", true, false, false},
    {"time_control", "time control", false, false, true},
    {"elo", "Elo (both players)", false, false, false},
    {"year", "year", false, false, true},
    {"eco_volume", "ECO volume", false, false, true},
    {"eco", "ECO", true, true, true},
    {"player", "player", true, true, false},
    {"event", "event", true, true, true},
    {"variant", "variant", true, true, true},
    {"problem", "problem", true, true, false},
    {"severity", "severity", true, false, false},
};

constexpr std::string_view kUnknown = "unknown";

// Seconds as written: digits only (a decimal part is dropped: "0.5+1" is 0 s base).
std::optional<std::uint64_t> seconds(std::string_view s) {
  if (const std::size_t dot = s.find('.'); dot != std::string_view::npos) s = s.substr(0, dot);
  std::uint64_t v = 0;
  if (s.empty() || s.size() > 12) return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string_view class_of_estimate(std::uint64_t estimate) {
  if (estimate < 30) return "ultrabullet";
  if (estimate < 180) return "bullet";
  if (estimate < 480) return "blitz";
  if (estimate < 1500) return "rapid";
  return "classical";
}

constexpr std::uint64_t kDay = 86'400;

// The rank of a value-ordered list's key (numbers first, in order; "unknown" last).
std::pair<std::uint64_t, std::string_view> value_rank(StatsList list, std::string_view key) {
  if (key == kUnknown || key.empty()) return {UINT64_MAX, key};
  if (list == StatsList::TimeControl) {
    for (std::size_t i = 0; i < std::size(kTimeControlClasses); ++i)
      if (kTimeControlClasses[i] == key) return {i, key};
    return {UINT64_MAX - 1, key};
  }
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), n);
  if (ec != std::errc() || end == key.data()) return {UINT64_MAX - 1, key};
  return {n, key};
}

}  // namespace

const StatsListInfo& stats_list_info(StatsList list) {
  return kInfo[static_cast<std::size_t>(list)];
}

void tally_add(Tally& t, std::string_view key, std::uint64_t n) {
  if (const auto it = t.find(key); it != t.end()) {
    it->second += n;
    return;
  }
  t.emplace(std::string(key), n);
}

void Counts::add_game(const StatsGame& g) {
  ++games;
  plies += g.plies;
  bytes += g.bytes;
  if (!g.problems.empty()) ++games_with_problems;
  tally_add((*this)[StatsList::Result], g.result);
  tally_add((*this)[StatsList::Status], g.status);
  tally_add((*this)[StatsList::Consistency], g.consistency);
  tally_add((*this)[StatsList::Termination], g.termination);
  for (const std::string_view c : g.contradictions) tally_add((*this)[StatsList::Contradiction], c);
  tally_add((*this)[StatsList::TimeControl], g.time_control);
  tally_add((*this)[StatsList::Elo], g.white_elo);
  tally_add((*this)[StatsList::Elo], g.black_elo);
  tally_add((*this)[StatsList::Year], g.year);
  tally_add((*this)[StatsList::EcoVolume], g.eco_volume);
  tally_add((*this)[StatsList::Eco], g.eco);
  tally_add((*this)[StatsList::Player], g.white);
  tally_add((*this)[StatsList::Player], g.black);
  tally_add((*this)[StatsList::Event], g.event);
  tally_add((*this)[StatsList::Variant], g.variant);
  for (const StatsProblemCount& p : g.problems) {
    tally_add((*this)[StatsList::Problem], p.code, p.n);
    tally_add((*this)[StatsList::Severity], p.severity, p.n);
  }
}

void Counts::merge(const Counts& other) {
  games += other.games;
  plies += other.plies;
  bytes += other.bytes;
  games_with_problems += other.games_with_problems;
  for (std::size_t i = 0; i < kStatsLists; ++i)
    for (const auto& [key, n] : other.lists[i]) tally_add(lists[i], key, n);
}

bool Counts::empty() const {
  return games == 0 &&
         std::all_of(lists.begin(), lists.end(), [](const Tally& t) { return t.empty(); });
}

std::vector<std::pair<std::string, std::uint64_t>> sorted_list(const Counts& c, StatsList list) {
  const Tally& t = c[list];
  std::vector<std::pair<std::string, std::uint64_t>> v(t.begin(), t.end());
  if (stats_list_info(list).by_count) {
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
  } else {
    std::sort(v.begin(), v.end(), [list](const auto& a, const auto& b) {
      return value_rank(list, a.first) < value_rank(list, b.first);
    });
  }
  return v;
}

std::string_view time_control_class(std::string_view tc) {
  if (tc == "-") return "correspondence";
  if (tc.empty() || tc == "?") return kUnknown;
  // Of several periods ("40/7200:3600"), the first decides.
  if (const std::size_t colon = tc.find(':'); colon != std::string_view::npos)
    tc = tc.substr(0, colon);
  if (tc.front() == '*') {  // sandclock: "*180"
    const auto s = seconds(tc.substr(1));
    return s ? class_of_estimate(*s) : kUnknown;
  }
  if (const std::size_t slash = tc.find('/'); slash != std::string_view::npos) {
    // "moves/seconds": a day or more per period is correspondence ("1/259200": 3 days a move).
    const auto moves = seconds(tc.substr(0, slash));
    const auto s = seconds(tc.substr(slash + 1));
    if (!moves || !s || *moves == 0) return kUnknown;
    return *s >= kDay ? "correspondence" : class_of_estimate(*s);
  }
  std::uint64_t increment = 0;
  std::string_view base = tc;
  if (const std::size_t plus = tc.find('+'); plus != std::string_view::npos) {
    const auto inc = seconds(tc.substr(plus + 1));
    if (!inc) return kUnknown;
    increment = *inc;
    base = tc.substr(0, plus);
  }
  const auto b = seconds(base);
  if (!b) return kUnknown;
  if (*b >= kDay || increment >= kDay) return "correspondence";
  return class_of_estimate(*b + 40 * increment);
}

std::string_view elo_band(std::string_view elo, std::array<char, 16>& buffer) {
  unsigned v = 0;
  if (elo.empty() || elo.size() > 4) return kUnknown;
  const auto [end, ec] = std::from_chars(elo.data(), elo.data() + elo.size(), v);
  if (ec != std::errc() || end != elo.data() + elo.size() || v == 0) return kUnknown;
  const unsigned low = v / 200 * 200;
  const int n = std::snprintf(buffer.data(), buffer.size(), "%u-%u", low, low + 199);
  return {buffer.data(), static_cast<std::size_t>(n)};
}

std::string_view year_of_dates(std::string_view date, std::string_view utc_date) {
  for (const std::string_view d : {date, utc_date}) {
    if (d.size() >= 4 &&
        std::all_of(d.begin(), d.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }))
      return d.substr(0, 4);
  }
  return kUnknown;
}

std::string_view eco_code(std::string_view eco) {
  if (eco.size() == 3 && eco[0] >= 'A' && eco[0] <= 'E' && eco[1] >= '0' && eco[1] <= '9' &&
      eco[2] >= '0' && eco[2] <= '9')
    return eco;
  return kUnknown;
}

}  // namespace pgnkit::commands

#include "commands/stats_print.h"

#include <algorithm>
#include <cstdio>

#include "write/json.h"
#include "write/table.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kKeyWidth = 40;

struct Scalar {
  std::string_view name;
  std::uint64_t Counts::*field;
};
constexpr Scalar kScalars[] = {{"games", &Counts::games},
                               {"plies", &Counts::plies},
                               {"bytes", &Counts::bytes},
                               {"games_with_problems", &Counts::games_with_problems}};

StatsList list_at(std::size_t i) {
  return static_cast<StatsList>(i);
}

// A list as printed: its values in order, bounded by top for the by-count lists, and how
// many values were left out.
struct Shown {
  std::vector<std::pair<std::string, std::uint64_t>> values;
  std::size_t left_out = 0;
};
Shown shown(const Counts& c, StatsList list, std::size_t top) {
  Shown s{sorted_list(c, list), 0};
  if (top != 0 && stats_list_info(list).bounded && s.values.size() > top) {
    s.left_out = s.values.size() - top;
    s.values.resize(top);
  }
  return s;
}

std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

void put_counts_text(std::string& out, const Counts& c, std::size_t top) {
  char line[128];
  for (const Scalar& s : kScalars) {
    std::snprintf(line, sizeof line, "%-22s%12llu\n", std::string(s.name).c_str(),
                  static_cast<unsigned long long>(c.*s.field));
    out += line;
  }
  for (std::size_t i = 0; i < kStatsLists; ++i) {
    const StatsList list = list_at(i);
    const Shown s = shown(c, list, top);
    if (s.values.empty()) continue;
    const StatsListInfo& info = stats_list_info(list);
    std::vector<std::string> keys;
    std::size_t width = info.title.size();
    for (const auto& [key, n] : s.values) {
      keys.push_back(display_key(key));
      width = std::max(width, std::min(kKeyWidth, display_width(keys.back())));
    }
    out += '\n';
    write::append_padded(out, info.title, width + 4);
    out += info.per_game ? "     count       %\n" : "     count\n";
    for (std::size_t k = 0; k < keys.size(); ++k) {
      out += "  ";
      write::append_padded(out, keys[k], width + 2);
      if (info.per_game) {
        const double pct =
            c.games ? 100.0 * static_cast<double>(s.values[k].second) / static_cast<double>(c.games)
                    : 0.0;
        std::snprintf(line, sizeof line, "%10llu %7.1f\n",
                      static_cast<unsigned long long>(s.values[k].second), pct);
      } else {
        std::snprintf(line, sizeof line, "%10llu\n",
                      static_cast<unsigned long long>(s.values[k].second));
      }
      out += line;
    }
    if (s.left_out != 0) out += "  (" + std::to_string(s.left_out) + " more)\n";
  }
}

std::string group_title(const StatsReport& r, std::string_view key, std::uint64_t games) {
  std::string t = "== ";
  const std::vector<std::string_view> values = group_values(key);
  for (std::size_t i = 0; i < values.size() && i < r.by.size(); ++i) {
    if (i != 0) t += ", ";
    t += display_key(r.by[i]) + ": " + display_key(values[i]);
  }
  return t + " (" + std::to_string(games) + " games) ==\n";
}

void put_counts_json(std::string& out, const Counts& c, std::size_t top, std::string_view indent) {
  const std::string in(indent);
  out += "{";
  for (const Scalar& s : kScalars)
    out += "\n" + in + "  \"" + std::string(s.name) + "\": " + std::to_string(c.*s.field) + ",";
  std::string distinct;
  for (std::size_t i = 0; i < kStatsLists; ++i) {
    const StatsList list = list_at(i);
    const Shown s = shown(c, list, top);
    out += "\n" + in + "  \"" + std::string(stats_list_info(list).name) + "\": {";
    for (std::size_t k = 0; k < s.values.size(); ++k) {
      if (k != 0) out += ", ";
      write::append_json_string(out, s.values[k].first);
      out += ": " + std::to_string(s.values[k].second);
    }
    out += "},";
    if (s.left_out != 0) {
      if (!distinct.empty()) distinct += ", ";
      distinct += "\"" + std::string(stats_list_info(list).name) +
                  "\": " + std::to_string(s.values.size() + s.left_out);
    }
  }
  out += "\n" + in + "  \"distinct\": {" + distinct + "}\n" + in + "}";
}

}  // namespace

std::string display_key(std::string_view key) {
  if (key.empty()) return "(none)";
  std::string s;
  write::append_utf8(s, key);
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
  return s;
}

std::string stats_text(const StatsReport& r) {
  std::string out;
  put_counts_text(out, r.totals, r.top);
  if (!r.worst.empty()) {
    out += "\nmost problems       errors  warnings\n";
    char line[64];
    for (const StatsGameProblems& g : r.worst) {
      std::snprintf(
          line, sizeof line, "  %-16s%8llu  %8llu  ", ("game " + std::to_string(g.game)).c_str(),
          static_cast<unsigned long long>(g.errors), static_cast<unsigned long long>(g.warnings));
      out += line;
      out += (r.inputs.empty() ? std::string("-") : display_key(r.inputs[g.input])) + ": " +
             display_key(g.white) + " - " + display_key(g.black) + "\n";
    }
  }
  for (const auto* g : sorted_groups(r)) {
    out += "\n" + group_title(r, g->first, g->second.games);
    put_counts_text(out, g->second, r.top);
  }
  return out;
}

std::string stats_json(const StatsReport& r) {
  std::string out = "{\n  \"by\": [";
  for (std::size_t i = 0; i < r.by.size(); ++i) {
    if (i != 0) out += ", ";
    write::append_json_string(out, r.by[i]);
  }
  out += "],\n  \"top\": " + std::to_string(r.top) + ",\n  \"totals\": ";
  put_counts_json(out, r.totals, r.top, "  ");
  out += ",\n  \"most_problems\": [";
  for (std::size_t i = 0; i < r.worst.size(); ++i) {
    const StatsGameProblems& g = r.worst[i];
    out += i == 0 ? "\n    {\"file\": " : ",\n    {\"file\": ";
    write::append_json_string(out, r.inputs.empty() ? "-" : r.inputs[g.input]);
    out += ", \"game\": " + std::to_string(g.game) + ", \"white\": ";
    write::append_json_string(out, g.white);
    out += ", \"black\": ";
    write::append_json_string(out, g.black);
    out += ", \"errors\": " + std::to_string(g.errors) +
           ", \"warnings\": " + std::to_string(g.warnings) + "}";
  }
  out += r.worst.empty() ? "],\n  \"groups\": [" : "\n  ],\n  \"groups\": [";
  const auto groups = sorted_groups(r);
  for (std::size_t i = 0; i < groups.size(); ++i) {
    out += i == 0 ? "\n    {\"values\": {" : ",\n    {\"values\": {";
    const std::vector<std::string_view> values = group_values(groups[i]->first);
    for (std::size_t k = 0; k < values.size() && k < r.by.size(); ++k) {
      if (k != 0) out += ", ";
      write::append_json_string(out, r.by[k]);
      out += ": ";
      write::append_json_string(out, values[k]);
    }
    out += "}, \"counts\": ";
    put_counts_json(out, groups[i]->second, r.top, "    ");
    out += "}";
  }
  out += groups.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

std::string stats_csv(const StatsReport& r) {
  std::string out = "scope";
  for (const std::string& tag : r.by) {
    out += ',';
    write::append_csv_field(out, tag);
  }
  out += ",list,key,count\n";
  auto put = [&](const Counts& c, std::string_view scope, const std::vector<std::string_view>& v) {
    std::string prefix(scope);
    for (std::size_t k = 0; k < r.by.size(); ++k) {
      prefix += ',';
      if (k < v.size()) write::append_csv_field(prefix, v[k]);
    }
    for (const Scalar& s : kScalars)
      out += prefix + ",summary," + std::string(s.name) + "," + std::to_string(c.*s.field) + "\n";
    for (std::size_t i = 0; i < kStatsLists; ++i) {
      const StatsList list = list_at(i);
      for (const auto& [key, n] : shown(c, list, r.top).values) {
        out += prefix + "," + std::string(stats_list_info(list).name) + ",";
        write::append_csv_field(out, key);
        out += "," + std::to_string(n) + "\n";
      }
    }
  };
  put(r.totals, "all", {});
  for (const auto* g : sorted_groups(r)) put(g->second, "group", group_values(g->first));
  return out;
}

}  // namespace pgnkit::commands

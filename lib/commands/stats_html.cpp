#include "commands/stats_html.h"

#include <string_view>

#include "commands/stats_board.h"
#include "commands/stats_html_style.h"
#include "commands/stats_print.h"
#include "write/json.h"

namespace pgnkit::commands {
namespace {

struct ChartSpec {
  StatsList list;
  const char* title;
  bool horizontal;
};
constexpr ChartSpec kCharts[] = {{StatsList::Result, "Results", false},
                                 {StatsList::Status, "How games ended (rules)", false},
                                 {StatsList::TimeControl, "Time controls", false},
                                 {StatsList::Elo, "Elo (both players)", false},
                                 {StatsList::Year, "Games per year", false},
                                 {StatsList::Problem, "Problems by code", true}};

constexpr std::size_t kMaxShown = 160;  // characters of a value shown in a cell

// A value from the games, cut to kMaxShown characters.
void append_value(std::string& out, std::string_view key) {
  std::string shown = display_key(key);
  std::size_t chars = 0, at = 0;
  for (; at < shown.size(); ++at) {
    if ((shown[at] & 0xC0) != 0x80 && ++chars > kMaxShown) break;
  }
  if (at < shown.size()) {
    shown.resize(at);
    shown += "\u2026";
  }
  append_html(out, shown);
}

std::string num(std::uint64_t n) {
  return std::to_string(n);
}

// The list's values as the table and the chart show them (bounded by top).
std::vector<std::pair<std::string, std::uint64_t>> shown_list(const StatsReport& r,
                                                              StatsList list) {
  auto v = sorted_list(r.totals, list);
  if (r.top != 0 && stats_list_info(list).bounded && v.size() > r.top) v.resize(r.top);
  return v;
}

void put_list_table(std::string& out, const StatsReport& r, StatsList list) {
  const StatsListInfo& info = stats_list_info(list);
  out += "<table><thead><tr><th>";
  append_html(out, info.title);
  out += "</th><th class=\"n\">count</th></tr></thead><tbody>";
  for (const auto& [key, n] : shown_list(r, list)) {
    out += "<tr><td>";
    append_value(out, key);
    out += "</td><td class=\"n\">" + num(n) + "</td></tr>";
  }
  out += "</tbody></table>";
}

// The charts' data: {"result":{"labels":[..],"counts":[..]},..}, safe inside <script>.
std::string chart_data(const StatsReport& r) {
  std::string json = "{";
  bool first = true;
  for (const ChartSpec& c : kCharts) {
    if (!first) json += ',';
    first = false;
    json += "\"" + std::string(stats_list_info(c.list).name) + "\":{\"labels\":[";
    const auto values = shown_list(r, c.list);
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i != 0) json += ',';
      write::append_json_string(json, display_key(values[i].first));
    }
    json += "],\"counts\":[";
    for (std::size_t i = 0; i < values.size(); ++i) json += (i ? "," : "") + num(values[i].second);
    json += "]}";
  }
  json += "}";
  std::string safe;  // no '<', '>' or '&' for the HTML parser to see
  for (const char ch : json) {
    switch (ch) {
      case '<': safe += "\\u003c"; break;
      case '>': safe += "\\u003e"; break;
      case '&': safe += "\\u0026"; break;
      default: safe += ch;
    }
  }
  return safe;
}

void put_charts(std::string& out, const StatsReport& r, bool charts) {
  out += "<h2>Charts</h2><div class=\"charts\">";
  for (const ChartSpec& c : kCharts) {
    const std::string_view name = stats_list_info(c.list).name;
    out += "<figure><figcaption>";
    out += c.title;
    out += "</figcaption>";
    if (charts && !r.totals[c.list].empty()) {
      out += "<div class=\"chart-box\"><canvas id=\"chart-" + std::string(name) +
             "\" data-list=\"" + std::string(name) + "\"";
      if (c.horizontal) out += " data-axis=\"y\"";
      out += " role=\"img\" aria-label=\"" + std::string(c.title) + "\"></canvas></div>";
      out += "<details><summary>table</summary>";
      put_list_table(out, r, c.list);
      out += "</details>";
    } else {
      put_list_table(out, r, c.list);
    }
    out += "</figure>";
  }
  out += "</div>";
}

// The problem's place in check --format ndjson's terms, and the id of its row.
std::string ndjson_terms(const StatsReport& r, const StatsProblem& p) {
  std::string t = "{\"file\":";
  write::append_json_string(t, r.inputs.empty() ? "-" : r.inputs[p.input]);
  t += ",\"game\":" + num(p.game) + ",\"line\":" + num(p.where.line) +
       ",\"column\":" + num(p.where.column) + ",\"code\":";
  write::append_json_string(t, p.code);
  return t + "}";
}

std::string move_text(const StatsProblem& p) {
  if (p.san.empty()) return {};
  if (p.ply == 0) return p.san;
  const std::uint32_t number = (p.ply + 1) / 2;
  return std::to_string(number) + (p.ply % 2 == 1 ? ". " : "... ") + p.san;
}

void put_problems(std::string& out, const StatsReport& r) {
  out += "<h2>Problems</h2>";
  if (r.problems.empty()) {
    out += "<p>No problems.</p>";
    return;
  }
  out += "<p class=\"muted\">The first problems of each code (" + num(r.problems.size()) +
         "), in input order; the board is the position before the move.</p>";
  out +=
      "<table class=\"problems\"><thead><tr><th>board</th><th>problem</th><th>where</th>"
      "</tr></thead><tbody>";
  for (std::size_t i = 0; i < r.problems.size(); ++i) {
    const StatsProblem& p = r.problems[i];
    const std::string id = "p" + num(p.input) + "-" + num(p.game) + "-" + num(p.where.line) + "-" +
                           num(p.where.column) + "-" + num(i);
    out += "<tr id=\"" + id + "\"><td>";
    if (!p.fen.empty()) out += board_svg(p.fen, p.san);
    out += "</td><td><span class=\"" + std::string(p.error ? "error" : "warning") + "\">";
    append_html(out, p.code);
    out += "</span> ";
    if (!p.san.empty()) {
      out += "<b>";
      append_value(out, move_text(p));
      out += "</b>";
    }
    out += "<br>";
    append_value(out, p.message);
    out += "</td><td>";
    append_value(out, r.inputs.empty() ? "-" : r.inputs[p.input]);
    out += ":" + num(p.where.line) + ":" + num(p.where.column);
    if (p.game != 0) out += ", game " + num(p.game);
    if (p.in_variation) out += " (variation)";
    out += "<br><a href=\"#" + id + "\"><code>";
    append_html(out, ndjson_terms(r, p));
    out += "</code></a></td></tr>";
  }
  out += "</tbody></table>";
}

void put_worst(std::string& out, const StatsReport& r) {
  if (r.worst.empty()) return;
  out +=
      "<h2>Games with the most problems</h2><table><thead><tr><th>file</th>"
      "<th class=\"n\">game</th><th>white</th><th>black</th><th class=\"n\">errors</th>"
      "<th class=\"n\">warnings</th></tr></thead><tbody>";
  for (const StatsGameProblems& g : r.worst) {
    out += "<tr><td>";
    append_value(out, r.inputs.empty() ? "-" : r.inputs[g.input]);
    out += "</td><td class=\"n\">" + num(g.game) + "</td><td>";
    append_value(out, g.white);
    out += "</td><td>";
    append_value(out, g.black);
    out += "</td><td class=\"n\">" + num(g.errors) + "</td><td class=\"n\">" + num(g.warnings) +
           "</td></tr>";
  }
  out += "</tbody></table>";
}

void put_cards(std::string& out, const StatsReport& r) {
  const Counts& c = r.totals;
  const Tally& sev = c[StatsList::Severity];
  const auto count = [&](std::string_view k) {
    const auto it = sev.find(k);
    return it == sev.end() ? std::uint64_t{0} : it->second;
  };
  const std::pair<const char*, std::uint64_t> cards[] = {
      {"games", c.games},
      {"plies", c.plies},
      {"bytes", c.bytes},
      {"errors", count("error")},
      {"warnings", count("warning")},
      {"games with problems", c.games_with_problems}};
  out += "<div class=\"cards\">";
  for (const auto& [name, n] : cards)
    out += "<div class=\"card\"><b>" + num(n) + "</b>" + name + "</div>";
  out += "</div>";
}

}  // namespace

void append_html(std::string& out, std::string_view text) {
  std::string utf8;
  write::append_utf8(utf8, text);
  for (const char c : utf8) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') || c == 0x7F) break;
        out += c;
    }
  }
}

std::string stats_html(const StatsReport& r, const StatsHtmlOptions& options) {
  const bool charts = !options.chart_js.empty();
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"color-scheme\" content=\"light dark\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<title>pgnkit stats</title>\n<style>";
  out += kStatsCss;
  out += "</style></head>\n<body>\n<h1>pgnkit stats</h1><p class=\"inputs\">";
  for (std::size_t i = 0; i < r.inputs.size(); ++i) {
    if (i != 0) out += ", ";
    append_value(out, r.inputs[i]);
  }
  out += "</p>";
  put_cards(out, r);
  if (!charts) {
    out +=
        "<p class=\"note\">Tables only: the charts need Chart.js (Debian's libjs-chart.js), "
        "which was not found";
    if (!options.chart_js_path.empty()) {
      out += " at ";
      append_html(out, options.chart_js_path);
    }
    out += ".</p>";
  }
  put_charts(out, r, charts);
  out += "<h2>Counts</h2><div class=\"lists\">";
  for (std::size_t i = 0; i < kStatsLists; ++i) {
    const auto list = static_cast<StatsList>(i);
    if (!r.totals[list].empty()) put_list_table(out, r, list);
  }
  out += "</div>";
  put_worst(out, r);
  put_problems(out, r);
  out += "\n<script type=\"application/json\" id=\"stats-data\">" + chart_data(r) + "</script>\n";
  if (charts) {
    out += "<script>\n";
    // The library's text as it is: it holds no "</script" (checked, else left out).
    out += options.chart_js;
    out += "\n</script>\n";
  }
  out += "<script>";
  out += kStatsScript;
  out += "</script>\n</body></html>\n";
  return out;
}

}  // namespace pgnkit::commands

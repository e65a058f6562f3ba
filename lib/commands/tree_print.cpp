#include "commands/tree_print.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>

#include "chess/fen.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "write/json.h"
#include "write/table.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kTagCount = 5;  // White, Black, Date, Event, Round

std::array<std::string_view, kTagCount> split_tags(std::string_view tags) {
  std::array<std::string_view, kTagCount> out{};
  for (std::size_t i = 0; i < kTagCount && !tags.empty(); ++i) {
    const std::size_t tab = tags.find('\t');
    out[i] = tags.substr(0, tab);
    tags = tab == std::string_view::npos ? std::string_view() : tags.substr(tab + 1);
  }
  return out;
}

// The mover's points over games, as a percentage with one decimal ("54.2%").
std::string score_text(const tree::MoveStats& s, bool black_moves) {
  if (s.games == 0) return "-";
  const std::uint64_t wins = black_moves ? s.black : s.white;
  const std::uint64_t tenths = (wins * 2 + s.draws) * 1000 / (s.games * 2);
  return std::to_string(tenths / 10) + '.' + std::to_string(tenths % 10) + '%';
}

std::string elo_text(const tree::MoveStats& s) {
  return s.elo_games == 0 ? "-" : std::to_string((s.elo_sum + s.elo_games / 2) / s.elo_games);
}

std::string years_text(const tree::MoveStats& s) {
  if (s.first_year == 0) return "-";
  if (s.first_year == s.last_year) return std::to_string(s.first_year);
  return std::to_string(s.first_year) + '-' + std::to_string(s.last_year);
}

std::string san_of(const chess::Position& p, chess::Move m) {
  return m.is_none() ? std::string("(end)") : chess::to_san(p, m);
}

void append_right(std::string& out, const std::string& text, std::size_t width) {
  if (text.size() < width) out.append(width - text.size(), ' ');
  out += text;
}

// "White - Black, Event, Date" from the kept tags ("" when none were kept).
std::string players_text(std::string_view tags) {
  if (tags.empty()) return "";
  const auto t = split_tags(tags);
  std::string s(t[0].empty() ? "?" : t[0]);
  s += " - ";
  s += t[1].empty() ? "?" : t[1];
  for (const std::string_view more : {t[3], t[2]}) {
    if (more.empty() || more == "?" || more == "????.??.??") continue;
    s += ", ";
    s += more;
  }
  return s;
}

void append_tags_json(std::string& out, std::string_view tags) {
  const auto t = split_tags(tags);
  static constexpr std::string_view kNames[kTagCount] = {"white", "black", "date", "event",
                                                         "round"};
  for (std::size_t i = 0; i < kTagCount; ++i) {
    out += ",\"";
    out += kNames[i];
    out += "\":";
    write::append_json_string(out, t[i]);
  }
}

void append_ref_json(std::string& out, std::string_view example) {
  const std::size_t colon = example.rfind(':');
  out += "{\"file\":";
  write::append_json_string(out, example.substr(0, colon));
  out += ",\"game\":";
  out += example.substr(colon + 1);
}

}  // namespace

void order_rows(TreeAnswer& answer, std::uint64_t min_games) {
  auto& rows = answer.rows;
  rows.erase(std::remove_if(rows.begin(), rows.end(),
                            [&](const TreeRow& r) { return r.stats.games < min_games; }),
             rows.end());
  std::vector<std::pair<std::string, std::size_t>> keys;
  for (std::size_t i = 0; i < rows.size(); ++i)
    keys.emplace_back(san_of(answer.position, rows[i].move), i);
  std::sort(keys.begin(), keys.end(), [&](const auto& a, const auto& b) {
    const std::uint64_t ga = rows[a.second].stats.games, gb = rows[b.second].stats.games;
    return ga != gb ? ga > gb : a.first < b.first;
  });
  std::vector<TreeRow> sorted;
  sorted.reserve(rows.size());
  for (const auto& k : keys) sorted.push_back(std::move(rows[k.second]));
  rows = std::move(sorted);
}

std::string answer_text(const TreeAnswer& a) {
  const bool black = a.position.side_to_move() == chess::Color::Black;
  std::string out = "FEN " + chess::write_fen(a.position, chess::EpWrite::WhenLegal) + '\n';
  out += std::to_string(a.games) + (a.games == 1 ? " game" : " games");
  if (a.ended != 0) out += ", " + std::to_string(a.ended) + " ended here";
  out += '\n';
  if (a.rows.empty()) return out;
  out += "move     games   score   white   draws   black   elo  years      first game\n";
  for (const TreeRow& r : a.rows) {
    write::append_padded(out, san_of(a.position, r.move), 7);
    append_right(out, std::to_string(r.stats.games), 7);
    append_right(out, score_text(r.stats, black), 8);
    append_right(out, std::to_string(r.stats.white), 8);
    append_right(out, std::to_string(r.stats.draws), 8);
    append_right(out, std::to_string(r.stats.black), 8);
    append_right(out, elo_text(r.stats), 6);
    out += "  ";
    write::append_padded(out, years_text(r.stats), 11);
    out += r.example;
    const std::string players = players_text(r.example_tags);
    if (!players.empty()) {
      out += "  ";
      write::append_padded(out, players, 60);
      while (!out.empty() && out.back() == ' ') out.pop_back();
    }
    out += '\n';
  }
  return out;
}

std::string answer_ndjson(const TreeAnswer& a) {
  const bool black = a.position.side_to_move() == chess::Color::Black;
  std::string out = "{\"fen\":";
  write::append_json_string(out, chess::write_fen(a.position, chess::EpWrite::WhenLegal));
  out += ",\"games\":" + std::to_string(a.games) + ",\"ended\":" + std::to_string(a.ended) + "}\n";
  for (const TreeRow& r : a.rows) {
    const tree::MoveStats& s = r.stats;
    out += "{\"move\":";
    write::append_json_string(out, san_of(a.position, r.move));
    out += ",\"uci\":";
    write::append_json_string(out, chess::to_uci(a.position, r.move));
    out += ",\"games\":" + std::to_string(s.games) + ",\"white\":" + std::to_string(s.white) +
           ",\"draws\":" + std::to_string(s.draws) + ",\"black\":" + std::to_string(s.black);
    const std::uint64_t wins = black ? s.black : s.white;
    char score[32];
    std::snprintf(score, sizeof score, "%.4f",
                  static_cast<double>(wins * 2 + s.draws) / static_cast<double>(s.games * 2));
    out += ",\"score\":";
    out += score;
    out += ",\"elo\":" + (s.elo_games == 0 ? std::string("null") : elo_text(s));
    out += ",\"elo_games\":" + std::to_string(s.elo_games);
    out += ",\"first_year\":" + (s.first_year == 0 ? "null" : std::to_string(s.first_year));
    out += ",\"last_year\":" + (s.last_year == 0 ? "null" : std::to_string(s.last_year));
    out += ",\"example\":";
    append_ref_json(out, r.example);
    if (!r.example_tags.empty()) append_tags_json(out, r.example_tags);
    out += "}}\n";
  }
  return out;
}

void append_game_line(std::string& out, bool ndjson, std::string_view file, const TreeQueryGame& g,
                      const chess::Position& position) {
  static constexpr std::string_view kResults[] = {"1-0", "1/2-1/2", "0-1"};
  const std::string_view result = kResults[static_cast<int>(g.result)];
  const std::string san = san_of(position, std::bit_cast<chess::Move>(g.move));
  if (!ndjson) {
    out += file;
    out += ':' + std::to_string(g.ref.number()) + "  ";
    write::append_padded(out, result, 9);
    write::append_padded(out, san, 7);
    write::append_utf8(out, players_text(g.tags));
    out += '\n';
    return;
  }
  out += "{\"file\":";
  write::append_json_string(out, file);
  out += ",\"game\":" + std::to_string(g.ref.number()) + ",\"result\":\"";
  out += result;
  out += "\",\"move\":";
  write::append_json_string(out, san);
  append_tags_json(out, g.tags);
  out += "}\n";
}

std::optional<chess::Position> query_position(const std::string& fen, const std::string& moves,
                                              std::string& error) {
  chess::Position p = chess::Position::start();
  if (!fen.empty()) {
    if (const auto problem = chess::parse_fen(fen, p, true)) {
      error = "--fen '" + fen + "': field " + std::to_string(problem->field) + ": " +
              std::string(chess::fen_error_message(problem->error));
      return std::nullopt;
    }
  }
  std::size_t at = 0;
  int ply = 0;
  while (at < moves.size()) {
    const std::size_t start = moves.find_first_not_of(" \t\r\n", at);
    if (start == std::string::npos) break;
    const std::size_t end = std::min(moves.find_first_of(" \t\r\n", start), moves.size());
    std::string_view token(moves.data() + start, end - start);
    at = end;
    // Move numbers: "1.", "1...", and "1.e4" written together.
    while (!token.empty() && token.front() >= '0' && token.front() <= '9' &&
           token.find('.') != std::string_view::npos) {
      const std::size_t dots = token.find_first_not_of("0123456789");
      if (dots == std::string_view::npos || token[dots] != '.') break;
      token.remove_prefix(token.find_first_not_of('.', dots) == std::string_view::npos
                              ? token.size()
                              : token.find_first_not_of('.', dots));
    }
    if (token.empty()) continue;
    ++ply;
    const chess::SanResult r = chess::parse_san(p, token);
    if (!r.ok()) {
      error = "--moves: '" + std::string(token) + "' at ply " + std::to_string(ply) + ": " +
              std::string(chess::san_error_message(r.error));
      return std::nullopt;
    }
    p.play(r.move);
  }
  return p;
}

}  // namespace pgnkit::commands

#include "ndjson/lichess.h"

#include <chrono>
#include <cstdio>

namespace pgnkit::ndjson::detail {
namespace {

// PGN [Variant] names for lichess variant keys (standard chess has no tag).
std::string_view variant_name(std::string_view key) {
  struct Name {
    std::string_view key, name;
  };
  static constexpr Name kNames[] = {
      {"chess960", "Chess960"},
      {"fromPosition", "From Position"},
      {"crazyhouse", "Crazyhouse"},
      {"antichess", "Antichess"},
      {"atomic", "Atomic"},
      {"horde", "Horde"},
      {"kingOfTheHill", "King of the Hill"},
      {"racingKings", "Racing Kings"},
      {"threeCheck", "Three-check"},
  };
  for (const Name& n : kNames)
    if (n.key == key) return n.name;
  return key;
}

std::string_view termination(std::string_view status) {
  if (status == "mate" || status == "resign" || status == "stalemate" || status == "draw" ||
      status == "variantEnd")
    return "Normal";
  if (status == "outoftime" || status == "timeout") return "Time forfeit";
  if (status == "cheat") return "Rules infraction";
  if (status == "aborted" || status == "noStart") return "Abandoned";
  if (status == "created" || status == "started") return "Unterminated";
  return {};
}

void add_int(BuiltTags& out, std::string_view name, std::int64_t n, bool plus = false) {
  char buf[24];
  std::snprintf(buf, sizeof buf, plus && n > 0 ? "+%lld" : "%lld", static_cast<long long>(n));
  out.add(name, buf);
}

std::string player_name(const LichessData::Player& p) {
  if (!p.name.empty()) return std::string(p.name);
  if (p.ai_level) return "lichess AI level " + std::to_string(*p.ai_level);
  return "?";
}

}  // namespace

std::string_view lichess_result(const LichessData& l) {
  if (l.winner == "white") return "1-0";
  if (l.winner == "black") return "0-1";
  if (l.status.empty() || l.status == "created" || l.status == "started" || l.status == "aborted" ||
      l.status == "noStart" || l.status == "unknownFinish")
    return "*";
  return "1/2-1/2";
}

void lichess_tags(const LichessData& l, BuiltTags& out) {
  out.text.clear();
  out.items.clear();
  std::string event = l.rated ? (*l.rated ? "Rated " : "Casual ") : "";
  if (!l.speed.empty()) {
    event +=
        static_cast<char>(l.speed[0] >= 'a' && l.speed[0] <= 'z' ? l.speed[0] - 32 : l.speed[0]);
    event += l.speed.substr(1);
    event += ' ';
  }
  event += "game";
  event[0] = static_cast<char>(event[0] >= 'a' && event[0] <= 'z' ? event[0] - 32 : event[0]);
  out.add("Event", event);
  out.add("Site", l.id.empty() ? "?" : "https://lichess.org/" + std::string(l.id));
  char date[16] = "????.??.??", time[16] = "";
  if (l.created_at) {
    using namespace std::chrono;
    const sys_time<milliseconds> t{milliseconds{*l.created_at}};
    const auto day = floor<days>(t);
    const year_month_day ymd{day};
    const hh_mm_ss hms{floor<seconds>(t - day)};
    std::snprintf(date, sizeof date, "%04d.%02u.%02u", static_cast<int>(ymd.year()) % 10000,
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    std::snprintf(time, sizeof time, "%02d:%02d:%02d", static_cast<int>(hms.hours().count()),
                  static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
  }
  out.add("Date", date);
  out.add("Round", "-");
  out.add("White", player_name(l.white));
  out.add("Black", player_name(l.black));
  out.add("Result", lichess_result(l));
  if (l.created_at) {
    out.add("UTCDate", date);
    out.add("UTCTime", time);
  }
  if (l.white.rating) add_int(out, "WhiteElo", *l.white.rating);
  if (l.black.rating) add_int(out, "BlackElo", *l.black.rating);
  if (l.white.rating_diff) add_int(out, "WhiteRatingDiff", *l.white.rating_diff, true);
  if (l.black.rating_diff) add_int(out, "BlackRatingDiff", *l.black.rating_diff, true);
  if (!l.white.title.empty()) out.add("WhiteTitle", l.white.title);
  if (!l.black.title.empty()) out.add("BlackTitle", l.black.title);
  if (!l.variant.empty() && l.variant != "standard") out.add("Variant", variant_name(l.variant));
  if (l.clock_initial && l.clock_increment) {
    out.add("TimeControl",
            std::to_string(*l.clock_initial) + "+" + std::to_string(*l.clock_increment));
  }
  if (!l.eco.empty()) out.add("ECO", l.eco);
  if (!l.opening.empty()) out.add("Opening", l.opening);
  if (const std::string_view t = termination(l.status); !t.empty()) out.add("Termination", t);
  if (!l.initial_fen.empty()) {
    out.add("SetUp", "1");
    out.add("FEN", l.initial_fen);
  }
}

void build_lichess_moves(GameData& g) {
  const std::string_view text = g.lichess.moves;
  std::uint32_t prev = kNone;
  std::size_t ply = 0;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i == start) break;
    const auto index = static_cast<std::uint32_t>(g.moves.size());
    MoveData& m = g.moves.emplace_back();
    m.san = text.substr(start, i - start);
    m.column = g.lichess.moves_column + static_cast<std::uint32_t>(start);
    if (ply < g.lichess.clocks.size()) m.commands.clock_ms = g.lichess.clocks[ply] * 10;
    if (ply < g.lichess.evals.size()) m.commands.eval = g.lichess.evals[ply];
    ++ply;
    if (prev == kNone) {
      g.main = index;
    } else {
      g.moves[prev].next = index;
    }
    prev = index;
  }
}

}  // namespace pgnkit::ndjson::detail

#include "commands/game_tables.h"

#include <algorithm>
#include <limits>

#include "write/comment_commands.h"
#include "write/line_writers.h"

namespace pgnkit::commands {
namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

void put_fixed(std::string& column, std::string_view text, std::size_t width) {
  const std::size_t at = column.size();
  column.resize(at + width, '\0');
  std::copy_n(text.data(), std::min(text.size(), width), column.begin() + static_cast<long>(at));
}

double seconds(const std::optional<std::int64_t>& ms) {
  return ms ? static_cast<double>(*ms) / 1000.0 : kNone;
}

double number(const std::optional<std::int32_t>& v) {
  return v ? *v : kNone;
}

}  // namespace

GamesColumns::GamesColumns(std::vector<std::string> names)
    : tag_names(std::move(names)), tags(tag_names.size()) {}

void GamesColumns::add(std::string_view input, const GameValue& g) {
  file.emplace_back(input);
  game.push_back(g.number);
  offset.push_back(g.offset);
  plies.push_back(g.plies);
  problems.push_back(static_cast<std::uint32_t>(g.problems.size()));
  errors.push_back(g.errors);
  warnings.push_back(g.warnings);
  result.push_back(g.result);
  status.push_back(g.status);
  rules_result.push_back(g.rules_result);
  final_fen.push_back(g.final_fen);
  for (std::size_t i = 0; i < tag_names.size(); ++i) {
    std::optional<std::string> value;
    for (const auto& [name, v] : g.tags) {
      if (name == tag_names[i]) value = v;
    }
    tags[i].push_back(std::move(value));
  }
}

void MovesColumns::add(const GameValue& g) {
  std::uint32_t n = 0;
  for (const GameMove& m : g.moves) {
    if (!m.played) continue;
    game.push_back(g.number);
    ply.push_back(++n);
    const std::string move_uci = m.uci();
    put_fixed(uci, move_uci, kUciWidth);
    put_fixed(san, m.san, kSanWidth);
    token.push_back(uci_token(move_uci));
    clock.push_back(seconds(m.clock_ms));
    emt.push_back(seconds(m.emt_ms));
    eval_cp.push_back(number(m.eval_cp));
    eval_mate.push_back(number(m.eval_mate));
  }
}

void MovesColumns::add(const replay::GameRecord& record, std::uint64_t number) {
  const bool chess960 = write::is_chess960(record);
  std::uint32_t n = 0;
  char text[write::kMaxUci + 1];
  write::CommentCommands commands;
  for (const replay::MoveNode& m : record.main.moves) {
    if (!m.played) continue;
    game.push_back(number);
    ply.push_back(++n);
    const std::string_view move_uci(
        text, static_cast<std::size_t>(write::put_uci(text, m.move, chess960) - text));
    put_fixed(uci, move_uci, kUciWidth);
    put_fixed(san, m.san, kSanWidth);
    token.push_back(uci_token(move_uci));
    double clock_s = kNone, emt_s = kNone, cp = kNone, mate = kNone;
    if (!m.comments.empty()) {
      const std::string& first = m.comments.front();
      if (const std::int32_t s = write::plain_clock_seconds(first); s >= 0) {
        clock_s = s;
      } else if (write::parse_command_comment(first, commands)) {
        clock_s = seconds(commands.clock_ms);
        emt_s = seconds(commands.emt_ms);
        if (commands.eval) (commands.eval->mate ? mate : cp) = commands.eval->value;
      }
    }
    clock.push_back(clock_s);
    emt.push_back(emt_s);
    eval_cp.push_back(cp);
    eval_mate.push_back(mate);
  }
}

void MovesColumns::renumber(std::uint64_t base) {
  for (std::uint64_t& number : game) number += base;
}

void MovesColumns::clear() {
  game.clear();
  ply.clear();
  uci.clear();
  san.clear();
  token.clear();
  clock.clear();
  emt.clear();
  eval_cp.clear();
  eval_mate.clear();
}

void MovesColumns::reserve(std::size_t rows) {
  game.reserve(rows);
  ply.reserve(rows);
  uci.reserve(rows * kUciWidth);
  san.reserve(rows * kSanWidth);
  token.reserve(rows);
  clock.reserve(rows);
  emt.reserve(rows);
  eval_cp.reserve(rows);
  eval_mate.reserve(rows);
}

namespace {
template <class T>
void append_all(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}
}  // namespace

void MovesColumns::append(const MovesColumns& other) {
  append_all(game, other.game);
  append_all(ply, other.ply);
  uci += other.uci;
  san += other.san;
  append_all(token, other.token);
  append_all(clock, other.clock);
  append_all(emt, other.emt);
  append_all(eval_cp, other.eval_cp);
  append_all(eval_mate, other.eval_mate);
}

std::size_t MovesColumns::capacity_bytes() const {
  return game.capacity() * 8 + ply.capacity() * 4 + uci.capacity() + san.capacity() +
         token.capacity() * 2 +
         (clock.capacity() + emt.capacity() + eval_cp.capacity() + eval_mate.capacity()) * 8;
}

}  // namespace pgnkit::commands

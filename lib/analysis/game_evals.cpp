#include "analysis/game_evals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "chess/movegen.h"

namespace pgnkit::analysis {
namespace {

bool digit(char c) {
  return c >= '0' && c <= '9';
}

// A lenient eval value: [#][+|-]digits[.digits] or [+|-].digits; nullopt otherwise.
std::optional<Eval> lenient_value(std::string_view v) {
  std::size_t i = 0;
  const bool mate = i < v.size() && v[i] == '#';
  i += mate ? 1 : 0;
  bool negative = false;
  if (i < v.size() && (v[i] == '+' || v[i] == '-')) negative = v[i++] == '-';
  std::int64_t whole = 0;
  std::size_t digits = 0;
  for (; i < v.size() && digit(v[i]) && digits < 9; ++i, ++digits)
    whole = whole * 10 + (v[i] - '0');
  std::int64_t hundredths = 0;
  std::size_t decimals = 0;
  if (!mate && i < v.size() && v[i] == '.') {
    for (++i; i < v.size() && digit(v[i]); ++i, ++decimals) {
      if (decimals < 3) hundredths = hundredths * 10 + (v[i] - '0');
    }
    // To hundredths, the third decimal rounding half away from zero.
    if (decimals == 1) hundredths *= 10;
    if (decimals >= 3) hundredths = (hundredths + 5) / 10;
  }
  if (i != v.size() || digits + decimals == 0 || digits > 7) return std::nullopt;
  const std::int64_t value = mate ? whole : whole * 100 + hundredths;
  return Eval{mate, static_cast<std::int32_t>(negative ? -value : value)};
}

std::optional<Eval> eval_of(const replay::Recycled<std::string>& comments) {
  for (const std::string& c : comments)
    if (std::optional<Eval> e = comment_eval(c)) return e;
  return std::nullopt;
}

void set_eval_of(replay::Recycled<std::string>& comments, Eval eval) {
  write::CommentCommands commands;
  for (std::string& c : comments) {
    if (write::parse_command_comment(c, commands)) {
      if (!commands.eval) continue;
      commands.eval = eval;
      c.clear();
      write::append_command_comment(c, commands);
      return;
    }
    if (const std::optional<EvalCommand> found = find_eval_command(c)) {
      std::string value;
      write::append_eval(value, eval);
      c.replace(found->begin, found->end - found->begin, value);
      return;
    }
  }
  if (!comments.empty() && write::parse_command_comment(comments.front(), commands)) {
    commands.eval = eval;
    comments.front().clear();
    write::append_command_comment(comments.front(), commands);
    return;
  }
  commands = {};
  commands.eval = eval;
  std::string& text = comments.emplace_back();
  write::append_command_comment(text, commands);
  std::rotate(comments.begin(), comments.end() - 1, comments.end());
}

}  // namespace

std::optional<EvalCommand> find_eval_command(std::string_view text) {
  constexpr std::string_view kName = "[%eval";
  for (std::size_t at = text.find(kName); at != std::string_view::npos;
       at = text.find(kName, at + 1)) {
    std::size_t i = at + kName.size();
    const std::size_t close = text.find(']', i);
    if (close == std::string_view::npos) return std::nullopt;
    if (i == close || (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r'))
      continue;  // "[%evaluation ...": another command
    while (i < close && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    std::size_t end = i;
    while (end < close && text[end] != ',' && text[end] != ' ' && text[end] != '\t' &&
           text[end] != '\n' && text[end] != '\r')
      ++end;
    if (const std::optional<Eval> e = lenient_value(text.substr(i, end - i)))
      return EvalCommand{*e, i, end};
  }
  return std::nullopt;
}

std::optional<Eval> comment_eval(std::string_view text) {
  write::CommentCommands commands;
  if (write::parse_command_comment(text, commands)) return commands.eval;
  if (const std::optional<EvalCommand> found = find_eval_command(text)) return found->eval;
  return std::nullopt;
}

std::optional<Eval> move_eval(const replay::MoveNode& node) {
  return eval_of(node.comments);
}
void set_move_eval(replay::MoveNode& node, Eval eval) {
  set_eval_of(node.comments, eval);
}
std::optional<Eval> start_eval(const replay::Line& line) {
  return eval_of(line.leading_comments);
}
void set_start_eval(replay::Line& line, Eval eval) {
  set_eval_of(line.leading_comments, eval);
}

std::size_t played_plies(const replay::GameRecord& game) {
  std::size_t n = 0;
  if (!game.replayed) return 0;
  for (const replay::MoveNode& node : game.main.moves) {
    if (!node.played) break;
    ++n;
  }
  return n;
}

bool standard_start(const chess::Position& start, bool chess960) {
  return !chess960 && start.key() == chess::Position::start().key();
}

void settle_ends(std::vector<std::optional<Eval>>& evals, bool standard, LineEnd end,
                 chess::Color to_move) {
  if (evals.empty()) return;
  if (!evals[0] && standard) evals[0] = Eval{false, kStartCentipawns};
  if (evals.size() < 2 || end == LineEnd::Open) return;
  const bool white_mated = to_move == chess::Color::White;
  evals.back() = end == LineEnd::Checkmate ? Eval{true, white_mated ? -1 : 1} : Eval{false, 0};
}

std::vector<std::optional<Eval>> main_line_evals(const replay::GameRecord& game) {
  const std::size_t plies = played_plies(game);
  std::vector<std::optional<Eval>> evals(plies + 1);
  evals[0] = start_eval(game.main);
  chess::Position pos = game.start;
  for (std::size_t i = 0; i < plies; ++i) {
    const replay::MoveNode& node = game.main.moves[i];
    evals[i + 1] = move_eval(node);
    pos.play(node.move);
  }
  // The last position may have no move: its value is the rules'. (Not asked of a start that
  // was not replayed: a game with no move played.)
  LineEnd end = LineEnd::Open;
  if (plies > 0) {
    chess::MoveList moves;
    chess::generate_legal(pos, moves);
    if (moves.size == 0) end = pos.in_check() ? LineEnd::Checkmate : LineEnd::Stalemate;
  }
  settle_ends(evals, standard_start(game.start, game.chess960), end, pos.side_to_move());
  return evals;
}

GameFigures record_figures(const replay::GameRecord& game) {
  const bool white_first = game.start.side_to_move() == chess::Color::White;
  return game_figures(main_line_evals(game), white_first);
}

void set_tag(replay::GameRecord& game, std::string_view name, std::string_view value) {
  for (auto t = game.tags.rbegin(); t != game.tags.rend(); ++t) {
    if (t->name == name) {
      t->value = value;
      return;
    }
  }
  replay::Tag& tag = game.tags.emplace_back();
  tag.name = name;
  tag.value = value;
}

std::string accuracy_text(double accuracy) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", std::round(accuracy * 10) / 10);
  return buf;
}

std::string acpl_text(double acpl) {
  return std::to_string(std::lround(acpl));
}

void set_figure_tags(replay::GameRecord& game, const GameFigures& figures) {
  const auto side = [&](const SideFigures& f, std::string_view accuracy, std::string_view acpl) {
    if (f.accuracy) set_tag(game, accuracy, accuracy_text(*f.accuracy));
    if (f.acpl) set_tag(game, acpl, acpl_text(*f.acpl));
  };
  side(figures.white, "WhiteAccuracy", "WhiteACPL");
  side(figures.black, "BlackAccuracy", "BlackACPL");
}

}  // namespace pgnkit::analysis

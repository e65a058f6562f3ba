#include "analysis/game_evals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "chess/movegen.h"

namespace pgnkit::analysis {
namespace {

std::optional<Eval> eval_of(const replay::Recycled<std::string>& comments) {
  write::CommentCommands commands;
  if (comments.empty() || !write::parse_command_comment(comments.front(), commands))
    return std::nullopt;
  return commands.eval;
}

void set_eval_of(replay::Recycled<std::string>& comments, Eval eval) {
  write::CommentCommands commands;
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

std::vector<std::optional<Eval>> main_line_evals(const replay::GameRecord& game) {
  const std::size_t plies = played_plies(game);
  std::vector<std::optional<Eval>> evals(plies + 1);
  evals[0] = start_eval(game.main);
  if (!evals[0] && game.start.key() == chess::Position::start().key() && !game.chess960)
    evals[0] = Eval{false, kStartCentipawns};
  chess::Position pos = game.start;
  for (std::size_t i = 0; i < plies; ++i) {
    const replay::MoveNode& node = game.main.moves[i];
    evals[i + 1] = move_eval(node);
    pos.play(node.move);
  }
  if (plies > 0) {
    // The last position may have no move: its value is the rules', whatever a comment says.
    chess::MoveList moves;
    chess::generate_legal(pos, moves);
    if (moves.size == 0) {
      const bool white_mated = pos.side_to_move() == chess::Color::White;
      evals[plies] = pos.in_check() ? Eval{true, white_mated ? -1 : 1} : Eval{false, 0};
    }
  }
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

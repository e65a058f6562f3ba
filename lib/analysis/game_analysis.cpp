#include "analysis/game_analysis.h"

#include <algorithm>
#include <optional>

#include "analysis/game_evals.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/uci.h"

namespace pgnkit::analysis {
namespace {

bool has_assessment(const replay::MoveNode& node) {
  return std::any_of(node.nags.begin(), node.nags.end(),
                     [](std::uint32_t n) { return n >= 1 && n <= 6; });
}

// The engine's score from White's side.
Eval white_side(const engine::Score& score, chess::Color to_move) {
  const std::int32_t sign = to_move == chess::Color::White ? 1 : -1;
  return Eval{score.mate, score.value * sign};
}

// The engine's line from `pos` as a variation of SAN moves: its legal prefix, at most `plies`.
// False when its first move is not legal (nothing added).
bool pv_line(chess::Position pos, const std::vector<std::string>& pv, std::size_t plies,
             replay::Line& line) {
  for (const std::string& text : pv) {
    if (line.moves.size() >= plies) break;
    const std::optional<chess::Move> move = chess::parse_uci(pos, text);
    if (!move) break;
    replay::MoveNode& node = line.moves.emplace_back();
    node.move = *move;
    node.played = true;
    node.san = chess::to_san(pos, *move);
    pos.play(*move);
  }
  return !line.moves.empty();
}

struct Searched {
  bool done = false;
  std::optional<Eval> eval;
  std::vector<std::string> pv;
};

}  // namespace

void mark_and_tag(replay::GameRecord& game) {
  const std::vector<std::optional<Eval>> evals = main_line_evals(game);
  const bool white_first = game.start.side_to_move() == chess::Color::White;
  for (std::size_t k = 1; k < evals.size(); ++k) {
    if (!evals[k - 1] || !evals[k]) continue;
    replay::MoveNode& node = game.main.moves[k - 1];
    if (has_assessment(node)) continue;
    const bool white = ((k - 1) % 2 == 0) == white_first;
    const double before = white_win_percent(*evals[k - 1]);
    const double after = white_win_percent(*evals[k]);
    const Mark mark = white ? mark_for(before, after) : mark_for(100 - before, 100 - after);
    if (mark != Mark::None) node.nags.push_back(mark_nag(mark));
  }
  set_figure_tags(game, game_figures(evals, white_first));
}

GameAnalysis analyse_game(replay::GameRecord& game, engine::UciEngine& engine,
                          const AnalysisSettings& settings) {
  GameAnalysis result;
  if (!game.replayed) return result;
  const std::size_t plies = played_plies(game);
  // Which positions to search: after each move without an eval (all with force), and the
  // start when the first move is searched (for its line, and the eval of a set-up position).
  std::vector<bool> wanted(plies + 1, false);
  for (std::size_t i = 1; i <= plies; ++i)
    wanted[i] = settings.force || !move_eval(game.main.moves[i - 1]);
  if (plies > 0) wanted[0] = wanted[1];
  if (std::none_of(wanted.begin(), wanted.end(), [](bool w) { return w; })) {
    mark_and_tag(game);
    return result;
  }
  if (std::string why; !engine.new_game(game.chess960, &why)) {
    result.engine_failed = true;
    result.why = why;
    return result;
  }
  const bool standard = standard_start(game.start, game.chess960);
  std::string command = standard ? "position startpos moves"
                                 : "position fen " + chess::write_fen(game.start) + " moves";
  const std::size_t moves_at = command.size();
  std::vector<Searched> searched(plies + 1);
  std::vector<chess::Position> positions;
  positions.reserve(plies + 1);
  positions.push_back(game.start);
  for (std::size_t i = 0; i <= plies; ++i) {
    const chess::Position& pos = positions.back();
    if (wanted[i]) {
      chess::MoveList legal;
      chess::generate_legal(pos, legal);
      if (legal.size > 0) {
        // "position ... moves" with no move is read as the position itself.
        const std::string_view text = command.size() == moves_at
                                          ? std::string_view(command).substr(0, moves_at - 6)
                                          : std::string_view(command);
        engine::Search s = engine.search(text, settings.limit, settings.timeout);
        if (s.status == engine::Search::Status::Failed) {
          result.engine_failed = true;
          result.why = "ply " + std::to_string(i) + ": " + s.why;
          return result;
        }
        ++result.positions;
        if (s.malformed_lines) {
          result.warnings.push_back("ply " + std::to_string(i) +
                                    ": unreadable info lines from the engine, ignored");
        }
        if (s.status == engine::Search::Status::NoScore) {
          result.warnings.push_back("ply " + std::to_string(i) + ": no eval: " + s.why);
        } else {
          searched[i].eval = white_side(s.score, pos.side_to_move());
          searched[i].pv = std::move(s.pv);
        }
        searched[i].done = true;
      }
    }
    if (i == plies) break;
    const chess::Move move = game.main.moves[i].move;
    char uci[8];
    command += ' ';
    command.append(uci, static_cast<std::size_t>(chess::write_uci(pos, move, uci)));
    chess::Position next = pos;
    next.play(move);
    positions.push_back(next);
  }
  for (std::size_t i = 1; i <= plies; ++i)
    if (searched[i].eval) set_move_eval(game.main.moves[i - 1], *searched[i].eval);
  if (!standard && searched[0].eval) set_start_eval(game.main, *searched[0].eval);
  // The marks come from the evals as written (those read and those searched alike); a move
  // newly marked gets the engine's line from the position before it.
  std::vector<bool> had_mark(plies);
  for (std::size_t i = 0; i < plies; ++i) had_mark[i] = has_assessment(game.main.moves[i]);
  mark_and_tag(game);
  for (std::size_t k = 1; k <= plies && settings.variation_plies > 0; ++k) {
    replay::MoveNode& node = game.main.moves[k - 1];
    const Searched& before = searched[k - 1];
    if (had_mark[k - 1] || !has_assessment(node) || before.pv.empty()) continue;
    replay::Line line;
    if (!pv_line(positions[k - 1], before.pv, settings.variation_plies, line)) {
      result.warnings.push_back("ply " + std::to_string(k - 1) +
                                ": the engine's line starts with an illegal move, left out");
      continue;
    }
    if (line.moves.front().move == node.move) continue;  // the engine's own move
    const bool known =
        std::any_of(node.variations.begin(), node.variations.end(), [&](const replay::Line& v) {
          return !v.moves.empty() && v.moves.front().played &&
                 v.moves.front().move == line.moves.front().move;
        });
    if (!known) node.variations.push_back(std::move(line));
  }
  set_tag(game, "Annotator", engine.name() + " (" + engine::describe(settings.limit) + ")");
  return result;
}

}  // namespace pgnkit::analysis

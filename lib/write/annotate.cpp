#include "write/annotate.h"

#include <algorithm>

#include "chess/fen.h"
#include "write/json.h"
#include "write/pgn_writer.h"

namespace pgnkit::write {
namespace {

constexpr std::string_view kCommentPrefix = "pgnkit: ";

void set_tag(replay::GameRecord& g, std::string_view name, std::string value) {
  for (auto& t : g.tags) {
    if (t.name == name) {
      t.value = std::move(value);
      return;
    }
  }
  g.tags.push_back({std::string(name), std::move(value)});
}

void remove_tag(replay::GameRecord& g, std::string_view name) {
  g.tags.erase_if([name](const replay::Tag& t) { return t.name == name; });
}

// Comments compare with runs of white space folded: the writer wraps long comments.
bool same_text(std::string_view a, std::string_view b) {
  auto next = [](std::string_view s, std::size_t& i) -> int {
    bool skipped = false;
    while (i < s.size() && is_fold_space(s[i])) {
      ++i;
      skipped = true;
    }
    if (skipped) return ' ';
    return i < s.size() ? static_cast<unsigned char>(s[i++]) : -1;
  };
  std::size_t i = 0, j = 0;
  while (i < a.size() && (a[i] == ' ' || a[i] == '\n')) ++i;
  while (j < b.size() && (b[j] == ' ' || b[j] == '\n')) ++j;
  for (;;) {
    const int x = next(a, i), y = next(b, j);
    if (x != y)
      return (x == ' ' && y == -1 && i == a.size()) || (y == ' ' && x == -1 && j == b.size());
    if (x == -1) return true;
  }
}

void add_comment(replay::Recycled<std::string>& comments, std::string text) {
  for (const auto& c : comments)
    if (same_text(c, text)) return;
  comments.push_back(std::move(text));
}

// Comments after main-line ply `ply` (ply 0: before the first move).
replay::Recycled<std::string>* comments_at(replay::Line& main, std::uint32_t ply) {
  if (ply == 0) return &main.leading_comments;
  std::uint32_t seen = 0;
  for (auto& node : main.moves) {
    if (!node.san.empty()) ++seen;
    if (seen == ply) return &node.comments;
  }
  return nullptr;
}

// Keeps the played prefix of a line (and of its variations); returns the first cut node's
// problem, if any.
const replay::MoveNode* truncate_line(replay::Line& line, replay::MoveNode& cut_info) {
  const replay::MoveNode* cut = nullptr;
  std::size_t keep = 0;
  for (; keep < line.moves.size(); ++keep) {
    const replay::MoveNode& n = line.moves[keep];
    if (!n.played && !n.san.empty()) break;
  }
  if (keep < line.moves.size()) {
    cut_info = line.moves[keep];
    cut = &cut_info;
    line.moves.shrink_to(keep);
  }
  for (auto& n : line.moves) {
    for (auto& v : n.variations) {
      replay::MoveNode ignored;
      truncate_line(v, ignored);
    }
    n.variations.erase_if(
        [](const replay::Line& v) { return v.moves.empty() && v.leading_comments.empty(); });
  }
  return cut;
}

void mark_bad_moves(replay::Line& line) {
  for (auto& n : line.moves) {
    if (!n.problem.empty())
      add_comment(n.comments, std::string(kCommentPrefix) + n.problem_code + ": " + n.problem);
    for (auto& v : n.variations) mark_bad_moves(v);
  }
}

void fen_comments(replay::Line& line, chess::Position pos) {
  for (auto& n : line.moves) {
    if (!n.played) return;
    const chess::Position before = pos;
    for (auto& v : n.variations) fen_comments(v, before);
    pos.play(n.move);
    add_comment(n.comments, chess::write_fen(pos));
  }
}

// An illegal move or a move after the end: counted by the replayer (move_errors, whether or not
// the problem was reported), or among the problems of a record built otherwise.
bool has_unplayed_moves(const replay::GameRecord& game) {
  if (game.move_errors > 0) return true;
  for (const auto& p : game.problems) {
    if (p.code == replay::ProblemCode::IllegalMove ||
        p.code == replay::ProblemCode::MoveAfterGameEnd) {
      return true;
    }
  }
  return false;
}

std::string_view rule_name(replay::GameStatus s) {
  switch (s) {
    case replay::GameStatus::Checkmate: return "checkmate";
    case replay::GameStatus::Stalemate: return "stalemate";
    case replay::GameStatus::InsufficientMaterial: return "insufficient_material";
    case replay::GameStatus::FivefoldRepetition: return "fivefold_repetition";
    case replay::GameStatus::SeventyFiveMoveRule: return "seventy_five_move_rule";
    case replay::GameStatus::Ongoing:
    case replay::GameStatus::Illegal:
    case replay::GameStatus::UnsupportedVariant: break;
  }
  return {};
}

}  // namespace

bool has_move_errors(const replay::GameRecord& game) {
  if (game.cut) return true;
  if (!game.replayed && game.status != replay::GameStatus::UnsupportedVariant) return true;
  return has_unplayed_moves(game);
}

bool annotate(replay::GameRecord& g, const AnnotateOptions& opt) {
  const bool bad = has_move_errors(g);
  if (bad && g.cut && opt.on_error != OnError::Skip) {
    // The reader could not read the rest of the game: say so where it stops.
    for (const auto& p : g.problems) {
      if (p.code != replay::ProblemCode::Syntax || p.severity != replay::Severity::Error) continue;
      auto& at = g.main.moves.empty() ? g.main.leading_comments : g.main.moves.back().comments;
      add_comment(at, std::string(kCommentPrefix) + std::string(p.code_name()) +
                          ": the rest of the game could not be read");
      break;
    }
  }
  if (bad) {
    switch (opt.on_error) {
      case OnError::Skip: return false;
      case OnError::Truncate: {
        replay::MoveNode cut;
        if (truncate_line(g.main, cut)) {
          std::string note = std::string(kCommentPrefix) + "game cut before '" + cut.san + "'";
          if (!cut.problem.empty()) note += " (" + cut.problem_code + ": " + cut.problem + ")";
          add_comment(g.main.moves.empty() ? g.main.leading_comments : g.main.moves.back().comments,
                      note);
          set_tag(g, "Result", "*");
          g.marker = pgn::Outcome::Unknown;
        }
        break;
      }
      case OnError::Keep: mark_bad_moves(g.main); break;
    }
  }
  // Verdicts below come from the replay, which stopped at the first bad move: they hold for
  // what is written unless bad moves are kept as written after it. (A game cut short by a
  // syntax error is written as far as it was read, so its verdicts hold.)
  if ((has_unplayed_moves(g) && opt.on_error == OnError::Keep) || !g.replayed) return true;
  if (opt.fix_results && g.rules_result) {
    set_tag(g, "Result", std::string(pgn::outcome_text(*g.rules_result)));
    g.marker = g.rules_result;
  }
  if (opt.end_tags) {
    set_tag(g, "PlyCount", std::to_string(g.plies));
    const std::string_view rule = rule_name(g.status);
    if (rule.empty()) {
      remove_tag(g, kTerminationRuleTag);
    } else {
      set_tag(g, kTerminationRuleTag, std::string(rule));
    }
    set_tag(g, "FinalFEN", chess::write_fen(g.final_position, chess::EpWrite::WhenLegal));
  }
  if (opt.claim_comments) {
    auto note = [&g](std::optional<std::uint32_t> ply, std::string_view text) {
      if (!ply) return;
      if (auto* c = comments_at(g.main, *ply))
        add_comment(*c, std::string(kCommentPrefix) + std::string(text));
    };
    note(g.threefold_ply, "threefold repetition: a draw can be claimed");
    note(g.fifty_ply, "50-move rule: a draw can be claimed");
    if (g.status == replay::GameStatus::FivefoldRepetition)
      note(g.auto_draw_ply, "fivefold repetition: the game is drawn");
    if (g.status == replay::GameStatus::SeventyFiveMoveRule)
      note(g.auto_draw_ply, "75-move rule: the game is drawn");
  }
  if (opt.fen_comments) fen_comments(g.main, g.start);
  return true;
}

std::optional<OnError> on_error_named(std::string_view name) {
  if (name == "skip") return OnError::Skip;
  if (name == "truncate") return OnError::Truncate;
  if (name == "keep") return OnError::Keep;
  return std::nullopt;
}

}  // namespace pgnkit::write

#include "replay/replayer.h"

#include <algorithm>

#include "chess/fen.h"
#include "chess/fide_limits.h"
#include "chess/movegen.h"
#include "chess/outcome.h"
#include "chess/san_quick.h"
#include "chess/san_shape.h"
#include "replay/concat.h"
#include "replay/tag_checks.h"

namespace pgnkit::replay {

using detail::cat;

namespace {

constexpr std::size_t kMaxLines = 300;  // the reader caps nesting at 256
constexpr std::size_t kInitialLines = 16;

std::string_view game_end_name(GameEnd e) {
  switch (e) {
    case GameEnd::None: return "none";
    case GameEnd::Checkmate: return "checkmate";
    case GameEnd::Stalemate: return "stalemate";
    case GameEnd::InsufficientMaterial: return "insufficient material";
    case GameEnd::FivefoldRepetition: return "fivefold repetition";
    case GameEnd::SeventyFiveMoveRule: return "the 75-move rule";
  }
  return "none";
}

}  // namespace

std::string_view game_status_name(GameStatus s) {
  switch (s) {
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::InsufficientMaterial: return "insufficient_material";
    case GameStatus::FivefoldRepetition: return "fivefold_repetition";
    case GameStatus::SeventyFiveMoveRule: return "seventy_five_move_rule";
    case GameStatus::Ongoing: return "ongoing";
    case GameStatus::Illegal: return "illegal";
    case GameStatus::UnsupportedVariant: return "unsupported_variant";
  }
  return "ongoing";
}

Replayer::Replayer(ReplaySink& sink, ReplayOptions options)
    : sink_(sink), options_(options), follow_moves_(options.want_moves || options.want_last_move) {
  // Room for the usual nesting; deeper variations grow it once (clear() keeps the capacity),
  // never per move. Not kMaxLines up front: that is ~140 KB, an mmap and its page faults for
  // every Replayer (one a pipeline chunk, one a fuzz input).
  lines_.reserve(kInitialLines);
  history_.reserve(1024);
}

void Replayer::reset_game() {
  skip_game_ = false;
  has_start_ = false;
  lines_.clear();
  history_.clear();
  tags_.white.clear();
  tags_.black.clear();
  tags_.result.clear();
  tags_.fen.clear();
  tags_.setup.clear();
  tags_.variant.clear();
  tags_.termination.clear();
  tags_.date.clear();
  tags_.utc_date.clear();
  tags_.has_result = tags_.has_fen = tags_.has_setup = tags_.has_variant = false;
  tags_.has_date = tags_.has_utc_date = false;
  tags_.roster_seen = 0;
  tag_hashes_.clear();
  known_seen_ = 0;
  marker_.reset();
  marker_text_.clear();
  const std::uint64_t game = report_.game;
  auto inconsistencies = std::move(report_.inconsistencies);
  report_ = GameReport{};
  report_.game = game;
  inconsistencies.clear();
  report_.inconsistencies = std::move(inconsistencies);
  reset_limit();
}

void Replayer::reset_limit() {
  reported_[0] = reported_[1] = unreported_[0] = unreported_[1] = 0;
}

void Replayer::report(const Problem& p) {
  if (p.severity == Severity::Error) {
    ++report_.errors;
  } else {
    ++report_.warnings;
  }
  if (p.code == ProblemCode::IllegalMove || p.code == ProblemCode::MoveAfterGameEnd)
    ++report_.move_errors;
  // Between games (game 0) nothing is held per game: each problem is shown and forgotten.
  const auto severity = static_cast<std::size_t>(p.severity);
  if (game_ == 0 || reported_[severity] < kMaxReportedProblems) {
    ++reported_[severity];
    sink_.problem(p);
    return;
  }
  if (unreported_[0] + unreported_[1] == 0) first_unreported_ = p.where;
  ++unreported_[severity];
  sink_.unreported(p);
}

// The TooManyProblems warning, when the game had problems past the limit (not counted itself).
void Replayer::report_unreported() {
  const std::uint32_t errors = unreported_[static_cast<std::size_t>(Severity::Error)];
  const std::uint32_t warnings = unreported_[static_cast<std::size_t>(Severity::Warning)];
  if (errors + warnings == 0) return;
  Problem p;
  p.code = ProblemCode::TooManyProblems;
  p.severity = Severity::Warning;
  p.game = game_;
  p.where = first_unreported_;
  const auto count = [](std::uint64_t n, std::string_view noun) {
    return cat(std::to_string(n), " ", noun, n == 1 ? "" : "s");
  };
  const std::uint64_t total = std::uint64_t{errors} + warnings;
  p.message =
      cat(count(total, "more problem"), " in this game ", total == 1 ? "was" : "were",
          " not reported (", count(errors, "error"), ", ", count(warnings, "warning"), "; at most ",
          std::to_string(kMaxReportedProblems), " of each are reported per game)");
  sink_.problem(p);
}

void Replayer::report_game(ProblemCode code, Severity severity, pgn::Location where,
                           std::string message) {
  Problem p;
  p.code = code;
  p.severity = severity;
  p.game = game_;
  p.where = where;
  p.message = std::move(message);
  report(p);
}

void Replayer::report_move_problem(ProblemCode code, std::string_view san, pgn::Location where,
                                   const PlayLine& line, std::string message,
                                   chess::SanError error) {
  Problem p;
  p.code = code;
  p.san_error = error;
  p.severity = Severity::Error;
  p.game = game_;
  p.where = where;
  p.ply = line.ply + 1;
  p.in_variation = lines_.size() > 1;
  p.san = std::string(san);
  p.message = std::move(message);
  p.fen = chess::write_fen(line.cur);
  report(p);
}

void Replayer::begin_game(const pgn::GameInfo& info) {
  game_ = info.number;
  report_.game = info.number;
  reset_game();
  game_where_ = info.where;
  report_.where = info.where;
}

pgn::Control Replayer::begin_movetext() {
  if (options_.tag_checks) check_tags();
  choose_laws();
  if (!set_up_start()) {
    skip_game_ = true;
    return pgn::Control::StopGame;
  }
  return pgn::Control::Continue;
}

inline int Replayer::repetition_count(const PlayLine& line) const {
  const std::size_t n = history_.size();
  const std::uint64_t key = history_[n - 1];
  const std::size_t window =
      std::min<std::size_t>(static_cast<std::size_t>(line.cur.halfmove_clock()), n - 1);
  int count = 1;
  for (std::size_t back = 2; back <= window; back += 2)
    if (history_[n - 1 - back] == key) ++count;
  return count;
}

// Inline: it runs after every move, and the call itself was a tenth of its cost.
inline void Replayer::after_move(PlayLine& line, bool material_changed, bool mate) {
  const chess::Position& cur = line.cur;
  history_.push_back(cur.key());
  ++line.ply;
  auto end_at = [&line](GameEnd e) {
    line.end = e;
    line.end_ply = line.ply;
  };
  if (mate) return end_at(GameEnd::Checkmate);
  const bool main = lines_.size() == 1;
  if (material_changed && chess::insufficient_material(cur))
    return end_at(chess::has_legal_move(cur) ? GameEnd::InsufficientMaterial : GameEnd::Stalemate);
  const int reps = repetition_count(line);
  if (main) {
    if (reps >= chess::kClaimRepetitions && !report_.threefold_ply)
      report_.threefold_ply = line.ply;
    if (cur.halfmove_clock() >= chess::kClaimHalfmoveClock && !report_.fifty_ply)
      report_.fifty_ply = line.ply;
  }
  // Under the Laws before July 2014 neither ends the game (tested only when one applies).
  const bool fivefold = reps >= chess::kAutomaticDrawRepetitions;
  if ((fivefold || cur.halfmove_clock() >= chess::kAutomaticDrawHalfmoveClock) &&
      automatic_draws_) {
    if (!chess::has_legal_move(cur)) return end_at(GameEnd::Stalemate);
    end_at(fivefold ? GameEnd::FivefoldRepetition : GameEnd::SeventyFiveMoveRule);
  }
}

// The general reader, for the moves parse_quick_san() leaves (odd shapes, ambiguity, errors).
// Returns false when the line stops here (the problem is reported); otherwise fills `out` and
// `notes` (the tolerances that applied, as chess::SanNote bits).
bool Replayer::parse_full_san(PlayLine& line, std::string_view text, pgn::Location where,
                              chess::QuickSan& out, std::uint16_t& notes) {
  chess::SanOptions opt;
  opt.allow_null = options_.allow_null;
  opt.check_suffix = false;
  const chess::SanResult r = chess::parse_san(line.cur, text, opt);
  if (!r.ok()) {
    if (r.error == chess::SanError::Syntax) {
      if (chess::is_en_passant_mark(text)) {
        report_en_passant_mark(line, text, where);
        return false;  // nothing played, the line goes on
      }
      if (!chess::is_move_shaped(text)) {
        report_text(line, text, where);
        return false;  // a word, not a move: the line goes on
      }
    }
    line.dead = true;
    if (r.error != chess::SanError::Syntax && !chess::has_legal_move(line.cur)) {
      // Stalemate is only looked for when a move follows (a legal move disproves it).
      line.end = GameEnd::Stalemate;
      line.end_ply = line.ply;
      report_move_problem(
          ProblemCode::MoveAfterGameEnd, text, where, line,
          "move after the game ended by stalemate at ply " + std::to_string(line.ply));
      return false;
    }
    std::string message = std::string(chess::san_error_message(r.error));
    if (r.error == chess::SanError::Ambiguous) {
      message += " (";
      for (int i = 0; i < r.candidate_count; ++i)
        message += (i ? ", " : "") + chess::to_san(line.cur, r.candidates[i]);
      message += ")";
    }
    report_move_problem(ProblemCode::IllegalMove, text, where, line, std::move(message), r.error);
    return false;
  }
  out.move = r.move;
  out.suffix = r.suffix;
  notes = r.notes;
  return true;
}

pgn::Control Replayer::san(std::string_view text, pgn::Location where) {
  if (skip_game_ || lines_.empty()) return pgn::Control::Continue;
  PlayLine& line = lines_.back();
  if (line.dead) {
    // A mark on the failed move is not a move after it (a variation may still replace it),
    // and neither is a word (not reported: nothing after the error is).
    if (!chess::is_en_passant_mark(text) && chess::is_move_shaped(text)) ++line.moves_after_dead;
    return pgn::Control::Continue;
  }
  if (line.end != GameEnd::None) {
    if (chess::is_en_passant_mark(text)) {  // on the move that ended the game
      report_en_passant_mark(line, text, where);
      return pgn::Control::Continue;
    }
    if (!chess::is_move_shaped(text)) {  // "29... Qxg2# mat": a word, the game stays over
      report_text(line, text, where);
      return pgn::Control::Continue;
    }
    report_move_problem(ProblemCode::MoveAfterGameEnd, text, where, line,
                        "move after the game ended by " + std::string(game_end_name(line.end)) +
                            " at ply " + std::to_string(line.end_ply));
    line.dead = true;
    return pgn::Control::Continue;
  }
  // Nearly every move takes the quick path; the full reader handles the rest and the errors.
  chess::QuickSan quick;
  std::uint16_t notes_read = 0;
  const bool read_quickly = chess::parse_quick_san(line.cur, text, quick);
  if (!read_quickly && !parse_full_san(line, text, where, quick, notes_read))
    return pgn::Control::Continue;
  const chess::Move m = quick.move;
  const bool material_changed =
      m.kind() == chess::MoveKind::Promotion || m.kind() == chess::MoveKind::EnPassant ||
      (m.kind() == chess::MoveKind::Normal && line.cur.piece_on(m.to()) != chess::Piece::None);
  line.before = line.cur;
  line.cur.play(m);
  line.has_move = true;
  const bool check = line.cur.in_check();
  const bool mate = check && !chess::has_legal_move(line.cur);
  std::uint16_t notes = notes_read | chess::suffix_notes(quick.suffix, check, mate);
  if (notes) {  // rare: only here is a long-algebraic move's check mark folded into its note
    notes = chess::fold_long_algebraic(notes);
    report_notes(line, text, where, m, notes);
  }
  after_move(line, material_changed, mate);
  if (follow_moves_) {  // one test on check's path, whichever is wanted
    if (options_.want_last_move) {
      last_ = LastMove{last_.count + 1, m, notes, read_quickly};
    }
    if (options_.want_moves) {
      sink_.move(MoveEvent{game_, line.ply, static_cast<std::uint32_t>(lines_.size() - 1), m,
                           line.before, line.cur, text, notes, where, read_quickly});
    }
  }
  return pgn::Control::Continue;
}

void Replayer::report_notes(const PlayLine& line, std::string_view text, pgn::Location where,
                            chess::Move m, std::uint16_t notes) {
  const std::string canonical = chess::to_san(line.before, m);
  for (std::uint16_t bit = 1; bit; bit = static_cast<std::uint16_t>(bit << 1)) {
    if (!(notes & bit)) continue;
    const auto note = static_cast<chess::SanNote>(bit);
    if (note == chess::SanNote::NullMoveNotation) continue;  // allowed by the caller
    Problem p;
    p.code = ProblemCode::NonCanonicalSan;
    p.note = note;
    p.severity = Severity::Warning;
    p.game = game_;
    p.where = where;
    p.ply = line.ply + 1;
    p.in_variation = lines_.size() > 1;
    p.san = std::string(text);
    p.message = std::string(chess::san_note_message(note)) + "; canonical SAN: " + canonical;
    p.fen = chess::write_fen(line.before);
    report(p);
  }
}

// An en-passant mark written as its own token ("exd6 e.p."): a note on the move before it,
// found again from the positions around it (this is rare; nothing is kept per move for it).
void Replayer::report_en_passant_mark(const PlayLine& line, std::string_view text,
                                      pgn::Location where) {
  Problem p;
  p.code = ProblemCode::NonCanonicalSan;
  p.severity = Severity::Warning;
  p.game = game_;
  p.where = where;
  p.in_variation = lines_.size() > 1;
  p.san = std::string(text);
  chess::MoveList list;
  if (line.has_move) chess::generate_legal(line.before, list);
  for (const chess::Move m : list) {
    chess::Position after = line.before;
    after.play(m);
    if (after.key() != line.cur.key()) continue;
    p.note = m.kind() == chess::MoveKind::EnPassant ? chess::SanNote::EnPassantSuffix
                                                    : chess::SanNote::StrayEnPassantSuffix;
    p.ply = line.ply;
    p.message =
        cat(chess::san_note_message(p.note), "; canonical SAN: ", chess::to_san(line.before, m));
    p.fen = chess::write_fen(line.before);
    return report(p);
  }
  p.note = chess::SanNote::StrayEnPassantSuffix;
  p.ply = line.ply + 1;
  p.message = "'e.p.' with no move before it; ignored";
  p.fen = chess::write_fen(line.cur);
  report(p);
}

// A word in the movetext ("mat", "resigns"): skipped with a warning; the line goes on.
void Replayer::report_text(const PlayLine& line, std::string_view text, pgn::Location where) {
  Problem p;
  p.code = ProblemCode::TextInMovetext;
  p.severity = Severity::Warning;
  p.game = game_;
  p.where = where;
  p.ply = line.ply + 1;  // where it stands; `san` stays empty: it is not a move
  p.in_variation = lines_.size() > 1;
  p.message = "text in the movetext, not a move: '";
  append_printable(p.message, text);
  p.message += "'; skipped";
  p.fen = chess::write_fen(line.cur);
  report(p);
}

pgn::Skip Replayer::begin_variation(pgn::Location) {
  if (!options_.variations || skip_game_ || lines_.empty() || lines_.size() >= kMaxLines)
    return pgn::Skip::Yes;
  const PlayLine& parent = lines_.back();
  PlayLine child;
  if (parent.dead) {
    // The variation replaces the move that failed, if nothing was skipped after it.
    if (parent.moves_after_dead != 0) return pgn::Skip::Yes;
    child.cur = parent.cur;
    child.ply = parent.ply;
    child.end = parent.end;
    child.end_ply = parent.end_ply;
  } else if (parent.has_move) {
    child.cur = parent.before;
    child.ply = parent.ply - 1;
    child.popped = true;
    child.popped_key = history_.back();
    history_.pop_back();
  } else {
    child.cur = parent.cur;
    child.ply = parent.ply;
    child.end = parent.end;
    child.end_ply = parent.end_ply;
  }
  child.history_base = history_.size();
  lines_.push_back(child);
  return pgn::Skip::No;
}

pgn::Control Replayer::end_variation(pgn::Location) {
  if (lines_.size() <= 1) return pgn::Control::Continue;
  const PlayLine& child = lines_.back();
  history_.resize(child.history_base);
  if (child.popped) history_.push_back(child.popped_key);
  lines_.pop_back();
  return pgn::Control::Continue;
}

void Replayer::termination(pgn::Outcome outcome, std::string_view text, pgn::Location where) {
  marker_ = outcome;
  marker_text_.assign(text);
  marker_where_ = where;
}

pgn::Control Replayer::syntax_error(const pgn::SyntaxIssue& issue) {
  Problem p;
  p.code = ProblemCode::Syntax;
  p.syntax = issue.code;
  p.severity = issue.severity == pgn::Severity::Error ? Severity::Error : Severity::Warning;
  p.game = game_;
  p.where = issue.where;
  p.message = std::string(pgn::syntax_message(issue.code));
  if (std::string detail = pgn::issue_detail(issue.code, issue.text); !detail.empty()) {
    p.message += detail;
  } else if (!issue.text.empty()) {
    p.message.append(" near '");
    append_printable(p.message, issue.text.substr(0, 40));
    p.message.push_back('\'');
  }
  report(p);
  return pgn::Control::Continue;
}

void Replayer::end_game(const pgn::EndInfo& info) {
  report_.cut = info.cut;
  report_.tags = &tags_;
  if (!skip_game_ && !lines_.empty()) {
    lines_.resize(1);
    finish_main_line();
  } else if (report_.unsupported_variant) {
    report_.status = GameStatus::UnsupportedVariant;
  } else {
    report_.status = GameStatus::Illegal;
  }
  check_result();
  report_unreported();
  sink_.game_end(report_);
  game_ = 0;  // text after the game is between games
  reset_limit();
}

}  // namespace pgnkit::replay

#include "replay/record_builder.h"

#include "chess/san.h"
#include "chess/san_chars.h"
#include "pgn/tag.h"

namespace pgnkit::replay {
namespace {

using chess::san_chars::is_file;
using chess::san_chars::is_rank;

// A piece letter of SAN other than the pawn's: N, B, R, Q, K.
bool is_piece(char c) {
  const chess::PieceType t = chess::san_chars::piece_from_upper(c);
  return t != chess::PieceType::None && t != chess::PieceType::Pawn;
}

}  // namespace

// Whether `text` has the form of canonical SAN: O-O, O-O-O, [NBRQK][a-h]?[1-8]?x?[a-h][1-8],
// ([a-h]x)?[a-h][1-8](=[NBRQ])?, each with at most one '+' or '#'. A move read from such a
// text with no SanNote is written back identically by chess::write_san: the notes cover every
// other difference (capture mark, disambiguation, check and mate marks), and the form rules
// out what the reader accepts without a note ("++" for mate, '!' and '?', a lower-case
// promotion piece, a pawn move given by its rank).
bool canonical_san_form(std::string_view s) {
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) s.remove_suffix(1);
  if (s == "O-O" || s == "O-O-O") return true;
  const std::size_t n = s.size();
  if (n < 2) return false;
  std::size_t i = 0;
  if (is_piece(s[0])) {
    // Piece, optional file, optional rank, optional 'x', then the square.
    if (n < 3 || !is_file(s[n - 2]) || !is_rank(s[n - 1])) return false;
    i = 1;
    const std::size_t stop = n - 2;
    if (i < stop && is_file(s[i])) ++i;
    if (i < stop && is_rank(s[i])) ++i;
    if (i < stop && s[i] == 'x') ++i;
    return i == stop;
  }
  if (n >= 4 && is_file(s[0]) && s[1] == 'x') i = 2;
  if (i + 2 > n || !is_file(s[i]) || !is_rank(s[i + 1])) return false;
  i += 2;
  if (i == n) return true;
  return i + 2 == n && s[i] == '=' && is_piece(s[i + 1]) && s[i + 1] != 'K';
}

void GameRecord::clear() {
  number = 0;
  tags.clear();
  replayed = false;
  main.leading_comments.clear();
  main.moves.clear();
  marker.reset();
  problems.clear();
  status = GameStatus::Ongoing;
  plies = 0;
  rules_result.reset();
  auto_draw_ply.reset();
  threefold_ply.reset();
  fifty_ply.reset();
  result.reset();
  consistent = true;
  errors = warnings = move_errors = 0;
  chess960 = false;
  cut = false;
}

void ReadThroughReplayer::begin_game(const pgn::GameInfo& info) {
  replayed_ = false;
  depth_ = skipped_from_ = 0;
  Replayer::begin_game(info);
}

pgn::Control ReadThroughReplayer::begin_movetext() {
  replayed_ = Replayer::begin_movetext() == pgn::Control::Continue;
  return pgn::Control::Continue;
}

pgn::Skip ReadThroughReplayer::begin_variation(pgn::Location where) {
  ++depth_;
  if (!skipped_from_ && Replayer::begin_variation(where) == pgn::Skip::Yes) skipped_from_ = depth_;
  return pgn::Skip::No;
}

pgn::Control ReadThroughReplayer::end_variation(pgn::Location where) {
  if (depth_ == 0) return pgn::Control::Continue;
  if (skipped_from_ == depth_) {
    skipped_from_ = 0;  // the replayer never entered this variation
  } else if (!skipped_from_) {
    Replayer::end_variation(where);
  }
  --depth_;
  return pgn::Control::Continue;
}

RecordBuilder::RecordBuilder(RecordSink& sink, ReplayOptions options)
    : ReadThroughReplayer(*this,
                          [&options] {
                            options.want_moves = true;
                            return options;
                          }()),
      sink_(sink),
      keep_variations_(options.variations) {}

void RecordBuilder::begin_game(const pgn::GameInfo& info) {
  record_.clear();
  record_.number = info.number;
  open_lines_.assign(1, &record_.main);
  ReadThroughReplayer::begin_game(info);
}

pgn::Control RecordBuilder::tag(std::string_view name, std::string_view value_raw,
                                pgn::Location where) {
  ReadThroughReplayer::tag(name, value_raw, where);
  Tag& t = record_.tags.emplace_back();
  // As the replayer reads it: a known tag in another case ([fen]) under its standard name, so
  // that writers find the roster, the FEN and the Result under the names they look for.
  t.name.assign(tag_name());
  pgn::unescape_tag(value_raw, t.value);
  return pgn::Control::Continue;
}

pgn::Control RecordBuilder::begin_movetext() {
  // The replayer stops games it cannot replay; the record keeps their tokens as written.
  ReadThroughReplayer::begin_movetext();
  record_.replayed = replayed();
  if (const chess::Position* start = start_position()) record_.start = *start;
  return pgn::Control::Continue;
}

pgn::Control RecordBuilder::san(std::string_view text, pgn::Location where) {
  moved_ = false;
  ReadThroughReplayer::san(text, where);
  // A word ("29... Qxg2# mat", "35. Rxe8 resigns") is kept as a comment where it stands
  // ({mat}), so that a written game keeps it without a token that reads as a bad move.
  if (text_skipped_) [[unlikely]] {
    text_skipped_ = false;
    return comment(text, where);
  }
  // An en-passant mark written apart ("exd6 e.p.") is a note on the move before, not a move.
  if (!moved_ && !chess::is_en_passant_mark(text)) {
    MoveNode& node = open_lines_.back()->moves.emplace_back();
    node.san.assign(text);
    node.problem = std::move(pending_problem_);
    node.problem_code = std::move(pending_code_);
    pending_problem_.clear();
    pending_code_.clear();
  }
  return pgn::Control::Continue;
}

void RecordBuilder::move(const MoveEvent& e) {
  moved_ = true;
  MoveNode& node = open_lines_.back()->moves.emplace_back();
  node.move = e.move;
  node.played = true;
  node.notes = e.notes;
  // Writing SAN again would cost a quarter of the record (finding the other pieces that reach
  // the square, looking for mate): most moves are written canonically already.
  if (!canonical_san_ || written_canonically(e)) {
    node.san.assign(e.san_as_written);
    return;
  }
  char buf[chess::kMaxSan + 2];
  node.san.assign(buf, static_cast<std::size_t>(chess::write_san(e.before, e.move, e.after, buf)));
  if (keep_written_ && node.san != e.san_as_written) node.written.assign(e.san_as_written);
}

pgn::Control RecordBuilder::nag(std::uint32_t code, pgn::Location) {
  Line& line = *open_lines_.back();
  if (!line.moves.empty()) line.moves.back().nags.push_back(code);
  return pgn::Control::Continue;
}

pgn::Control RecordBuilder::comment(std::string_view text, pgn::Location) {
  Line& line = *open_lines_.back();
  auto& target = line.moves.empty() ? line.leading_comments : line.moves.back().comments;
  target.emplace_back(text);
  return pgn::Control::Continue;
}

pgn::Skip RecordBuilder::begin_variation(pgn::Location where) {
  if (!keep_variations_) return pgn::Skip::Yes;
  ReadThroughReplayer::begin_variation(where);
  Line& parent = *open_lines_.back();
  if (parent.moves.empty()) parent.moves.emplace_back();  // a variation before any move
  open_lines_.push_back(&parent.moves.back().variations.emplace_back());
  return pgn::Skip::No;
}

pgn::Control RecordBuilder::end_variation(pgn::Location where) {
  if (open_lines_.size() > 1) open_lines_.pop_back();
  return ReadThroughReplayer::end_variation(where);
}

void RecordBuilder::termination(pgn::Outcome outcome, std::string_view text, pgn::Location where) {
  record_.marker = outcome;
  ReadThroughReplayer::termination(outcome, text, where);
}

// The next node (the move that could not be played) says why, whether or not the problem was
// reported.
void RecordBuilder::note_move_error(const Problem& p) {
  if (p.code == ProblemCode::TextInMovetext) text_skipped_ = true;
  if (p.code == ProblemCode::IllegalMove || p.code == ProblemCode::MoveAfterGameEnd) {
    pending_problem_ = p.message;
    pending_code_.assign(p.code_name());
  }
}

void RecordBuilder::problem(const Problem& p) {
  note_move_error(p);
  // A problem between games belongs to no record (the next game's begin_game() clears it).
  if (p.game != 0) record_.problems.push_back(p);
  sink_.problem(p);
}

void RecordBuilder::unreported(const Problem& p) {
  note_move_error(p);
  sink_.unreported(p);
}

void RecordBuilder::game_end(const GameReport& r) {
  record_.status = r.status;
  record_.plies = r.plies;
  record_.rules_result = r.rules_result;
  record_.auto_draw_ply = r.auto_draw_ply;
  record_.threefold_ply = r.threefold_ply;
  record_.fifty_ply = r.fifty_ply;
  record_.result = r.result;
  if (r.final_position) record_.final_position = *r.final_position;
  record_.consistent = r.consistent;
  record_.errors = r.errors;
  record_.warnings = r.warnings;
  record_.move_errors = r.move_errors;
  record_.chess960 = r.chess960;
  record_.cut = r.cut;
  sink_.game(record_);
}

}  // namespace pgnkit::replay

#include "replay/replayer.h"

#include <algorithm>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/outcome.h"
#include "chess/san_quick.h"
#include "pgn/tag.h"
#include "replay/tag_checks.h"

namespace pgnkit::replay {

namespace {

constexpr std::size_t kMaxLines = 300;  // the reader caps nesting at 256

// Concatenates text pieces (messages are built only when a problem is found).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (out.append(std::string_view(parts)), ...);
  return out;
}

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
  lines_.reserve(kMaxLines + 1);
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
  marker_.reset();
  marker_text_.clear();
  const std::uint64_t game = report_.game;
  auto inconsistencies = std::move(report_.inconsistencies);
  report_ = GameReport{};
  report_.game = game;
  inconsistencies.clear();
  report_.inconsistencies = std::move(inconsistencies);
}

void Replayer::report(Problem p) {
  if (p.severity == Severity::Error) {
    ++report_.errors;
  } else {
    ++report_.warnings;
  }
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
  report(std::move(p));
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
  report(std::move(p));
}

void Replayer::begin_game(const pgn::GameInfo& info) {
  game_ = info.number;
  report_.game = info.number;
  reset_game();
  game_where_ = info.where;
  report_.where = info.where;
}

pgn::Control Replayer::tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the name
  for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  if (options_.tag_checks &&
      std::find(tag_hashes_.begin(), tag_hashes_.end(), h) != tag_hashes_.end()) {
    report_game(ProblemCode::DuplicateTag, Severity::Warning, where,
                "duplicate tag [" + std::string(name) + "]; the last value is used");
  }
  tag_hashes_.push_back(h);
  const int roster = seven_tag_roster_index(name);
  if (roster >= 0) tags_.roster_seen |= static_cast<std::uint8_t>(1u << roster);
  std::string* target = nullptr;
  // Dispatch on length first: tag() runs for every tag of every game.
  switch (name.size()) {
    case 3:
      if (name == "FEN") {
        target = &tags_.fen;
        tags_.has_fen = true;
      }
      break;
    case 4:
      if (name == "Date") {
        target = &tags_.date;
        tags_.has_date = true;
      }
      break;
    case 5:
      if (name == "White") {
        target = &tags_.white;
      } else if (name == "Black") {
        target = &tags_.black;
      } else if (name == "SetUp") {
        target = &tags_.setup;
        tags_.has_setup = true;
      }
      break;
    case 6:
      if (name == "Result") {
        target = &tags_.result;
        tags_.has_result = true;
      }
      break;
    case 7:
      if (name == "Variant") {
        target = &tags_.variant;
        tags_.has_variant = true;
      } else if (name == "UTCDate") {
        target = &tags_.utc_date;
        tags_.has_utc_date = true;
      }
      break;
    case 11:
      if (name == "Termination") target = &tags_.termination;
      break;
    default: break;
  }
  const bool date = target == &tags_.date;
  if (target) pgn::unescape_tag(value_raw, *target);
  if (options_.tag_checks && (date || name == "Round")) {
    if (!date) pgn::unescape_tag(value_raw, scratch_);
    const std::string& value = date ? tags_.date : scratch_;
    if (!(date ? valid_date(value) : valid_round(value))) {
      report_game(
          ProblemCode::BadTagValue, Severity::Warning, where,
          cat("[", name, " \"", value, "\"] is not in the standard form (",
              date ? "YYYY.MM.DD, '?' for unknown digits" : "digits and '.', or '?' or '-'", ")"));
    }
  }
  return pgn::Control::Continue;
}

void Replayer::check_tags() {
  for (int i = 0; i < 7; ++i) {
    if (tags_.roster_seen & (1u << i)) continue;
    report_game(ProblemCode::MissingTag, Severity::Warning, game_where_,
                "missing Seven Tag Roster tag [" + std::string(seven_tag_roster_name(i)) + "]");
  }
  if (tags_.has_result && !parse_result(tags_.result)) {
    report_game(ProblemCode::BadTagValue, Severity::Warning, game_where_,
                "[Result \"" + tags_.result + "\"] is not 1-0, 0-1, 1/2-1/2 or *");
  }
}

// Once per game, from the tags: nothing per move depends on more than one flag.
void Replayer::choose_laws() {
  Laws laws = Laws::Current;
  switch (options_.laws) {
    case LawsChoice::Current: break;
    case LawsChoice::Pre2014: laws = Laws::Pre2014; break;
    case LawsChoice::ByDate:
      if (tags_.has_date) {
        laws = laws_for_date(tags_.date);
      } else if (tags_.has_utc_date) {
        laws = laws_for_date(tags_.utc_date);
      }
      break;
  }
  report_.laws = laws;
  automatic_draws_ = laws == Laws::Current;
}

void Replayer::report_fen_repairs(const chess::FenRepairs& repairs) {
  if (repairs.dropped_castling) {
    static constexpr struct {
      std::uint8_t bit;
      std::string_view letter, needs;
    } kRights[] = {
        {chess::kCastlingWhiteKing, "K", "king on e1, rook on h1"},
        {chess::kCastlingWhiteQueen, "Q", "king on e1, rook on a1"},
        {chess::kCastlingBlackKing, "k", "king on e8, rook on h8"},
        {chess::kCastlingBlackQueen, "q", "king on e8, rook on a8"},
    };
    std::string named;
    for (const auto& r : kRights)
      if (repairs.dropped_castling & r.bit)
        named += cat(named.empty() ? "" : ", ", r.letter, " (needs ", r.needs, ")");
    report_game(ProblemCode::ImpossibleCastling, Severity::Warning, game_where_,
                cat("the FEN grants castling rights the position cannot have: ", named,
                    "; dropped, the game is replayed without them"));
  }
  if (repairs.fullmove_repaired) {
    report_game(ProblemCode::BadFullmoveNumber, Severity::Warning, game_where_,
                cat("the FEN's fullmove number ", std::to_string(repairs.fullmove_written),
                    " is not positive; read as 1"));
  }
}

bool Replayer::set_up_start() {
  const VariantKind variant =
      tags_.has_variant ? classify_variant(tags_.variant) : VariantKind::Standard;
  if (variant == VariantKind::Unsupported) {
    report_.unsupported_variant = true;
    report_game(ProblemCode::UnsupportedVariant, Severity::Warning, game_where_,
                "unsupported variant \"" + tags_.variant + "\": the game is not replayed");
    return false;
  }
  bool chess960 = variant == VariantKind::Chess960;
  PlayLine main;
  main.cur = chess::Position::start();
  const bool setup = tags_.has_setup && tags_.setup == "1";
  if (tags_.has_fen && !setup) {
    report_game(ProblemCode::FenWithoutSetUp, Severity::Error, game_where_,
                "[FEN] without [SetUp \"1\"]; the FEN is used");
  }
  if (setup && !tags_.has_fen) {
    report_game(ProblemCode::SetUpWithoutFen, Severity::Error, game_where_,
                "[SetUp \"1\"] without a [FEN] tag; replaying from the initial position");
  }
  if (tags_.has_fen) {
    chess::FenRepairs repairs;
    auto problem = chess::parse_fen(tags_.fen, main.cur, chess960, &repairs);
    if (problem && !chess960 && problem->error == chess::FenError::CastlingMismatch) {
      if (!chess::parse_fen(tags_.fen, main.cur, true, &repairs)) {
        chess960 = true;
        problem.reset();
        report_game(ProblemCode::Chess960WithoutVariant, Severity::Warning, game_where_,
                    "the FEN's castling rights only fit Chess960 but there is no [Variant "
                    "\"Chess960\"]; replayed as Chess960");
      } else {
        // Odds games are often written with the standard KQkq: drop what cannot be.
        repairs = chess::FenRepairs{};
        repairs.drop_impossible_castling = true;
        problem = chess::parse_fen(tags_.fen, main.cur, false, &repairs);
      }
    }
    if (!problem) report_fen_repairs(repairs);
    if (problem) {
      report_game(ProblemCode::InvalidFen, Severity::Error, game_where_,
                  "invalid [FEN \"" + tags_.fen + "\"]" +
                      (problem->field ? " (field " + std::to_string(problem->field) + ")" : "") +
                      ": " + std::string(chess::fen_error_message(problem->error)));
      return false;
    }
  } else {
    main.cur.set_chess960(chess960);
  }
  report_.chess960 = chess960;
  const chess::Position& start = main.cur;
  if (start.halfmove_clock() >= 100) report_.fifty_ply = 0;
  // Only a set-up position can already be over.
  switch (tags_.has_fen ? chess::position_end(start) : chess::PositionEnd::None) {
    case chess::PositionEnd::Checkmate: main.end = GameEnd::Checkmate; break;
    case chess::PositionEnd::Stalemate: main.end = GameEnd::Stalemate; break;
    case chess::PositionEnd::InsufficientMaterial: main.end = GameEnd::InsufficientMaterial; break;
    case chess::PositionEnd::None:
      if (automatic_draws_ && start.halfmove_clock() >= 150)
        main.end = GameEnd::SeventyFiveMoveRule;
      break;
  }
  history_.push_back(start.key());
  lines_.push_back(main);
  start_ = start;
  has_start_ = true;
  return true;
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
    if (reps >= 3 && !report_.threefold_ply) report_.threefold_ply = line.ply;
    if (cur.halfmove_clock() >= 100 && !report_.fifty_ply) report_.fifty_ply = line.ply;
  }
  // Under the Laws before July 2014 neither ends the game (tested only when one applies).
  if ((reps >= 5 || cur.halfmove_clock() >= 150) && automatic_draws_) {
    if (!chess::has_legal_move(cur)) return end_at(GameEnd::Stalemate);
    end_at(reps >= 5 ? GameEnd::FivefoldRepetition : GameEnd::SeventyFiveMoveRule);
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
    if (r.error == chess::SanError::Syntax && chess::is_en_passant_mark(text)) {
      report_en_passant_mark(line, text, where);
      return false;  // nothing played, the line goes on
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
    // A mark on the failed move is not a move after it (a variation may still replace it).
    if (!chess::is_en_passant_mark(text)) ++line.moves_after_dead;
    return pgn::Control::Continue;
  }
  if (line.end != GameEnd::None) {
    if (chess::is_en_passant_mark(text)) {  // on the move that ended the game
      report_en_passant_mark(line, text, where);
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
  const std::uint16_t notes = notes_read | chess::suffix_notes(quick.suffix, check, mate);
  if (notes) report_notes(line, text, where, m, notes);
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
    report(std::move(p));
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
    return report(std::move(p));
  }
  p.note = chess::SanNote::StrayEnPassantSuffix;
  p.ply = line.ply + 1;
  p.message = "'e.p.' with no move before it; ignored";
  p.fen = chess::write_fen(line.cur);
  report(std::move(p));
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
  if (!issue.text.empty()) {
    p.message.append(" near '");
    append_printable(p.message, issue.text.substr(0, 40));
    p.message.push_back('\'');
  }
  report(std::move(p));
  return pgn::Control::Continue;
}

void Replayer::finish_main_line() {
  PlayLine& main = lines_.front();
  if (!main.dead && main.end == GameEnd::None) {
    switch (chess::position_end(main.cur)) {
      case chess::PositionEnd::Checkmate: main.end = GameEnd::Checkmate; break;
      case chess::PositionEnd::Stalemate: main.end = GameEnd::Stalemate; break;
      case chess::PositionEnd::InsufficientMaterial:
        main.end = GameEnd::InsufficientMaterial;
        break;
      case chess::PositionEnd::None: break;
    }
    main.end_ply = main.ply;
  }
  report_.plies = main.ply;
  report_.final_position = &main.cur;
  switch (main.end) {
    case GameEnd::None: report_.status = GameStatus::Ongoing; break;
    case GameEnd::Checkmate: report_.status = GameStatus::Checkmate; break;
    case GameEnd::Stalemate: report_.status = GameStatus::Stalemate; break;
    case GameEnd::InsufficientMaterial: report_.status = GameStatus::InsufficientMaterial; break;
    case GameEnd::FivefoldRepetition: report_.status = GameStatus::FivefoldRepetition; break;
    case GameEnd::SeventyFiveMoveRule: report_.status = GameStatus::SeventyFiveMoveRule; break;
  }
  if (main.end == GameEnd::Checkmate) {
    report_.rules_result = main.cur.side_to_move() == chess::Color::Black ? pgn::Outcome::WhiteWins
                                                                          : pgn::Outcome::BlackWins;
  } else if (main.end != GameEnd::None) {
    report_.rules_result = pgn::Outcome::Draw;
    report_.auto_draw_ply = main.end_ply;
  }
  // An illegal move in the main line makes the game illegal, whatever happened before.
  if (main.dead && main.end == GameEnd::None) report_.status = GameStatus::Illegal;
}

void Replayer::check_result() {
  const std::optional<pgn::Outcome> tag =
      tags_.has_result ? parse_result(tags_.result) : std::nullopt;
  const pgn::Location where = marker_ ? marker_where_ : game_where_;
  auto inconsistent = [this, where](ProblemCode code, Severity severity, std::string message) {
    report_.consistent = false;
    report_.inconsistencies.push_back(code);
    Problem p;
    p.code = code;
    p.severity = severity;
    p.game = game_;
    p.where = where;
    p.ply = report_.plies;
    p.message = std::move(message);
    if (report_.final_position) p.fen = chess::write_fen(*report_.final_position);
    report(std::move(p));
  };
  if (marker_ && tag && *marker_ != *tag)
    inconsistent(ProblemCode::ResultMismatch, Severity::Error,
                 "termination marker " + std::string(pgn::outcome_text(*marker_)) +
                     " differs from [Result \"" + tags_.result + "\"]");
  report_.result = tag ? tag : marker_;
  // A game cut short by a syntax error or stopped by an illegal move has no final position
  // to judge the result by.
  if (!report_.final_position || report_.cut || report_.status == GameStatus::Illegal) return;
  const auto result = report_.result;
  if (report_.rules_result) {
    const std::string ended = std::string(game_status_name(report_.status));
    if (!result || *result == pgn::Outcome::Unknown) {
      inconsistent(ProblemCode::ResultUnsetAfterEnd, Severity::Warning,
                   "the game ended by " + ended + " (" +
                       std::string(pgn::outcome_text(*report_.rules_result)) +
                       ") but the result is not set");
    } else if (*result != *report_.rules_result) {
      inconsistent(ProblemCode::ResultContradicted, Severity::Error,
                   "result " + std::string(pgn::outcome_text(*result)) +
                       " contradicts the final position: " + ended + " decides " +
                       std::string(pgn::outcome_text(*report_.rules_result)));
    }
    return;
  }
  if (result == pgn::Outcome::WhiteWins || result == pgn::Outcome::BlackWins) {
    const chess::Color winner =
        *result == pgn::Outcome::WhiteWins ? chess::Color::White : chess::Color::Black;
    if (!chess::bare_king(*report_.final_position, winner)) return;
    const std::string credited = "result " + std::string(pgn::outcome_text(*result)) +
                                 " credits a win to a side with a bare king";
    // A loss on time against a side that cannot mate is a draw (FIDE 6.9); a resignation
    // ends the game whatever the material (5.1.2).
    if (mentions_time(tags_.termination)) {
      inconsistent(ProblemCode::ResultContradicted, Severity::Error,
                   credited + ", which can never checkmate: a loss on time is a draw");
    } else {
      Problem p;
      p.code = ProblemCode::BareKingWin;
      p.severity = Severity::Warning;
      p.game = game_;
      p.where = where;
      p.ply = report_.plies;
      p.message = credited + ": only a resignation can give that result";
      p.fen = chess::write_fen(*report_.final_position);
      report(std::move(p));
    }
  }
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
  sink_.game_end(report_);
  game_ = 0;  // text after the game is between games
}

}  // namespace pgnkit::replay

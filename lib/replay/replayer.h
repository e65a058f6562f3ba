// The replayer: a pgn::Visitor that plays every move (main line and variations) through the
// rules core and reports problems and per-game verdicts to a ReplaySink.
//
// Per game it calls, in order: sink.problem() for each problem as it is found (syntax,
// tags, moves), sink.move() for each move played when ReplayOptions::want_moves is set, and
// sink.game_end() once. Past kMaxReportedProblems errors (or warnings) in a game, the further
// ones go to sink.unreported() instead, and one TooManyProblems warning comes before
// game_end(). Nothing is allocated per move; problems (rare) own their strings.
//
// Use: pgn::read_pgn(source, replayer). Problems between games (Problem::game 0) come to
// sink.problem() too. The sink outlives the Replayer. What a sink call is given (the Problem,
// the MoveEvent and its positions, the GameReport and what it points to) is valid during that
// call only: a sink that keeps any of it copies it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "chess/san_quick.h"
#include "pgn/visitor.h"
#include "replay/game_report.h"
#include "replay/laws.h"
#include "replay/problem.h"

namespace pgnkit::replay {

struct MoveEvent {
  std::uint64_t game;
  std::uint32_t ply;    // 1-based from the game's start
  std::uint32_t depth;  // 0 = main line, 1 = variation of it, ...
  chess::Move move;
  const chess::Position& before;
  const chess::Position& after;
  std::string_view san_as_written;
  std::uint16_t notes;  // chess::SanNote bits
  pgn::Location where;
  // Read by chess::parse_quick_san, which accepts only canonical text: with notes == 0 the
  // text as written is the canonical SAN (spares writers a check of its form).
  bool quick = false;
};

class ReplaySink {
 public:
  virtual ~ReplaySink() = default;
  virtual void problem(const Problem& p) = 0;
  // A problem past the game's limit (kMaxReportedProblems): counted in the GameReport, not to
  // be kept or shown. The TooManyProblems warning at the game's end says how many there were.
  virtual void unreported(const Problem&) {}
  virtual void move(const MoveEvent&) {}
  virtual void game_end(const GameReport&) {}
};

struct ReplayOptions {
  bool variations = true;       // replay variations (false: skip them unread)
  bool allow_null = false;      // accept null moves (--, Z0) instead of reporting them
  bool tag_checks = true;       // Seven Tag Roster, Date/Round/Result form, duplicates, case
  bool want_moves = false;      // call ReplaySink::move for every move played
  bool want_last_move = false;  // keep last_move() up to date
  // The edition of the Laws that judges each game: by its Date tag (UTCDate when Date is
  // absent; see laws.h), or one edition for every game. Decided once per game, from the tags.
  LawsChoice laws = LawsChoice::ByDate;
};

class Replayer : public pgn::Visitor {
 public:
  Replayer(ReplaySink& sink, ReplayOptions options = {});

  // pgn::Visitor callbacks (called by pgn::read_pgn).
  void begin_game(const pgn::GameInfo& info);
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where);
  pgn::Control begin_movetext();
  pgn::Control san(std::string_view text, pgn::Location where);
  pgn::Skip begin_variation(pgn::Location where);
  pgn::Control end_variation(pgn::Location where);
  void termination(pgn::Outcome outcome, std::string_view text, pgn::Location where);
  void end_game(const pgn::EndInfo& info);
  pgn::Control syntax_error(const pgn::SyntaxIssue& issue);

  // The name the last tag() call read the tag by: the standard spelling of a known tag
  // written in another case ("FEN" for [fen]), else the name as written (then valid as long
  // as that name). Writers that keep tags use it, so that [fen] is written [FEN].
  std::string_view tag_name() const { return tag_name_; }

  // The position the game started from, once begin_movetext() has set it up (null before,
  // and for games that cannot be replayed).
  const chess::Position* start_position() const { return has_start_ ? &start_ : nullptr; }

  // The last move played (with ReplayOptions::want_last_move), for a visitor that follows the
  // replayer without a ReplaySink::move call per move: `count` (moves played so far) tells
  // whether san() played one.
  struct LastMove {
    std::uint64_t count = 0;
    chess::Move move;
    std::uint16_t notes = 0;  // chess::SanNote bits
    bool quick = false;       // as MoveEvent::quick
  };
  const LastMove& last_move() const { return last_; }
  // The positions before and after the last move played (valid until the next call).
  const chess::Position& last_move_before() const { return lines_.back().before; }
  const chess::Position& last_move_after() const { return lines_.back().cur; }

 private:
  // One line of play (the main line or a variation) as it is being replayed.
  struct PlayLine {
    chess::Position before;  // position before the last move played on this line
    chess::Position cur;     // position after it
    std::uint32_t ply = 0;   // plies from the game's start to `cur`
    bool has_move = false;   // `before` is meaningful
    bool dead = false;       // an illegal move stopped this line
    std::uint32_t moves_after_dead = 0;
    GameEnd end = GameEnd::None;  // a rule ended the game on this line at `cur`
    std::uint32_t end_ply = 0;
    std::size_t history_base = 0;  // history_ size when the line started
    bool popped = false;           // the parent's last key was removed for this line
    std::uint64_t popped_key = 0;
  };

  void reset_game();
  void reset_limit();
  void report(const Problem& p);
  void report_unreported();
  // A problem about the game as a whole (tags, set-up, variant): no ply, move or position.
  void report_game(ProblemCode code, Severity severity, pgn::Location where, std::string message);
  void report_move_problem(ProblemCode code, std::string_view san, pgn::Location where,
                           const PlayLine& line, std::string message,
                           chess::SanError error = chess::SanError::Syntax);
  void check_tags();
  void choose_laws();
  bool set_up_start();  // false: the game cannot be replayed
  void report_fen_repairs(const chess::FenRepairs& repairs, chess::Color to_move);
  bool parse_full_san(PlayLine& line, std::string_view text, pgn::Location where,
                      chess::QuickSan& out, std::uint16_t& notes);
  void after_move(PlayLine& line, bool material_changed, bool mate);
  void report_en_passant_mark(const PlayLine& line, std::string_view text, pgn::Location where);
  void report_text(const PlayLine& line, std::string_view text, pgn::Location where);
  void report_notes(const PlayLine& line, std::string_view text, pgn::Location where, chess::Move m,
                    std::uint16_t notes);
  void finish_main_line();
  void check_result();
  int repetition_count(const PlayLine& line) const;

  ReplaySink& sink_;
  ReplayOptions options_;
  bool follow_moves_ = false;  // want_moves or want_last_move
  LastMove last_;
  chess::Position start_;
  bool has_start_ = false;

  // Per game.
  bool automatic_draws_ = true;  // fivefold and 75 moves end the game (the current Laws)
  std::uint64_t game_ = 0;
  pgn::Location game_where_;
  bool skip_game_ = false;
  std::vector<PlayLine> lines_;         // lines_[0] is the main line
  std::vector<std::uint64_t> history_;  // keys along the current line, start included
  GameTags tags_;
  std::vector<std::uint64_t> tag_hashes_;  // FNV-1a of the names that are not KnownTags
  std::uint64_t known_seen_ = 0;           // bit KnownTag: seen in this game
  std::string_view tag_name_;
  std::optional<pgn::Outcome> marker_;
  std::string marker_text_;
  pgn::Location marker_where_;
  GameReport report_;
  std::uint32_t reported_[2] = {};    // problems passed to the sink, by Severity
  std::uint32_t unreported_[2] = {};  // past the limit, by Severity
  pgn::Location first_unreported_;
  std::string scratch_;
};

}  // namespace pgnkit::replay

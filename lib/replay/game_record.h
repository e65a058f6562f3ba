// A whole game held in memory, as the replayer understood it: the input of the writers
// (annotate, convert). One game at a time; memory is bounded by about twice the largest game.
//
// The sequences are Recycled: clear() keeps the moves, comments and tags of the last game
// (and their strings' storage) to be overwritten by the next one, so that a record filled game
// after game allocates nothing once it has seen games of that size.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chess/position.h"
#include "pgn/types.h"
#include "replay/game_report.h"
#include "replay/problem.h"
#include "replay/recycled.h"

namespace pgnkit::replay {

struct Tag {
  std::string name;
  std::string value;  // unescaped
  void clear() {
    detail::reset(name);
    detail::reset(value);
  }
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct MoveNode;

// A sequence of moves: the main line, or a variation (an alternative to one move).
struct Line {
  Recycled<std::string> leading_comments;  // comments before the first move
  Recycled<MoveNode, 64> moves;
  void clear() {
    leading_comments.clear();
    moves.clear();
  }
};

struct MoveNode {
  // The move played, or Move{} when the token was kept as written but not played (after an
  // illegal move, in an unsupported variant, or the illegal move itself).
  chess::Move move;
  bool played = false;
  std::string san;  // canonical SAN when played; as written otherwise
  // The move as written when it differs from `san`, and only when the builder keeps it
  // (RecordBuilder::set_keep_written); else empty.
  std::string written;
  std::uint16_t notes = 0;          // chess::SanNote bits of the move as written
  std::vector<std::uint32_t> nags;  // $n in order ("!" is 1, "?" is 2, ...)
  Recycled<std::string> comments;   // comments after the move
  Recycled<Line> variations;        // alternatives to this move
  std::string problem;              // for the move that failed: the problem's message
  std::string problem_code;
  // Back to a default node, keeping the storage.
  void clear() {
    move = chess::Move{};
    played = false;
    san.clear();
    if (!written.empty()) written.clear();
    notes = 0;
    nags.clear();
    comments.clear();
    variations.clear();
    if (!problem.empty()) problem.clear();
    if (!problem_code.empty()) problem_code.clear();
  }
};

struct GameRecord {
  std::uint64_t number = 0;
  Recycled<Tag> tags;  // in file order
  chess::Position start;
  bool replayed = false;  // false: unsupported variant or invalid FEN
  Line main;
  std::optional<pgn::Outcome> marker;  // the termination marker, if any
  // What was reported for this game: at most kMaxReportedProblems errors and as many warnings
  // (then a TooManyProblems warning), not the problems between games.
  std::vector<Problem> problems;
  // The verdicts (GameReport without its pointers).
  GameStatus status = GameStatus::Ongoing;
  std::uint32_t plies = 0;
  std::optional<pgn::Outcome> rules_result;
  std::optional<std::uint32_t> auto_draw_ply, threefold_ply, fifty_ply;
  std::optional<pgn::Outcome> result;  // Result tag, or the marker without one
  chess::Position final_position;
  bool consistent = true;
  std::uint32_t errors = 0, warnings = 0;  // every problem, reported or not
  std::uint32_t move_errors = 0;           // illegal moves and moves after the end, all
  bool chess960 = false;
  bool cut = false;

  // The value of a tag; of a duplicated tag, the last (as the replayer reads it).
  const std::string* tag(std::string_view name) const {
    for (auto t = tags.rbegin(); t != tags.rend(); ++t)
      if (t->name == name) return &t->value;
    return nullptr;
  }
  // Back to an empty record, keeping the storage for the next game.
  void clear();
};

}  // namespace pgnkit::replay

// Per-game verdicts: how the main line ended under the rules, and whether the result agrees.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "pgn/types.h"
#include "replay/laws.h"
#include "replay/problem.h"

namespace pgnkit::replay {

// What ended the game on a line, in the precedence of rules.md (first wins at one ply).
enum class GameEnd : std::uint8_t {
  None,
  Checkmate,
  Stalemate,
  InsufficientMaterial,
  FivefoldRepetition,
  SeventyFiveMoveRule,
};

// The status column of `pgnkit status`.
enum class GameStatus : std::uint8_t {
  Checkmate,
  Stalemate,
  InsufficientMaterial,
  FivefoldRepetition,
  SeventyFiveMoveRule,
  Ongoing,
  Illegal,
  UnsupportedVariant,
};
std::string_view game_status_name(GameStatus s);

// Tag values the replayer keeps (unescaped), reused from game to game.
struct GameTags {
  std::string white, black, result, fen, setup, variant, termination, date, utc_date;
  bool has_result = false, has_fen = false, has_setup = false, has_variant = false;
  bool has_date = false, has_utc_date = false;
  std::uint8_t roster_seen = 0;  // bit i: Seven Tag Roster tag i was present
};

// Given to ReplaySink::game_end(); it and what it points to (tags, final_position) are the
// replayer's, valid during that call only.
struct GameReport {
  std::uint64_t game = 0;
  pgn::Location where;
  const GameTags* tags = nullptr;  // never null in game_end()
  std::uint32_t plies = 0;         // main-line plies replayed
  GameStatus status = GameStatus::Ongoing;
  std::optional<pgn::Outcome> rules_result;  // what the rules decide, if they do
  std::optional<std::uint32_t> auto_draw_ply;
  std::optional<std::uint32_t> threefold_ply;
  std::optional<std::uint32_t> fifty_ply;
  const chess::Position* final_position = nullptr;  // null when the game was not replayed
  std::optional<pgn::Outcome> result;               // the Result tag (or, without it, the marker)
  bool consistent = true;
  std::vector<ProblemCode> inconsistencies;
  std::uint32_t errors = 0, warnings = 0;  // every problem, reported or not (but TooManyProblems)
  // Illegal moves and moves after the end (IllegalMove, MoveAfterGameEnd), reported or not.
  std::uint32_t move_errors = 0;
  bool chess960 = false;
  Laws laws = Laws::Current;  // the edition that judged the game (ReplayOptions::laws)
  bool unsupported_variant = false;
  bool cut = false;  // the reader cut the game short (syntax error)
};

}  // namespace pgnkit::replay

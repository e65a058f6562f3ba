// One NDJSON game as read from its line, before it is played: views into the JSON parser's
// string buffer (valid until the next line is parsed) and index-linked arrays that are reused
// from game to game, so reading allocates nothing per move once the arrays have grown.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "write/comment_commands.h"

namespace pgnkit::ndjson::detail {

inline constexpr std::uint32_t kNone = 0xFFFFFFFF;

struct Range {
  std::uint32_t begin = 0, end = 0;
  bool empty() const { return begin == end; }
};

struct MoveData {
  std::string_view san;      // empty: no move (a holder of variations or comments)
  std::string_view uci;      // used when san is absent
  std::uint32_t column = 1;  // of the move in the line
  Range nags;                // GameData::nags
  Range before;              // GameData::texts: comments before the first move of a line
  Range comments;            // GameData::texts
  write::CommentCommands commands;
  std::uint32_t first_variation = kNone;  // GameData::lines
  std::uint32_t next = kNone;             // GameData::moves: the next move of the same line
};

struct LineData {
  std::uint32_t first = kNone;  // GameData::moves
  std::uint32_t next = kNone;   // GameData::lines: the next variation of the same move
};

struct TagData {
  std::string_view name, value;
  std::uint32_t column = 1;
};

// Lichess fields, kept until the whole object has been read (keys come in any order).
struct LichessData {
  bool any = false;  // some lichess-only field was seen
  std::string_view id, variant, speed, status, winner, initial_fen, eco, opening;
  std::optional<bool> rated;
  std::optional<std::int64_t> created_at, clock_initial, clock_increment;
  struct Player {
    std::string_view name, title;
    std::optional<std::int64_t> rating, rating_diff, ai_level;
  } white, black;
  std::string_view moves;                         // space-separated SAN
  std::uint32_t moves_column = 1;                 // of the moves string's first character
  std::vector<std::int64_t> clocks;               // centiseconds, one per ply
  std::vector<std::optional<write::Eval>> evals;  // "analysis", one per ply
};

struct GameData {
  bool has_tags = false;
  std::vector<TagData> tags;
  std::string_view fen, result;  // empty when absent or null
  std::uint32_t result_column = 1;
  std::uint32_t main = kNone;  // first move of the main line
  std::vector<MoveData> moves;
  std::vector<LineData> lines;
  std::vector<std::uint32_t> nags;
  std::vector<std::string_view> texts;
  bool has_moves = false;  // "moves", "san" or "uci" was present
  LichessData lichess;

  void clear() {
    has_tags = has_moves = false;
    tags.clear();
    fen = result = {};
    result_column = 1;
    main = kNone;
    moves.clear();
    lines.clear();
    nags.clear();
    texts.clear();
    // Reset the lichess fields but keep the arrays' memory.
    std::vector<std::int64_t> clocks = std::move(lichess.clocks);
    std::vector<std::optional<write::Eval>> evals = std::move(lichess.evals);
    lichess = {};
    lichess.clocks = std::move(clocks);
    lichess.clocks.clear();
    lichess.evals = std::move(evals);
    lichess.evals.clear();
  }
};

}  // namespace pgnkit::ndjson::detail

// How `pgnkit tree` shows one position: its moves as an aligned table or NDJSON lines, and
// the games through it. The same for a streaming query and a saved tree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "commands/tree_merge.h"
#include "tree/entry.h"

namespace pgnkit::commands {

struct TreeRow {
  chess::Move move;
  tree::MoveStats stats;
  std::string example;       // its first game: "file:number"
  std::string example_tags;  // "White\tBlack\tDate\tEvent\tRound" ("": unknown)
};

struct TreeAnswer {
  chess::Position position;
  std::uint64_t games = 0;    // through the position: its moves' and those that ended there
  std::uint64_t ended = 0;    // games whose main line stopped there
  std::vector<TreeRow> rows;  // sorted: most games first, then by SAN
};

// Sorts rows as TreeAnswer says and drops those under min_games.
void order_rows(TreeAnswer& answer, std::uint64_t min_games);

// The moves as a table: the position's FEN, its games, then a line per move (move, games,
// score for the mover, W/D/L, the movers' average Elo, years, the first game).
std::string answer_text(const TreeAnswer& answer);
// The same as NDJSON: {"fen":...,"games":N,"ended":E}, then one object per move.
std::string answer_ndjson(const TreeAnswer& answer);

// A game through the position (--games), one line: "file:number  result  move  White -
// Black, Event, Date" in text, an object in NDJSON.
void append_game_line(std::string& out, bool ndjson, std::string_view file,
                      const TreeQueryGame& game, const chess::Position& position);

// The position that --fen or --moves names (both empty: the start), or why not.
std::optional<chess::Position> query_position(const std::string& fen, const std::string& moves,
                                              std::string& error);

}  // namespace pgnkit::commands

// Games as columns, for the faces that hand tables to data tools (the Python face's
// games_table and moves_table): one row per game, or one row per main-line ply, in plain
// arrays that a NumPy array can take over without a Python object per cell.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/games.h"
#include "replay/game_record.h"

namespace pgnkit::commands {

// One row per game. Texts are kept as strings; a missing tag is nullopt.
struct GamesColumns {
  std::vector<std::string> tag_names;  // the tags asked for, in order
  std::vector<std::string> file;
  std::vector<std::uint64_t> game, offset;
  std::vector<std::uint32_t> plies, problems, errors, warnings;
  std::vector<std::string> result, status;
  std::vector<std::optional<std::string>> rules_result, final_fen;
  std::vector<std::vector<std::optional<std::string>>> tags;  // [tag][row]

  explicit GamesColumns(std::vector<std::string> names);
  void add(std::string_view input, const GameValue& game);
  std::size_t rows() const { return game.size(); }
};

// One row per played move of each game's main line. uci and san are fixed-width byte fields
// (kUciWidth and kSanWidth bytes a row, zero-padded: NumPy's "S5" and "S8"); the clock, emt
// and eval columns are NaN where the move has none.
struct MovesColumns {
  static constexpr std::size_t kUciWidth = 5, kSanWidth = 8;
  std::vector<std::uint64_t> game;
  std::vector<std::uint32_t> ply;
  std::string uci, san;
  std::vector<std::uint16_t> token;
  std::vector<double> clock, emt, eval_cp, eval_mate;

  void add(const GameValue& game);
  // The same rows from a record (run_moves: no GameValue), numbered `number`.
  void add(const replay::GameRecord& record, std::uint64_t number);
  // Adds `base` to every row's game number.
  void renumber(std::uint64_t base);
  void clear();
  void reserve(std::size_t rows);
  // Appends `other`'s rows.
  void append(const MovesColumns& other);
  std::size_t rows() const { return game.size(); }
  std::size_t capacity_bytes() const;
};

// run_games for moves_table: each game's played main-line moves straight into columns, a
// chunk's worth at a time, in input order for every thread count (no GameValue is built).
GamesSummary run_moves(
    const GamesOptions& options, Console& console,
    const std::function<void(std::string_view input, MovesColumns& rows)>& on_batch);

}  // namespace pgnkit::commands

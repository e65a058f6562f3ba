// GameData -> RecordBuilder: the visitor calls a PGN reader would make for the same game, so
// the replayer verifies and records it exactly as it does PGN.
//
// Per move: comment_before texts, the SAN (or the UCI when there is no SAN), its NAGs, its
// commands as one comment ("[%eval ...] [%clk ...] [%emt ...]"), its comments, then each
// variation. A move object without a move only carries variations before the first move of
// its line (and comments), as the GameRecord does.
#pragma once

#include <cstdint>
#include <string>

#include "ndjson/game_data.h"
#include "ndjson/lichess.h"
#include "pgn/types.h"
#include "replay/record_builder.h"

namespace pgnkit::ndjson::detail {

class Feeder {
 public:
  Feeder(replay::RecordBuilder& builder, bool comments, bool nags)
      : builder_(builder), comments_(comments), nags_(nags) {}

  // Plays `game` (game number `number`, read from the line starting at `line_start`).
  void play(const GameData& game, std::uint64_t number, pgn::Location line_start,
            std::uint64_t end_offset);

 private:
  pgn::Location at(std::uint32_t column) const;
  void tag(std::string_view name, std::string_view value, std::uint32_t column);
  void line(std::uint32_t first);
  void move(const MoveData& m);
  void variations(const MoveData& m);

  replay::RecordBuilder& builder_;
  bool comments_, nags_;
  const GameData* game_ = nullptr;
  pgn::Location line_start_;
  std::string scratch_;
  BuiltTags built_;
};

}  // namespace pgnkit::ndjson::detail

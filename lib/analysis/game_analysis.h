// One game analysed by one engine: the main line's positions searched in order, the evals
// written into the moves' comments, the marks (?!, ?, ??) and the engine's line after a
// marked move, the accuracy tags and the Annotator tag (docs/analyse.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/uci_engine.h"
#include "replay/game_record.h"

namespace pgnkit::analysis {

struct AnalysisSettings {
  engine::Limit limit;
  std::chrono::milliseconds timeout{60'000};  // per position
  bool force = false;                         // search moves that already carry an eval too
  std::size_t variation_plies = 8;            // the engine's line after a marked move; 0: none
};

struct GameAnalysis {
  bool engine_failed = false;         // crashed or timed out: the game is to be analysed again
  std::string why;                    // for engine_failed
  std::uint64_t positions = 0;        // searched
  std::vector<std::string> warnings;  // "ply 12: ...": positions left without an eval
};

// Analyses `game` in place with `engine` (started). A game that was not replayed (an
// unsupported variant, a bad FEN) is left as it is. When the engine fails the game may be
// half changed: the caller analyses a copy of the original again.
GameAnalysis analyse_game(replay::GameRecord& game, engine::UciEngine& engine,
                          const AnalysisSettings& settings);

// The marks and figures from the evals the game holds, with no engine: NAGs on moves that
// have none of $1-$6, and the accuracy tags. `analyse_game` ends with it.
void mark_and_tag(replay::GameRecord& game);

}  // namespace pgnkit::analysis

// Runs the replayer over PGN text held in memory and keeps what it reports.
#pragma once

#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/replayer.h"

namespace pgnkit::replay::testing {

struct GameSummary {
  GameStatus status;
  std::uint32_t plies;
  std::optional<pgn::Outcome> rules_result;
  std::optional<std::uint32_t> auto_draw_ply, threefold_ply, fifty_ply;
  bool consistent;
  std::string final_fen;
  Laws laws;
};

struct Run : ReplaySink {
  std::vector<Problem> problems;
  std::vector<GameSummary> games;
  void problem(const Problem& p) override { problems.push_back(p); }
  void game_end(const GameReport& r) override;
  // Problems with a given output code.
  std::vector<Problem> with_code(std::string_view code) const {
    std::vector<Problem> out;
    for (const auto& p : problems)
      if (p.code_name() == code) out.push_back(p);
    return out;
  }
  std::size_t errors() const {
    std::size_t n = 0;
    for (const auto& p : problems) n += p.severity == Severity::Error;
    return n;
  }
};

Run replay_text(const std::string& pgn, ReplayOptions opt = {});

// A game with the Seven Tag Roster and the given extra tags, movetext and result.
std::string game(const std::string& movetext, const std::string& result = "*",
                 const std::string& extra_tags = "");

}  // namespace pgnkit::replay::testing

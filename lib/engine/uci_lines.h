// The lines a UCI engine writes that pgnkit reads: "info ... score ... pv ..." and
// "bestmove ...". Pure functions over one line; the engine's process is elsewhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::engine {

// An engine's score, from the side to move's point of view (UCI's convention).
struct Score {
  bool mate = false;
  std::int32_t value = 0;  // centipawns, or moves to mate (negative: the side to move is mated)
  friend bool operator==(const Score&, const Score&) = default;
};

struct InfoLine {
  std::optional<int> depth;
  std::optional<Score> score;
  bool bound = false;  // "lowerbound" / "upperbound": not the search's final word
  int multipv = 1;
  std::vector<std::string> pv;  // UCI moves, as written
  // A field pgnkit reads was there but unreadable ("score cp x", "depth -"): the line is
  // not to be trusted.
  bool malformed = false;
};

// `line` read as an info line; nullopt when it is not one ("info string ..." is one, with
// nothing set).
std::optional<InfoLine> parse_info(std::string_view line);

// The move of a "bestmove" line: empty for "(none)" or "0000" (no legal move), nullopt when
// `line` is not a bestmove line or names no move.
std::optional<std::string> parse_bestmove(std::string_view line);

// The value of "id name NAME" (the rest of the line), nullopt for other lines.
std::optional<std::string> parse_id_name(std::string_view line);

}  // namespace pgnkit::engine

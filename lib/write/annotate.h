// The edits `pgnkit annotate` makes to a replayed game before writing it back.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "replay/game_record.h"

namespace pgnkit::write {

enum class OnError : std::uint8_t {
  Skip,      // drop games with illegal moves
  Truncate,  // keep the legal prefix of each line; result "*", a comment says where and why
  Keep,      // keep the game as written, with a comment at the bad move
};

// The OnError of a name: "skip", "truncate" or "keep"; nullopt for any other.
std::optional<OnError> on_error_named(std::string_view name);

struct AnnotateOptions {
  bool fix_results = false;     // Result tag and marker := the rules' result, where one exists
  bool end_tags = false;        // [PlyCount], [TerminationRule] (when a rule ended it), [FinalFEN]
  bool claim_comments = false;  // comments at the threefold / 50-move claim points and draws
  bool fen_comments = false;    // the FEN after every move, as a comment
  OnError on_error = OnError::Keep;
};

// The tag naming the rule that ended a game (never touches an existing Termination tag).
inline constexpr std::string_view kTerminationRuleTag = "TerminationRule";

// True when the game has an illegal move, a move after its end, could not be replayed, or was
// cut short by a syntax error.
bool has_move_errors(const replay::GameRecord& game);

// Applies the options to `game` in place. Returns false when the game is to be dropped
// (OnError::Skip). Applying the same options to the output again changes nothing.
bool annotate(replay::GameRecord& game, const AnnotateOptions& options);

}  // namespace pgnkit::write

// The evals of a game's main line as its comments hold them (`[%eval ...]`: the canonical
// command comment of write/comment_commands.h, or as other programs write it), written into
// them, and the figures and tags made from them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/accuracy.h"
#include "replay/game_record.h"

namespace pgnkit::analysis {

// An [%eval] command in a comment, read leniently as other programs write it: "0.17", "0.20",
// "+1.5", "-.5", "#3", "#-2", "0.31,18" (a depth after a comma is ignored). `begin` and `end`
// delimit its value in `text`. The canonical comment (write/comment_commands.h) reads this
// way too.
struct EvalCommand {
  Eval eval;
  std::size_t begin = 0, end = 0;
};
std::optional<EvalCommand> find_eval_command(std::string_view text);
// The eval of one comment: its canonical commands' (the fast path), else find_eval_command's.
std::optional<Eval> comment_eval(std::string_view text);

// The eval of a move: the first of its comments, in order, that holds one.
std::optional<Eval> move_eval(const replay::MoveNode& node);
// Sets the move's eval: where the first comment holding one has it (the rest of the comment
// kept; a canonical command comment written canonically again), else into its first comment
// when that is a command comment (the clock kept), else as a new first comment.
void set_move_eval(replay::MoveNode& node, Eval eval);
// The same for the position before a line's first move, in its leading comments.
std::optional<Eval> start_eval(const replay::Line& line);
void set_start_eval(replay::Line& line, Eval eval);

// Whether a game starts from the standard start position, in standard chess (the start that
// counts +0.15 before its first move, and that an engine is sent as "startpos").
bool standard_start(const chess::Position& start, bool chess960);

// How a main line ended, as far as the rules value its last position.
enum class LineEnd : std::uint8_t { Open, Checkmate, Stalemate };
// Sets what the start and the rules say, whatever the comments do: +0.15 before the first move
// of a standard start that has no eval, and after the last move the mate (`to_move` is mated)
// or 0.00 when the line ended in checkmate or stalemate. `evals` as main_line_evals() gives.
void settle_ends(std::vector<std::optional<Eval>>& evals, bool standard, LineEnd end,
                 chess::Color to_move);

// The number of moves of the main line that were played (up to the first that was not).
std::size_t played_plies(const replay::GameRecord& game);

// What the main line's positions are worth, from its comments: [0] the start (its eval, or
// +0.15 for the standard start position, else unknown), [i] after ply i (its eval; after a
// checkmate the mate, after a stalemate 0.0; unknown otherwise). Up to the played plies.
std::vector<std::optional<Eval>> main_line_evals(const replay::GameRecord& game);

// game_figures() of main_line_evals().
GameFigures record_figures(const replay::GameRecord& game);

// The tags the figures give: WhiteAccuracy / BlackAccuracy with one decimal ("87.3"),
// WhiteACPL / BlackACPL rounded to a whole number; a side with no measured move gets none.
// An existing tag of that name is replaced.
void set_figure_tags(replay::GameRecord& game, const GameFigures& figures);
// Sets tag `name` to `value`: the last one of that name is replaced, or a tag is added.
void set_tag(replay::GameRecord& game, std::string_view name, std::string_view value);

// "87.3" and "23" as the tags write them.
std::string accuracy_text(double accuracy);
std::string acpl_text(double acpl);

}  // namespace pgnkit::analysis

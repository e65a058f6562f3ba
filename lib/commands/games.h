// Games as values: every game of the inputs replayed and handed to the caller in input order,
// batch by batch, each an owned value that points into nothing (the Python face's Game and its
// tables). The fields are those of `convert --to ndjson` and `status --format ndjson`
// (docs/formats.md, docs/status.md), so that both faces give the same answer.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/types.h"
#include "commands/console.h"
#include "pipeline/range_input.h"
#include "pipeline/runner.h"
#include "replay/laws.h"
#include "replay/problem.h"

namespace pgnkit::commands {

// One move object of the NDJSON format.
struct GameMove {
  std::string san;      // canonical SAN when played; as written otherwise (empty: no move)
  std::string written;  // as written where that differs from `san` (see as_written); else empty
  chess::Move move;     // Move{} when not played
  bool played = false;
  bool chess960 = false;  // of the game: how uci() writes castling
  std::vector<std::uint32_t> nags;
  std::vector<std::string> comments_before;  // a line's first move: the comments before it
  std::vector<std::string> comments;         // folded, as NDJSON's "comment" / "comments"
  // The [%clk], [%emt] and [%eval] of a first comment that holds only those commands.
  std::optional<std::int64_t> clock_ms, emt_ms;
  std::optional<std::int32_t> eval_cp, eval_mate;  // from White's side; mate < 0: Black mates
  std::vector<std::vector<GameMove>> variations;   // with GamesOptions::variations only

  // The move as written (without "!"/"?" suffixes, which are NAGs).
  std::string_view as_written() const { return written.empty() ? san : written; }
  // The move in UCI ("e2e4", "e7e8q"; in Chess960 castling as king takes rook); empty when
  // not played.
  std::string uci() const;
};

// One game: what convert --to ndjson writes of it, and status --format ndjson's verdicts.
struct GameValue {
  std::string file;          // the input's name (a face may name it otherwise)
  std::uint64_t number = 0;  // 1-based in its input
  std::uint64_t offset = 0;  // byte offset of its first token in the (decompressed) input
  std::uint64_t line = 0;    // and its line
  std::vector<std::pair<std::string, std::string>> tags;  // unique names, file order, last wins
  std::optional<std::string> start_fen;                   // the FEN tag's position, as read
  std::vector<GameMove> moves;                            // the main line
  std::string result;                                     // the Result tag, the marker, or "*"
  std::optional<std::string> final_fen;                   // null when not replayed
  std::string status;                                     // status's column (checkmate, ...)
  std::optional<std::string> rules_result;                // what the rules decide
  std::uint32_t plies = 0;                                // main-line plies replayed
  std::optional<bool> consistent;  // null when not judged (illegal, unsupported, cut)
  std::optional<std::uint32_t> auto_draw_ply, threefold_ply, fifty_ply;
  std::uint32_t errors = 0, warnings = 0;  // every problem, reported or not
  bool chess960 = false;
  std::vector<replay::Problem> problems;  // as reported (at most kMaxReportedProblems each)
};

struct GamesOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  bool variations = false;  // keep and replay variations (GameMove::variations)
  bool comments = true;     // keep comments, clocks and evals
  pipeline::RunOptions run;
  std::optional<pipeline::Shard> shard;  // one input's games in a byte range
  // Set by another thread to end the run early (between chunks, between games).
  const std::atomic<bool>* cancel = nullptr;
};

struct GamesSummary {
  std::uint64_t games = 0;
  bool io_failed = false;  // an input could not be opened or read to its end
  bool cancelled = false;
};

// Called on the calling thread, in input order, with each input's name and the next games of
// it (a chunk's worth); the values may be moved away.
using GameBatchHandler = std::function<void(std::string_view input, std::vector<GameValue>& games)>;

// Reads every game of the inputs. Open and read failures go to console.message(); the
// per-game problems are in each GameValue (nothing is written to the console's out or err).
GamesSummary run_games(const GamesOptions& options, Console& console,
                       const GameBatchHandler& on_batch);

// A move's 16-bit token, from its UCI text: from | to << 6 | promotion << 12, squares a1 = 0
// to h8 = 63, promotion 0 none, 1 knight, 2 bishop, 3 rook, 4 queen (castling as UCI writes
// it: the king's destination, or in Chess960 the rook's square); 0 for no move.
std::uint16_t uci_token(std::string_view uci);

}  // namespace pgnkit::commands

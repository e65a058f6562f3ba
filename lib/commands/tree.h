// `pgnkit tree` as a library call: the opening tree of a database (docs/tree.md). For every
// position of each chosen game's first max_ply main-line plies, the moves played from it with
// their games, results, the movers' average Elo, years and first game. It answers a query
// (the moves from one position, or the games through it) by streaming the files or from a
// saved tree, saves the whole tree (--save), or writes a Polyglot book.
//
//   commands::TreeOptions options;
//   options.inputs = {"games.pgn"};
//   options.moves = "1. e4 c5";
//   commands::MemoryConsole console;  // the table in console.out_text
//   const commands::TreeSummary s = commands::run_tree(options, console);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "commands/select_filters.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

enum class TreeFormat : std::uint8_t {
  Text,      // an aligned table of the position's moves
  Ndjson,    // one JSON object per line: the position, then each move (or game)
  Polyglot,  // a Polyglot opening book (binary; needs an output file)
};

struct TreeOptions {
  std::vector<std::string> inputs;  // PGN files, directories, archives; none: stdin
  FilterFlags filters;              // select's filters choose the games
  std::uint32_t max_ply = 40;       // positions before ply max_ply + 1 (0: every ply)
  std::uint64_t min_games = 1;      // moves played in fewer games are left out
  std::optional<bool> white_moves;  // set: only White's (true) or Black's (false) moves
  // The position asked about: a FEN, or moves from the start ("1. e4 c5 2. Nf3", SAN or
  // UCI). Neither: the start position (or, with save or a book, no query).
  std::string fen, moves;
  bool games = false;  // list the games through the position, not its moves
  std::string save;    // write the whole tree here (a saved tree)
  std::string open;    // answer the query from this saved tree (no inputs)
  TreeFormat format = TreeFormat::Text;
  std::string output = "-";   // the table, the NDJSON or the book ('-': the console)
  double min_score = 0;       // a book: leave out moves scoring below this percent
  bool uniform = false;       // a book: every move of a position weighs the same
  std::string memory = "1G";  // the tree in memory: past it, sorted runs spill to temp_dir
  std::string temp_dir = "/tmp";
  pipeline::RunOptions run;
};

struct TreeSummary {
  std::uint64_t games = 0;           // games read
  std::uint64_t counted = 0;         // of them, in the tree (chosen, replayed, with a result)
  std::uint64_t entries = 0;         // (position, move) entries saved or made into the book
  std::uint64_t position_games = 0;  // games through the asked position
  std::size_t peak_bytes = 0;        // the most the tree held in memory
  std::size_t runs = 0;              // sorted runs spilled
  bool ran = false;                  // false: a usage error, nothing read
  bool io_failed = false;
  int exit_status = kExitOk;  // 0, or 2 (usage, I/O); see exit_status.h
  pipeline::RunStats run;
};

// Runs tree. Usage errors (a bad FEN or move list, --open with inputs, a book to the
// console, a bad --memory) are messages via console.command_message("tree", ...), status 2.
// `output_failed` (when set) is asked at the end whether the caller's output failed ("-").
TreeSummary run_tree(const TreeOptions& options, Console& console,
                     const std::function<bool()>& output_failed = {});

// The files a saved tree was built from, in order, for select --tree without files: each
// input's name, an archive member's archive once. Empty, with error set, when the tree
// cannot be opened.
std::vector<std::string> tree_input_files(const std::string& tree_path, std::string& error);

// The summary line of the command line: "G games, C in the tree; ...".
std::string tree_summary_text(const TreeSummary& s);

}  // namespace pgnkit::commands

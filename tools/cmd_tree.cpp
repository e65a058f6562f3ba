// pgnkit tree: the flags into commands::TreeOptions, the run (lib/commands/tree.h), the
// summary line on stderr.
#include <cstdio>
#include <memory>
#include <string>

#include "commands.h"
#include "commands/tree.h"
#include "progress.h"
#include "select_options.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct TreeArgs {
  commands::TreeOptions options;
  std::string format = "text";
  std::string color = "both";
  unsigned threads = 0;
  bool quiet = false;
  ProgressMode progress = ProgressMode::Auto;
};

int run_tree(TreeArgs args) {
  commands::TreeOptions& options = args.options;
  options.format = args.format == "ndjson"     ? commands::TreeFormat::Ndjson
                   : args.format == "polyglot" ? commands::TreeFormat::Polyglot
                                               : commands::TreeFormat::Text;
  if (args.color != "both") options.white_moves = args.color == "white";
  if (const char* tmp = std::getenv("TMPDIR"); tmp != nullptr && *tmp != '\0')
    options.temp_dir = tmp;
  Progress progress(args.progress, input_bytes(options.inputs));
  options.run = run_options(args.threads, &progress);
  TerminalConsole console(nullptr, &progress);
  const commands::TreeSummary summary = commands::run_tree(options, console, [&] {
    progress.finish();
    return options.output == "-" && !stdout_ok_or_report();
  });
  if (summary.ran && !args.quiet)
    std::fprintf(stderr, "%s\n", commands::tree_summary_text(summary).c_str());
  return summary.exit_status;
}

}  // namespace

void register_tree(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<TreeArgs>();
  commands::TreeOptions* const o = &args->options;
  CLI::App* cmd = app.add_subcommand(
      "tree",
      "Opening tree: the moves played from a position, with games, scores and Elo; "
      "saved trees and Polyglot books.");
  cmd->add_option("files", o->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option("--fen", o->fen, "The position to show (default: the start position)");
  cmd->add_option("--moves", o->moves,
                  "The position after these moves, e.g. \"1. e4 c5 2. Nf3\" (SAN or UCI; from "
                  "--fen when given)");
  cmd->add_flag("--games", o->games,
                "List the games through the position (file:game, result, move, players) "
                "instead of its moves");
  cmd->add_option("--max-ply", o->max_ply,
                  "Positions of the first N plies of each main line (0: every ply)")
      ->capture_default_str();
  cmd->add_option("--min-games", o->min_games, "Leave out moves played in fewer games")
      ->capture_default_str();
  cmd->add_option("--color", args->color, "Keep only this side's moves: white, black or both")
      ->check(CLI::IsMember({"white", "black", "both"}))
      ->capture_default_str();
  cmd->add_option("--format", args->format,
                  "text (a table), ndjson (one object per line) or polyglot (a book, with -o)")
      ->check(CLI::IsMember({"text", "ndjson", "polyglot"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", o->output, "Output file ('-' = stdout)");
  cmd->add_option("--save", o->save,
                  "Build the whole tree and save it to FILE, for --open queries");
  cmd->add_option("--open", o->open, "Answer from a tree saved with --save (no input files)");
  cmd->add_option("--min-score", o->min_score,
                  "A book: leave out moves whose mover scored under this percentage");
  cmd->add_flag("--uniform", o->uniform, "A book: every kept move of a position weighs the same");
  cmd->add_option("--memory", o->memory,
                  "The tree in memory while building; past it, sorted runs spill to $TMPDIR "
                  "(e.g. 512M, 4G)")
      ->capture_default_str();
  cmd->add_flag("-q,--quiet", args->quiet, "No summary line on stderr");
  add_filter_options(*cmd, o->filters, false);
  add_threads_option(cmd, args->threads);
  add_progress_options(cmd, args->progress);
  cmd->footer(
      "Each chosen game (select's filters; games with a result 1-0, 0-1 or 1/2-1/2) counts once\n"
      "at each position of its first --max-ply main-line plies, with the move it played there\n"
      "first. Score is the mover's: (wins + draws/2) / games. Elo is the mover's average where\n"
      "the tags give one. The first game is the first in input order, the same for every -j.\n"
      "Examples:\n"
      "  pgnkit tree games.pgn                               the start position's moves\n"
      "  pgnkit tree --moves \"1. e4 c5 2. Nf3\" --min-games 5 games.pgn.zst\n"
      "  pgnkit tree --fen \"FEN\" --format ndjson --player Carlsen games/\n"
      "  pgnkit tree --moves \"1. d4 Nf6\" --games games.pgn     the games through it\n"
      "  pgnkit tree --save db.tree games.pgn.zst; pgnkit tree --open db.tree --moves \"1. e4\"\n"
      "  pgnkit tree --format polyglot -o book.bin --min-games 3 --max-ply 20 games.pgn\n"
      "Exit status: 0 done, 2 usage or I/O error. See docs/tree.md.");
  cmd->callback([args, &exit_code] { exit_code = run_tree(*args); });
}

}  // namespace pgnkit::tools

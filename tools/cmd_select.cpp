// pgnkit select: the flags into commands::SelectOptions, the run (lib/commands/select.h) into
// the -o file or stdout, the --summary-format ndjson object on stderr.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "commands/output_file.h"
#include "commands/select.h"
#include "commands/tree.h"
#include "input.h"
#include "io/sink.h"
#include "progress.h"
#include "select_options.h"
#include "shard.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct SelectFlags {
  commands::SelectOptions options;
  commands::FilterFlags filters;
  std::string output = "-";
  ShardArgs shard;  // --range, --base-game, --base-line, --base-id, --summary-format: shard.h
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

// "pgnkit select: <line>" on stderr (a usage error found before the output is opened).
void usage(const std::string& line) {
  std::fprintf(stderr, "pgnkit select: %s\n", line.c_str());
}

int run_select(SelectFlags flags) {
  commands::SelectOptions& options = flags.options;
  if (const auto why = commands::parse_filters(flags.filters, options.filters)) {
    usage(*why);
    return kExitUsage;
  }
  if (options.inputs.empty() && !flags.filters.tree.empty()) {  // the games the tree was made of
    std::string error;
    options.inputs = commands::tree_input_files(flags.filters.tree, error);
  }
  if (!options.count) {  // opening the output would truncate the input
    if (const auto why = commands::output_clobbers_input(flags.output, options.inputs)) {
      usage(*why);
      return kExitUsage;
    }
  }
  io::IoError err;
  std::optional<io::OutputSink> out;
  if (!options.count) {
    out = io::OutputSink::open(flags.output, &err);
    if (!out) {
      report(io::describe(err, flags.output));
      return kExitUsage;
    }
  }
  if (flags.shard.ranged()) options.shard = flags.shard.shard();
  Progress progress(flags.progress, input_bytes(options.inputs));
  options.run = run_options(flags.threads, &progress);
  TerminalConsole console(out ? &*out : nullptr, &progress);
  const commands::SelectSummary summary =
      commands::run_select(options, console, [&](const commands::SelectSummary& s) {
        maybe_print_pipeline_stats(s.run, s.used, options.shard.has_value());
        progress.finish();
      });
  // For a driver that adds shards up (pgnkit-dask): the exit status follows `selected`.
  if (flags.shard.ndjson_summary())
    std::fprintf(stderr, "%s\n", commands::select_summary_ndjson(summary).c_str());
  bool failed = false;
  if (out) {
    failed |= !out->finish();
    if (out->error()) {
      report(io::describe(*out->error(), out->name()));
      failed = true;
    }
  }
  return failed ? kExitUsage : summary.exit_status;
}

}  // namespace

void register_select(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<SelectFlags>();
  commands::SelectOptions* const args = &flags->options;
  CLI::App* cmd = app.add_subcommand(
      "select", "Write the games that pass every filter, byte for byte (like grep for games).");
  cmd->add_option("files", args->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option(
      "-o,--output", flags->output,
      "Output file ('-' = stdout); a name ending in .gz, .bz2, .xz or .zst is compressed");
  add_filter_options(*cmd, flags->filters);
  cmd->add_flag("--count", args->count, "Print the number of selected games only");
  cmd->add_option("--limit", args->limit, "Stop after N selected games (after --skip)");
  cmd->add_option("--skip", args->skip, "Leave out the first N selected games");
  cmd->add_option("--to", args->to,
                  "Write the selected games as `pgnkit convert --to FORMAT` does (pgn, ndjson, "
                  "uci, lan, fen, epd, csv) instead of their original text")
      ->check(CLI::IsMember({"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}));
  cmd->add_flag("--verbose", args->verbose,
                "Replay every game and print its syntax and move problems to stderr");
  cmd->add_flag("--no-header", args->no_header, "--to csv: no header row (a later shard)");
  add_threads_option(cmd, flags->threads);
  add_progress_options(cmd, flags->progress);
  add_shard_options(cmd, flags->shard, true, true);
  cmd->footer(
      "Filters of different kinds must all pass; a filter given again ORs its values\n"
      "(--player Carlsen --player Nakamura); --tag filters are one kind per tag name.\n"
      "Output: each selected game exactly as in the input, from its first token through the\n"
      "line of its result, then a blank line (docs/select.md).\n"
      "Examples:\n"
      "  pgnkit select --player Carlsen --result 1-0 games.pgn.zst -o carlsen_wins.pgn\n"
      "  pgnkit select --tag 'WhiteElo>=2500' --tag 'BlackElo>=2500' --date 2020..2020 db.pgn\n"
      "  pgnkit select --ends stalemate --count games.pgn\n"
      "  pgnkit select --fen 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' "
      "db.pgn\n"
      "  pgnkit select --material KRP:KR --to fen db.pgn\n"
      "  pgnkit select --position-pattern '*/*/*/*/*/*/5PPP/6K1 w' db.pgn   (like pgn-extract "
      "-Tf)\n"
      "  pgnkit select --imbalance QvRR --imbalance-plies 2 db.pgn\n"
      "  pgnkit select --tree db.tree --fen 'FEN'   (the games a saved tree lists: no replay)\n"
      "  pgnkit select --eco C20-C99 --eco-classify db.pgn   (by the moves, not the ECO tag)\n"
      "  pgnkit select --player Carlsen --range 0:26048332 db.pgn   (a shard of `pgnkit index`)\n"
      "  pgnkit select -j 8 --tag 'WhiteElo>=2500' --limit 100 db.pgn.zst   (same bytes as -j 1)\n"
      "-j/--threads: every filter, --to, --skip and --limit on N threads, the output that of one\n"
      "thread (--range reads its shard on one). Default: every core when a play filter, --to or\n"
      "--verbose replays games; one thread for tag filters alone (faster than the pipeline).\n"
      "Exit status (as grep): 0 a game was selected, 1 none, 2 usage or I/O error (also a\n"
      "regex that hit its match limit, or a selected game over 32 MiB). See docs/select.md.");
  cmd->callback([flags, &exit_code] { exit_code = run_select(*flags); });
}

}  // namespace pgnkit::tools

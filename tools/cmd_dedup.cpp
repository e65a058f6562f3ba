// pgnkit dedup: the flags into commands::DedupOptions, the run (lib/commands/dedup.h), the
// summary line on stderr.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "commands/dedup.h"
#include "progress.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct DedupArgs {
  commands::DedupOptions options;
  std::string same_tags;  // "White,Black,Date"
  std::string keep = "first";
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> names;
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    if (comma > from) names.push_back(list.substr(from, comma - from));
    from = comma + 1;
  }
  return names;
}

int run_dedup(DedupArgs args) {
  commands::DedupOptions& options = args.options;
  options.same_tags = split_commas(args.same_tags);
  options.keep = args.keep == "longest" ? commands::DedupKeep::Longest : commands::DedupKeep::First;
  const bool two_passes = options.prefix && options.keep == commands::DedupKeep::Longest;
  Progress progress(args.progress, input_bytes(options.inputs) * (two_passes ? 2 : 1));
  options.run = run_options(args.threads, &progress);
  TerminalConsole console(nullptr, &progress);
  const commands::DedupSummary summary =
      commands::run_dedup(options, console, [&progress, &options] {
        progress.finish();
        return options.output == "-" && !stdout_ok_or_report();
      });
  if (!summary.ran) return summary.exit_status;
  if (summary.learning_run) maybe_print_pipeline_stats(*summary.learning_run, summary.used, false);
  maybe_print_pipeline_stats(summary.run, summary.used, false);
  std::fprintf(stderr, "%s\n", commands::dedup_summary_text(summary).c_str());
  return summary.exit_status;
}

}  // namespace

void register_dedup(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<DedupArgs>();
  commands::DedupOptions* const options = &args->options;
  CLI::App* cmd = app.add_subcommand(
      "dedup", "Drop repeated games: the same start position and main-line moves.");
  cmd->add_option(
      "files", options->inputs,
      "PGN files or directories (plain, gzip, bzip2, xz, zstd, zip, tar), compared across in "
      "this order; '-' or "
      "none for stdin");
  cmd->add_option(
      "-o,--output", options->output,
      "Output file ('-' = stdout); a name ending in .gz, .bz2, .xz or .zst is compressed");
  cmd->add_option("--report", options->report,
                  "Write NDJSON, one line per dropped game: its file, game, offset and the kept "
                  "game's");
  cmd->add_option("--same-tags", args->same_tags,
                  "Also require equal values of these tags, e.g. White,Black,Date");
  cmd->add_flag("--prefix", options->prefix,
                "Also count a game whose moves are a prefix of another's as a duplicate");
  cmd->add_option("--keep", args->keep,
                  "With --prefix: which of the two survives: first (in input order) or longest")
      ->check(CLI::IsMember({"first", "longest"}));
  cmd->add_option("--max-memory", options->max_memory,
                  "Stop with an error (exit 2) before the tables pass SIZE (e.g. 512M, 8G)");
  add_threads_option(cmd, args->threads);
  add_progress_options(cmd, args->progress);
  cmd->footer(
      "Two games are the same when they start from the same position (its repetition key) and\n"
      "play the same main-line moves; variations, comments, NAGs, clocks and tags do not count.\n"
      "Games without moves, with move errors or of unsupported variants are never dropped.\n"
      "Kept games are written exactly as they were in the input, each followed by a blank line,\n"
      "  byte for byte as pgnkit select writes them.\n"
      "Examples:\n"
      "  pgnkit dedup merged.pgn -o unique.pgn\n"
      "  pgnkit dedup a.pgn b.pgn.zst --report dropped.ndjson -o unique.pgn.zst\n"
      "  pgnkit dedup --same-tags White,Black,Date --prefix --keep longest db.pgn -o clean.pgn\n"
      "  pgnkit dedup -j 8 a.pgn.zst b.pgn.zst -o unique.pgn   (same bytes as -j 1)\n"
      "-j/--threads: games are read, replayed and keyed on N threads; which stays is decided\n"
      "in input order, as with one thread.\n"
      "Exit status: 0 done, 1 done but some games had move errors (kept), 2 usage, I/O error or\n"
      "--max-memory exceeded. See docs/dedup.md.");
  cmd->callback([args, &exit_code] { exit_code = run_dedup(*args); });
}

}  // namespace pgnkit::tools

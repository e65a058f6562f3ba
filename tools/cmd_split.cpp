// pgnkit split: the flags into commands::SplitOptions, the run (lib/commands/split.h), the
// summary line on stderr.
#include <cstdio>
#include <memory>
#include <string>

#include "commands.h"
#include "commands/split.h"
#include "progress.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct SplitArgs {
  commands::SplitOptions options;
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

int run_split(SplitArgs args) {
  commands::SplitOptions& options = args.options;
  Progress progress(args.progress, input_bytes(options.inputs));
  options.run = run_options(args.threads, &progress);
  TerminalConsole console(nullptr, &progress);
  const commands::SplitSummary summary =
      commands::run_split(options, console, [&progress] { progress.finish(); });
  if (!summary.ran) return summary.exit_status;
  maybe_print_pipeline_stats(summary.run, summary.used, false);
  std::fprintf(stderr, "%s\n", commands::split_summary_text(summary).c_str());
  return summary.exit_status;
}

}  // namespace

void register_split(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SplitArgs>();
  commands::SplitOptions* const options = &args->options;
  CLI::App* cmd = app.add_subcommand(
      "split", "Cut games into files of N games, of at most SIZE bytes, or one per tag value.");
  cmd->add_option("files", options->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option("-o,--output", options->pattern,
                  "File name pattern: one %d or %0Nd (the piece number, from 1), or {TAG} with "
                  "--by TAG; a name ending in .gz, .bz2, .xz or .zst is compressed")
      ->required();
  cmd->add_option("--games", options->games, "N games per file")->check(CLI::PositiveNumber);
  cmd->add_option("--bytes", options->bytes,
                  "At most SIZE bytes per file (K, M, G: 1024-based), never cutting a game; a "
                  "longer game gets a file of its own");
  cmd->add_option("--by", options->by, "One file per distinct value of tag TAG");
  cmd->add_flag("--force", options->force, "Overwrite existing files");
  add_threads_option(cmd, args->threads);
  cmd->get_option("--threads")
      ->description("Worker threads (default 1, see below); the files are the same for every N");
  add_progress_options(cmd, args->progress);
  cmd->footer(
      "Each game is written byte for byte as `pgnkit select` writes it; concatenating the\n"
      "numbered pieces in order gives the `select` output of all games. --by names files from\n"
      "the value: bytes other than A-Z a-z 0-9 . _ - become _, a missing tag is _missing, an\n"
      "empty value _empty; a second value with the same name gets ~2, ~3, ...\n"
      "Every file is written under a temporary name and renamed when complete.\n"
      "Examples:\n"
      "  pgnkit split --games 1000 games.pgn.zst -o 'out/part-%04d.pgn'\n"
      "  pgnkit split --bytes 10M games.pgn -o 'out/part-%d.pgn.zst'\n"
      "  pgnkit split --by Event games.pgn -o 'out/{Event}.pgn'\n"
      "  pgnkit split -j 4 --by Site db.pgn.zst -o 'out/{Site}.pgn.zst'   (same files as -j 1)\n"
      "-j/--threads: the games and their tags are found on N threads; which file each goes to\n"
      "is decided in input order, as with one thread. Default: one thread (split only reads\n"
      "tags and copies bytes, which one thread does faster than the pipeline).\n"
      "Exit status: 0 done, 2 usage or I/O error, an existing file without --force, or a game\n"
      "over 32 MiB (not written). See docs/split.md.");
  cmd->callback([args, &exit_code] { exit_code = run_split(*args); });
}

}  // namespace pgnkit::tools

// pgnkit annotate: the flags into commands::AnnotateOptions, the ECO book, the run
// (lib/commands/annotate.h), the summary line on stderr.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "commands/annotate.h"
#include "eco_option.h"
#include "io/sink.h"
#include "laws_option.h"
#include "shard.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct AnnotateFlags {
  commands::AnnotateOptions options;
  EcoArgs eco;
  unsigned threads = 0;
  ShardArgs shard;  // --range, --base-game, --base-line, --summary-format: shard.h
};

int run_annotate(AnnotateFlags flags) {
  commands::AnnotateOptions& options = flags.options;
  // The book first: a bad ECO file is told before any other usage error.
  std::optional<eco::Book> book;
  if (flags.eco.wanted() && !(book = load_eco_book(flags.eco, "annotate"))) return kExitUsage;
  options.eco = book ? &*book : nullptr;
  options.eco_keep = flags.eco.keep;
  if (flags.shard.ranged()) options.shard = flags.shard.shard();
  options.run = run_options(flags.threads, nullptr);
  // stdout through an OutputSink, as a file: the same buffering and the same write error.
  std::optional<io::OutputSink> out;
  if (options.output == "-" && !options.in_place) out = io::OutputSink::open("-");
  TerminalConsole console(out ? &*out : nullptr);
  const commands::AnnotateSummary summary = commands::run_annotate(
      options, console, [&out, &console] { return stdout_sink_failed(out, console); },
      [&options](const pipeline::RunStats& stats, const pipeline::Settings& used) {
        maybe_print_pipeline_stats(stats, used, options.shard.has_value());
      });
  if (summary.ran) {
    // The totals a driver adds up over shards (pgnkit-dask); in place, always the text line.
    const std::string line = flags.shard.ndjson_summary() && !summary.in_place
                                 ? commands::annotate_summary_ndjson(summary)
                                 : commands::annotate_summary_text(summary);
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  return summary.exit_status;
}

}  // namespace

void register_annotate(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<AnnotateFlags>();
  commands::AnnotateOptions* const args = &flags->options;
  CLI::App* cmd = app.add_subcommand(
      "annotate", "Write games back as export-format PGN, adding what the rules found.");
  cmd->add_option("files", args->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option(
      "-o,--output", args->output,
      "Output file ('-' = stdout); a name ending in .gz, .bz2, .xz or .zst is compressed");
  cmd->add_flag("--in-place", args->in_place,
                "Rewrite each input file (via a temporary file renamed over it only on success)");
  cmd->add_flag(
      "--fix-results", args->fix_results,
      "Set Result and the termination marker to the rules' result where a rule ended the game");
  cmd->add_flag("--end-tags", args->end_tags,
                "Add [PlyCount], [TerminationRule] (the rule that ended the game) and [FinalFEN]");
  cmd->add_flag("--claim-comments", args->claim_comments,
                "Comment where threefold repetition / the 50-move rule became claimable, and "
                "automatic draws");
  cmd->add_flag("--fen-comments", args->fen_comments, "Add the FEN after every move as a comment");
  cmd->add_flag("--accuracy", args->accuracy,
                "Add WhiteAccuracy, BlackAccuracy, WhiteACPL and BlackACPL tags from the "
                "[%eval]s the moves carry (no engine; docs/analyse.md)");
  cmd->add_option("--on-error", args->on_error,
                  "Games with illegal moves: skip (drop), truncate (legal prefix, result *), keep "
                  "(as written, "
                  "with a comment at the bad move)")
      ->check(CLI::IsMember({"skip", "truncate", "keep"}));
  add_eco_options(*cmd, flags->eco, true);
  cmd->add_option("--line-length", args->line_length,
                  "Wrap movetext at N characters (a [%...] comment command is never broken)")
      ->check(CLI::Range(20, 100000));
  add_laws_option(*cmd, args->laws);
  add_threads_option(cmd, flags->threads);
  add_shard_options(cmd, flags->shard, true);
  cmd->footer(
      "Output is export-format PGN: Seven Tag Roster first, canonical SAN, lines of at most 80\n"
      "characters (only a [%...] command that cannot fit runs longer: commands are never\n"
      "broken); comments, NAGs and variations are kept. Annotating twice gives the same "
      "output.\n"
      "Examples:\n"
      "  pgnkit annotate --fix-results --end-tags games.pgn -o fixed.pgn\n"
      "  pgnkit annotate --claim-comments --on-error truncate games.pgn.zst -o clean.pgn.zst\n"
      "  pgnkit annotate --in-place --fix-results archive.pgn\n"
      "  pgnkit annotate --eco games.pgn -o classified.pgn   (ECO, Opening, Variation tags)\n"
      "  pgnkit annotate --accuracy lichess.pgn -o figures.pgn   (accuracy from its evals)\n"
      "  pgnkit annotate -j 8 --end-tags big.pgn.zst -o annotated.pgn   (same bytes as -j 1)\n"
      "  pgnkit annotate --range 0:26048332 games.pgn   (a shard of `pgnkit index`)\n"
      "Exit status: 0 written, 1 some games had move errors (handled per --on-error), 2 usage\n"
      "or I/O error (with --in-place the original is then left unchanged). See docs/annotate.md.");
  cmd->callback([flags, &exit_code] { exit_code = run_annotate(*flags); });
}

}  // namespace pgnkit::tools

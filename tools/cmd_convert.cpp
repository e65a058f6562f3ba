// pgnkit convert: the flags into commands::ConvertOptions, the run (lib/commands/convert.h),
// the summary line on stderr.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands.h"
#include "commands/convert.h"
#include "io/sink.h"
#include "laws_option.h"
#include "shard.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct ConvertFlags {
  commands::ConvertOptions options;
  unsigned threads = 0;
  ShardArgs shard;  // --range, --base-game, --base-line, --base-id, --summary-format: shard.h
};

int run_convert(ConvertFlags flags, std::vector<std::string> given) {
  commands::ConvertOptions& options = flags.options;
  options.given = std::move(given);
  if (flags.shard.ranged()) options.shard = flags.shard.shard();
  options.run = run_options(flags.threads, nullptr);
  // stdout through an OutputSink, as a file: the same buffering and the same write error.
  std::optional<io::OutputSink> out;
  if (options.output == "-") out = io::OutputSink::open("-");
  TerminalConsole console(out ? &*out : nullptr);
  const commands::ConvertSummary summary = commands::run_convert(
      options, console, [&out, &console] { return stdout_sink_failed(out, console); },
      [&options](const pipeline::RunStats& stats, const pipeline::Settings& used) {
        maybe_print_pipeline_stats(stats, used, options.shard.has_value());
      });
  if (summary.ran) {
    // The totals a driver adds up over shards (pgnkit-dask): one object on the last line.
    const std::string line = flags.shard.ndjson_summary()
                                 ? commands::convert_summary_ndjson(summary)
                                 : commands::convert_summary_text(summary);
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  return summary.exit_status;
}

}  // namespace

void register_convert(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<ConvertFlags>();
  commands::ConvertOptions* const args = &flags->options;
  CLI::App* cmd = app.add_subcommand(
      "convert", "Convert games between PGN, NDJSON, UCI, LAN, FEN, EPD and CSV.");
  cmd->add_option("files", args->inputs,
                  "Input files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option("--to", args->to, "Output format")
      ->required()
      ->check(CLI::IsMember({"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}));
  cmd->add_option("--from", args->from,
                  "Input format: pgn (default) or ndjson (pgnkit's or lichess's)")
      ->check(CLI::IsMember({"pgn", "ndjson"}));
  cmd->add_option(
      "-o,--output", args->output,
      "Output file ('-' = stdout); a name ending in .gz, .bz2, .xz or .zst is compressed");
  cmd->add_option("--on-error", args->on_error,
                  "Games with illegal moves: skip (drop), truncate (legal prefix, result *), keep "
                  "(as written, with a comment at the bad move)")
      ->check(CLI::IsMember({"skip", "truncate", "keep"}));
  cmd->add_option("--line-length", args->line_length,
                  "pgn: wrap movetext at N characters (a [%...] comment command is never broken)")
      ->check(CLI::Range(20, 100000));
  cmd->add_flag("--no-comments", args->no_comments, "pgn: leave out comments");
  cmd->add_flag("--no-nags", args->no_nags, "pgn: leave out NAGs");
  cmd->add_flag("--no-variations", args->no_variations, "pgn: leave out variations");
  cmd->add_option("--tags", args->tags, "pgn: which tags to write")
      ->check(CLI::IsMember({"all", "seven", "none"}));
  cmd->add_flag("--moves-only", args->moves_only,
                "ndjson: compact \"san\" and \"uci\" arrays instead of move objects");
  cmd->add_flag("--include-start", args->include_start,
                "fen, epd: also the position before the first move");
  cmd->add_option("--columns", args->columns, "csv: extra tag columns, e.g. WhiteElo,ECO")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_flag("--no-header", args->no_header,
                "csv: no header row (a later shard, or rows appended to a table)");
  add_laws_option(*cmd, args->laws);
  add_threads_option(cmd, flags->threads);
  add_shard_options(cmd, flags->shard, true, true);
  cmd->footer(
      "Formats: pgn (export format), ndjson (one JSON object per game, docs/formats.md), uci and\n"
      "lan (one line of moves per game), fen and epd (one line per position), csv (one row per\n"
      "game). --from ndjson reads pgnkit's NDJSON and lichess's game export.\n"
      "Examples:\n"
      "  pgnkit convert --to ndjson games.pgn -o games.ndjson.zst\n"
      "  pgnkit convert --to pgn twic1590g.zip -o twic1590.pgn.gz\n"
      "  pgnkit convert --from ndjson --to pgn lichess_export.ndjson -o games.pgn\n"
      "  pgnkit convert --to uci --on-error truncate games.pgn.zst\n"
      "  pgnkit convert --to csv --columns WhiteElo,BlackElo,ECO games.pgn\n"
      "  pgnkit convert -j 8 --to ndjson games.pgn.zst -o games.ndjson   (same bytes as -j 1)\n"
      "  pgnkit convert --to ndjson --range 26048332:52095842 --base-game 37375 --base-line "
      "827650 games.pgn\n"
      "    (one shard of `pgnkit index`; the shards concatenate to the whole output)\n"
      "  pgnkit convert --from ndjson --to pgn --range 505248:1007752 --base-game 216 "
      "--base-line 216 games.ndjson\n"
      "    (a shard of `pgnkit index --from ndjson`: the lines that start in the range)\n"
      "-j/--threads: every --to, and --from ndjson (split at line feeds), on N threads.\n"
      "Exit status: 0 converted, 1 some games had move errors or some NDJSON lines were bad\n"
      "(the rest is converted), 2 usage or I/O error. See docs/convert.md.");
  cmd->callback([flags, cmd, &exit_code] {
    std::vector<std::string> given;
    for (const CLI::Option* o : cmd->get_options())
      if (o->count() > 0) given.push_back(o->get_name());
    exit_code = run_convert(*flags, std::move(given));
  });
}

}  // namespace pgnkit::tools

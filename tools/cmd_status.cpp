// pgnkit status: the flags into commands::StatusOptions (lib/commands/status.h), and the run.
#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "commands/status.h"
#include "eco_option.h"
#include "input.h"
#include "laws_option.h"
#include "shard.h"
#include "stdout_write.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct StatusFlags {
  commands::StatusOptions options;
  EcoArgs eco;
  unsigned threads = 0;
  ShardArgs shard;
};

int run_status(StatusFlags flags) {
  std::optional<eco::Book> book;
  if (flags.eco.wanted() && !(book = load_eco_book(flags.eco, "status"))) return kExitUsage;
  commands::StatusOptions& options = flags.options;
  options.eco = book ? &*book : nullptr;
  if (flags.shard.ranged()) options.shard = flags.shard.shard();
  options.run = run_options(flags.threads, nullptr);
  TerminalConsole console;
  const commands::StatusSummary summary =
      commands::run_status(options, console, [] { return !stdout_ok_or_report(); });
  maybe_print_pipeline_stats(summary.run, summary.used, options.shard.has_value());
  return summary.exit_status;
}

}  // namespace

void register_status(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<StatusFlags>();
  commands::StatusOptions* const args = &flags->options;
  CLI::App* cmd = app.add_subcommand(
      "status", "How each game ended under FIDE rules, and whether its result is consistent.");
  cmd->add_option("files", args->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option("--format", args->format, "text (aligned table), csv (header row) or ndjson")
      ->check(CLI::IsMember({"text", "csv", "ndjson"}));
  cmd->add_flag("--summary", args->summary, "Print only counts by status and by consistency");
  cmd->add_flag("--no-variations", args->no_variations, "Do not replay variations (faster)");
  add_eco_options(*cmd, flags->eco, false);
  cmd->add_flag("--accuracy", args->accuracy,
                "Add each side's accuracy and ACPL from the [%eval]s of the main line (no "
                "engine; docs/analyse.md)");
  add_laws_option(*cmd, args->laws);
  cmd->add_flag("--no-header", args->no_header,
                "No header row (csv) or heading line (text): for appending, or a later shard");
  add_threads_option(cmd, flags->threads);
  add_shard_options(cmd, flags->shard, false);
  cmd->footer(
      "Fields (ndjson/csv): file, game, white, black, result_tag, plies, status, result,\n"
      "  auto_draw_ply, threefold_ply, fifty_ply, final_fen, consistent, problems, laws\n"
      "  (the edition of the FIDE Laws that judged the game: current or pre-2014);\n"
      "  with --accuracy also white_accuracy, black_accuracy, white_acpl, black_acpl\n"
      "  (docs/analyse.md); with --eco also eco, opening (docs/eco.md).\n"
      "status: checkmate, stalemate, insufficient_material, fivefold_repetition,\n"
      "  seventy_five_move_rule, ongoing, illegal, unsupported_variant.\n"
      "Examples:\n"
      "  pgnkit status data/sample.pgn\n"
      "  pgnkit status --format ndjson games.pgn.zst | jq 'select(.consistent == false)'\n"
      "  pgnkit status --summary --format ndjson games.pgn\n"
      "  pgnkit status --eco --format csv games.pgn\n"
      "  pgnkit status --accuracy --format csv lichess.pgn   (from the evals the file holds)\n"
      "  pgnkit status -j 8 --format csv games.pgn.zst > status.csv\n"
      "Exit status: 0 every judged game consistent, 1 an inconsistent or illegal game, 2 usage or\n"
      "I/O error. See docs/status.md.");
  cmd->callback([flags, &exit_code] { exit_code = run_status(*flags); });
}

}  // namespace pgnkit::tools

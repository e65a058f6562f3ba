// pgnkit select: writes the games that pass every filter, byte for byte (docs/select.md).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "commands/select_convert.h"
#include "io/sink.h"
#include "progress.h"
#include "select/selector.h"
#include "select_job.h"
#include "select_options.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

int run_select(const SelectArgs& args) {
  select::SelectOptions options;
  if (!build_filters(args.filters, options, "select")) return kExitUsage;
  options.diagnose = args.verbose;
  options.keep_bytes = !args.count && args.to.empty();
  if (!args.count && args.output != "-") {  // opening the output would truncate the input
    for (const std::string& in : args.files) {
      std::error_code ec;
      if (in != "-" && std::filesystem::equivalent(in, args.output, ec)) {
        std::fprintf(stderr, "pgnkit select: %s is both an input and the output\n", in.c_str());
        return kExitUsage;
      }
    }
  }
  io::IoError err;
  std::optional<io::OutputSink> out;
  if (!args.count) {
    out = io::OutputSink::open(args.output, &err);
    if (!out) {
      std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, args.output).c_str());
      return kExitUsage;
    }
  }
  if (!args.to.empty() && out && !args.no_header) {
    std::string header;
    commands::SelectConverter::header(args.to, header);
    out->write(header);
  }
  const SelectJob job(args, options);
  pipeline::RunStats run;
  if (args.shard.ranged() && (args.files.size() != 1 || args.files.front() == "-")) {
    std::fprintf(stderr, "pgnkit select: --range reads one input file\n");
    run.io_failed = true;
  } else {
    // Tag filters alone, written as read: a game costs less than the pipeline's own copy of
    // its bytes (one thread reads them at over 1 GB/s), so the default is one thread.
    const bool tags_only = options.play.empty() && !options.diagnose && args.to.empty();
    const unsigned threads = args.threads == 0 && tags_only ? 1 : args.threads;
    Progress progress(args.progress, input_bytes(args.files));
    run = run_job(args.files, threads, job, out ? &*out : nullptr, &progress, &args.shard);
    progress.finish();
  }
  bool failed = run.io_failed;
  const SelectTotals totals = SelectTotals::from(run.totals);
  const std::uint64_t written = job.written(run.totals);
  if (args.count) std::printf("%llu\n", static_cast<unsigned long long>(written));
  if (args.shard.ndjson_summary()) {
    // For a driver that adds shards up (pgnkit-dask): the exit status follows `selected`.
    std::fprintf(stderr, "{\"summary\":\"select\",\"selected\":%llu}\n",
                 static_cast<unsigned long long>(written));
  }
  if (out) {
    failed |= !out->finish();
    if (out->error()) {
      std::fprintf(stderr, "pgnkit: %s\n", io::describe(*out->error(), out->name()).c_str());
      failed = true;
    }
  }
  if (failed || totals.too_long > 0 || totals.regex_limits > 0) return kExitUsage;
  return written > 0 ? kExitOk : kExitProblems;
}

}  // namespace

void register_select(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SelectArgs>();
  CLI::App* cmd = app.add_subcommand(
      "select", "Write the games that pass every filter, byte for byte (like grep for games).");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("-o,--output", args->output,
                  "Output file ('-' = stdout); a name ending in .zst is compressed");
  add_filter_options(*cmd, args->filters);
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
  add_threads_option(cmd, args->threads);
  add_progress_options(cmd, args->progress);
  add_shard_options(cmd, args->shard, true, true);
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
      "  pgnkit select --eco C20-C99 --eco-classify db.pgn   (by the moves, not the ECO tag)\n"
      "  pgnkit select --player Carlsen --range 0:26048332 db.pgn   (a shard of `pgnkit index`)\n"
      "  pgnkit select -j 8 --tag 'WhiteElo>=2500' --limit 100 db.pgn.zst   (same bytes as -j 1)\n"
      "-j/--threads: every filter, --to, --skip and --limit on N threads, the output that of one\n"
      "thread (--range reads its shard on one). Default: every core when a play filter, --to or\n"
      "--verbose replays games; one thread for tag filters alone (faster than the pipeline).\n"
      "Exit status (as grep): 0 a game was selected, 1 none, 2 usage or I/O error (also a\n"
      "regex that hit its match limit, or a selected game over 32 MiB). See docs/select.md.");
  cmd->callback([args, &exit_code] { exit_code = run_select(*args); });
}

}  // namespace pgnkit::tools

// pgnkit index: the flags into commands::IndexOptions, each input's shard plan
// (lib/commands/index.h) printed to stdout as NDJSON, its errors to stderr.
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "commands/index.h"
#include "input.h"
#include "stdout_write.h"

namespace pgnkit::tools {
namespace {

struct IndexArgs {
  std::vector<std::string> files;
  commands::IndexOptions options;
};

int run_index(IndexArgs args) {
  args.options.decode_ahead = decode_ahead_setting().value_or(true);
  args.options.map_files = map_files_setting();
  int status = kExitOk;
  for (const std::string& path : inputs_or_stdin(args.files)) {
    const commands::IndexPlan plan = commands::plan_index(path, args.options);
    if (plan.open_error) {
      report_io_error(*plan.open_error, path == "-" ? "<stdin>" : path);
      status = kExitUsage;
      continue;
    }
    if (!plan.one_shard_why.empty()) {
      report((path == "-" ? std::string("<stdin>") : path) +
             ": note: " + std::string(plan.one_shard_why));
    }
    if (!write_stdout(commands::index_plan_ndjson(plan)) || !flush_stdout()) status = kExitUsage;
    if (plan.read_error) {  // after the plan, which covers the bytes read
      report_io_error(*plan.read_error, plan.read_name);
      status = kExitUsage;
    }
  }
  return stdout_ok_or_report() ? status : kExitUsage;
}

}  // namespace

void register_index(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<IndexArgs>();
  commands::IndexOptions* const options = &args->options;
  CLI::App* cmd = app.add_subcommand(
      "index", "Print the shard plan of each input for --range, without replaying (NDJSON).");
  cmd->add_option(
      "files", args->files,
      "PGN (or NDJSON) files: plain, gzip, bzip2, xz or zstd (not archives); '-' for stdin");
  cmd->add_option("--shards", options->shards,
                  "Shards per plain file (default: one per --shard-size bytes)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 20));
  cmd->add_option("--shard-size", options->shard_size, "Bytes per shard when --shards is not given")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  cmd->add_option("--from", options->from,
                  "Input format: pgn (default) or ndjson (one game per line, as convert --from "
                  "ndjson reads it: shards start at line starts)")
      ->check(CLI::IsMember({"pgn", "ndjson"}))
      ->capture_default_str();
  cmd->footer(
      "One line per shard: file, shard, start, end (byte offsets of the decompressed input),\n"
      "  first_game, first_line, games; in a .zst of many frames also frame_offset and\n"
      "  frame_start, the frame that holds start (for --zstd-frame). A shard starts only at a\n"
      "  game's first byte where a reader of the whole input is between games; a .zst file is\n"
      "  cut only at its frame starts (a file of one frame, or a pipe, is one shard). After a\n"
      "  read error the plan covers the bytes read (exit status 2). With --from ndjson a shard\n"
      "  starts at a line start; first_game counts the non-blank lines before it, plus 1.\n"
      "Run a shard with: pgnkit check --range START:END --base-game FIRST_GAME\n"
      "  --base-line FIRST_LINE FILE  (the shards' outputs concatenate to the whole output)\n"
      "Examples:\n"
      "  pgnkit index --shards 8 games.pgn\n"
      "  pgnkit index --from ndjson --shards 8 games.ndjson  (for convert --from ndjson --range)\n"
      "  pgnkit-dask --local 2 check games.pgn   (docs/scale-out.md)\n"
      "Exit status: 0 ok, 2 usage or I/O error.");
  cmd->callback([args, &exit_code] { exit_code = run_index(*args); });
}

}  // namespace pgnkit::tools

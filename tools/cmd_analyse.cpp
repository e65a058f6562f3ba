// pgnkit analyse: the flags into commands::AnalyseOptions, the engine found (the PATH, then
// where Debian puts stockfish), the run (lib/commands/analyse.h), the summary line on stderr.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "commands/analyse.h"
#include "io/sink.h"
#include "laws_option.h"
#include "progress.h"
#include "shard.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct AnalyseFlags {
  commands::AnalyseOptions options;
  std::string engine;
  std::vector<std::string> engine_options;  // NAME=VALUE
  std::optional<std::uint64_t> nodes, depth, movetime;
  std::optional<double> timeout_seconds;
  unsigned threads = 0;
  ShardArgs shard;
  ProgressMode progress = ProgressMode::Auto;
};

// `name` as the shell would run it: a path as it is, a name from the PATH; empty when absent.
std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "";
  while (true) {
    const std::size_t colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    if (dir.empty()) dir = ".";
    std::string candidate = std::move(dir);
    candidate += '/';
    candidate += name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  return {};
}

// The default engine: stockfish on the PATH, else Debian's /usr/games/stockfish (outside
// root's PATH).
std::string default_engine() {
  if (std::string found = find_program("stockfish"); !found.empty()) return found;
  if (::access("/usr/games/stockfish", X_OK) == 0) return "/usr/games/stockfish";
  return {};
}

int run_analyse(AnalyseFlags flags) {
  commands::AnalyseOptions& options = flags.options;
  const auto usage = [](const std::string& line) {
    std::fprintf(stderr, "pgnkit analyse: %s\n", line.c_str());
    return kExitUsage;
  };
  if (flags.engine.empty()) {
    options.engine.path = default_engine();
    if (options.engine.path.empty()) {
      return usage(
          "no engine: stockfish is not on the PATH nor in /usr/games (apt-get install "
          "stockfish), and no --engine was given");
    }
  } else {
    options.engine.path = find_program(flags.engine);
    if (options.engine.path.empty())
      return usage("engine '" + flags.engine + "': not found on the PATH");
  }
  for (const std::string& o : flags.engine_options) {
    const std::size_t eq = o.find('=');
    if (eq == std::string::npos || eq == 0)
      return usage("--engine-option '" + o + "': expected NAME=VALUE");
    options.engine.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
  }
  const int limits = (flags.nodes ? 1 : 0) + (flags.depth ? 1 : 0) + (flags.movetime ? 1 : 0);
  if (limits > 1) return usage("give one of --nodes, --depth and --movetime");
  using Kind = engine::Limit::Kind;
  if (flags.nodes) options.limit = {Kind::Nodes, *flags.nodes};
  if (flags.depth) options.limit = {Kind::Depth, *flags.depth};
  if (flags.movetime) options.limit = {Kind::MoveTime, *flags.movetime};
  if (flags.timeout_seconds) {
    options.timeout =
        std::chrono::milliseconds(static_cast<std::int64_t>(*flags.timeout_seconds * 1000));
  }
  options.engines = flags.threads;
  if (flags.shard.ranged()) options.shard = flags.shard.shard();
  Progress progress(flags.progress, input_bytes(options.inputs));
  options.bytes_read = progress.bytes_counter();
  options.progress = [&progress](std::uint64_t games, std::uint64_t positions) {
    progress.set_games(games);
    progress.set_positions(positions);
  };
  std::optional<io::OutputSink> out;
  if (options.output == "-") out = io::OutputSink::open("-");
  TerminalConsole console(out ? &*out : nullptr, &progress);
  const commands::AnalyseSummary summary = commands::run_analyse(
      options, console, [&out, &console] { return stdout_sink_failed(out, console); });
  progress.finish();
  if (summary.ran) {
    // The totals a driver adds up over shards (pgnkit-dask).
    const std::string line = flags.shard.ndjson_summary()
                                 ? commands::analyse_summary_ndjson(summary)
                                 : commands::analyse_summary_text(summary);
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  return summary.exit_status;
}

}  // namespace

void register_analyse(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<AnalyseFlags>();
  commands::AnalyseOptions* const o = &flags->options;
  CLI::App* cmd =
      app.add_subcommand("analyse",
                         "Annotate games with a UCI engine: an eval on every move, ?! ? ?"
                         "? marks with the engine's "
                         "line, accuracy tags.");
  cmd->add_option("files", o->inputs,
                  "PGN files or directories: plain, gzip, bzip2, xz, zstd, zip or tar "
                  "(docs/formats.md); '-' or none for stdin");
  cmd->add_option(
      "-o,--output", o->output,
      "Output file ('-' = stdout); a name ending in .gz, .bz2, .xz or .zst is compressed");
  cmd->add_option("--engine", flags->engine,
                  "The UCI engine to run (a path, or a name on the PATH; default: stockfish on "
                  "the PATH, then /usr/games/stockfish)");
  cmd->add_option("--engine-option", flags->engine_options,
                  "NAME=VALUE: a UCI option set after Threads=1 (repeatable), e.g. Hash=64");
  cmd->add_option("--nodes", flags->nodes,
                  "Search each position N nodes (the default, 100000: the same output on every "
                  "run and every -j)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->add_option("--depth", flags->depth, "Search each position to depth D instead")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{200}));
  cmd->add_option("--movetime", flags->movetime,
                  "Search each position MS milliseconds instead (not reproducible)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{86'400'000}));
  cmd->add_option("--timeout", flags->timeout_seconds,
                  "Seconds an engine may take on one position before it is restarted (default: "
                  "10 + 1 per 10000 nodes; 300 with --depth; 10 + twice --movetime)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--force", o->force,
                "Search moves that already carry an [%eval] too (default: keep their evals)");
  cmd->add_option("--variations", o->variation_plies,
                  "Plies of the engine's line added after a ?!, ? or ?"
                  "? move (0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--on-error", o->on_error,
                  "Games with illegal moves: skip (drop), truncate (legal prefix, result *), keep "
                  "(as written); either way analysed up to the error")
      ->check(CLI::IsMember({"skip", "truncate", "keep"}));
  cmd->add_option("--line-length", o->line_length, "Wrap movetext at N characters")
      ->check(CLI::Range(20, 100000));
  add_laws_option(*cmd, o->laws);
  cmd->add_option("-j,--threads", flags->threads,
                  "Engines to run, each on one thread (default: one per CPU). The output is the "
                  "same for every N with --nodes or --depth")
      ->check(CLI::Range(0u, 1024u));
  add_shard_options(cmd, flags->shard, true);
  add_progress_options(cmd, flags->progress);
  cmd->footer(
      "Writes the games as `annotate` does, with [%eval] on every move (from White's side, as\n"
      "lichess writes them), $6/$2/$4 (?!, ?, ?"
      "?) where the move lost 10/20/30 points of\n"
      "winning percentage, the engine's line after such a move, and WhiteAccuracy,\n"
      "BlackAccuracy, WhiteACPL, BlackACPL and Annotator tags. Moves that have an eval keep it.\n"
      "Examples:\n"
      "  pgnkit analyse lichess.pgn -o analysed.pgn   (stockfish, 100000 nodes, every core)\n"
      "  pgnkit analyse --depth 22 -j 2 tournament.pgn -o deep.pgn\n"
      "  pgnkit analyse --engine ./my-engine --engine-option Hash=256 --nodes 1000000 games.pgn\n"
      "  pgnkit annotate --accuracy analysed.pgn   (the accuracy tags from existing evals)\n"
      "Exit status: 0 written, 1 some games had move errors, 2 usage or I/O error, or an engine\n"
      "that could not start or failed three times in a row (the output then ends before that\n"
      "game). See docs/analyse.md.");
  cmd->callback([flags, &exit_code] { exit_code = run_analyse(*flags); });
}

}  // namespace pgnkit::tools

// `pgnkit analyse` as a library call: every game's main line searched by a UCI engine, one
// engine per thread, the games written back as `annotate` writes them with [%eval] comments,
// marks, the engine's line after a marked move, and accuracy tags (docs/analyse.md).
//
//   commands::AnalyseOptions options;
//   options.inputs = {"games.pgn"};
//   options.engine.path = "/usr/games/stockfish";
//   options.limit = {engine::Limit::Kind::Nodes, 10000};
//   commands::MemoryConsole console;
//   const commands::AnalyseSummary s = commands::run_analyse(options, console);
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/console.h"
#include "commands/exit_status.h"
#include "engine/uci_engine.h"
#include "pipeline/range_input.h"
#include "replay/laws.h"

namespace pgnkit::commands {

struct AnalyseOptions {
  std::vector<std::string> inputs;  // files, "-" for stdin; none: stdin
  std::string output = "-";         // "-": the console's out(); else a file (.zst: compressed)
  engine::EngineSettings engine;    // path required; options sent after Threads=1
  engine::Limit limit{engine::Limit::Kind::Nodes, 100'000};
  // Per position; unset: derived from the limit (analyse_timeout()).
  std::optional<std::chrono::milliseconds> timeout;
  bool force = false;               // search moves that already carry an [%eval] too
  std::size_t variation_plies = 8;  // the engine's line after a marked move (0: none)
  std::string on_error = "keep";    // games with move errors: skip, truncate or keep
  std::size_t line_length = 80;     // 20 to 100000
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  unsigned engines = 0;                  // 0: one per CPU (pipeline::default_threads())
  std::optional<pipeline::Shard> shard;  // one input's games in a byte range
  // Counts the bytes read from the inputs as stored (a progress line's share of the input).
  std::atomic<std::uint64_t>* bytes_read = nullptr;
  // Called on the calling thread after each game written: games and positions searched so far.
  std::function<void(std::uint64_t games, std::uint64_t positions)> progress;
};

struct AnalyseSummary {
  std::uint64_t games = 0;
  std::uint64_t positions = 0;  // searched by the engines
  std::uint64_t bad_games = 0;  // with move errors (handled per on_error)
  std::uint64_t dropped = 0;    // on_error skip
  std::string engine_name;      // its "id name"
  bool ran = false;             // the engines started and the output was created
  bool io_failed = false;
  bool engine_failed = false;  // the run stopped: an engine failed again and again
  int exit_status = kExitOk;   // 1: move errors; 2: usage, I/O or engine failure
};

// The deadline of one search when none is given: 10 s plus 1 s per 10,000 nodes, 300 s for a
// depth, twice the move time plus 10 s.
std::chrono::milliseconds analyse_timeout(const engine::Limit& limit);

// Runs analyse. The options are checked and the engines started first: a bad option, or an
// engine that cannot start or is not a UCI engine, is told through console.command_message()
// with exit_status 2, before any output. The games go out in input order, the same bytes for
// every engine count with a --nodes or --depth limit; warnings (a restarted engine, a
// position left without an eval) go to the console's err() before the game they concern.
AnalyseSummary run_analyse(const AnalyseOptions& options, Console& console,
                           const std::function<bool()>& output_failed = {});

// "G games, P positions searched by NAME, B with move errors, D dropped".
std::string analyse_summary_text(const AnalyseSummary& s);
// The summary as one JSON object (--summary-format ndjson, for a driver that adds shards up:
// pgnkit-dask), without its line feed: games, positions, bad_games, dropped, engine, io_failed.
std::string analyse_summary_ndjson(const AnalyseSummary& s);

}  // namespace pgnkit::commands

// pgnkit index: the shard plan of an input for --range (docs/scale-out.md), read without
// replaying: one NDJSON line per shard with its byte range, first game number and first line.
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "input.h"
#include "io/zstd_frame_list.h"
#include "pgn/reader.h"
#include "write/json.h"

namespace pgnkit::tools {
namespace {

struct IndexArgs {
  std::vector<std::string> files;
  std::uint64_t shards = 0;
  std::uint64_t shard_size = std::uint64_t{64} << 20;
};

struct Shard {
  std::uint64_t start = 0, first_game = 1, games = 0;
  std::uint32_t first_line = 1;
};

// Finds the shard starts: a shard may start only where a reader of the whole input is
// between games and a game's first tag token begins a line (the reader's stop hook is asked
// exactly there), so that a fresh reader started there reads what this one reads.
class Planner : public pgn::Visitor {
 public:
  explicit Planner(std::vector<std::uint64_t> targets) : targets_(std::move(targets)) {
    shards_.push_back(Shard{});
  }

  static bool at_game_start(void* self, std::uint64_t offset) {
    static_cast<Planner*>(self)->candidate_ = offset;
    return false;
  }

  void begin_game(const pgn::GameInfo& g) {
    if (g.where.offset == candidate_ && g.where.column == 1 && next_ < targets_.size() &&
        g.where.offset >= targets_[next_] && g.where.offset > shards_.back().start) {
      shards_.push_back(Shard{g.where.offset, g.number, 0, g.where.line});
      while (next_ < targets_.size() && targets_[next_] <= g.where.offset) ++next_;
    }
    ++shards_.back().games;
  }

  const std::vector<Shard>& shards() const { return shards_; }

 private:
  std::vector<std::uint64_t> targets_;  // wished-for starts of shards 1..N-1, ascending
  std::size_t next_ = 0;
  std::uint64_t candidate_ = std::numeric_limits<std::uint64_t>::max();
  std::vector<Shard> shards_;
};

std::uint64_t shard_count(const IndexArgs& args, std::uint64_t size) {
  return args.shards > 0 ? args.shards : (size + args.shard_size - 1) / args.shard_size;
}

// Where shards 1..N-1 should start, ascending (the planner moves each to the next game
// start). A plain regular file can be entered anywhere; a zstd file only at a frame start,
// so a file of one frame, or a pipe, is one shard.
std::vector<std::uint64_t> shard_targets(const std::string& path, const io::Source& source,
                                         const IndexArgs& args) {
  std::vector<std::uint64_t> targets;
  struct stat st {};
  if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return targets;
  if (source.compression() == io::Compression::None) {
    const auto size = static_cast<std::uint64_t>(st.st_size);
    const std::uint64_t n = shard_count(args, size);
    for (std::uint64_t k = 1; k < n; ++k) targets.push_back(size / n * k);
    return targets;
  }
  const auto list = io::list_zstd_frames(path);
  if (!list || list->frames.size() < 2) return targets;
  const std::vector<io::ZstdFrame>& frames = list->frames;
  const std::uint64_t size = frames.back().decompressed_offset + frames.back().decompressed_size;
  const std::uint64_t n = shard_count(args, size);
  // Each share of the bytes starts at the frame start nearest to it (after the last one).
  std::size_t f = 1;
  for (std::uint64_t k = 1; k < n; ++k) {
    const std::uint64_t target = size / n * k;
    while (f < frames.size() && frames[f].decompressed_offset < target) ++f;
    std::size_t pick = f;
    if (pick == frames.size() || (pick > 1 && target - frames[pick - 1].decompressed_offset <=
                                                  frames[pick].decompressed_offset - target))
      --pick;
    const std::uint64_t start = frames[pick].decompressed_offset;
    if (start > 0 && (targets.empty() || targets.back() < start)) targets.push_back(start);
  }
  return targets;
}

int index_one(const std::string& path, const IndexArgs& args) {
  auto source = open_input(path);
  if (!source) return kExitUsage;
  std::vector<std::uint64_t> targets = shard_targets(path, *source, args);
  Planner planner(std::move(targets));
  pgn::ReaderOptions options;
  options.stop_before_game = &Planner::at_game_start;
  options.stop_ctx = &planner;
  const pgn::ReadStats stats = pgn::read_pgn(*source, planner, options);
  // After a read error the plan covers the bytes read: its last shard, run, reads up to the
  // error and reports it exactly as a run over the whole input does.
  std::string out;
  const std::vector<Shard>& shards = planner.shards();
  for (std::size_t i = 0; i < shards.size(); ++i) {
    out += "{\"file\":";
    write::append_json_string(out, path);
    out += ",\"shard\":" + std::to_string(i);
    out += ",\"start\":" + std::to_string(shards[i].start);
    out += ",\"end\":" + std::to_string(i + 1 < shards.size() ? shards[i + 1].start : stats.bytes);
    out += ",\"first_game\":" + std::to_string(shards[i].first_game);
    out += ",\"first_line\":" + std::to_string(shards[i].first_line);
    out += ",\"games\":" + std::to_string(shards[i].games);
    out += "}\n";
  }
  const bool written = write_stdout(out) && flush_stdout();
  if (report_read_error(*source)) return kExitUsage;
  return written ? kExitOk : kExitUsage;
}

int run_index(const IndexArgs& args) {
  int status = kExitOk;
  for (const std::string& path : inputs_or_stdin(args.files)) {
    if (index_one(path, args) != kExitOk) status = kExitUsage;
  }
  return stdout_ok_or_report() ? status : kExitUsage;
}

}  // namespace

void register_index(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<IndexArgs>();
  CLI::App* cmd = app.add_subcommand(
      "index", "Print the shard plan of each input for --range, without replaying (NDJSON).");
  cmd->add_option("files", args->files, "PGN files, plain or zstd-compressed; '-' for stdin");
  cmd->add_option("--shards", args->shards,
                  "Shards per plain file (default: one per --shard-size bytes)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 20));
  cmd->add_option("--shard-size", args->shard_size, "Bytes per shard when --shards is not given")
      ->check(CLI::Range(std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  cmd->footer(
      "One line per shard: file, shard, start, end (byte offsets of the decompressed input),\n"
      "  first_game, first_line, games. A shard starts only at a game's first byte where a\n"
      "  reader of the whole input is between games; a .zst file is cut only at its frame\n"
      "  starts (a file of one frame, or a pipe, is one shard). After a read error the plan\n"
      "  covers the bytes read (exit status 2).\n"
      "Run a shard with: pgnkit check --range START:END --base-game FIRST_GAME\n"
      "  --base-line FIRST_LINE FILE  (the shards' outputs concatenate to the whole output)\n"
      "Examples:\n"
      "  pgnkit index --shards 8 games.pgn\n"
      "  pgnkit-dask --local 2 check games.pgn   (docs/scale-out.md)\n"
      "Exit status: 0 ok, 2 usage or I/O error.");
  cmd->callback([args, &exit_code] { exit_code = run_index(*args); });
}

}  // namespace pgnkit::tools

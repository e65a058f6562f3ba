// pgnkit split: cuts the input into pieces of N games, of at most SIZE bytes, or one per
// value of a tag, each game written byte for byte as `select` writes it (docs/split.md). The
// reads (SplitJob, split_job.h) find the games on one thread or many; the pieces are decided
// and written in input order by SplitMerge (split_merge.h); this file parses the options.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "progress.h"
#include "split_files.h"
#include "split_job.h"
#include "split_merge.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct SplitArgs {
  std::vector<std::string> files;
  std::string pattern;
  std::uint64_t games = 0;
  std::string bytes;
  std::string by;
  bool force = false;
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

std::optional<std::uint64_t> parse_size(const std::string& text) {
  std::uint64_t v = 0;
  std::size_t i = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (v > (UINT64_MAX - 9) / 10) return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(text[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  const std::string unit = text.substr(i);
  int shift = 0;
  if (unit == "K" || unit == "k")
    shift = 10;
  else if (unit == "M" || unit == "m")
    shift = 20;
  else if (unit == "G" || unit == "g")
    shift = 30;
  else if (!unit.empty())
    return std::nullopt;
  if (v == 0 || v > (UINT64_MAX >> shift)) return std::nullopt;
  return v << shift;
}

int run_split(const SplitArgs& args) {
  const int modes = (args.games != 0) + !args.bytes.empty() + !args.by.empty();
  if (modes != 1) {
    std::fprintf(stderr, "pgnkit split: give exactly one of --games, --bytes, --by\n");
    return kExitUsage;
  }
  std::string error;
  auto pattern = parse_split_pattern(args.pattern, &error);
  if (!pattern) {
    std::fprintf(stderr, "pgnkit split: -o '%s': %s\n", args.pattern.c_str(), error.c_str());
    return kExitUsage;
  }
  if (!args.by.empty() && pattern->tag != args.by) {
    std::fprintf(stderr, "pgnkit split: --by %s needs {%s} in the -o pattern\n", args.by.c_str(),
                 args.by.c_str());
    return kExitUsage;
  }
  if (args.by.empty() && !pattern->tag.empty()) {
    std::fprintf(stderr, "pgnkit split: {%s} in the -o pattern needs --by %s\n",
                 pattern->tag.c_str(), pattern->tag.c_str());
    return kExitUsage;
  }
  SplitSettings settings{*pattern, args.games, 0, args.by, args.force};
  if (!args.bytes.empty()) {
    const auto size = parse_size(args.bytes);
    if (!size) {
      std::fprintf(stderr,
                   "pgnkit split: --bytes: expected a size such as 1000000, 64K, 10M or 2G\n");
      return kExitUsage;
    }
    settings.max_bytes = *size;
  }
  // Tags and raw bytes only, as select's tag filters: one thread scans the movetext faster
  // than the pipeline copies it, so the default is one thread (docs/split.md).
  const unsigned threads = args.threads == 0 ? 1 : args.threads;
  Progress progress(args.progress, input_bytes(args.files));
  SplitMerge merge(settings, &progress);
  const SplitJob job(args.by, merge.failed());
  bool failed = run_job(args.files, threads, job, nullptr, &progress, nullptr, &merge).io_failed;
  progress.finish();
  failed |= !merge.finish();
  std::fprintf(stderr, "%llu games in %llu files\n", static_cast<unsigned long long>(merge.games()),
               static_cast<unsigned long long>(merge.pieces()));
  return failed ? kExitUsage : kExitOk;
}

}  // namespace

void register_split(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SplitArgs>();
  CLI::App* cmd = app.add_subcommand(
      "split", "Cut games into files of N games, of at most SIZE bytes, or one per tag value.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("-o,--output", args->pattern,
                  "File name pattern: one %d or %0Nd (the piece number, from 1), or {TAG} with "
                  "--by TAG; a name ending in .zst is compressed")
      ->required();
  cmd->add_option("--games", args->games, "N games per file")->check(CLI::PositiveNumber);
  cmd->add_option("--bytes", args->bytes,
                  "At most SIZE bytes per file (K, M, G: 1024-based), never cutting a game; a "
                  "longer game gets a file of its own");
  cmd->add_option("--by", args->by, "One file per distinct value of tag TAG");
  cmd->add_flag("--force", args->force, "Overwrite existing files");
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

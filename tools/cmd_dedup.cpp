// pgnkit dedup: drop repeated games, keep the first of each (docs/dedup.md). The decisions are
// lib/dedup's, made in input order by DedupMerge (dedup_merge.h) from what the reads of
// DedupJob (dedup_job.h) found, on one thread or many; this file parses the options and runs
// the passes.
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "commands.h"
#include "dedup/decider.h"
#include "dedup_job.h"
#include "dedup_merge.h"
#include "input.h"
#include "io/sink.h"
#include "progress.h"
#include "threads.h"

namespace pgnkit::tools {
namespace {

struct DedupArgs {
  std::vector<std::string> files;
  std::string output = "-";
  std::string report;
  std::string same_tags_list;  // "White,Black,Date"
  std::vector<std::string> same_tags;
  bool prefix = false;
  std::string keep = "first";
  std::string max_memory;
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

// "512M", "24G", "1000000": bytes (K, M, G, T are powers of 1024); nullopt when malformed.
std::optional<std::size_t> parse_size(const std::string& s) {
  std::size_t end = 0;
  unsigned long long n = 0;
  try {
    n = std::stoull(s, &end);
  } catch (...) {
    return std::nullopt;
  }
  const std::string unit = s.substr(end);
  int shift = 0;
  if (unit == "K" || unit == "KiB")
    shift = 10;
  else if (unit == "M" || unit == "MiB")
    shift = 20;
  else if (unit == "G" || unit == "GiB")
    shift = 30;
  else if (unit == "T" || unit == "TiB")
    shift = 40;
  else if (!unit.empty())
    return std::nullopt;
  return static_cast<std::size_t>(n) << shift;
}

std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> names;
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    if (comma > from) names.push_back(list.substr(from, comma - from));
    from = comma + 1;
  }
  return names;
}

int run_dedup(DedupArgs& args) {
  args.same_tags = split_commas(args.same_tags_list);
  std::size_t limit = 0;
  if (!args.max_memory.empty()) {
    const auto parsed = parse_size(args.max_memory);
    if (!parsed || *parsed == 0) {
      std::fprintf(stderr, "pgnkit dedup: --max-memory '%s': expected a size such as 512M or 8G\n",
                   args.max_memory.c_str());
      return kExitUsage;
    }
    limit = *parsed;
  }
  if (args.files.size() > 65535) {
    std::fprintf(stderr, "pgnkit dedup: at most 65535 inputs\n");
    return kExitUsage;
  }
  const bool two_passes = args.prefix && args.keep == "longest";
  if (two_passes)
    for (const std::string& f : inputs_or_stdin(args.files))
      if (f == "-") {
        std::fprintf(
            stderr, "pgnkit dedup: --keep longest reads its inputs twice: give files, not stdin\n");
        return kExitUsage;
      }
  io::IoError err;
  auto out = io::OutputSink::open(args.output, &err);
  if (!out) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, args.output).c_str());
    return kExitUsage;
  }
  std::FILE* report = nullptr;
  if (!args.report.empty() && !(report = std::fopen(args.report.c_str(), "wb"))) {
    std::fprintf(stderr, "pgnkit dedup: %s: cannot create the report\n", args.report.c_str());
    return kExitUsage;
  }
  const dedup::Mode mode = !args.prefix             ? dedup::Mode::Exact
                           : args.keep == "longest" ? dedup::Mode::PrefixLongest
                                                    : dedup::Mode::PrefixFirst;
  DedupMerge merge(mode, *out, report, args.max_memory, limit);
  dedup::KeyOptions key_options;
  key_options.same_tags = args.same_tags;
  key_options.prefixes = args.prefix;
  bool failed = false;
  Progress progress(args.progress, input_bytes(args.files) * (two_passes ? 2 : 1));
  // One pass over every input; io_failed when one could not be read (reported).
  const auto pass = [&](bool learning) {
    merge.set_learning(learning);
    const DedupJob job(key_options, learning, merge.failed());
    return run_job(args.files, args.threads, job, &*out, &progress, nullptr, &merge).io_failed;
  };
  if (two_passes) failed |= pass(true);
  failed |= pass(false);
  progress.finish();
  failed |= !out->finish();
  if (out->error()) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(*out->error(), out->name()).c_str());
    failed = true;
  }
  if (report) {
    // A failed fwrite leaves only the error flag: fclose() alone may then succeed.
    const bool unwritten = std::fflush(report) != 0 || std::ferror(report) != 0;
    if (std::fclose(report) != 0 || unwritten) {
      std::fprintf(stderr, "pgnkit dedup: %s: write error\n", args.report.c_str());
      failed = true;
    }
  }
  const DedupCounts& c = merge.counts();
  const std::uint64_t games = c.games;
  const std::uint64_t apart = c.no_moves + c.move_errors + c.unsupported;
  std::fprintf(stderr,
               "%llu games: %llu written (%llu distinct, %llu not compared: %llu without moves, "
               "%llu with move errors, %llu unsupported variants), %llu duplicates dropped; "
               "table %zu MiB\n",
               static_cast<unsigned long long>(games), static_cast<unsigned long long>(c.written),
               static_cast<unsigned long long>(c.written - apart),
               static_cast<unsigned long long>(apart), static_cast<unsigned long long>(c.no_moves),
               static_cast<unsigned long long>(c.move_errors),
               static_cast<unsigned long long>(c.unsupported),
               static_cast<unsigned long long>(c.dropped), merge.table_bytes() >> 20);
  if (failed || merge.failed()) return kExitUsage;
  return c.move_errors || c.too_long ? kExitProblems : kExitOk;
}

}  // namespace

void register_dedup(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<DedupArgs>();
  CLI::App* cmd = app.add_subcommand(
      "dedup", "Drop repeated games: the same start position and main-line moves.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed, compared across in this order; '-' or "
                  "none for stdin");
  cmd->add_option("-o,--output", args->output,
                  "Output file ('-' = stdout); a name ending in .zst is compressed");
  cmd->add_option("--report", args->report,
                  "Write NDJSON, one line per dropped game: its file, game, offset and the kept "
                  "game's");
  cmd->add_option("--same-tags", args->same_tags_list,
                  "Also require equal values of these tags, e.g. White,Black,Date");
  cmd->add_flag("--prefix", args->prefix,
                "Also count a game whose moves are a prefix of another's as a duplicate");
  cmd->add_option("--keep", args->keep,
                  "With --prefix: which of the two survives: first (in input order) or longest")
      ->check(CLI::IsMember({"first", "longest"}));
  cmd->add_option("--max-memory", args->max_memory,
                  "Stop with an error (exit 2) before the tables pass SIZE (e.g. 512M, 8G)");
  add_threads_option(cmd, args->threads);
  add_progress_options(cmd, args->progress);
  cmd->footer(
      "Two games are the same when they start from the same position (its repetition key) and\n"
      "play the same main-line moves; variations, comments, NAGs, clocks and tags do not count.\n"
      "Games without moves, with move errors or of unsupported variants are never dropped.\n"
      "Kept games are written exactly as they were in the input, each followed by a blank line,\n"
      "  byte for byte as pgnkit select writes them.\n"
      "Examples:\n"
      "  pgnkit dedup merged.pgn -o unique.pgn\n"
      "  pgnkit dedup a.pgn b.pgn.zst --report dropped.ndjson -o unique.pgn.zst\n"
      "  pgnkit dedup --same-tags White,Black,Date --prefix --keep longest db.pgn -o clean.pgn\n"
      "  pgnkit dedup -j 8 a.pgn.zst b.pgn.zst -o unique.pgn   (same bytes as -j 1)\n"
      "-j/--threads: games are read, replayed and keyed on N threads; which stays is decided\n"
      "in input order, as with one thread.\n"
      "Exit status: 0 done, 1 done but some games had move errors (kept), 2 usage, I/O error or\n"
      "--max-memory exceeded. See docs/dedup.md.");
  cmd->callback([args, &exit_code] { exit_code = run_dedup(*args); });
}

}  // namespace pgnkit::tools

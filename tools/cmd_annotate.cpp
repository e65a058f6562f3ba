// pgnkit annotate: write games back as export-format PGN with what the rules found.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "diag/problem_text.h"
#include "eco/classify.h"
#include "eco_option.h"
#include "input.h"
#include "io/sink.h"
#include "laws_option.h"
#include "pgn/reader.h"
#include "pipeline/pipeline.h"
#include "replay/record_builder.h"
#include "shard.h"
#include "threads.h"
#include "write/annotate.h"
#include "write/pgn_writer.h"

namespace pgnkit::tools {
namespace {

struct AnnotateArgs {
  std::vector<std::string> files;
  std::string output = "-";
  bool in_place = false;
  std::string on_error = "keep";
  std::size_t line_length = 80;
  write::AnnotateOptions options;
  EcoArgs eco;
  std::optional<eco::Book> book;  // loaded when eco.wanted
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  unsigned threads = 0;
  ShardArgs shard;
};

write::OnError parse_on_error(const std::string& s) {
  if (s == "skip") return write::OnError::Skip;
  if (s == "truncate") return write::OnError::Truncate;
  return write::OnError::Keep;
}

// Annotates every game it receives into the result's output; its error problems go to the
// result's stderr bytes. Counters: games, with move errors, dropped.
class AnnotateSink : public replay::RecordSink {
 public:
  AnnotateSink(const AnnotateArgs& args, pipeline::ChunkResult& result, pipeline::Drain* drain)
      : args_(args), result_(result), drain_(drain) {
    write_options_.line_length = args.line_length;
  }
  void set_file(std::string_view f) { file_ = f; }

  void problem(const replay::Problem& p) override {
    if (p.severity == replay::Severity::Error)
      diag::append_problem_text(result_.err, file_, p, true, false);
    // Errors are listed: say when some of a game's were not (replay::kMaxReportedProblems).
    if (p.code == replay::ProblemCode::TooManyProblems && errors_unreported_)
      diag::append_problem_text(result_.err, file_, p, false, false);
    if (p.code == replay::ProblemCode::TooManyProblems) errors_unreported_ = false;
  }
  void unreported(const replay::Problem& p) override {
    errors_unreported_ |= p.severity == replay::Severity::Error;
  }

  void game(const replay::GameRecord& record) override {
    ++result_.counters[0];
    if (write::has_move_errors(record)) ++result_.counters[1];
    work_ = record;
    if (!write::annotate(work_, args_.options)) {
      ++result_.counters[2];
    } else {
      if (args_.book) eco::set_tags(work_, eco::classify(*args_.book, work_), args_.eco.keep);
      write::write_pgn(work_, write_options_, result_.out.text());
    }
    // The errors listed count too: a game's are bounded (kMaxReportedProblems), many games' not.
    if (drain_ && result_.out.size() + result_.err.size() >= (std::size_t{1} << 16))
      drain_->flush(result_);
  }

 private:
  const AnnotateArgs& args_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  write::PgnWriteOptions write_options_;
  replay::GameRecord work_;
  std::string_view file_;
  bool errors_unreported_ = false;  // in the game being read
};

// One read of annotate: the whole input with one thread, or a chunk of it (lib/pipeline).
class AnnotateJob final : public pipeline::Job {
 public:
  explicit AnnotateJob(const AnnotateArgs& args) : args_(args) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    AnnotateSink sink(args_, result, read.drain);
    sink.set_file(read.input);
    replay::ReplayOptions options;
    options.laws = args_.laws;
    replay::RecordBuilder builder(sink, options);
    result.stats = pgn::read_pgn(read.source, builder, read.options);
  }

 private:
  const AnnotateArgs& args_;
};

struct AnnotateTotals {
  std::uint64_t games = 0, bad_games = 0, dropped = 0;
};

// Reads `files` into `out`; false on an I/O error (already reported).
bool annotate_files(const std::vector<std::string>& files, const AnnotateArgs& args,
                    io::OutputSink& out, AnnotateTotals& totals) {
  const AnnotateJob job(args);
  const pipeline::RunStats run = run_job(files, args.threads, job, &out, nullptr, &args.shard);
  totals.games += run.totals[0];
  totals.bad_games += run.totals[1];
  totals.dropped += run.totals[2];
  return !run.io_failed;
}

bool report_sink_error(const io::OutputSink& out) {
  if (!out.error()) return false;
  std::fprintf(stderr, "pgnkit: %s\n", io::describe(*out.error(), out.name()).c_str());
  return true;
}

int finish(const AnnotateTotals& sink, bool failed, const ShardArgs& shard) {
  if (shard.ndjson_summary()) {
    // The totals a driver adds up over shards (pgnkit-dask).
    std::fprintf(stderr,
                 "{\"summary\":\"annotate\",\"games\":%llu,\"bad_games\":%llu,\"dropped\":%llu,"
                 "\"io_failed\":%s}\n",
                 static_cast<unsigned long long>(sink.games),
                 static_cast<unsigned long long>(sink.bad_games),
                 static_cast<unsigned long long>(sink.dropped), failed ? "true" : "false");
  } else {
    std::fprintf(stderr, "%llu games, %llu with move errors (%s), %llu dropped\n",
                 static_cast<unsigned long long>(sink.games),
                 static_cast<unsigned long long>(sink.bad_games),
                 sink.bad_games ? "see above" : "none",
                 static_cast<unsigned long long>(sink.dropped));
  }
  if (failed) return kExitUsage;
  return sink.bad_games ? kExitProblems : kExitOk;
}

// Each file is rewritten through a temporary file beside it, renamed over the original only
// when everything succeeded.
int run_in_place(const AnnotateArgs& args) {
  bool failed = false;
  AnnotateTotals totals;
  for (const std::string& path : args.files) {
    std::string tmp = path + ".pgnkit-XXXXXX";
    const int fd = mkstemp(tmp.data());
    if (fd < 0) {
      std::fprintf(stderr, "pgnkit: %s: cannot create a temporary file beside it\n", path.c_str());
      failed = true;
      continue;
    }
    close(fd);
    const bool compress = path.size() > 4 && path.compare(path.size() - 4, 4, ".zst") == 0;
    io::IoError err;
    auto out = io::OutputSink::open(tmp, &err, compress);
    bool ok = out.has_value();
    if (ok) {
      ok = annotate_files({path}, args, *out, totals);
      ok = out->finish() && ok;
      ok = !report_sink_error(*out) && ok;
    } else {
      std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, tmp).c_str());
    }
    std::error_code ec;
    if (ok) {
      std::filesystem::permissions(tmp, std::filesystem::status(path, ec).permissions(), ec);
      std::filesystem::rename(tmp, path, ec);
      if (ec) {
        std::fprintf(stderr, "pgnkit: %s: cannot replace the original: %s\n", path.c_str(),
                     ec.message().c_str());
        ok = false;
      }
    }
    if (!ok) {
      std::filesystem::remove(tmp, ec);
      std::fprintf(stderr, "pgnkit: %s: left unchanged\n", path.c_str());
      failed = true;
    }
  }
  std::fprintf(stderr, "%llu games, %llu with move errors, %llu dropped\n",
               static_cast<unsigned long long>(totals.games),
               static_cast<unsigned long long>(totals.bad_games),
               static_cast<unsigned long long>(totals.dropped));
  if (failed) return kExitUsage;
  return totals.bad_games ? kExitProblems : kExitOk;
}

int run_annotate(AnnotateArgs& args) {
  args.options.on_error = parse_on_error(args.on_error);
  if (args.eco.wanted() && !(args.book = load_eco_book(args.eco, "annotate"))) return kExitUsage;
  if (args.in_place) {
    if (args.shard.ranged()) {
      std::fprintf(stderr, "pgnkit annotate: --in-place rewrites whole files, not a --range\n");
      return kExitUsage;
    }
    if (args.files.empty() || args.output != "-") {
      std::fprintf(stderr, "pgnkit annotate: --in-place needs input files and no -o\n");
      return kExitUsage;
    }
    for (const auto& f : args.files) {
      if (f == "-") {
        std::fprintf(stderr, "pgnkit annotate: --in-place cannot rewrite stdin\n");
        return kExitUsage;
      }
    }
    return run_in_place(args);
  }
  io::IoError err;
  auto out = io::OutputSink::open(args.output, &err);
  if (!out) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, args.output).c_str());
    return kExitUsage;
  }
  AnnotateTotals totals;
  bool failed = false;
  failed |= !annotate_files(args.files, args, *out, totals);
  failed |= !out->finish();
  failed |= report_sink_error(*out);
  return finish(totals, failed, args.shard);
}

}  // namespace

void register_annotate(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<AnnotateArgs>();
  CLI::App* cmd = app.add_subcommand(
      "annotate", "Write games back as export-format PGN, adding what the rules found.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("-o,--output", args->output,
                  "Output file ('-' = stdout); a name ending in .zst is compressed");
  cmd->add_flag("--in-place", args->in_place,
                "Rewrite each input file (via a temporary file renamed over it only on success)");
  cmd->add_flag(
      "--fix-results", args->options.fix_results,
      "Set Result and the termination marker to the rules' result where a rule ended the game");
  cmd->add_flag("--end-tags", args->options.end_tags,
                "Add [PlyCount], [TerminationRule] (the rule that ended the game) and [FinalFEN]");
  cmd->add_flag("--claim-comments", args->options.claim_comments,
                "Comment where threefold repetition / the 50-move rule became claimable, and "
                "automatic draws");
  cmd->add_flag("--fen-comments", args->options.fen_comments,
                "Add the FEN after every move as a comment");
  cmd->add_option("--on-error", args->on_error,
                  "Games with illegal moves: skip (drop), truncate (legal prefix, result *), keep "
                  "(as written, "
                  "with a comment at the bad move)")
      ->check(CLI::IsMember({"skip", "truncate", "keep"}));
  add_eco_options(*cmd, args->eco, true);
  cmd->add_option("--line-length", args->line_length,
                  "Wrap movetext at N characters (a [%...] comment command is never broken)")
      ->check(CLI::Range(20, 100000));
  add_laws_option(*cmd, args->laws);
  add_threads_option(cmd, args->threads);
  add_shard_options(cmd, args->shard, true);
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
      "  pgnkit annotate -j 8 --end-tags big.pgn.zst -o annotated.pgn   (same bytes as -j 1)\n"
      "  pgnkit annotate --range 0:26048332 games.pgn   (a shard of `pgnkit index`)\n"
      "Exit status: 0 written, 1 some games had move errors (handled per --on-error), 2 usage\n"
      "or I/O error (with --in-place the original is then left unchanged). See docs/annotate.md.");
  cmd->callback([args, &exit_code] { exit_code = run_annotate(*args); });
}

}  // namespace pgnkit::tools

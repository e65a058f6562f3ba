#include "commands/annotate.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "analysis/game_evals.h"
#include "commands/error_listing.h"
#include "commands/line_length.h"
#include "commands/output_file.h"
#include "eco/classify.h"
#include "io/archive_reader.h"
#include "io/input_list.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "write/annotate.h"
#include "write/pgn_writer.h"

namespace pgnkit::commands {
namespace {

// What a read needs, worked out once from the options.
struct AnnotatePlan {
  write::AnnotateOptions edits;
  write::PgnWriteOptions pgn;
  const eco::Book* book = nullptr;
  bool eco_keep = false;
  bool accuracy = false;
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
};

// Counters (pipeline::Counters): games, with move errors, dropped.
enum Counter : std::size_t { kGames, kBadGames, kDropped };

// Annotates every game it receives into the result's output; its error problems go to the
// result's stderr bytes.
class AnnotateSink : public replay::RecordSink {
 public:
  AnnotateSink(const AnnotatePlan& plan, pipeline::ChunkResult& result, pipeline::Drain* drain,
               std::string_view file)
      : plan_(plan), result_(result), drain_(drain), file_(file) {}

  void problem(const replay::Problem& p) override { errors_.problem(result_.err, file_, p); }
  void unreported(const replay::Problem& p) override { errors_.unreported(p); }

  void game(const replay::GameRecord& record) override {
    ++result_.counters[kGames];
    if (write::has_move_errors(record)) ++result_.counters[kBadGames];
    work_ = record;
    if (!write::annotate(work_, plan_.edits)) {
      ++result_.counters[kDropped];
    } else {
      if (plan_.book) eco::set_tags(work_, eco::classify(*plan_.book, work_), plan_.eco_keep);
      if (plan_.accuracy) analysis::set_figure_tags(work_, analysis::record_figures(work_));
      write::write_pgn(work_, plan_.pgn, result_.out.text());
    }
    // The errors listed count too: a game's are bounded (kMaxReportedProblems), many games' not.
    if (drain_ && result_.out.size() + result_.err.size() >= (std::size_t{1} << 16))
      drain_->flush(result_);
  }

 private:
  const AnnotatePlan& plan_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  replay::GameRecord work_;
  std::string_view file_;
  ErrorListing errors_;
};

// One read of annotate: the whole input with one thread, or a chunk of it (lib/pipeline).
class AnnotateJob final : public pipeline::Job {
 public:
  explicit AnnotateJob(const AnnotatePlan& plan) : plan_(plan) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    AnnotateSink sink(plan_, result, read.drain, read.input);
    replay::ReplayOptions options;
    options.laws = plan_.laws;
    replay::RecordBuilder builder(sink, options);
    result.stats = pgn::read_pgn(read.source, builder, read.options);
  }

 private:
  const AnnotatePlan& plan_;
};

// Reads `inputs` into `out`, adding the counts to `s`; false on an I/O error (told).
bool annotate_files(const std::vector<std::string>& inputs, const AnnotateOptions& options,
                    const AnnotatePlan& plan, OutputFile& out, Console& console,
                    const AfterRead& after_read, AnnotateSummary& s) {
  const AnnotateJob job(plan);
  pipeline::Settings used;
  const pipeline::RunStats stats =
      run_inputs(inputs, job, console, out, options.run, options.shard, nullptr, &used);
  if (after_read) after_read(stats, used);
  s.games += stats.totals[kGames];
  s.bad_games += stats.totals[kBadGames];
  s.dropped += stats.totals[kDropped];
  return !stats.io_failed;
}

// How `path` is stored: its compression, or nullopt (told) when it cannot be rewritten.
std::optional<io::Compression> stored_compression(const std::string& path, Console& console) {
  io::IoError error;
  std::optional<io::Source> source = io::Source::open(path, &error, {.decode_ahead = false});
  if (!source) {
    console.message(io::describe(error, path));
    return std::nullopt;
  }
  if (io::detect_archive(source->peek(io::kArchiveMagicBytes))) {
    console.message(path + ": an archive is not rewritten in place; left unchanged");
    return std::nullopt;
  }
  return source->compression();
}

// Rewrites `path` through a temporary file beside it, renamed over it only when everything
// succeeded; false (the file left unchanged, and told) otherwise.
bool annotate_in_place(const std::string& path, const AnnotateOptions& options,
                       const AnnotatePlan& plan, Console& console, const AfterRead& after_read,
                       AnnotateSummary& s) {
  // The file is written back as it is stored (gzip stays gzip, whatever its name); an
  // archive holds several files, and is not rewritten.
  const std::optional<io::Compression> compression = stored_compression(path, console);
  if (!compression) return false;
  std::string tmp = path + ".pgnkit-XXXXXX";
  const int fd = mkstemp(tmp.data());
  if (fd < 0) {
    console.message(path + ": cannot create a temporary file beside it");
    return false;
  }
  close(fd);
  OutputFile out(console);
  bool ok = out.open(tmp, {}, *compression);
  if (ok) {
    ok = annotate_files({path}, options, plan, out, console, after_read, s);
    ok = out.finish() && ok;
  }
  std::error_code ec;
  if (ok) {
    std::filesystem::permissions(tmp, std::filesystem::status(path, ec).permissions(), ec);
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
      console.message(path + ": cannot replace the original: " + ec.message());
      ok = false;
    }
  }
  if (!ok) {
    std::filesystem::remove(tmp, ec);
    console.message(path + ": left unchanged");
  }
  return ok;
}

// The plan, or nullopt after telling the console why the options cannot run.
std::optional<AnnotatePlan> make_plan(const AnnotateOptions& o, Console& console) {
  const auto usage = [&](const std::string& line) {
    console.command_message("annotate", line);
    return std::nullopt;
  };
  AnnotatePlan plan;
  const std::optional<write::OnError> on_error = write::on_error_named(o.on_error);
  if (!on_error) return usage("unknown --on-error '" + o.on_error + "' (skip, truncate or keep)");
  plan.edits.on_error = *on_error;
  if (const std::optional<std::string> problem = line_length_problem(o.line_length))
    return usage(*problem);
  if (o.in_place) {
    if (o.shard) return usage("--in-place rewrites whole files, not a --range");
    if (o.inputs.empty() || o.output != "-") return usage("--in-place needs input files and no -o");
    for (const std::string& input : o.inputs)
      if (input == "-") return usage("--in-place cannot rewrite stdin");
  }
  plan.edits.fix_results = o.fix_results;
  plan.edits.end_tags = o.end_tags;
  plan.edits.claim_comments = o.claim_comments;
  plan.edits.fen_comments = o.fen_comments;
  plan.pgn.line_length = o.line_length;
  plan.book = o.eco;
  plan.eco_keep = o.eco_keep;
  plan.accuracy = o.accuracy;
  plan.laws = o.laws;
  return plan;
}

}  // namespace

AnnotateSummary run_annotate(const AnnotateOptions& options, Console& console,
                             const std::function<bool()>& output_failed,
                             const AfterRead& after_read) {
  AnnotateSummary s;
  s.in_place = options.in_place;
  const std::optional<AnnotatePlan> plan = make_plan(options, console);
  if (!plan) {
    s.exit_status = kExitUsage;
    return s;
  }
  if (options.in_place) {
    s.ran = true;
    // A directory: every file under it, each rewritten on its own (io/input_list.h).
    for (const io::ListedInput& listed : io::list_inputs(options.inputs)) {
      if (listed.error) {
        console.message(io::describe(*listed.error, listed.path));
        s.io_failed = true;
      } else if (!listed.empty_directory &&
                 !annotate_in_place(listed.path, options, *plan, console, after_read, s)) {
        s.io_failed = true;
      }
    }
  } else {
    OutputFile out(console);
    if (!out.open(options.output, options.inputs)) {
      s.exit_status = kExitUsage;
      return s;
    }
    s.ran = true;
    s.io_failed = !annotate_files(options.inputs, options, *plan, out, console, after_read, s);
    s.io_failed |= !out.finish(output_failed);
  }
  if (s.io_failed) {
    s.exit_status = kExitUsage;
  } else {
    s.exit_status = s.bad_games > 0 ? kExitProblems : kExitOk;
  }
  return s;
}

std::string annotate_summary_text(const AnnotateSummary& s) {
  const std::string errors = s.in_place        ? std::string()
                             : s.bad_games > 0 ? std::string(" (see above)")
                                               : std::string(" (none)");
  return std::to_string(s.games) + " games, " + std::to_string(s.bad_games) + " with move errors" +
         errors + ", " + std::to_string(s.dropped) + " dropped";
}

std::string annotate_summary_ndjson(const AnnotateSummary& s) {
  return "{\"summary\":\"annotate\",\"games\":" + std::to_string(s.games) +
         ",\"bad_games\":" + std::to_string(s.bad_games) +
         ",\"dropped\":" + std::to_string(s.dropped) +
         ",\"io_failed\":" + (s.io_failed ? "true" : "false") + "}";
}

}  // namespace pgnkit::commands

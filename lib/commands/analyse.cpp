#include "commands/analyse.h"

#include <string_view>

#include "commands/analyse_pool.h"
#include "commands/error_listing.h"
#include "commands/line_length.h"
#include "commands/output_file.h"
#include "commands/run_inputs.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "write/annotate.h"
#include "write/json.h"
#include "write/pgn_writer.h"

namespace pgnkit::commands {
namespace {

// Counters (pipeline::Counters).
enum Counter : std::size_t { kGames, kBadGames, kDropped, kPositions };

struct AnalysePlan {
  write::AnnotateOptions edits;  // on_error only
  write::PgnWriteOptions pgn;
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
};

// Hands every game to the pool and writes back, in order, those it has finished; the
// input's last games are waited for at its end.
class AnalyseSink : public replay::RecordSink {
 public:
  AnalyseSink(const AnalysePlan& plan, AnalysePool& pool, const AnalyseOptions& options,
              pipeline::ChunkResult& result, pipeline::Drain* drain, std::string_view file)
      : plan_(plan), pool_(pool), options_(options), result_(result), drain_(drain), file_(file) {}

  void problem(const replay::Problem& p) override { errors_.problem(result_.err, file_, p); }
  void unreported(const replay::Problem& p) override { errors_.unreported(p); }

  void game(const replay::GameRecord& record) override {
    if (pool_.failed()) return;
    ++result_.counters[kGames];
    if (write::has_move_errors(record)) ++result_.counters[kBadGames];
    AnalyseTask task;
    task.game = record;
    if (!write::annotate(task.game, plan_.edits)) {
      ++result_.counters[kDropped];
      return;
    }
    task.input = file_;
    task.analyse = task.game.replayed;
    // Room first: the pool's games come back only through this thread.
    while (pool_.pending() >= pool_.capacity() && write_next(true)) {
    }
    pool_.submit(std::move(task));
    while (write_next(false)) {
    }
  }

  // The games still in the pool, waited for.
  void finish() {
    while (write_next(true)) {
    }
  }

 private:
  bool write_next(bool wait) {
    std::optional<AnalyseTask> task = pool_.take(wait);
    if (!task) return false;
    for (const std::string& w : task->warnings) {
      result_.err.text() += w;
      result_.err.text() += '\n';
    }
    result_.counters[kPositions] += task->positions;
    write::write_pgn(task->game, plan_.pgn, result_.out.text());
    ++written_;
    if (options_.progress) options_.progress(written_, pool_.positions());
    if (drain_ && result_.out.size() + result_.err.size() >= (std::size_t{1} << 14))
      drain_->flush(result_);
    return true;
  }

  const AnalysePlan& plan_;
  AnalysePool& pool_;
  const AnalyseOptions& options_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  std::string_view file_;
  ErrorListing errors_;
  std::uint64_t written_ = 0;
};

// One read: the whole input on the calling thread (the engines are the parallel part).
class AnalyseJob final : public pipeline::Job {
 public:
  AnalyseJob(const AnalysePlan& plan, AnalysePool& pool, const AnalyseOptions& options)
      : plan_(plan), pool_(pool), options_(options) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    AnalyseSink sink(plan_, pool_, options_, result, read.drain, read.input);
    replay::ReplayOptions replay_options;
    replay_options.laws = plan_.laws;
    replay::RecordBuilder builder(sink, replay_options);
    result.stats = pgn::read_pgn(read.source, builder, read.options);
    sink.finish();
  }
  bool cancelled() const override { return pool_.failed(); }

 private:
  const AnalysePlan& plan_;
  AnalysePool& pool_;
  const AnalyseOptions& options_;
};

std::optional<AnalysePlan> make_plan(const AnalyseOptions& o, Console& console) {
  const auto usage = [&](const std::string& line) {
    console.command_message("analyse", line);
    return std::nullopt;
  };
  AnalysePlan plan;
  const std::optional<write::OnError> on_error = write::on_error_named(o.on_error);
  if (!on_error) return usage("unknown --on-error '" + o.on_error + "' (skip, truncate or keep)");
  plan.edits.on_error = *on_error;
  if (const std::optional<std::string> problem = line_length_problem(o.line_length))
    return usage(*problem);
  if (o.engine.path.empty()) return usage("no engine: give --engine PATH");
  if (o.limit.value == 0) return usage("the search limit must be at least 1");
  if (o.variation_plies > 1000) return usage("--variations is at most 1000 plies");
  if (o.timeout && o.timeout->count() <= 0) return usage("--timeout must be positive");
  plan.pgn.line_length = o.line_length;
  plan.laws = o.laws;
  return plan;
}

}  // namespace

std::chrono::milliseconds analyse_timeout(const engine::Limit& limit) {
  using std::chrono::milliseconds;
  switch (limit.kind) {
    case engine::Limit::Kind::Nodes:
      return milliseconds(10'000 + static_cast<std::int64_t>(limit.value / 10));
    case engine::Limit::Kind::Depth: return milliseconds(300'000);
    case engine::Limit::Kind::MoveTime:
      return milliseconds(10'000 + 2 * static_cast<std::int64_t>(limit.value));
  }
  return milliseconds(60'000);
}

AnalyseSummary run_analyse(const AnalyseOptions& options, Console& console,
                           const std::function<bool()>& output_failed) {
  AnalyseSummary s;
  const std::optional<AnalysePlan> plan = make_plan(options, console);
  if (!plan) {
    s.exit_status = kExitUsage;
    return s;
  }
  analysis::AnalysisSettings settings;
  settings.limit = options.limit;
  settings.timeout = options.timeout ? *options.timeout : analyse_timeout(options.limit);
  settings.force = options.force;
  settings.variation_plies = options.variation_plies;
  const unsigned engines = options.engines ? options.engines : pipeline::default_threads();
  AnalysePool pool(options.engine, settings, engines);
  if (std::string why; !pool.start(&why)) {
    console.command_message("analyse", "engine '" + options.engine.path + "': " + why);
    s.exit_status = kExitUsage;
    return s;
  }
  s.engine_name = pool.name();
  OutputFile out(console);
  if (!out.open(options.output, options.inputs)) {
    s.exit_status = kExitUsage;
    return s;
  }
  s.ran = true;
  const AnalyseJob job(*plan, pool, options);
  pipeline::RunOptions run;
  run.threads = 1;
  run.bytes_read = options.bytes_read;
  const pipeline::RunStats stats =
      run_inputs(options.inputs, job, console, out, run, options.shard);
  s.games = stats.totals[kGames];
  s.bad_games = stats.totals[kBadGames];
  s.dropped = stats.totals[kDropped];
  s.positions = stats.totals[kPositions];
  s.io_failed = stats.io_failed;
  s.io_failed |= !out.finish(output_failed);
  if (pool.failed()) {
    s.engine_failed = true;
    console.command_message("analyse",
                            pool.failure() + "; stopped, the output ends before that game");
  }
  if (s.io_failed || s.engine_failed) {
    s.exit_status = kExitUsage;
  } else {
    s.exit_status = s.bad_games > 0 ? kExitProblems : kExitOk;
  }
  return s;
}

std::string analyse_summary_text(const AnalyseSummary& s) {
  return std::to_string(s.games) + " games, " + std::to_string(s.positions) +
         " positions searched by " + (s.engine_name.empty() ? "the engine" : s.engine_name) + ", " +
         std::to_string(s.bad_games) + " with move errors, " + std::to_string(s.dropped) +
         " dropped";
}

std::string analyse_summary_ndjson(const AnalyseSummary& s) {
  std::string line = "{\"summary\":\"analyse\",\"games\":" + std::to_string(s.games) +
                     ",\"positions\":" + std::to_string(s.positions) +
                     ",\"bad_games\":" + std::to_string(s.bad_games) +
                     ",\"dropped\":" + std::to_string(s.dropped) + ",\"engine\":";
  write::append_json_string(line, s.engine_name);
  line += ",\"io_failed\":";
  line += s.io_failed ? "true}" : "false}";
  return line;
}

}  // namespace pgnkit::commands

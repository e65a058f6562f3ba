#include "pipeline/runner.h"

#include <memory>

#include "io/input.h"

namespace pgnkit::pipeline {
namespace {

// The caller's Emitter behind the command's MergeHook; also the Drain of the one-reader paths,
// whose game numbers are final (Output::set_base done).
class HookedEmitter final : public Emitter, public Drain {
 public:
  HookedEmitter(Emitter& to, MergeHook* hook) : to_(to), hook_(hook) {}
  void out(std::string_view bytes) override {
    if (hook_ != nullptr) bytes = hook_->out(bytes);
    if (!bytes.empty()) to_.out(bytes);
  }
  void err(std::string_view bytes) override {
    if (bytes.empty()) return;
    if (hook_ != nullptr) return hook_->err(bytes);
    to_.err(bytes);
  }
  void open_failed(const std::string& path, const io::IoError& error) override {
    to_.open_failed(path, error);
  }
  void input_begin(std::string_view name) override {
    if (hook_ != nullptr) hook_->input_begin(name);
    to_.input_begin(name);
  }
  void input_end(std::string_view name, const std::optional<io::IoError>& error) override {
    to_.input_end(name, error);
  }
  void skipped(std::string_view name, std::string_view why) override { to_.skipped(name, why); }
  void records(const Records& records, std::uint64_t game_base) override {
    if (hook_ != nullptr) return hook_->records(records, game_base);
    to_.records(records, game_base);
  }
  void progress(std::uint64_t bytes, std::uint64_t games) override { to_.progress(bytes, games); }
  void flush(ChunkResult& r) override {
    if (r.records && !r.records->empty()) {
      records(*r.records, 0);
      r.records->clear();
    }
    out(r.out.view());
    err(r.err.view());
    r.out.clear();
    r.err.clear();
  }

 private:
  Emitter& to_;
  MergeHook* hook_;
};

void add(Counters& totals, const Counters& more) {
  for (std::size_t i = 0; i < totals.size(); ++i) totals[i] += more[i];
}

// One stream (an input, or an archive's member) through one reader. False: stop the run.
bool read_stream(io::Source& source, const Job& job, HookedEmitter& emitter, RunStats& stats) {
  emitter.input_begin(source.name());
  ChunkResult r;
  r.out.set_base(0, stats.games);  // Scope::Run numbers count the games before
  r.err.set_base(0, stats.games);
  // One reader over the whole stream: Job::cancelled is asked before each game.
  const Job* asked = &job;
  pgn::ReaderOptions reader;
  reader.stop_before_game = [](void* ctx, std::uint64_t) {
    return (*static_cast<const Job* const*>(ctx))->cancelled();
  };
  reader.stop_ctx = static_cast<void*>(&asked);
  job.read(ChunkRead{source, source.name(), reader, stats.totals, &emitter, 0}, r);
  emitter.flush(r);
  add(stats.totals, r.counters);
  stats.bytes += r.stats.bytes;
  stats.games += r.stats.games;
  emitter.progress(stats.bytes, stats.games);
  emitter.input_end(source.name(), source.error());
  stats.io_failed |= source.error().has_value();
  return !job.stop_after_input(stats.totals) && !job.cancelled();
}

RunStats run_sequential(const std::vector<io::ListedInput>& inputs, const Job& job,
                        HookedEmitter& emitter, const io::SourceOptions& source_options) {
  RunStats stats;
  for (const io::ListedInput& listed : inputs) {
    if (job.cancelled()) break;
    if (listed.empty_directory) {
      emitter.skipped(listed.path, io::kEmptyDirectoryNote);
      continue;
    }
    io::IoError error = listed.error.value_or(io::IoError{});
    std::optional<io::Input> input;
    if (!listed.error) {
      input = io::Input::open(listed.path, &error, source_options, job.reads_lines());
    }
    if (!input) {
      emitter.open_failed(listed.path, error);
      stats.io_failed = true;
      continue;
    }
    while (std::optional<io::InputEntry> entry = input->next()) {
      if (entry->source != nullptr) {
        if (!read_stream(*entry->source, job, emitter, stats)) return stats;
      } else if (entry->failure) {
        emitter.open_failed(entry->name, *entry->failure);
        stats.io_failed = true;
      } else {
        emitter.skipped(entry->name, entry->skipped);
      }
    }
    if (input->error()) {
      emitter.open_failed(std::string(input->name()), *input->error());
      stats.io_failed = true;
    }
  }
  return stats;
}

RunStats run_range(const std::string& path, const Shard& shard, const Job& job,
                   HookedEmitter& emitter, const io::SourceOptions& source_options) {
  RunStats stats;
  io::IoError error;
  const std::unique_ptr<RangeInput> in =
      RangeInput::open(path, shard, job.reads_lines(), source_options, &error);
  if (!in) {
    emitter.open_failed(path, error);
    stats.io_failed = true;
    return stats;
  }
  io::Source& source = in->source();
  if (in->empty()) {
    // An input shorter than START holds no game of the shard; only a failure is an error.
    if (source.error()) emitter.input_end(source.name(), source.error());
    stats.io_failed = source.error().has_value();
    return stats;
  }
  const std::uint64_t game_base = in->game_base();
  emitter.input_begin(source.name());
  ChunkResult r;
  // Run-wide numbers (convert's EPD ids) count from the shard's id base (unsigned
  // wrap-around gives id_base + relative whatever the two bases).
  r.out.set_base(game_base, shard.id_base() - game_base);
  r.err.set_base(game_base, shard.id_base() - game_base);
  job.read(ChunkRead{source, source.name(), in->options(), stats.totals, &emitter, game_base}, r);
  emitter.flush(r);
  stats.totals = r.counters;
  stats.bytes = r.stats.bytes;
  stats.games = r.stats.games;
  emitter.input_end(source.name(), source.error());
  stats.io_failed = source.error().has_value();
  return stats;
}

}  // namespace

RunStats run_job(const std::vector<std::string>& inputs, const Job& job, Emitter& emitter,
                 const RunOptions& options, MergeHook* hook, Settings* used) {
  HookedEmitter hooked(emitter, hook);
  Settings settings;
  settings.chunk_size = options.chunk_size;
  settings.source.bytes_read = options.bytes_read;
  settings.source.map_files = options.map_files;
  settings.threads = options.threads == 0 ? default_threads() : options.threads;
  const bool one_reader = options.shard != nullptr || settings.threads == 1;
  settings.source.decode_ahead = options.decode_ahead.value_or(one_reader || default_threads() > 2);
  if (used != nullptr) *used = settings;
  // Directories become the input files under them, in sorted order (io/input_list.h).
  const std::vector<io::ListedInput> listed = io::list_inputs(inputs, job.reads_lines());
  if (options.shard != nullptr) {
    if (listed.size() != 1 || listed.front().error || listed.front().empty_directory) {
      RunStats stats;
      stats.io_failed = true;
      return stats;
    }
    return run_range(listed.front().path, *options.shard, job, hooked, settings.source);
  }
  if (settings.threads == 1) return run_sequential(listed, job, hooked, settings.source);
  return run(listed, job, hooked, settings);
}

}  // namespace pgnkit::pipeline

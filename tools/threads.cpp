#include "threads.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "input.h"
#include "stdout_write.h"

namespace pgnkit::tools {
namespace {

// stdout and stderr through stdio, as the one-thread commands always wrote.
class StdioEmitter final : public pipeline::Emitter, public pipeline::Drain {
 public:
  StdioEmitter(io::OutputSink* sink, Progress* progress, MergeHook* hook)
      : sink_(sink),
        progress_(progress),
        hook_(hook),
        stdout_is_tty_(sink == nullptr && isatty(STDOUT_FILENO)) {}
  void out(std::string_view bytes) override {
    if (hook_ != nullptr) bytes = hook_->out(bytes);
    if (bytes.empty()) return;
    if (progress_ != nullptr && stdout_is_tty_) progress_->before_output();  // same terminal?
    if (sink_ != nullptr) {
      sink_->write(bytes);
    } else {
      write_stdout(bytes);
    }
  }
  void err(std::string_view bytes) override {
    if (bytes.empty()) return;
    if (hook_ != nullptr) return hook_->err(bytes);
    if (progress_ != nullptr) progress_->before_output();
    std::fwrite(bytes.data(), 1, bytes.size(), stderr);
  }
  void input_begin(std::string_view name) override {
    if (hook_ != nullptr) hook_->input_begin(name);
  }
  void progress(std::uint64_t /*bytes*/, std::uint64_t games) override {
    if (progress_ != nullptr) progress_->set_games(games);
  }
  void open_failed(const std::string& path, const io::IoError& error) override {
    if (progress_ != nullptr) progress_->before_output();
    std::fprintf(stderr, "pgnkit: %s\n",
                 io::describe(error, path == "-" ? "<stdin>" : path).c_str());
  }
  void input_end(std::string_view name, const std::optional<io::IoError>& error) override {
    flush_stdout();
    if (error && progress_ != nullptr) progress_->before_output();
    if (error) std::fprintf(stderr, "pgnkit: %s\n", io::describe(*error, name).c_str());
  }
  // Drain: numbers are final (Output::set_base) on this path.
  void flush(pipeline::ChunkResult& r) override {
    out(r.out.view());
    err(r.err.view());
    r.out.clear();
    r.err.clear();
  }

 private:
  io::OutputSink* sink_;
  Progress* progress_;
  MergeHook* hook_;
  const bool stdout_is_tty_;
};

pipeline::RunStats run_sequential(const std::vector<std::string>& files, const pipeline::Job& job,
                                  StdioEmitter& emitter, Progress* progress) {
  pipeline::RunStats stats;
  stats.io_failed = for_each_input(
      files,
      [&](io::Source& source) {
        emitter.input_begin(source.name());
        pipeline::ChunkResult r;
        r.out.set_base(0, stats.games);  // Scope::Run numbers count the games before
        r.err.set_base(0, stats.games);
        job.read(pipeline::ChunkRead{source, source.name(), {}, stats.totals, &emitter, 0}, r);
        emitter.flush(r);
        for (std::size_t i = 0; i < stats.totals.size(); ++i) stats.totals[i] += r.counters[i];
        stats.bytes += r.stats.bytes;
        stats.games += r.stats.games;
        emitter.progress(stats.bytes, stats.games);
        return !job.stop_after_input(stats.totals);
      },
      progress != nullptr ? progress->bytes_counter() : nullptr);
  return stats;
}

// One shard: the games whose first byte lies in [range.start, range.end), see shard.h.
pipeline::RunStats run_range(const std::string& path, const ShardArgs& shard,
                             const pipeline::Job& job, StdioEmitter& emitter) {
  pipeline::RunStats stats;
  const std::unique_ptr<RangeInput> in = RangeInput::open(path, shard, job.reads_lines());
  if (!in) {
    stats.io_failed = true;
    return stats;
  }
  io::Source& source = in->source();
  if (in->empty()) {
    // An input shorter than START holds no game of the shard; only a failure is an error.
    stats.io_failed = report_read_error(source);
    return stats;
  }
  const std::uint64_t game_base = in->game_base();
  emitter.input_begin(source.name());
  pipeline::ChunkResult r;
  // Run-wide numbers (convert's EPD ids) count from the shard's id base (ShardArgs::id_base;
  // unsigned wrap-around gives id_base + relative whatever the two bases).
  r.out.set_base(game_base, shard.id_base() - game_base);
  r.err.set_base(game_base, shard.id_base() - game_base);
  job.read(
      pipeline::ChunkRead{source, source.name(), in->options(), stats.totals, &emitter, game_base},
      r);
  emitter.flush(r);
  flush_stdout();
  stats.totals = r.counters;
  stats.bytes = r.stats.bytes;
  stats.games = r.stats.games;
  stats.io_failed = report_read_error(source);
  return stats;
}

std::size_t env_size(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  return end != v && n > 0 ? static_cast<std::size_t>(n) : fallback;
}

}  // namespace

void add_threads_option(CLI::App* cmd, unsigned& threads) {
  cmd->add_option("-j,--threads", threads,
                  "Worker threads (default: the CPUs this process may use; 1 = one thread). The "
                  "output is the same for every N")
      ->check(CLI::Range(0u, 1024u));
}

pipeline::RunStats run_job(const std::vector<std::string>& files, unsigned threads,
                           const pipeline::Job& job, io::OutputSink* out, Progress* progress,
                           const ShardArgs* shard, MergeHook* hook) {
  StdioEmitter emitter(out, progress, hook);
  if (shard != nullptr && !shard->range.empty()) {
    if (files.size() > 1) {
      std::fprintf(stderr, "pgnkit: --range reads one input, not %zu\n", files.size());
      pipeline::RunStats stats;
      stats.io_failed = true;
      return stats;
    }
    return run_range(inputs_or_stdin(files).front(), *shard, job, emitter);
  }
  if (threads == 0) threads = pipeline::default_threads();
  if (threads == 1) return run_sequential(files, job, emitter, progress);
  pipeline::Settings settings;
  settings.threads = threads;
  settings.chunk_size = env_size("PGNKIT_CHUNK_SIZE", settings.chunk_size);
  // In the pipeline each input has a splitter thread of its own, which decodes a .zst itself
  // unless a decode-ahead thread does it for it. That extra thread pays only when there is a
  // spare core for it: on two cores every other thread is busy, and the hand-over through the
  // ring cost more than the overlap gained (docs/threads.md). PGNKIT_DECODE_AHEAD decides
  // when it is set: 0 never, anything else always.
  const char* decode_ahead = std::getenv("PGNKIT_DECODE_AHEAD");
  settings.source.decode_ahead = decode_ahead == nullptr ? pipeline::default_threads() > 2
                                                         : std::string_view(decode_ahead) != "0";
  if (progress != nullptr) settings.source.bytes_read = progress->bytes_counter();
  const pipeline::RunStats stats = pipeline::run(inputs_or_stdin(files), job, emitter, settings);
  if (std::getenv("PGNKIT_PIPELINE_STATS") != nullptr) {
    std::fprintf(stderr,
                 "pipeline: %llu chunks, %llu speculative, %llu continuations over %llu chunks, "
                 "%llu sequential rests, cuts: %llu tag line, %llu line start, %llu forced, %llu "
                 "inputs open at once, %llu exact rereads, zstd decoded ahead: %s\n",
                 static_cast<unsigned long long>(stats.chunks),
                 static_cast<unsigned long long>(stats.speculative),
                 static_cast<unsigned long long>(stats.continuations),
                 static_cast<unsigned long long>(stats.continued_chunks),
                 static_cast<unsigned long long>(stats.sequential_rests),
                 static_cast<unsigned long long>(stats.tag_line_cuts),
                 static_cast<unsigned long long>(stats.line_cuts),
                 static_cast<unsigned long long>(stats.forced_cuts),
                 static_cast<unsigned long long>(stats.open_inputs),
                 static_cast<unsigned long long>(stats.exact_rereads),
                 settings.source.decode_ahead ? "yes" : "no");
  }
  return stats;
}

}  // namespace pgnkit::tools

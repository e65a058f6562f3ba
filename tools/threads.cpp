#include "threads.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "input.h"
#include "stdout_write.h"

namespace pgnkit::tools {
namespace {

std::size_t env_size(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  return end != v && n > 0 ? static_cast<std::size_t>(n) : fallback;
}

void print_pipeline_stats(const pipeline::RunStats& stats, const pipeline::Settings& settings) {
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

}  // namespace

TerminalConsole::TerminalConsole(io::OutputSink* sink, Progress* progress)
    : sink_(sink), progress_(progress), stdout_is_tty_(sink == nullptr && isatty(STDOUT_FILENO)) {}

void TerminalConsole::out(std::string_view bytes) {
  if (progress_ != nullptr && stdout_is_tty_) progress_->before_output();  // same terminal?
  if (sink_ != nullptr) {
    sink_->write(bytes);
  } else {
    write_stdout(bytes);
  }
}

void TerminalConsole::err(std::string_view bytes) {
  if (progress_ != nullptr) progress_->before_output();
  std::fwrite(bytes.data(), 1, bytes.size(), stderr);
}

void TerminalConsole::message(std::string_view line) {
  report(line);
}

void TerminalConsole::command_message(std::string_view command, std::string_view line) {
  progress_before_output();
  std::fprintf(stderr, "pgnkit %.*s: %.*s\n", static_cast<int>(command.size()), command.data(),
               static_cast<int>(line.size()), line.data());
}

void TerminalConsole::progress(std::uint64_t /*bytes*/, std::uint64_t games) {
  if (progress_ != nullptr) progress_->set_games(games);
}

void TerminalConsole::input_end(std::string_view name, const std::optional<io::IoError>& error) {
  flush_stdout();  // the input's output before its error
  Console::input_end(name, error);
}

void maybe_print_pipeline_stats(const pipeline::RunStats& stats, const pipeline::Settings& used,
                                bool ranged) {
  if (!ranged && used.threads > 1 && std::getenv("PGNKIT_PIPELINE_STATS") != nullptr)
    print_pipeline_stats(stats, used);
}

pipeline::RunOptions run_options(unsigned threads, Progress* progress) {
  pipeline::RunOptions options;
  options.threads = threads;
  options.chunk_size = env_size("PGNKIT_CHUNK_SIZE", options.chunk_size);
  options.decode_ahead = decode_ahead_setting();
  options.map_files = map_files_setting();
  if (progress != nullptr) options.bytes_read = progress->bytes_counter();
  return options;
}

void add_threads_option(CLI::App* cmd, unsigned& threads) {
  cmd->add_option("-j,--threads", threads,
                  "Worker threads (default: the CPUs this process may use; 1 = one thread). The "
                  "output is the same for every N")
      ->check(CLI::Range(0u, 1024u));
}

bool stdout_sink_failed(std::optional<io::OutputSink>& out, commands::Console& console) {
  if (!out) return false;  // a file: the library ended it
  bool failed = !out->finish();
  if (out->error()) {
    console.message(io::describe(*out->error(), out->name()));
    failed = true;
  }
  return failed;
}

}  // namespace pgnkit::tools

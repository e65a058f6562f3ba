// dedup: the options checked, the output and the report created, one pass over the inputs (two
// for keep Longest: the first only learns) with DedupJob's reads (dedup_job.h) on one thread
// or many, each game decided in input order by DedupMerge (dedup_merge.h).
#include "commands/dedup.h"

#include <cstdio>
#include <optional>

#include "commands/byte_size.h"
#include "commands/dedup_job.h"
#include "commands/dedup_merge.h"
#include "commands/output_file.h"
#include "dedup/decider.h"
#include "io/sink.h"

namespace pgnkit::commands {
namespace {

// The report file, closed at the end of the run.
struct ReportFile {
  std::FILE* file = nullptr;
  ReportFile() = default;
  ReportFile(const ReportFile&) = delete;
  ReportFile& operator=(const ReportFile&) = delete;
  ~ReportFile() {
    if (file != nullptr) std::fclose(file);
  }
  // Flushes and closes; false when anything written failed.
  bool close() {
    // A failed fwrite leaves only the error flag: fclose() alone may then succeed.
    const bool unwritten = std::fflush(file) != 0 || std::ferror(file) != 0;
    const bool closed = std::fclose(file) == 0;
    file = nullptr;
    return closed && !unwritten;
  }
};

}  // namespace

DedupSummary run_dedup(const DedupOptions& options, Console& console,
                       const std::function<bool()>& output_failed) {
  DedupSummary summary;
  summary.exit_status = kExitUsage;
  const auto usage = [&console](const std::string& line) {
    console.command_message("dedup", line);
  };
  std::size_t limit = 0;
  if (!options.max_memory.empty()) {
    const auto parsed = parse_byte_size(options.max_memory);
    if (!parsed || *parsed == 0) {
      usage("--max-memory '" + options.max_memory + "': expected a size such as 512M or 8G");
      return summary;
    }
    limit = *parsed;
  }
  if (options.inputs.size() > 65535) {  // an input's index is 16 bits (dedup::Origin)
    usage("at most 65535 inputs");
    return summary;
  }
  std::vector<std::string> inputs = options.inputs;
  if (inputs.empty()) inputs.emplace_back("-");
  const bool two_passes = options.prefix && options.keep == DedupKeep::Longest;
  if (two_passes) {
    for (const std::string& f : inputs) {
      if (f == "-") {
        usage("--keep longest reads its inputs twice: give files, not stdin");
        return summary;
      }
    }
  }
  // "-": the console's out(); a file: written here.
  std::optional<io::OutputSink> file;
  if (options.output != "-") {
    if (const std::optional<std::string> why =
            output_clobbers_input(options.output, options.inputs)) {
      console.message(*why);
      return summary;
    }
    io::IoError err;
    file = io::OutputSink::open(options.output, &err);
    if (!file) {
      console.message(io::describe(err, options.output));
      return summary;
    }
  }
  ReportFile report;
  if (!options.report.empty() && !(report.file = std::fopen(options.report.c_str(), "wb"))) {
    usage(options.report + ": cannot create the report");
    return summary;
  }
  const dedup::Mode mode = !options.prefix ? dedup::Mode::Exact
                           : two_passes    ? dedup::Mode::PrefixLongest
                                           : dedup::Mode::PrefixFirst;
  DedupMerge merge(mode, file ? &*file : nullptr, console, report.file, options.max_memory, limit);
  dedup::KeyOptions key_options;
  key_options.same_tags = options.same_tags;
  key_options.prefixes = options.prefix;
  pipeline::RunOptions run = options.run;
  run.shard = nullptr;
  summary.ran = true;
  // One pass over every input.
  const auto pass = [&](bool learning) {
    merge.set_learning(learning);
    const DedupJob job(key_options, learning, merge.failed());
    const pipeline::RunStats stats =
        pipeline::run_job(inputs, job, console, run, &merge, &summary.used);
    summary.io_failed |= stats.io_failed;
    return stats;
  };
  if (two_passes) summary.learning_run = pass(true);
  summary.run = pass(false);
  if (output_failed && output_failed()) summary.io_failed = true;
  if (file) {
    if (!file->finish()) summary.io_failed = true;
    if (file->error()) {
      console.message(io::describe(*file->error(), file->name()));
      summary.io_failed = true;
    }
  }
  if (report.file != nullptr && !report.close()) {
    usage(options.report + ": write error");
    summary.io_failed = true;
  }
  const DedupCounts& c = merge.counts();
  summary.games = c.games;
  summary.written = c.written;
  summary.dropped = c.dropped;
  summary.no_moves = c.no_moves;
  summary.move_errors = c.move_errors;
  summary.unsupported = c.unsupported;
  summary.too_long = c.too_long;
  summary.table_bytes = merge.table_bytes();
  summary.out_of_memory = merge.failed();
  if (summary.io_failed || summary.out_of_memory) {
    summary.exit_status = kExitUsage;
  } else {
    summary.exit_status = c.move_errors != 0 || c.too_long != 0 ? kExitProblems : kExitOk;
  }
  return summary;
}

std::string dedup_summary_text(const DedupSummary& s) {
  const std::uint64_t apart = s.no_moves + s.move_errors + s.unsupported;
  const auto n = [](std::uint64_t v) { return std::to_string(v); };
  return n(s.games) + " games: " + n(s.written) + " written (" + n(s.written - apart) +
         " distinct, " + n(apart) + " not compared: " + n(s.no_moves) + " without moves, " +
         n(s.move_errors) + " with move errors, " + n(s.unsupported) + " unsupported variants), " +
         n(s.dropped) + " duplicates dropped; table " + n(s.table_bytes >> 20) + " MiB";
}

}  // namespace pgnkit::commands

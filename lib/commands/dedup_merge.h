// dedup's decisions, on the merging thread, in input order (tools/threads.h's MergeHook): it
// takes the GameFrames the reads wrote (dedup_job.h), decides each game with lib/dedup's
// Decider, writes the kept games' raw bytes, the report lines and the errors, and counts. The
// same with one thread as with many: only the reads run on the workers.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "commands/console.h"
#include "commands/dedup_job.h"
#include "dedup/decider.h"
#include "io/sink.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

struct DedupCounts {
  std::uint64_t games = 0, written = 0, dropped = 0, no_moves = 0, move_errors = 0, unsupported = 0,
                too_long = 0;
};

class DedupMerge final : public pipeline::MergeHook {
 public:
  // out: where kept games go (null: the console's out()); console: the messages and the reads'
  // err bytes; report: the NDJSON report (or null); max_memory: --max-memory as given (for its
  // message), limit its bytes (0: none).
  DedupMerge(dedup::Mode mode, io::OutputSink* out, Console& console, std::FILE* report,
             std::string max_memory, std::size_t limit)
      : out_(out),
        console_(console),
        report_(report),
        max_memory_(std::move(max_memory)),
        decider_(mode, limit) {}

  // --keep longest: the first pass only learns; the second decides and writes.
  void set_learning(bool on);

  void input_begin(std::string_view name) override;
  // Decides every game of a read's DedupRecords (the kept games go to out, or to the console's
  // out() once the records are decided).
  void records(const pipeline::Records& records, std::uint64_t game_base) override;
  std::string_view out(std::string_view /*bytes*/) override { return {}; }  // reads write none
  void err(std::string_view bytes) override;  // to the console (reads write none)

  // Set once --max-memory is exceeded: the rest is not decided (DedupJob stops after it).
  const bool& failed() const { return failed_; }
  const DedupCounts& counts() const { return counts_; }
  std::size_t table_bytes() const { return decider_.peak_bytes(); }

 private:
  void game(const DedupFrame& f);
  void out_of_memory(const dedup::Origin& at);
  void write_report(const dedup::Origin& me, const dedup::Decision& d);
  void write(std::string_view bytes);

  io::OutputSink* out_;
  Console& console_;
  std::string pending_;  // kept games for the console's out(), written after each records()
  std::FILE* report_;
  std::string max_memory_;
  dedup::Decider decider_;
  std::vector<std::string> names_;  // the inputs by index
  std::string line_;
  DedupCounts counts_;
  std::uint16_t file_ = 0;       // the input being merged
  std::uint16_t next_file_ = 0;  // the index of the next input (this pass)
  bool learning_ = false;
  bool failed_ = false;
};

}  // namespace pgnkit::commands

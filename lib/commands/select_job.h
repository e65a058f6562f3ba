// One read of `pgnkit select` as a pipeline::Job: the whole input on one thread, or one chunk
// of it on a worker (lib/pipeline). A read writes each selected game (its raw bytes, or as
// --to writes it) and its diagnostics with game numbers as holes, and counts the games it
// selected. What crosses games is decided in merge order from the counts before a chunk:
// --skip and the regex limit's one message (a chunk they touch is read again, exactly, seeded
// with the counts before it: Job::needs_exact_read) and --limit (the chunk that reaches it
// and the input's rest are read on one reader, which stops there: Job::needs_sequential).
#pragma once

#include <cstdint>

#include "commands/select.h"
#include "pipeline/pipeline.h"
#include "select/selector.h"

namespace pgnkit::commands {

// select's numbers, as pipeline::Counters (summed chunk by chunk).
struct SelectTotals {
  // Games that passed the filters (before --skip and --limit); games selected but too long
  // to write; games on which a regex hit its match limit.
  std::uint64_t selected = 0, too_long = 0, regex_limits = 0;

  pipeline::Counters counters() const { return {selected, too_long, regex_limits}; }
  static SelectTotals from(const pipeline::Counters& c) { return {c[0], c[1], c[2]}; }
};

class SelectJob final : public pipeline::Job {
 public:
  // filters: options.filters as the run uses them (diagnose and keep_bytes decided). Both
  // outlive the job.
  SelectJob(const SelectOptions& options, const select::SelectOptions& filters)
      : args_(options), filters_(filters) {}

  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  bool needs_exact_read(const pipeline::Counters& before,
                        const pipeline::Counters& chunk) const override;
  bool needs_sequential(const pipeline::Counters& before,
                        const pipeline::Counters& chunk) const override;
  bool stop_after_input(const pipeline::Counters& totals) const override;

  // The games written (or counted by --count): the selected ones after --skip, up to --limit.
  std::uint64_t written(const pipeline::Counters& totals) const;

 private:
  const SelectOptions& args_;
  const select::SelectOptions& filters_;
};

}  // namespace pgnkit::commands

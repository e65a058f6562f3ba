// One read of `pgnkit check` as a pipeline::Job: the whole input on one thread, or one chunk
// of it on a worker (lib/pipeline). Plain text and NDJSON print every problem as found; with
// the CI options (check_ci.h) each game's problems first go through a CheckGate (rules per
// input, fingerprints once the game's tags are read, the baseline), and the read prints the
// decided ones in the CI format with game numbers as holes. Nothing in a read depends on
// another game than its own, but for --max-errors (Job::needs_sequential).
#pragma once

#include <cstdint>

#include "commands/check.h"
#include "commands/check_ci.h"
#include "pipeline/pipeline.h"
#include "replay/replayer.h"

namespace pgnkit::commands {

class CheckJob final : public pipeline::Job {
 public:
  // ci: the CI options of the run, or null (then every problem is printed as found). color:
  // ANSI colours in text output.
  CheckJob(const CheckOptions& args, bool color, const CiRun* ci);

  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  // --max-errors: the chunk in which the count reaches the limit is read again on one reader
  // seeded with the count before it, which then stops replaying exactly where one thread does.
  bool needs_sequential(const pipeline::Counters& before,
                        const pipeline::Counters& chunk) const override;
  bool stop_after_input(const pipeline::Counters& totals) const override;
  bool cancelled() const override {
    return args_.cancel != nullptr && args_.cancel->load(std::memory_order_relaxed);
  }

 private:
  const CheckOptions& args_;
  bool color_;
  const CiRun* ci_;
  replay::ReplayOptions opt_;
};

}  // namespace pgnkit::commands

// One read of `pgnkit select` as a pipeline::Job: the whole input on one thread, or one chunk
// of it on a worker (lib/pipeline). A read writes each selected game (its raw bytes, or as
// --to writes it) and its diagnostics with game numbers as holes, and counts the games it
// selected. What crosses games is decided in merge order from the counts before a chunk:
// --skip and the regex limit's one message (a chunk they touch is read again, exactly, seeded
// with the counts before it: Job::needs_exact_read) and --limit (the chunk that reaches it
// and the input's rest are read on one reader, which stops there: Job::needs_sequential).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pipeline/pipeline.h"
#include "progress.h"
#include "select/selector.h"
#include "select_options.h"
#include "shard.h"

namespace pgnkit::tools {

struct SelectArgs {
  std::vector<std::string> files;
  std::string output = "-";
  FilterArgs filters;
  bool count = false, verbose = false;
  std::uint64_t limit = 0, skip = 0;
  std::string to;
  bool no_header = false;  // --to csv: a later shard's rows
  ShardArgs shard;
  unsigned threads = 0;
  ProgressMode progress = ProgressMode::Auto;
};

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
  SelectJob(const SelectArgs& args, const select::SelectOptions& options)
      : args_(args), options_(options) {}

  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  bool needs_exact_read(const pipeline::Counters& before,
                        const pipeline::Counters& chunk) const override;
  bool needs_sequential(const pipeline::Counters& before,
                        const pipeline::Counters& chunk) const override;
  bool stop_after_input(const pipeline::Counters& totals) const override;

  // The games written (or counted by --count): the selected ones after --skip, up to --limit.
  std::uint64_t written(const pipeline::Counters& totals) const;

 private:
  const SelectArgs& args_;
  const select::SelectOptions& options_;
};

}  // namespace pgnkit::tools

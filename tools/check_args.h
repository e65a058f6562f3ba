// The options of `pgnkit check`: cmd_check.cpp parses them, check_job.cpp reads by them (one
// path for text and NDJSON and for the CI options of check_ci.h, on one thread or through
// lib/pipeline).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "check_ci.h"
#include "progress.h"
#include "replay/laws.h"
#include "shard.h"

namespace pgnkit::tools {

struct CheckArgs {
  std::vector<std::string> files;
  bool strict = false;
  bool quiet = false;
  std::uint64_t max_errors = 0;
  bool no_variations = false;
  bool allow_null = false;
  std::string format = "text";
  std::string color = "auto";
  CiArgs ci;  // --select ... --baseline: check_ci.h
  ProgressMode progress = ProgressMode::Auto;
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  bool laws_given = false;  // --laws was on the command line (it wins over pgnkit.toml)
  unsigned threads = 0;
  ShardArgs shard;  // --range, --base-game, --base-line, --summary-format: shard.h
  // --range: the errors (with --strict, errors and warnings) counted before the shard, so
  // that --max-errors stops the shard where a run over the whole input stops.
  std::uint64_t base_errors = 0;
};

// Whether to colour text output: --color always/never, or auto (stdout a terminal, no
// NO_COLOR).
bool use_color(const std::string& mode);

}  // namespace pgnkit::tools

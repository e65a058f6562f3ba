// The options of `pgnkit check`, shared by its two run paths: cmd_check.cpp (text and NDJSON,
// on one thread or through lib/pipeline) and check_gated.cpp (the CI options of check_ci.h,
// on one thread).
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
};

// Whether to colour text output: --color always/never, or auto (stdout a terminal, no
// NO_COLOR).
bool use_color(const std::string& mode);

// check with a CI option (formats sarif/github/gitlab, rule selection, a baseline): every
// problem decided by the gate of check_ci.h, on one thread. Prints the summary; returns the
// exit status.
int run_check_gated(const CheckArgs& args, CiRun& ci);

}  // namespace pgnkit::tools

// convert's read (lib/pipeline Job): every game of a chunk or input written in the output
// format; its error problems and bad NDJSON lines go to the chunk's stderr bytes. The
// insides of commands::run_convert (convert.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pipeline/pipeline.h"
#include "replay/laws.h"
#include "write/annotate.h"
#include "write/pgn_writer.h"

namespace pgnkit::commands {

enum class ConvertFormat : std::uint8_t { Pgn, Ndjson, Uci, Lan, Fen, Epd, Csv };

// The counters of a read (pipeline::Counters): games, with move errors, dropped, bad NDJSON
// lines.
enum ConvertCounter : std::size_t {
  kConvertGames,
  kConvertBadGames,
  kConvertDropped,
  kConvertBadLines
};

// What a read needs, worked out once from the options (nothing is parsed per game).
struct ConvertPlan {
  ConvertFormat format = ConvertFormat::Pgn;
  bool from_ndjson = false;
  write::AnnotateOptions annotate;  // only on_error: what to do with a game's move errors
  write::PgnWriteOptions pgn;
  bool moves_only = false;           // ndjson
  bool include_start = false;        // fen, epd
  std::vector<std::string> columns;  // csv
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
};

// One read of convert: the whole input with one thread, or a chunk of it. `plan` must outlive
// the job.
class ConvertJob final : public pipeline::Job {
 public:
  explicit ConvertJob(const ConvertPlan& plan) : plan_(plan) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  // NDJSON input is split at line starts.
  bool reads_lines() const override { return plan_.from_ndjson; }

 private:
  const ConvertPlan& plan_;
};

}  // namespace pgnkit::commands

// One read of `pgnkit split` as a pipeline::Job, on the whole input with one thread or on one
// chunk of it on a worker (lib/pipeline): it finds each game, its raw bytes and, for --by, its
// tag value, and writes them as one SplitFrame per game into its stdout bytes. Everything that
// crosses games (which piece a game goes to, --bytes sizes, the --by open files) is decided
// from the frames in input order on the merging thread (split_merge.h), as one thread does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pgn/game_bytes.h"
#include "pipeline/pipeline.h"

namespace pgnkit::commands {

// What the decisions need of one game, as a read saw it.
struct SplitFrame {
  pgn::GameBytes::Status status = pgn::GameBytes::Status::Kept;  // Kept or TooLong
  // TooLong (for its message): the game number in its input, where it starts, and the bytes
  // read before it was given up.
  std::uint64_t number = 0;
  std::uint32_t line = 0, column = 0;
  std::uint64_t size = 0;
  // Kept: its raw bytes and, for --by, its tag value (unescaped; absent: no such tag).
  bool has_value = false;
  std::string_view value;
  std::string_view bytes;
};

// Appends f to out (a TooLong frame's number as a hole; the rest in binary).
void append_split_frame(pipeline::Output& out, const SplitFrame& f);
// Reads the frame at the front of `in` (its numbers filled in) into f, whose views then point
// into `in`, and removes it from `in`. False, `in` unchanged, when `in` does not start with a
// whole frame.
bool take_split_frame(std::string_view& in, SplitFrame& f);

class SplitJob final : public pipeline::Job {
 public:
  // tag: --by's tag name ("": none). stopped: set by the merger once writing has stopped (read
  // on the merging thread only): no further input is opened.
  SplitJob(std::string tag, const bool& stopped) : tag_(std::move(tag)), stopped_(stopped) {}

  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  bool stop_after_input(const pipeline::Counters& /*totals*/) const override { return stopped_; }

 private:
  std::string tag_;
  const bool& stopped_;
};

}  // namespace pgnkit::commands

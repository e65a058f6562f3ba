// One read of `pgnkit dedup` as a pipeline::Job: the per-game work (parse, replay, the game's
// key and, for --prefix, the key after each ply) on the whole input with one thread or on one
// chunk of it on a worker (lib/pipeline). A read writes one DedupFrame per game into its
// stdout bytes (its game number a hole); which games stay is decided from the frames in input
// order on the merging thread (dedup_merge.h), exactly as one thread decides them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dedup/game_key.h"
#include "dedup/keyed.h"
#include "pgn/game_bytes.h"
#include "pipeline/pipeline.h"

namespace pgnkit::commands {

// What the decision needs of one game, as a worker saw it.
struct DedupFrame {
  // Compared, or kept without comparing (and why).
  enum class Kind : std::uint8_t { Compared, NoMoves, MoveErrors, Unsupported };
  Kind kind = Kind::Compared;
  pgn::GameBytes::Status bytes_status = pgn::GameBytes::Status::Dropped;
  std::uint64_t number = 0;  // 1-based in its input
  std::uint64_t offset = 0;  // of its first token
  std::uint32_t plies = 0;   // main-line plies replayed
  // Compared: the key after each ply with --prefix (the last is the game's), else the key.
  std::span<const dedup::GameKey> keys;
  std::string_view bytes;  // its raw bytes, when Status::Kept
};

// Appends f to out: its number as a hole, then the rest in binary.
void append_dedup_frame(pipeline::Output& out, const DedupFrame& f);
// Reads the frame at the front of `in` (whose numbers are filled in) into f, its keys into
// `keys` (f.keys and f.bytes then point into `keys` and `in`), and removes it from `in`.
// False when `in` does not start with a whole frame.
bool take_dedup_frame(std::string_view& in, DedupFrame& f, std::vector<dedup::GameKey>& keys);

class DedupJob final : public pipeline::Job {
 public:
  // learning: --keep longest's first pass (the games' bytes are not needed). stopped: set by
  // the merger once --max-memory is exceeded (read on the merging thread only).
  DedupJob(dedup::KeyOptions key_options, bool learning, const bool& stopped)
      : key_options_(std::move(key_options)), learning_(learning), stopped_(stopped) {}

  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;
  bool stop_after_input(const pipeline::Counters& /*totals*/) const override { return stopped_; }

 private:
  dedup::KeyOptions key_options_;
  bool learning_;
  const bool& stopped_;
};

}  // namespace pgnkit::commands

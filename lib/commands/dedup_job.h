// One read of `pgnkit dedup` as a pipeline::Job: the per-game work (parse, replay, the game's
// key and, for --prefix, the key after each ply) on the whole input with one thread or on one
// chunk of it on a worker (lib/pipeline). A read keeps one record per game (DedupRecords);
// which games stay is decided from the records in input order on the merging thread
// (dedup_merge.h), exactly as one thread decides them.
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

// A read's games for the merging thread (pipeline::Records): each game's numbers, its keys in
// one array and its raw bytes in one buffer, in order.
class DedupRecords final : public pipeline::Records {
 public:
  void add(const DedupFrame& f);  // copies f's keys and bytes
  std::size_t size() const { return games_.size(); }
  std::size_t data_bytes() const { return text_.size() + keys_.size() * sizeof(dedup::GameKey); }
  // Calls visit(frame) for each game in order: its views point into these records, its number
  // is game_base plus the one added.
  template <class Visit>
  void for_each(std::uint64_t game_base, Visit&& visit) const;

  bool empty() const override { return games_.empty(); }
  void clear() override {
    games_.clear();
    keys_.clear();
    text_.clear();
  }
  std::size_t capacity_bytes() const override {
    return games_.capacity() * sizeof(Game) + keys_.capacity() * sizeof(dedup::GameKey) +
           text_.capacity();
  }

 private:
  static_assert(pgn::GameBytes::kDefaultLimit <= UINT32_MAX);  // a Kept game's bytes: 32 bits
  struct Game {
    std::uint64_t number = 0, offset = 0;
    std::uint32_t plies = 0;
    std::uint32_t keys_size = 0, bytes_size = 0;  // in keys_ and text_, one game after another
    DedupFrame::Kind kind = DedupFrame::Kind::Compared;
    pgn::GameBytes::Status bytes_status = pgn::GameBytes::Status::Dropped;
  };
  std::vector<Game> games_;
  std::vector<dedup::GameKey> keys_;
  std::string text_;
};

template <class Visit>
void DedupRecords::for_each(std::uint64_t game_base, Visit&& visit) const {
  const std::span<const dedup::GameKey> keys = keys_;
  const std::string_view text = text_;
  std::size_t key_at = 0, byte_at = 0;
  DedupFrame f;
  for (const Game& g : games_) {
    f.kind = g.kind;
    f.bytes_status = g.bytes_status;
    f.number = game_base + g.number;
    f.offset = g.offset;
    f.plies = g.plies;
    f.keys = keys.subspan(key_at, g.keys_size);
    f.bytes = text.substr(byte_at, g.bytes_size);
    key_at += g.keys_size;
    byte_at += g.bytes_size;
    visit(f);
  }
}

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

// One read of `pgnkit split` as a pipeline::Job, on the whole input with one thread or on one
// chunk of it on a worker (lib/pipeline): it finds each game, its raw bytes and, for --by, its
// tag value, and keeps them as one record per game (SplitRecords). Everything that crosses
// games (which piece a game goes to, --bytes sizes, the --by open files) is decided from the
// records in input order on the merging thread (split_merge.h), as one thread does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

// A read's games for the merging thread (pipeline::Records): each game's numbers, its tag value
// and raw bytes copied into one buffer, in order.
class SplitRecords final : public pipeline::Records {
 public:
  void add(const SplitFrame& f);  // copies a Kept game's value and bytes
  std::size_t size() const { return games_.size(); }
  std::size_t text_bytes() const { return text_.size(); }
  // Calls visit(frame) for each game in order: its views point into these records, its number
  // is game_base plus the one added.
  template <class Visit>
  void for_each(std::uint64_t game_base, Visit&& visit) const;

  bool empty() const override { return games_.empty(); }
  void clear() override {
    games_.clear();
    text_.clear();
  }
  std::size_t capacity_bytes() const override {
    return games_.capacity() * sizeof(Game) + text_.capacity();
  }

 private:
  static_assert(pgn::GameBytes::kDefaultLimit <= UINT32_MAX);  // a Kept game's bytes: 32 bits
  struct Game {
    std::uint64_t number = 0, size = 0;
    std::uint32_t line = 0, column = 0;
    std::uint32_t value_size = 0, bytes_size = 0;  // in text_, one game after another
    pgn::GameBytes::Status status = pgn::GameBytes::Status::Kept;
    bool has_value = false;
  };
  std::vector<Game> games_;
  std::string text_;
};

template <class Visit>
void SplitRecords::for_each(std::uint64_t game_base, Visit&& visit) const {
  const std::string_view text = text_;
  std::size_t at = 0;
  SplitFrame f;
  for (const Game& g : games_) {
    f.status = g.status;
    f.number = game_base + g.number;
    f.line = g.line;
    f.column = g.column;
    f.size = g.size;
    f.has_value = g.has_value;
    f.value = text.substr(at, g.value_size);
    f.bytes = text.substr(at + g.value_size, g.bytes_size);
    at += g.value_size + g.bytes_size;
    visit(f);
  }
}

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

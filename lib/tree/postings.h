// Which games pass through each position: a (position key, game, move) record per position of
// every game in the tree, sorted by key and then game. Bounded like the tree: past its memory
// the records spill to sorted runs (runs.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tree/entry.h"
#include "tree/runs.h"

namespace pgnkit::tree {

struct Posting {
  std::uint64_t key = 0;    // the position
  GameRef ref;              // the game
  std::uint16_t move = 0;   // what it played there (kEndedHere: it stopped there)
  std::uint8_t result = 0;  // 0 White won, 1 draw, 2 Black won
  std::uint8_t reserved8 = 0;
  std::uint32_t reserved32 = 0;
};

inline bool posting_before(const Posting& a, const Posting& b) {
  return a.key != b.key ? a.key < b.key : a.ref.packed < b.ref.packed;
}

class PostingTable {
 public:
  PostingTable(std::size_t memory_limit, const std::string& temp_dir)
      : limit_(std::max<std::size_t>(memory_limit / sizeof(Posting), 1024)), runs_(temp_dir) {}

  void add(const Posting& p) {
    if (!error_.empty()) return;
    if (buffer_.size() == limit_) spill();
    buffer_.push_back(p);
  }
  // Calls visit for every record in (key, game) order. False, with error() set, on a failure.
  bool drain(const std::function<void(const Posting&)>& visit);

  const std::string& error() const { return error_; }
  std::size_t runs() const { return spills_; }

 private:
  void spill();

  std::size_t limit_;
  std::vector<Posting> buffer_;
  SortedRuns<Posting> runs_;
  std::size_t spills_ = 0;
  std::string error_;
};

}  // namespace pgnkit::tree

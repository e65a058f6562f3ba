// The tree being built, as one record per (game, position): added in input order, sorted by
// position key (a stable radix sort, so a position's records stay in input order), and read
// back grouped by position: each position's entries (its moves' summed counts; the first
// game is the first record) and its postings (the games through it) come from one pass.
// Memory is bounded: past the limit the sorted records go to a run file in the temporary
// directory (runs.h) and drain() merges the runs; the result does not depend on where the
// runs were cut, so a spilled tree is the tree built in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "tree/entry.h"
#include "tree/postings.h"
#include "tree/runs.h"

namespace pgnkit::tree {

// One game at one position: what it played there and what the tree counts of it.
struct PlyRecord {
  std::uint64_t key = 0;    // the position
  GameRef ref;              // the game
  std::uint16_t move = 0;   // chess::Move::raw(), or kEndedHere
  std::uint8_t result = 0;  // 0 White won, 1 draw, 2 Black won
  std::uint8_t black_to_move = 0;
  std::uint16_t elo = 0;   // the mover's Elo (0: unknown)
  std::uint16_t year = 0;  // 0: unknown
};
static_assert(sizeof(PlyRecord) == 24 && std::has_unique_object_representations_v<PlyRecord>);

struct TableOptions {
  std::size_t memory_limit = std::size_t{1} << 30;  // bytes of records held at once
  std::string temp_dir = "/tmp";                    // where runs go (deleted as made)
};

class PlyTable {
 public:
  explicit PlyTable(const TableOptions& options);

  void add(const PlyRecord& r) {
    if (records_.size() == records_.capacity()) make_room();
    records_.push_back(r);
  }

  // Calls entry() for each (position, move) in (key, move) order with the summed counts, and
  // posting() for each (position, game) in (key, game) order, a position's postings after its
  // entries. Empties the table. False (error() set) when a run failed.
  bool drain(const std::function<void(const TreeEntry&)>& entry,
             const std::function<void(const Posting&)>& posting);

  const std::string& error() const { return error_; }
  std::size_t peak_bytes() const { return peak_bytes_; }
  std::size_t runs() const { return spills_; }

 private:
  void sort();  // records_ by key, stably
  void spill();
  void make_room();  // grows records_ up to the limit (not past it, as doubling would), or spills

  std::size_t capacity_;
  std::vector<PlyRecord> records_, scratch_;
  SortedRuns<PlyRecord> runs_;
  std::size_t spills_ = 0, peak_bytes_ = 0;
  std::string error_;
};

// What one record adds to its (position, move) entry.
MoveStats record_stats(const PlyRecord& r);

}  // namespace pgnkit::tree

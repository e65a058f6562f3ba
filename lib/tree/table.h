// The opening tree being built: (position key, move) -> MoveStats, summed as games arrive.
// Its memory is bounded: past the limit the entries are sorted and written to a run file in
// the temporary directory, the table starts again empty, and drain() merges the runs and
// what is left in memory into one stream in (key, move) order. The order and the sums do not
// depend on how the games were split between runs, so a spilled tree is the tree in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tree/entry.h"
#include "tree/runs.h"

namespace pgnkit::tree {

struct TableOptions {
  std::size_t memory_limit = std::size_t{1} << 30;  // bytes of entries held at once
  std::string temp_dir = "/tmp";                    // where runs go (deleted as made)
};

class TreeTable {
 public:
  explicit TreeTable(TableOptions options);
  TreeTable(const TreeTable&) = delete;
  TreeTable& operator=(const TreeTable&) = delete;

  // Adds `stats` to the entry (key, move); black: Black is to move there. After a failed
  // spill (error() set) it does nothing.
  void add(std::uint64_t key, std::uint16_t move, bool black, const MoveStats& stats);

  // Calls visit for every entry in (key, move) order, equal entries summed, and empties the
  // table. False (error() set) when a run could not be read back.
  bool drain(const std::function<void(const TreeEntry&)>& visit);

  const std::string& error() const { return error_; }
  std::size_t entries() const { return used_; }  // in memory now
  std::size_t peak_bytes() const { return peak_bytes_; }
  std::size_t runs() const { return spills_; }  // spilled so far

 private:
  void grow();
  void spill();
  std::size_t compact_sorted();  // moves the entries to the front, sorted; returns how many

  TableOptions options_;
  std::vector<TreeEntry> slots_;  // open addressing; stats.games == 0: empty
  std::size_t used_ = 0;
  std::size_t peak_bytes_ = 0;
  SortedRuns<TreeEntry> runs_;
  std::size_t spills_ = 0;
  std::string error_;
};

}  // namespace pgnkit::tree

// `pgnkit tree`'s merging side (pipeline::MergeHook): takes each read's TreeRecords in input
// order and adds every kept ply to the tree (a tree::PlyTable), or, for a streaming query,
// sums the asked position's moves and hands each game through it to a callback.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "commands/console.h"
#include "commands/tree_job.h"
#include "pipeline/runner.h"
#include "tree/entry.h"
#include "tree/ply_table.h"

namespace pgnkit::commands {

// A game through the asked position (a streaming query).
struct TreeQueryGame {
  tree::GameRef ref;
  std::uint16_t move = 0;  // what it played there (tree::kEndedHere: it stopped there)
  TreeResult result = TreeResult::Draw;
  std::string_view tags;  // "White\tBlack\tDate\tEvent\tRound"
};

// One move of the asked position: its counts, and its first game's tags (a streaming query).
struct TreeQueryMove {
  tree::MoveStats stats;
  std::string example_tags;
};

class TreeMerge final : public pipeline::MergeHook {
 public:
  // table: where the plies go (null: a query, summed into moves()). on_game: each game
  // through the asked position, in input order (a query with --games). on_counted: each
  // game added to the table, with its byte offset and tags (a saved tree's game rows).
  TreeMerge(Console& console, tree::PlyTable* table,
            std::function<void(const TreeQueryGame&)> on_game = {},
            std::function<void(tree::GameRef, std::uint64_t, std::string_view)> on_counted = {})
      : console_(console),
        table_(table),
        on_game_(std::move(on_game)),
        on_counted_(std::move(on_counted)) {}

  std::string_view out(std::string_view bytes) override { return bytes; }
  void err(std::string_view bytes) override { console_.err(bytes); }
  void input_begin(std::string_view name) override { inputs_.emplace_back(name); }
  void records(const pipeline::Records& records, std::uint64_t game_base) override;

  const std::vector<std::string>& inputs() const { return inputs_; }
  std::uint64_t counted() const { return counted_; }  // games added to the tree
  // A query's moves by chess::Move::raw() (tree::kEndedHere: the games that stopped there).
  const std::map<std::uint16_t, TreeQueryMove>& moves() const { return moves_; }

 private:
  Console& console_;
  tree::PlyTable* table_;
  std::function<void(const TreeQueryGame&)> on_game_;
  std::function<void(tree::GameRef, std::uint64_t, std::string_view)> on_counted_;
  std::vector<std::string> inputs_;
  std::uint64_t counted_ = 0;
  std::map<std::uint16_t, TreeQueryMove> moves_;
};

// A game's record at a position it stood on (black_moves: Black is to move there).
tree::PlyRecord ply_record(const TreeGame& g, const TreePly& p, tree::GameRef ref);

}  // namespace pgnkit::commands

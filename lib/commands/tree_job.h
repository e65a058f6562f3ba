// One read of `pgnkit tree` as a pipeline::Job: each game is chosen by select's filters
// (a select::Selector beside the replayer), its main line replayed up to the ply limit, and
// its (position key, move) pairs kept with what the tree counts of the game (result, the
// players' Elo, year). The merging thread adds them to the tree in input order (tree_merge.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/pipeline.h"
#include "select/selector.h"
#include "tree/tree_file.h"

namespace pgnkit::commands {

// How a game counts, by its Result tag (TreeJobOptions::unknown_result_is_draw says what
// happens to the others).
enum class TreeResult : std::uint8_t { WhiteWins, Draw, BlackWins };

struct TreePly {
  std::uint64_t key = 0;   // the position's key (TreeJobOptions::key_kind)
  std::uint16_t move = 0;  // chess::Move::raw(), or tree::kEndedHere
  bool black = false;      // Black to move
};

// What the tree keeps of one chosen game, with its plies in TreeRecords::plies.
struct TreeGame {
  std::uint64_t number = 0;  // relative to the records' game base
  std::uint64_t offset = 0;  // of its first token in the input
  std::uint32_t first_ply = 0, plies = 0;
  TreeResult result = TreeResult::Draw;
  std::uint16_t white_elo = 0, black_elo = 0, year = 0;  // 0: unknown
  // With TreeJobOptions::keep_tags: "White\tBlack\tDate\tEvent\tRound" in TreeRecords::tags.
  std::uint32_t tags_at = 0, tags_size = 0;
};

class TreeRecords final : public pipeline::Records {
 public:
  std::vector<TreeGame> games;
  std::vector<TreePly> plies;
  std::string tags;
  std::uint64_t read = 0;  // games read (chosen or not)

  bool empty() const override { return games.empty() && read == 0; }
  void clear() override {
    games.clear();
    plies.clear();
    tags.clear();
    read = 0;
  }
  std::size_t capacity_bytes() const override {
    return games.capacity() * sizeof(TreeGame) + plies.capacity() * sizeof(TreePly) +
           tags.capacity();
  }
};

struct TreeJobOptions {
  select::SelectOptions select;  // keep_bytes off
  bool filtered = false;         // some filter is set (else no Selector runs)
  std::uint32_t max_ply = 40;    // 0: every ply
  tree::KeyKind key_kind = tree::KeyKind::Repetition;
  // Count a game once per position, with the move it first played there (the explorer's
  // view: a position's games are its moves' plus those that ended there). Off: every visit
  // counts, as polyglot make-book counts them.
  bool first_visit = true;
  int only_mover = -1;  // 0: White's moves only, 1: Black's; -1 both
  // A game without a result 1-0, 0-1 or 1/2-1/2 counts as a draw (polyglot make-book's
  // reading); off: it is left out of the tree.
  bool unknown_result_is_draw = false;
  // Set: keep only the plies from this position (a streaming query).
  bool query = false;
  bool keep_tags = false;  // keep each chosen game's tags (TreeGame::tags_at)
  std::uint64_t query_key = 0;
};

class TreeJob final : public pipeline::Job {
 public:
  explicit TreeJob(const TreeJobOptions& options) : options_(options) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override;

 private:
  const TreeJobOptions& options_;
};

}  // namespace pgnkit::commands

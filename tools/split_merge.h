// split's decisions, on the merging thread, in input order (tools/threads.h's MergeHook): it
// takes the SplitFrames the reads wrote (split_job.h) and decides which piece each game goes
// to (--games counts, --bytes sizes, --by values, their safe names and collisions, the open
// file LRU and its segments), refuses existing files without --force, writes the pieces and
// reports the games it cannot write. The same with one thread as with many: only the reads
// run on the workers.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "progress.h"
#include "split_files.h"
#include "split_job.h"
#include "threads.h"

namespace pgnkit::tools {

struct SplitSettings {
  SplitPattern pattern;
  std::uint64_t games = 0;      // --games N (0: not this mode)
  std::uint64_t max_bytes = 0;  // --bytes SIZE (0: not this mode)
  std::string by;               // --by TAG ("": not this mode)
  bool force = false;
};

class SplitMerge final : public MergeHook {
 public:
  // progress: fed the games merged, or null.
  SplitMerge(const SplitSettings& settings, Progress* progress)
      : settings_(settings), progress_(progress) {}

  void input_begin(std::string_view name) override { file_ = std::string(name); }
  std::string_view out(std::string_view bytes) override;  // decides every frame; writes pieces
  void err(std::string_view bytes) override;              // stderr (reads write none)

  // Commits every piece still open (or, after a failure, removes them); false if writing
  // failed, a piece could not be committed or a game could not be written.
  bool finish();

  // Set once writing has stopped (an existing file, a file that could not be written): the
  // rest of the input is not written and no later input is opened (SplitJob).
  const bool& failed() const { return failed_; }
  std::uint64_t games() const { return games_; }  // written
  std::uint64_t pieces() const { return committed_; }

 private:
  struct ByPiece {
    std::string name;
    std::vector<std::string> segments;  // closed temporaries, in order
    std::optional<PieceFile> open;
    std::uint64_t used = 0;  // for closing the least recently used
  };

  void game(const SplitFrame& f);
  bool refuse(const std::string& name);
  bool close_numbered();
  PieceFile* numbered_piece(std::uint64_t game_size);
  PieceFile* by_piece(const SplitFrame& f);
  bool close_least_used();

  const SplitSettings& settings_;
  Progress* progress_;
  std::string file_;        // the input being merged
  std::string pending_;     // the start of a frame cut by the end of out()'s bytes
  bool failed_ = false;     // writing stopped
  bool had_error_ = false;  // a game could not be written
  std::uint64_t merged_ = 0, games_ = 0, committed_ = 0;
  // Numbered pieces.
  std::optional<PieceFile> current_;
  std::string name_;
  std::uint64_t number_of_pieces_ = 0, piece_games_ = 0, piece_bytes_ = 0;
  // --by pieces, by value ("=" + value; "" for a missing tag, which differs from "").
  std::map<std::string, ByPiece> by_value_;
  std::map<std::string, std::string> used_names_;
  std::string key_;
  std::size_t open_count_ = 0;
  std::uint64_t clock_ = 0;
};

}  // namespace pgnkit::tools

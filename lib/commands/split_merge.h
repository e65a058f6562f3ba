// split's decisions, on the merging thread, in input order (pipeline::MergeHook): it takes the
// SplitRecords of the reads (split_job.h) and decides which piece each game goes to (--games
// counts, --bytes sizes, --by values, their safe names and collisions, the open file LRU and
// its segments), refuses existing files without --force, writes the pieces and reports the
// games it cannot write, to a Console. The same with one thread as with many: only the reads
// run on the workers.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/console.h"
#include "commands/split_files.h"
#include "commands/split_job.h"
#include "pipeline/runner.h"

namespace pgnkit::commands {

struct SplitSettings {
  SplitPattern pattern;
  std::uint64_t games = 0;      // --games N (0: not this mode)
  std::uint64_t max_bytes = 0;  // --bytes SIZE (0: not this mode)
  std::string by;               // --by TAG ("": not this mode)
  bool force = false;
};

class SplitMerge final : public pipeline::MergeHook {
 public:
  // console: the messages, the reads' err bytes and the games merged (progress).
  SplitMerge(const SplitSettings& settings, Console& console)
      : settings_(settings), console_(console), relay_(*this) {}
  SplitMerge(const SplitMerge&) = delete;  // relay_ points back at it
  SplitMerge& operator=(const SplitMerge&) = delete;

  void input_begin(std::string_view name) override { file_ = std::string(name); }
  // Decides every game of a read's SplitRecords; writes pieces.
  void records(const pipeline::Records& records, std::uint64_t game_base) override;
  std::string_view out(std::string_view /*bytes*/) override { return {}; }  // reads write none
  void err(std::string_view bytes) override;  // to the console (reads write none)

  // The console as the Emitter to run this hook with (pipeline::run_job), through which the
  // merger learns the bytes merged: it reports its games one by one between the runner's
  // progress reports, since one thread reports only at an input's end.
  pipeline::Emitter& emitter() { return relay_; }

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

  class Relay final : public pipeline::Emitter {
   public:
    explicit Relay(SplitMerge& merge) : merge_(merge) {}
    void out(std::string_view bytes) override { merge_.console_.out(bytes); }
    void err(std::string_view bytes) override { merge_.console_.err(bytes); }
    void open_failed(const std::string& path, const io::IoError& error) override {
      merge_.console_.open_failed(path, error);
    }
    void input_begin(std::string_view name) override { merge_.console_.input_begin(name); }
    void input_end(std::string_view name, const std::optional<io::IoError>& error) override {
      merge_.console_.input_end(name, error);
    }
    void skipped(std::string_view name, std::string_view why) override {
      merge_.console_.skipped(name, why);
    }
    void progress(std::uint64_t bytes, std::uint64_t games) override {
      merge_.bytes_ = bytes;
      merge_.console_.progress(bytes, games);
    }

   private:
    SplitMerge& merge_;
  };

  void game(const SplitFrame& f);
  bool refuse(const std::string& name);
  bool close_numbered();
  PieceFile* numbered_piece(std::uint64_t game_size);
  PieceFile* by_piece(const SplitFrame& f);
  bool close_least_used();

  const SplitSettings& settings_;
  Console& console_;
  Relay relay_;
  std::uint64_t bytes_ = 0;  // merged, as the runner last reported
  std::string file_;         // the input being merged
  bool failed_ = false;      // writing stopped
  bool had_error_ = false;   // a game could not be written
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

}  // namespace pgnkit::commands

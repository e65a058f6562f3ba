// UciStream: `convert --to uci` without a GameRecord. The replayer hands over each move as it
// plays it; the stream keeps the main line's moves (a few bytes each, storage reused from game
// to game) and writes the line when the game ends.
//
// The line is the one write_uci_line() writes for the game's record, under every --on-error
// mode: the main line's moves up to the first that was not played (keep and truncate agree
// on that; skip drops the game, which the caller decides from UciGame::move_errors, the
// value write::has_move_errors() gives for the record).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/types.h"
#include "io/source.h"
#include "replay/record_builder.h"

namespace pgnkit::write {

struct UciGame {
  std::uint64_t number = 0;
  bool move_errors = false;  // has_move_errors() of the game's record
  std::string_view line;     // "e2e4 e7e5\n"; valid during UciGameSink::game()
};

class UciGameSink {
 public:
  virtual ~UciGameSink() = default;
  virtual void problem(const replay::Problem&) {}
  virtual void unreported(const replay::Problem&) {}  // as replay::ReplaySink::unreported
  virtual void game(const UciGame& game) = 0;
};

// A ReadThroughReplayer, as RecordBuilder is: the reader reports the same problems.
class UciStream : public replay::ReadThroughReplayer, private replay::ReplaySink {
 public:
  explicit UciStream(UciGameSink& sink, replay::ReplayOptions options = {});

  // pgn::Visitor callback (hides the base's, and forwards to it).
  void begin_game(const pgn::GameInfo& info);

 private:
  // ReplaySink.
  void problem(const replay::Problem& p) override;
  void unreported(const replay::Problem& p) override { sink_.unreported(p); }
  void move(const replay::MoveEvent& e) override;
  void game_end(const replay::GameReport& r) override;

  UciGameSink& sink_;
  std::vector<chess::Move> moves_;  // the main line as played
  std::string line_;
};

// Reads PGN from `source` and hands each game's UCI line to `sink` (in its own translation
// unit: the reader is a template, instantiated here once for this visitor).
pgn::ReadStats stream_uci_lines(io::Source& source, UciGameSink& sink,
                                const pgn::ReaderOptions& options = {},
                                replay::LawsChoice laws = replay::LawsChoice::ByDate);

}  // namespace pgnkit::write

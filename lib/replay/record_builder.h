// RecordBuilder: the Replayer, plus the game it replays kept in memory as a GameRecord and
// handed to a RecordSink at the end of each game. Tokens that cannot be played (after an
// illegal move, in an unsupported variant) are kept as written, so nothing is lost.
#pragma once

#include <vector>

#include "replay/game_record.h"
#include "replay/replayer.h"

namespace pgnkit::replay {

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void problem(const Problem&) {}
  virtual void game(const GameRecord& record) = 0;
};

class RecordBuilder : public Replayer, private ReplaySink {
 public:
  RecordBuilder(RecordSink& sink, ReplayOptions options = {});

  // Whether MoveNode::san holds canonical SAN (default) or the move as written: writers that
  // print only UCI or positions skip the SAN writing, a quarter of the record's cost.
  void set_canonical_san(bool on) { canonical_san_ = on; }

  // pgn::Visitor callbacks (hide the Replayer's; each forwards to it).
  void begin_game(const pgn::GameInfo& info);
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where);
  pgn::Control begin_movetext();
  pgn::Control san(std::string_view text, pgn::Location where);
  pgn::Control nag(std::uint32_t code, pgn::Location where);
  pgn::Control comment(std::string_view text, pgn::Location where);
  pgn::Skip begin_variation(pgn::Location where);
  pgn::Control end_variation(pgn::Location where);
  void termination(pgn::Outcome outcome, std::string_view text, pgn::Location where);

 private:
  // ReplaySink.
  void problem(const Problem& p) override;
  void move(const MoveEvent& e) override;
  void game_end(const GameReport& r) override;

  MoveNode& append(Line& line);

  RecordSink& sink_;
  bool keep_variations_;
  GameRecord record_;
  std::vector<Line*> open_lines_;  // open_lines_.back() receives the next move
  // Variations the replayer skipped (kept as written): depth of the outermost one.
  std::size_t raw_from_ = 0;
  bool moved_ = false;
  bool canonical_san_ = true;
  std::string pending_problem_, pending_code_;
};

}  // namespace pgnkit::replay

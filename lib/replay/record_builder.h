// RecordBuilder: the Replayer, plus the game it replays kept in memory as a GameRecord and
// handed to a RecordSink at the end of each game. Tokens that cannot be played (after an
// illegal move, in an unsupported variant) are kept as written, so nothing is lost.
#pragma once

#include <string_view>
#include <vector>

#include "replay/game_record.h"
#include "replay/replayer.h"

namespace pgnkit::replay {

// Whether `san` has the form of canonical SAN (see record_builder.cpp), the check behind
// written_canonically() for moves the quick SAN path did not read.
bool canonical_san_form(std::string_view san);

// Whether a move the replayer played was written as canonical SAN, so that a record can hold
// the text as written (most moves); else chess::write_san writes it again. `notes` and `quick`
// as in MoveEvent.
inline bool written_canonically(std::string_view san, std::uint16_t notes, bool quick) {
  return notes == 0 && (quick || canonical_san_form(san));
}
inline bool written_canonically(const MoveEvent& e) {
  return written_canonically(e.san_as_written, e.notes, e.quick);
}

class RecordSink {
 public:
  virtual ~RecordSink() = default;
  virtual void problem(const Problem&) {}
  virtual void unreported(const Problem&) {}  // as ReplaySink::unreported
  // Once per game, after its problems. The record is refilled for the next game: valid
  // during this call only.
  virtual void game(const GameRecord& record) = 0;
};

// A Replayer that never stops the reader or makes it skip: the tokens of a game it cannot
// replay (unsupported variant, invalid FEN) and of a variation it does not enter still come,
// and are not replayed. So the reader reports every syntax problem and termination marker in
// them, as it must when such games are kept as written: RecordBuilder keeps them, and the
// writers that stream a game without its record report exactly what the record path reports.
class ReadThroughReplayer : public Replayer {
 public:
  using Replayer::Replayer;

  // pgn::Visitor callbacks (hide the Replayer's; each forwards to it when it should).
  void begin_game(const pgn::GameInfo& info);
  pgn::Control begin_movetext();  // Continue, even for a game that is not replayed
  pgn::Control san(std::string_view text, pgn::Location where) {  // inline: a call per move
    if (!skipped_from_) Replayer::san(text, where);
    return pgn::Control::Continue;
  }
  pgn::Skip begin_variation(pgn::Location where);  // No
  pgn::Control end_variation(pgn::Location where);

  // Whether the game is replayed (set by begin_movetext).
  bool replayed() const { return replayed_; }
  // Whether the tokens now are inside a variation the replayer did not enter.
  bool in_skipped_variation() const { return skipped_from_ != 0; }

 private:
  bool replayed_ = false;
  std::size_t depth_ = 0;         // open variations
  std::size_t skipped_from_ = 0;  // != 0: the depth of the outermost skipped variation
};

class RecordBuilder : public ReadThroughReplayer, private ReplaySink {
 public:
  RecordBuilder(RecordSink& sink, ReplayOptions options = {});

  // Whether MoveNode::san holds canonical SAN (default) or the move as written: writers that
  // print only UCI or positions skip the SAN writing, a quarter of the record's cost.
  void set_canonical_san(bool on) { canonical_san_ = on; }
  // Whether MoveNode::written keeps a played move's text as written where it is not the
  // canonical SAN (the Python face's Move.written); off by default.
  void set_keep_written(bool on) { keep_written_ = on; }

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
  void unreported(const Problem& p) override;
  void move(const MoveEvent& e) override;
  void note_move_error(const Problem& p);
  void game_end(const GameReport& r) override;

  RecordSink& sink_;
  bool keep_variations_;
  GameRecord record_;
  std::vector<Line*> open_lines_;  // open_lines_.back() receives the next move
  bool moved_ = false;
  bool text_skipped_ = false;  // the replayer took the last token for a word
  bool canonical_san_ = true;
  bool keep_written_ = false;
  std::string pending_problem_, pending_code_;
};

}  // namespace pgnkit::replay

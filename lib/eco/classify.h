// Classifying games by the book (eco/book.h). The rule: a game gets the classification of the
// deepest position of its main line that is a book position (the end of a book line), compared
// by repetition key, so a transposition into a book line counts. Only games that start from
// the initial position are classified (a FEN start, even one the book could reach, gets none).
// Positions after the book's longest line are not looked up: from there on a game costs
// nothing more per move.
#pragma once

#include <cstdint>

#include "chess/position.h"
#include "eco/book.h"
#include "pgn/types.h"
#include "replay/game_record.h"

namespace pgnkit::eco {

// One game's classification, fed position by position.
class Classifier {
 public:
  explicit Classifier(const Book& book) : book_(book) {}

  // A new game from `start`; a start other than the initial position is never classified.
  void start(const chess::Position& start) {
    best_ = nullptr;
    best_ply_ = ply_ = 0;
    remaining_ = start.key() == initial_key() ? book_.max_plies() : 0;
  }
  // A game that is not replayed.
  void stop() {
    best_ = nullptr;
    best_ply_ = ply_ = remaining_ = 0;
  }
  // Whether positions are still looked up (false once past the book's deepest line).
  bool active() const { return remaining_ != 0; }
  // The main line's next position (call only while active()).
  void position(std::uint64_t key) {
    --remaining_;
    ++ply_;
    if (const Opening* o = book_.find(key)) {
      best_ = o;
      best_ply_ = ply_;
    }
  }
  // The classification so far (null: none), and the ply of the position that gave it.
  const Opening* opening() const { return best_; }
  std::uint32_t ply() const { return best_ply_; }

  static std::uint64_t initial_key();

 private:
  const Book& book_;
  const Opening* best_ = nullptr;
  std::uint32_t best_ply_ = 0, ply_ = 0, remaining_ = 0;
};

// A replaying visitor (replay::Replayer or a class derived from it) that also classifies the
// main line as it is played. classifier() holds the game's classification when the base's
// end_game reports the game (its sinks may read it there) and until the next game starts.
template <class Base>
class Classifying : public Base {
 public:
  template <class... Args>
  explicit Classifying(const Book& book, Args&&... args)
      : Base(std::forward<Args>(args)...), classifier_(book) {}

  const Classifier& classifier() const { return classifier_; }

  // pgn::Visitor callbacks (hide the base's; each forwards to it).
  pgn::Control begin_movetext() {
    const pgn::Control c = Base::begin_movetext();
    depth_ = 0;
    if (const chess::Position* start = this->start_position()) {
      classifier_.start(*start);
      key_ = start->key();
    } else {
      classifier_.stop();
    }
    return c;
  }
  pgn::Control san(std::string_view text, pgn::Location where) {
    const pgn::Control c = Base::san(text, where);
    // A move played always changes the key (the side to move flips); a move not played
    // (after an illegal one) leaves the line's position as it was.
    if (depth_ == 0 && classifier_.active()) {
      const std::uint64_t key = this->last_move_after().key();
      if (key != key_) {
        key_ = key;
        classifier_.position(key);
      }
    }
    return c;
  }
  pgn::Skip begin_variation(pgn::Location where) {
    const pgn::Skip s = Base::begin_variation(where);
    if (s == pgn::Skip::No) ++depth_;
    return s;
  }
  pgn::Control end_variation(pgn::Location where) {
    if (depth_) --depth_;
    return Base::end_variation(where);
  }

 private:
  Classifier classifier_;
  std::uint32_t depth_ = 0;
  std::uint64_t key_ = 0;
};

// The classification of a game held in memory (its main line's played moves), or null.
const Opening* classify(const Book& book, const replay::GameRecord& game);

// Writes the classification into the game's tags: ECO and Opening set, Variation and
// SubVariation set or removed as the classification has them. With `keep`, a game that
// already has an ECO tag is left as it is. A null classification changes nothing.
void set_tags(replay::GameRecord& game, const Opening* opening, bool keep);

}  // namespace pgnkit::eco

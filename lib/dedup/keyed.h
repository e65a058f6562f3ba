// A replaying visitor (replay::ReadThroughReplayer or a class derived from it, run with
// ReplayOptions::variations false and want_last_move true) that also computes each game's
// GameKey (dedup/game_key.h) as its main line is played, and, when asked, the key after each
// ply (for --prefix). The keys are complete when the base's end_game reports the game and stay
// valid until the next game's begin_movetext.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "chess/position.h"
#include "dedup/game_key.h"
#include "pgn/tag.h"
#include "pgn/types.h"

namespace pgnkit::dedup {

struct KeyOptions {
  std::vector<std::string> same_tags;  // tags whose values must also be equal
  bool prefixes = false;               // keep the key after every ply (prefix_keys())
};

template <class Base>
class Keyed : public Base {
 public:
  template <class... Args>
  explicit Keyed(KeyOptions options, Args&&... args)
      : Base(std::forward<Args>(args)...),
        options_(std::move(options)),
        tag_values_(options_.same_tags.size()),
        tag_present_(options_.same_tags.size()) {}

  GameKey key() const { return hasher_.key(); }
  std::uint32_t plies() const { return hasher_.plies(); }
  // With KeyOptions::prefixes: [k] is the key after ply k + 1 (the last is key()).
  const std::vector<GameKey>& prefix_keys() const { return prefix_keys_; }

  // pgn::Visitor callbacks (hide the base's; each forwards to it).
  void begin_game(const pgn::GameInfo& info) {
    for (std::size_t i = 0; i < tag_present_.size(); ++i) tag_present_[i] = false;
    Base::begin_game(info);
  }
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
    for (std::size_t i = 0; i < options_.same_tags.size(); ++i) {
      if (options_.same_tags[i] != name) continue;
      pgn::unescape_tag(value_raw, tag_values_[i]);  // a repeated tag: the last value
      tag_present_[i] = true;
    }
    return Base::tag(name, value_raw, where);
  }
  pgn::Control begin_movetext() {
    const pgn::Control c = Base::begin_movetext();
    hasher_.start_tags();
    for (std::size_t i = 0; i < tag_values_.size(); ++i) {
      hasher_.tag(static_cast<std::uint32_t>(i), tag_present_[i],
                  tag_present_[i] ? std::string_view(tag_values_[i]) : std::string_view());
    }
    const chess::Position* start = this->start_position();
    hasher_.start(start ? start->key() : 0);
    prefix_keys_.clear();
    moves_seen_ = this->last_move().count;
    return c;
  }
  pgn::Control san(std::string_view text, pgn::Location where) {
    const pgn::Control c = Base::san(text, where);
    // Variations are not replayed (ReplayOptions::variations false), so a move played is a
    // main-line move.
    if (this->last_move().count != moves_seen_) {
      moves_seen_ = this->last_move().count;
      hasher_.move(this->last_move().move);
      if (options_.prefixes) prefix_keys_.push_back(hasher_.key());
    }
    return c;
  }

 private:
  KeyOptions options_;
  std::vector<std::string> tag_values_;
  std::vector<bool> tag_present_;
  LineHasher hasher_;
  std::vector<GameKey> prefix_keys_;
  std::uint64_t moves_seen_ = 0;
};

}  // namespace pgnkit::dedup

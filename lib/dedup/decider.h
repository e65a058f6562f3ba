// Which games dedup keeps: the decision for each game, given its key and (for --prefix) the
// keys of its prefixes, in input order. The tables are bounded (SeenSet); a decision that
// would need more memory than allowed comes back as OutOfMemory and changes nothing.
#pragma once

#include <cstddef>
#include <span>

#include "dedup/game_key.h"
#include "dedup/seen_set.h"

namespace pgnkit::dedup {

enum class Mode : std::uint8_t {
  Exact,          // equal games only; the first stays
  PrefixFirst,    // also prefixes; of the two, the first in input order stays
  PrefixLongest,  // also prefixes; the longer stays (two passes: learn(), then decide())
};

enum class Verdict : std::uint8_t {
  Kept,          // the first of its kind (or, PrefixLongest, the longest)
  Same,          // dropped: equal to the kept game
  KeptIsPrefix,  // dropped (PrefixFirst): the kept, earlier game is a prefix of it
  IsPrefix,      // dropped: it is a prefix of the kept game
  OutOfMemory,   // undecided: the tables would pass the limit
};

struct Decision {
  Verdict verdict;
  Origin kept;  // for a dropped game, the game it repeats
};

class Decider {
 public:
  // `max_bytes` bounds both tables together (0: no bound).
  Decider(Mode mode, std::size_t max_bytes) : mode_(mode), max_bytes_(max_bytes) {}

  // `plies` holds the key after each ply of the game's main line (plies.back() is its key;
  // Exact needs only that one). `me` is where the game is.
  Decision decide(std::span<const GameKey> plies, const Origin& me);
  // PrefixLongest's first pass: records the game; false when out of memory.
  bool learn(std::span<const GameKey> plies, const Origin& me);

  std::size_t distinct() const { return lines_.size(); }
  std::size_t prefixes() const { return prefixes_.size(); }
  std::size_t peak_bytes() const { return peak_bytes_; }
  // After OutOfMemory: what the tables would have needed.
  std::size_t needed_bytes() const { return needed_bytes_; }

 private:
  enum class Insert : std::uint8_t { Inserted, Found, OutOfMemory };
  Insert insert(SeenSet& set, const GameKey& key, const Origin& o, Origin* stored = nullptr);
  Decision decide_longest(const GameKey& key, const Origin& me) const;

  Mode mode_;
  std::size_t max_bytes_;
  SeenSet lines_;     // a key per distinct game: its first occurrence
  SeenSet prefixes_;  // a key per proper prefix: PrefixFirst, a kept game; else the longest
  std::size_t peak_bytes_ = 0;
  std::size_t needed_bytes_ = 0;
};

}  // namespace pgnkit::dedup

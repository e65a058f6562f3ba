#include "dedup/decider.h"

#include <algorithm>

namespace pgnkit::dedup {

Decider::Insert Decider::insert(SeenSet& set, const GameKey& key, const Origin& o, Origin* stored) {
  SeenSet& other = &set == &lines_ ? prefixes_ : lines_;
  // The limit is shared: this table may grow into what the other leaves free.
  set.set_limit(max_bytes_ == 0 ? 0 : max_bytes_ > other.bytes() ? max_bytes_ - other.bytes() : 1);
  const SeenSet::Result r = set.insert(key, o);
  if (r.outcome == SeenSet::Outcome::OutOfMemory) {
    needed_bytes_ = set.refused_bytes() + other.bytes();
    return Insert::OutOfMemory;
  }
  peak_bytes_ = std::max(peak_bytes_, lines_.bytes() + prefixes_.bytes());
  if (stored) *stored = r.outcome == SeenSet::Outcome::Found ? r.stored : o;
  return r.outcome == SeenSet::Outcome::Inserted ? Insert::Inserted : Insert::Found;
}

Decision Decider::decide(std::span<const GameKey> plies, const Origin& me) {
  const GameKey& key = plies.back();
  if (mode_ == Mode::PrefixLongest) return decide_longest(key, me);
  if (const auto found = lines_.find(key)) return {Verdict::Same, *found};
  if (mode_ == Mode::PrefixFirst) {
    // An earlier kept game that is a prefix of this one has one of our prefix keys as its
    // key (the deepest is reported).
    for (std::size_t k = plies.size() - 1; k-- > 0;)
      if (const auto found = lines_.find(plies[k])) return {Verdict::KeptIsPrefix, *found};
    if (const auto found = prefixes_.find(key)) return {Verdict::IsPrefix, *found};
  }
  if (insert(lines_, key, me) == Insert::OutOfMemory) return {Verdict::OutOfMemory, {}};
  if (mode_ == Mode::PrefixFirst) {
    for (std::size_t k = 0; k + 1 < plies.size(); ++k)
      if (insert(prefixes_, plies[k], me) == Insert::OutOfMemory) return {Verdict::OutOfMemory, {}};
  }
  return {Verdict::Kept, me};
}

bool Decider::learn(std::span<const GameKey> plies, const Origin& me) {
  const Insert line = insert(lines_, plies.back(), me);
  if (line == Insert::OutOfMemory) return false;
  if (line == Insert::Found) return true;  // an equal game has recorded these prefixes
  for (std::size_t k = 0; k + 1 < plies.size(); ++k) {
    Origin stored;
    const Insert r = insert(prefixes_, plies[k], me, &stored);
    if (r == Insert::OutOfMemory) return false;
    if (r == Insert::Found && stored.plies < me.plies) prefixes_.replace(plies[k], me);
  }
  return true;
}

// A game that is some game's proper prefix goes in favour of the longest game having it
// (itself nobody's prefix: a longer game having it would have that prefix too); of equal
// games the first stays.
Decision Decider::decide_longest(const GameKey& key, const Origin& me) const {
  if (const auto longer = prefixes_.find(key)) return {Verdict::IsPrefix, *longer};
  const auto first = lines_.find(key);
  if (first && !(first->file == me.file && first->offset == me.offset))
    return {Verdict::Same, *first};
  return {Verdict::Kept, me};
}

}  // namespace pgnkit::dedup

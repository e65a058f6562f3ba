// The keys of the games seen so far, each with where its game is (for the report): an
// open-addressed table of 32-byte slots, at most 3/4 full, doubled when it gets there. Memory
// is bounded by the caller's limit: a doubling that would pass it is refused (insert() says
// so) and the table stays as it was. Nothing is allocated except the doublings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "dedup/game_key.h"

namespace pgnkit::dedup {

// Where a game is: its input (index into the command's list of inputs), its 1-based number
// in that input, the byte offset of its first token, and its main-line plies.
struct Origin {
  std::uint64_t offset = 0;  // < 2^48 (256 TiB)
  std::uint32_t number = 0;
  std::uint16_t file = 0;
  std::uint32_t plies = 0;
  friend bool operator==(const Origin&, const Origin&) = default;
};

class SeenSet {
 public:
  static constexpr std::size_t kSlotBytes = 32;

  // `max_bytes` 0: no limit.
  explicit SeenSet(std::size_t max_bytes = 0) : max_bytes_(max_bytes) {}

  // A new limit for the doublings to come (0: none).
  void set_limit(std::size_t max_bytes) { max_bytes_ = max_bytes; }

  enum class Outcome : std::uint8_t { Inserted, Found, OutOfMemory };
  struct Result {
    Outcome outcome;
    Origin stored;  // Found: the stored origin
  };
  // Adds `key` with `origin` unless it is there.
  Result insert(const GameKey& key, const Origin& origin);
  // The stored origin of `key`.
  std::optional<Origin> find(const GameKey& key) const;
  // Replaces the origin stored for `key` (which must be there).
  void replace(const GameKey& key, const Origin& origin);

  std::size_t size() const { return size_; }
  std::size_t bytes() const { return slots_.size() * kSlotBytes; }
  // What the refused doubling would have needed, with the old table (for the error message).
  std::size_t refused_bytes() const { return refused_bytes_; }

 private:
  struct Slot {
    GameKey key;                    // (0, 0): empty
    std::uint64_t offset_and_file;  // offset in the low 48 bits
    std::uint32_t number, plies;
  };
  static_assert(sizeof(Slot) == kSlotBytes);
  static Slot pack(const GameKey& key, const Origin& o);
  static Origin unpack(const Slot& s);
  bool grow();
  std::size_t index_of(const GameKey& key) const;  // its slot, or the empty one it would take

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  std::size_t max_bytes_;
  std::size_t refused_bytes_ = 0;
};

}  // namespace pgnkit::dedup

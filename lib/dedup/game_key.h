// The identity `pgnkit dedup` compares games by: a 128-bit hash of the start position's
// repetition key (chess::Position::key(): castling rights the position cannot use do not
// count), the values of chosen tags, and the main-line moves in order. Variations, comments,
// NAGs, clocks and every other tag play no part.
//
// The hash runs along the moves, so the key after k plies is the key a game of exactly those
// k plies would have: --prefix finds prefixes by looking those keys up, never by comparing
// games with each other.
#pragma once

#include <cstdint>
#include <string_view>

#include "chess/types.h"

namespace pgnkit::dedup {

struct GameKey {
  std::uint64_t hi = 0, lo = 0;  // lo's low bit is always 1: (0, 0) marks an empty slot
  friend bool operator==(const GameKey&, const GameKey&) = default;
};

// Two independent 64-bit chains (murmur3's finaliser over different constants): a collision
// needs both to collide, about 2^-128 per pair, so even 10^9 games make one unlikely (~10^-20).
class LineHasher {
 public:
  // Tags first (each: its name's position in the --same-tags list, then its value or "absent").
  void start_tags() { a_ = kSeedA, b_ = kSeedB; }
  void tag(std::uint32_t index, bool present, std::string_view value) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the value
    for (const char c : value) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    step((std::uint64_t{index} << 1 | present) ^ (h << 8));
  }
  // Then the start position, then each move.
  void start(std::uint64_t start_key) {
    step(start_key);
    plies_ = 0;
  }
  void move(chess::Move m) {
    step(m.raw() | std::uint64_t{0x10000});
    ++plies_;
  }
  std::uint32_t plies() const { return plies_; }
  // The key of the line so far.
  GameKey key() const { return {fmix(a_ ^ plies_), fmix(b_ + plies_) | 1}; }

 private:
  static constexpr std::uint64_t kSeedA = 0x9E3779B97F4A7C15ULL, kSeedB = 0xC2B2AE3D27D4EB4FULL;
  static std::uint64_t fmix(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xFF51AFD7ED558CCDULL;
    k ^= k >> 33;
    k *= 0xC4CEB9FE1A85EC53ULL;
    k ^= k >> 33;
    return k;
  }
  void step(std::uint64_t v) {
    a_ = fmix(a_ ^ v);
    b_ = fmix(b_ + v * 0x94D049BB133111EBULL);
  }

  std::uint64_t a_ = kSeedA, b_ = kSeedB;
  std::uint32_t plies_ = 0;
};

}  // namespace pgnkit::dedup

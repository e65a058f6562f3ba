// Stable fingerprints: one 64-bit value per problem, computed from the game alone (its
// identifying tags), the code, the ply, the move as written, the position before it and how
// many identical problems came before it in the same game. Never the game number or a byte
// offset, so adding, removing or moving other games (or editing them) leaves it unchanged.
// SARIF's partialFingerprints, GitLab's fingerprint and the baseline all use it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "replay/problem.h"

namespace pgnkit::diag {

// The identity of one game: the values of Event, Site, Date, Round, White, Black and FEN, as
// written. Fed tag by tag while the game's tags are read; reused from game to game.
class GameKey {
 public:
  void reset() { text_.clear(); }
  // Keeps the tag when it is one of the identifying ones; ignores every other tag.
  void add_tag(std::string_view name, std::string_view value_raw);
  // The key of the game read so far (0 for no tags at all, as between games).
  std::uint64_t value() const;

 private:
  std::string text_;
};

// The fingerprints of one game's problems, in the order they were reported: `game_key` is the
// game's GameKey::value() (0 between games, where the message stands in for the game).
class FingerprintCounter {
 public:
  void reset() { seen_.clear(); }
  std::uint64_t next(std::uint64_t game_key, const replay::Problem& p);

 private:
  std::vector<std::uint64_t> seen_;  // the problem part of each fingerprint of this game
};

// 16 lower-case hex digits.
void append_fingerprint_hex(std::string& out, std::uint64_t fingerprint);
std::string fingerprint_hex(std::uint64_t fingerprint);
// Parses 16 hex digits (either case); false otherwise.
bool parse_fingerprint_hex(std::string_view text, std::uint64_t& out);

// A fingerprint that also names the file, for reports whose consumers need one value unique
// per problem and file (GitLab).
std::uint64_t fingerprint_with_path(std::uint64_t fingerprint, std::string_view path);

}  // namespace pgnkit::diag

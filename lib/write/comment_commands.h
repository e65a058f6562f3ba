// Move-comment commands: [%clk H:MM:SS], [%emt H:MM:SS] and [%eval ...], read out of a comment
// and written back byte for byte. Only a comment that holds nothing but these commands, each
// written exactly as append_command_comment() writes it, is read as commands; anything else
// stays comment text. That rule is what makes PGN -> NDJSON -> PGN lossless.
//
//   canonical text                       value
//   [%clk 0:03:00]  [%clk 1:02:03.5]     milliseconds (hours unpadded, .f only when not whole,
//                                        1-3 digits, no trailing zero)
//   [%eval 0.17] [%eval -1.5] [%eval 0.0] centipawns (pawns with 1 or 2 decimals, as lichess)
//   [%eval #3]  [%eval #-2]              mate in n (negative: the side to move is mated)
//
// Order in the comment: eval, clk, emt (lichess writes "[%eval 0.17] [%clk 0:00:30]"), each at
// most once. White space around and between the commands, and between a command's name and
// value, may be any run of blanks and line breaks: the PGN writer folds it to one space, so
// the canonical text written back gives the same PGN.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "write/json.h"

namespace pgnkit::write {

struct Eval {
  bool mate = false;
  std::int32_t value = 0;  // centipawns from White's side, or moves to mate (negative: Black mates)
  friend bool operator==(const Eval&, const Eval&) = default;
};

struct CommentCommands {
  std::optional<std::int64_t> clock_ms;  // [%clk]: the mover's remaining time
  std::optional<std::int64_t> emt_ms;    // [%emt]: time spent on the move
  std::optional<Eval> eval;              // [%eval]
  bool empty() const { return !clock_ms && !emt_ms && !eval; }
  friend bool operator==(const CommentCommands&, const CommentCommands&) = default;
};

// Largest duration accepted (about 31 years), so that milliseconds fit everywhere.
inline constexpr std::int64_t kMaxDurationMs = std::int64_t{999'999} * 3'600'000;

// True when `comment` holds only commands in canonical form (at least one); fills `out`.
bool parse_command_comment(std::string_view comment, CommentCommands& out);

// The clock of a comment that is exactly " [%clk H:MM:SS] " (16 bytes: the comment of nearly
// every move of a lichess export), in seconds; -1 for any other comment (which
// plain_clock_seconds() below may still read).
inline std::int32_t padded_clock_seconds(std::string_view comment) {
  static_assert(std::endian::native == std::endian::little, "the words below are read in order");
  if (comment.size() != 16) return -1;
  // Two little-endian words: the head (" [%clk " and H), the rest (":MM:SS] "). One test for
  // the fixed bytes of each, one for the digits, then each byte pair's tens and units added
  // at once.
  std::uint64_t head, rest;
  std::memcpy(&head, comment.data(), 8);
  std::memcpy(&rest, comment.data() + 8, 8);
  constexpr std::uint64_t kHead = 0x0020'6B6C'6325'5B20u;  // " [%clk " in bytes 0-6
  constexpr std::uint64_t kRestSeparators = 0xFFFF'0000'FF00'00FFu;
  constexpr std::uint64_t kRestWant = 0x205D'0000'3A00'003Au;  // ':' ':' ']' ' '
  if ((head & 0x00FF'FFFF'FFFF'FFFFu) != kHead || (rest & kRestSeparators) != kRestWant) return -1;
  // The digits H, M, M, S, S in bytes 0, 1, 2, 4, 5 (H over the first ':'), within '0'..'9',
  // or '0'..'5' for the tens of minutes and seconds.
  const std::uint64_t d = (rest & 0x0000'FFFF'00FF'FF00u) | head >> 56;
  constexpr std::uint64_t kHigh = 0x0000'8080'0080'8080u;
  constexpr std::uint64_t kFromZero = 0x0000'5050'0050'5050u;    // high bit if >= '0'
  constexpr std::uint64_t kAboveLimit = 0x0000'464A'0046'4A46u;  // high bit if > '9' / '5'
  if ((d & kHigh) != 0 || ((d + kFromZero) & kHigh) != kHigh || ((d + kAboveLimit) & kHigh) != 0)
    return -1;
  const std::uint64_t v = d - 0x0000'3030'0030'3030u;
  const std::uint64_t pairs = v * 10 + (v >> 8);  // byte 1: minutes; byte 4: seconds
  return static_cast<std::int32_t>(((v & 0xFF) * 60 + (pairs >> 8 & 0xFF)) * 60 +
                                   (pairs >> 32 & 0xFF));
}

namespace detail {
// plain_clock_seconds() for the comments other than " [%clk H:MM:SS] ".
std::int32_t plain_clock_seconds_trimmed(std::string_view comment);
}  // namespace detail

// The clock of a comment that is, once trimmed, "[%clk H:MM:SS]" or "[%clk HH:MM:SS]" (nearly
// every comment of a lichess export), in seconds; -1 for any other comment. A shortcut for
// writers: parse_command_comment() reads such a comment as this clock and nothing else.
inline std::int32_t plain_clock_seconds(std::string_view comment) {
  const std::int32_t seconds = padded_clock_seconds(comment);
  return seconds >= 0 ? seconds : detail::plain_clock_seconds_trimmed(comment);
}

namespace detail {
// `text` read as a canonical eval ("0.17", "-1.5", "#3", "#-2"; see above), all of it.
inline bool read_plain_eval(std::string_view text, Eval& eval) {
  auto digit = [](char c) { return static_cast<unsigned>(c - '0') < 10; };
  const char* p = text.data();
  const char* const end = p + text.size();
  // Nine lichess evals in ten: "D.D" or "D.DD", perhaps with '-'.
  {
    const bool negative = p != end && *p == '-';
    const char* const q = p + negative;
    const auto n = end - q;
    if ((n == 3 || n == 4) && q[1] == '.' && digit(q[0]) && digit(q[2])) {
      int v = (q[0] - '0') * 100 + (q[2] - '0') * 10;
      if (n == 4) {
        if (q[3] == '0' || !digit(q[3])) return false;  // no trailing zero
        v += q[3] - '0';
      }
      if (negative && v == 0) return false;
      eval = Eval{false, negative ? -v : v};
      return true;
    }
  }
  const bool mate = p != end && *p == '#';
  p += mate;
  const bool negative = p != end && *p == '-';
  p += negative;
  // At most 7 digits, no leading zero; then for centipawns 1 or 2 decimals, no trailing zero.
  const char* const digits = p;
  std::int64_t v = 0;
  while (p != end && digit(*p) && p - digits < 8) v = v * 10 + (*p++ - '0');
  if (p == digits || p - digits > 7 || (*digits == '0' && p - digits > 1)) return false;
  if (!mate) {
    if (end - p < 2 || *p != '.' || !digit(p[1])) return false;
    v = v * 100 + std::int64_t{p[1] - '0'} * 10;
    p += 2;
    if (p != end) {
      if (*p == '0' || !digit(*p)) return false;
      v += *p++ - '0';
    }
  }
  if (p != end || (negative && v == 0)) return false;
  eval = Eval{mate, static_cast<std::int32_t>(negative ? -v : v)};
  return true;
}
// plain_eval_clock() for the comments spaced otherwise than lichess's.
std::int32_t plain_eval_clock_spaced(std::string_view comment, Eval& eval);
}  // namespace detail

// plain_eval_clock() below for lichess's spacing, " [%eval E] [%clk H:MM:SS] " (the clock
// padded as above); -1 for any other comment, which plain_eval_clock() may still read.
inline std::int32_t padded_eval_clock(std::string_view comment, Eval& eval) {
  // The clock is the last 16 bytes and E all that is between. (A comment so framed is read
  // exactly when E is an eval: the general reading would need a ']' inside E followed by
  // nothing but white space up to the frame's.)
  const std::size_t n = comment.size();
  if (n <= 25 || std::memcmp(comment.data(), " [%eval ", 8) != 0 || comment[n - 17] != ']')
    return -1;
  const std::int32_t clock = padded_clock_seconds(comment.substr(n - 16));
  if (clock < 0 || !detail::read_plain_eval(comment.substr(8, n - 25), eval)) return -1;
  return clock;
}

// The clock of a comment that is, once trimmed, "[%eval E] [%clk H:MM:SS]", each command
// canonical (lichess's comment on the moves of an analysed game), in seconds, with the eval
// in `eval`; -1 for any other comment. Another shortcut: parse_command_comment() reads such a
// comment as this eval and this clock and nothing else.
inline std::int32_t plain_eval_clock(std::string_view comment, Eval& eval) {
  const std::int32_t clock = padded_eval_clock(comment, eval);
  return clock >= 0 ? clock : detail::plain_eval_clock_spaced(comment, eval);
}

// Appends the canonical comment text of `c` (nothing when it is empty).
void append_command_comment(std::string& out, const CommentCommands& c);

// H:MM:SS with an optional fraction (see above).
void append_duration(std::string& out, std::int64_t ms);
// 0.17, -1.5, 0.0, #3, #-2.
void append_eval(std::string& out, Eval e);
// Milliseconds as a JSON number of seconds: 180, 2.5, 0.05.
void append_seconds(std::string& out, std::int64_t ms);
// The same, written at `out` (room for kMaxSecondsText bytes); returns the end.
inline constexpr std::size_t kMaxSecondsText = 24;
char* put_seconds(char* out, std::int64_t ms);

}  // namespace pgnkit::write

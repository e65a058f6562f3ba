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

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

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

// The clock of a comment that is, once trimmed, "[%clk H:MM:SS]" or "[%clk HH:MM:SS]" (nearly
// every comment of a lichess export), in seconds; -1 for any other comment. A shortcut for
// writers: parse_command_comment() reads such a comment as this clock and nothing else.
inline std::int32_t plain_clock_seconds(std::string_view comment) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  const char* p = comment.data();
  const char* end = p + comment.size();
  while (p != end && space(*p)) ++p;
  while (end != p && space(end[-1])) --end;
  const auto n = static_cast<std::size_t>(end - p);
  if (n != 14 && n != 15) return -1;
  if (std::memcmp(p, "[%clk ", 6) != 0) return -1;  // inlined: a fixed, short compare
  p += 6;
  auto digit = [](char c) { return static_cast<unsigned>(c - '0'); };
  unsigned h = digit(p[0]);
  if (h > 9) return -1;
  if (n == 15) {
    const unsigned d = digit(p[1]);
    if (h == 0 || d > 9) return -1;  // no leading zero
    h = h * 10 + d;
    ++p;
  }
  if (p[1] != ':' || p[4] != ':' || p[7] != ']') return -1;
  const unsigned m1 = digit(p[2]), m2 = digit(p[3]), s1 = digit(p[5]), s2 = digit(p[6]);
  if (m1 > 5 || m2 > 9 || s1 > 5 || s2 > 9) return -1;
  return static_cast<std::int32_t>((h * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2);
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

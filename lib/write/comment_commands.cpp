#include "write/comment_commands.h"

#include <charconv>
#include <cstring>

#include "write/json.h"

namespace pgnkit::write {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads unsigned digits at text[i...]; at most `max_digits`. Returns false when none.
bool read_digits(std::string_view text, std::size_t& i, std::size_t max_digits,
                 std::uint64_t& value) {
  const std::size_t start = i;
  value = 0;
  while (i < text.size() && is_digit(text[i]) && i - start < max_digits)
    value = value * 10 + static_cast<std::uint64_t>(text[i++] - '0');
  return i > start;
}

// Each reader accepts exactly the canonical form (see the header) and advances `i`.

// Digits without a leading zero ("0" alone is fine); at most `max` of them.
bool read_number(std::string_view t, std::size_t& i, std::size_t max, std::uint64_t& v) {
  const std::size_t start = i;
  if (!read_digits(t, i, max, v)) return false;
  return !(t[start] == '0' && i - start > 1);
}

// Exactly two digits, below 60.
bool read_sexagesimal(std::string_view t, std::size_t& i, std::uint64_t& v) {
  if (i + 2 > t.size() || !is_digit(t[i]) || !is_digit(t[i + 1]) || t[i] > '5') return false;
  v = static_cast<std::uint64_t>((t[i] - '0') * 10 + (t[i + 1] - '0'));
  i += 2;
  return true;
}

// ".d", ".dd" or ".ddd" without a trailing zero, or nothing; as thousandths.
bool read_fraction(std::string_view t, std::size_t& i, std::uint64_t& thousandths) {
  thousandths = 0;
  if (i >= t.size() || t[i] != '.') return true;
  const std::size_t start = ++i;
  if (!read_digits(t, i, 3, thousandths) || t[i - 1] == '0') return false;
  for (std::size_t n = i - start; n < 3; ++n) thousandths *= 10;
  return true;
}

bool read_duration(std::string_view t, std::size_t& i, std::optional<std::int64_t>& ms) {
  std::uint64_t h = 0, m = 0, s = 0, frac = 0;
  if (!read_number(t, i, 6, h) || i >= t.size() || t[i++] != ':') return false;
  if (!read_sexagesimal(t, i, m) || i >= t.size() || t[i++] != ':') return false;
  if (!read_sexagesimal(t, i, s) || !read_fraction(t, i, frac)) return false;
  ms = static_cast<std::int64_t>(((h * 60 + m) * 60 + s) * 1000 + frac);
  return true;
}

bool read_eval(std::string_view t, std::size_t& i, std::optional<Eval>& out) {
  Eval e;
  e.mate = i < t.size() && t[i] == '#';
  if (e.mate) ++i;
  const bool negative = i < t.size() && t[i] == '-';
  if (negative) ++i;
  std::uint64_t v = 0;
  if (!read_number(t, i, 7, v)) return false;
  if (!e.mate) {
    if (i >= t.size() || t[i++] != '.' || i >= t.size() || !is_digit(t[i])) return false;
    v = v * 100 + static_cast<std::uint64_t>(t[i++] - '0') * 10;
    if (i < t.size() && is_digit(t[i])) {
      if (t[i] == '0') return false;  // 0.10 is written 0.1
      v += static_cast<std::uint64_t>(t[i++] - '0');
    }
  }
  if (negative && v == 0) return false;  // -0.0, #-0
  e.value = static_cast<std::int32_t>(negative ? -static_cast<std::int64_t>(v)
                                               : static_cast<std::int64_t>(v));
  out = e;
  return true;
}

}  // namespace

namespace {

// ".ddd" without trailing zeros for `rest` thousandths (50 -> ".05"); nothing for 0.
char* put_thousandths(char* out, std::uint64_t rest) {
  if (rest == 0) return out;
  *out++ = '.';
  for (std::uint64_t scale = 100; rest != 0; scale /= 10) {
    *out++ = static_cast<char>('0' + rest / scale);
    rest %= scale;
  }
  return out;
}

// The pieces below are written into a buffer and appended at once (a comment per move when
// NDJSON is read back).
char* put_duration(char* out, std::int64_t ms) {
  const auto v = static_cast<std::uint64_t>(ms < 0 ? 0 : ms);
  const std::uint64_t secs = v / 1000;
  out = std::to_chars(out, out + 20, secs / 3600).ptr;
  out[0] = ':';
  out[1] = static_cast<char>('0' + secs / 60 % 60 / 10);
  out[2] = static_cast<char>('0' + secs / 60 % 10);
  out[3] = ':';
  out[4] = static_cast<char>('0' + secs % 60 / 10);
  out[5] = static_cast<char>('0' + secs % 10);
  return put_thousandths(out + 6, v % 1000);
}

char* put_eval(char* out, Eval e) {
  const std::int64_t v = e.value;
  if (e.mate) *out++ = '#';
  if (v < 0) *out++ = '-';
  const auto a = static_cast<std::uint64_t>(v < 0 ? -v : v);
  if (e.mate) return std::to_chars(out, out + 20, a).ptr;
  out = std::to_chars(out, out + 20, a / 100).ptr;
  *out++ = '.';
  *out++ = static_cast<char>('0' + a % 100 / 10);
  if (a % 10 != 0) *out++ = static_cast<char>('0' + a % 10);
  return out;
}

template <std::size_t N>
char* put_literal(char* out, const char (&s)[N]) {
  std::memcpy(out, s, N - 1);
  return out + N - 1;
}

}  // namespace

void append_duration(std::string& out, std::int64_t ms) {
  char buf[32];
  out.append(buf, put_duration(buf, ms));
}

void append_eval(std::string& out, Eval e) {
  char buf[32];
  out.append(buf, put_eval(buf, e));
}

char* put_seconds(char* out, std::int64_t ms) {
  const auto v = static_cast<std::uint64_t>(ms < 0 ? 0 : ms);
  return put_thousandths(std::to_chars(out, out + 20, v / 1000).ptr, v % 1000);
}

void append_seconds(std::string& out, std::int64_t ms) {
  char buf[kMaxSecondsText];
  out.append(buf, put_seconds(buf, ms));
}

void append_command_comment(std::string& out, const CommentCommands& c) {
  char buf[96];  // the three commands at their longest
  char* p = buf;
  if (c.eval) p = put_literal(put_eval(put_literal(p, "[%eval "), *c.eval), "]");
  if (c.clock_ms) {
    if (p != buf) *p++ = ' ';
    p = put_literal(put_duration(put_literal(p, "[%clk "), *c.clock_ms), "]");
  }
  if (c.emt_ms) {
    if (p != buf) *p++ = ' ';
    p = put_literal(put_duration(put_literal(p, "[%emt "), *c.emt_ms), "]");
  }
  out.append(buf, p);
}

namespace {

// `text` is trimmed and starts with "[%".
[[gnu::noinline]] bool parse_general(std::string_view text, CommentCommands& out) {
  // One pass over the canonical form: "[%eval E] [%clk D] [%emt D]", any of them, in order.
  // White space may be any run of blanks and line breaks: the PGN writer folds it to one space.
  std::size_t i = 0;
  auto skip_space = [&] {
    const std::size_t start = i;
    while (i < text.size() && is_fold_space(text[i])) ++i;
    return i > start;
  };
  int last = -1;  // 0 eval, 1 clk, 2 emt: each must come after the previous one
  for (;;) {
    if (!text.substr(i).starts_with("[%")) return false;
    i += 2;
    int kind;
    const std::string_view rest = text.substr(i);
    if (rest.starts_with("eval")) {
      kind = 0;
      i += 4;
    } else if (rest.starts_with("clk")) {
      kind = 1;
      i += 3;
    } else if (rest.starts_with("emt")) {
      kind = 2;
      i += 3;
    } else {
      return false;
    }
    if (!skip_space()) return false;
    const bool ok = kind == 0   ? read_eval(text, i, out.eval)
                    : kind == 1 ? read_duration(text, i, out.clock_ms)
                                : read_duration(text, i, out.emt_ms);
    if (!ok || kind <= last || i >= text.size() || text[i++] != ']') return false;
    last = kind;
    if (i == text.size()) break;
    if (!skip_space()) return false;
  }
  return (!out.clock_ms || *out.clock_ms <= kMaxDurationMs) &&
         (!out.emt_ms || *out.emt_ms <= kMaxDurationMs);
}

}  // namespace

namespace detail {
std::int32_t plain_clock_seconds_trimmed(std::string_view comment) {
  comment = trim_fold_space(comment);
  const std::size_t n = comment.size();
  if ((n != 14 && n != 15) || std::memcmp(comment.data(), "[%clk ", 6) != 0) return -1;
  const char* p = comment.data();
  unsigned h = 0;
  if (n == 15) {
    // Ten hours or more ("HH"), without a leading zero.
    if (p[6] < '1' || p[6] > '9') return -1;
    h = static_cast<unsigned>(p[6] - '0') * 10;
    ++p;
  }
  // "H:MM:SS]" as one little-endian word: the separators in place, and the digits (bytes 0,
  // 2, 3, 5, 6) within '0'..'9', or '0'..'5' for the tens of minutes and seconds.
  std::uint64_t w;
  std::memcpy(&w, p + 6, 8);
  constexpr std::uint64_t kDigits = 0x00FF'FF00'FFFF'00FFu;
  constexpr std::uint64_t kHigh = 0x0080'8000'8080'0080u;
  constexpr std::uint64_t kSeparators = 0xFF00'00FF'0000'FF00u;
  constexpr std::uint64_t kWant = 0x5D00'003A'0000'3A00u;        // ']' ':' ':'
  constexpr std::uint64_t kFromZero = 0x0050'5000'5050'0050u;    // +0x50: high bit if >= '0'
  constexpr std::uint64_t kAboveLimit = 0x0046'4A00'464A'0046u;  // high bit if > '9' / '5'
  const std::uint64_t d = w & kDigits;
  if ((w & kSeparators) != kWant || (d & kHigh) != 0 || ((d + kFromZero) & kHigh) != kHigh ||
      ((d + kAboveLimit) & kHigh) != 0)
    return -1;
  const std::uint64_t v = d - 0x0030'3000'3030'0030u;
  h += static_cast<unsigned>(v & 0xFF);
  const auto m = static_cast<unsigned>((v >> 16 & 0xFF) * 10 + (v >> 24 & 0xFF));
  const auto sec = static_cast<unsigned>((v >> 40 & 0xFF) * 10 + (v >> 48 & 0xFF));
  return static_cast<std::int32_t>((h * 60 + m) * 60 + sec);
}
}  // namespace detail

namespace detail {
std::int32_t plain_eval_clock_spaced(std::string_view comment, Eval& eval) {
  // "[%eval E]", then white space and a plain clock.
  comment = trim_fold_space(comment);
  if (comment.size() < 24 || std::memcmp(comment.data(), "[%eval ", 7) != 0) return -1;
  const std::size_t close = comment.find(']');
  if (close == std::string_view::npos || close + 1 == comment.size() ||
      !is_fold_space(comment[close + 1]))
    return -1;
  const std::int32_t clock = plain_clock_seconds(comment.substr(close + 1));
  if (clock < 0) return -1;
  return read_plain_eval(comment.substr(7, close - 7), eval) ? clock : -1;
}
}  // namespace detail

bool parse_command_comment(std::string_view text, CommentCommands& out) {
  out = {};
  text = trim_fold_space(text);
  if (text.size() < 4 || text[0] != '[' || text[1] != '%') return false;
  if (const std::int32_t seconds = plain_clock_seconds(text); seconds >= 0) {
    out.clock_ms = std::int64_t{seconds} * 1000;
    return true;
  }
  return parse_general(text, out);
}

}  // namespace pgnkit::write

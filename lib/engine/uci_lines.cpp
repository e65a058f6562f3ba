#include "engine/uci_lines.h"

#include <charconv>

namespace pgnkit::engine {
namespace {

// Splits a line into tokens separated by blanks (UCI: "arbitrary white space").
class Tokens {
 public:
  explicit Tokens(std::string_view line) : rest_(line) {}
  std::optional<std::string_view> next() {
    std::size_t i = 0;
    while (i < rest_.size() && (rest_[i] == ' ' || rest_[i] == '\t')) ++i;
    rest_.remove_prefix(i);
    if (rest_.empty()) return std::nullopt;
    std::size_t j = 0;
    while (j < rest_.size() && rest_[j] != ' ' && rest_[j] != '\t') ++j;
    const std::string_view token = rest_.substr(0, j);
    rest_.remove_prefix(j);
    return token;
  }
  // What is left after the blanks, as written.
  std::string_view rest() {
    std::size_t i = 0;
    while (i < rest_.size() && (rest_[i] == ' ' || rest_[i] == '\t')) ++i;
    return rest_.substr(i);
  }

 private:
  std::string_view rest_;
};

std::optional<std::int64_t> integer(std::optional<std::string_view> token) {
  if (!token) return std::nullopt;
  std::int64_t v = 0;
  const char* const end = token->data() + token->size();
  const auto [p, ec] = std::from_chars(token->data(), end, v);
  if (ec != std::errc() || p != end) return std::nullopt;
  return v;
}

// The next token as an integer within [low, high], or nullopt (the line is then malformed).
std::optional<int> bounded(std::optional<std::string_view> token, std::int64_t low,
                           std::int64_t high) {
  const std::optional<std::int64_t> v = integer(token);
  if (!v || *v < low || *v > high) return std::nullopt;
  return static_cast<int>(*v);
}

// A UCI move's shape: two squares and an optional promotion letter ("0000" too).
bool looks_like_move(std::string_view m) {
  if (m == "0000") return true;
  if (m.size() != 4 && m.size() != 5) return false;
  const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto rank = [](char c) { return c >= '1' && c <= '8'; };
  return file(m[0]) && rank(m[1]) && file(m[2]) && rank(m[3]) &&
         (m.size() == 4 || std::string_view("qrbn").find(m[4]) != std::string_view::npos);
}

// Every keyword of an info line, so that a pv stops at the next one.
bool info_keyword(std::string_view t) {
  for (const std::string_view k : {"depth", "seldepth", "time", "nodes", "pv", "multipv", "score",
                                   "currmove", "currmovenumber", "hashfull", "nps", "tbhits",
                                   "sbhits", "cpuload", "string", "refutation", "currline", "wdl"})
    if (t == k) return true;
  return false;
}

}  // namespace

std::optional<InfoLine> parse_info(std::string_view line) {
  Tokens tokens(line);
  if (tokens.next() != std::string_view("info")) return std::nullopt;
  InfoLine info;
  std::optional<std::string_view> t = tokens.next();
  while (t) {
    if (*t == "string") break;  // the rest of the line is free text
    if (*t == "depth") {
      info.depth = bounded(tokens.next(), 0, 10000);
      info.malformed |= !info.depth;
    } else if (*t == "multipv") {
      const std::optional<int> v = bounded(tokens.next(), 1, 1000);
      info.malformed |= !v;
      info.multipv = v.value_or(info.multipv);
    } else if (*t == "score") {
      const std::optional<std::string_view> kind = tokens.next();
      const auto v = integer(tokens.next());
      const bool mate = kind == std::string_view("mate");
      if (!v || (!mate && kind != std::string_view("cp")) || *v > 1'000'000 || *v < -1'000'000) {
        info.malformed = true;
      } else {
        info.score = Score{mate, static_cast<std::int32_t>(*v)};
      }
    } else if (*t == "lowerbound" || *t == "upperbound") {
      info.bound = true;
    } else if (*t == "pv") {
      t = tokens.next();
      while (t && !info_keyword(*t)) {
        if (!looks_like_move(*t)) {
          info.malformed = true;
          break;
        }
        info.pv.emplace_back(*t);
        t = tokens.next();
      }
      continue;  // t is the next keyword (or the end)
    }
    t = tokens.next();
  }
  return info;
}

std::optional<std::string> parse_bestmove(std::string_view line) {
  Tokens tokens(line);
  if (tokens.next() != std::string_view("bestmove")) return std::nullopt;
  const std::optional<std::string_view> move = tokens.next();
  if (!move) return std::nullopt;
  if (*move == "(none)" || *move == "0000") return std::string();
  if (!looks_like_move(*move)) return std::nullopt;
  return std::string(*move);
}

std::optional<std::string> parse_id_name(std::string_view line) {
  Tokens tokens(line);
  if (tokens.next() != std::string_view("id") || tokens.next() != std::string_view("name"))
    return std::nullopt;
  return std::string(tokens.rest());
}

}  // namespace pgnkit::engine

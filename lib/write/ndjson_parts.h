// The pieces of pgnkit's NDJSON game line (see ndjson_writer.h), written into a TextBuffer.
// Shared by the writer that reads a GameRecord and the one that reads a GameLog, so that both
// write the same bytes. Short pieces (keys, SAN, UCI, numbers) are written straight into the
// buffer; text that needs escaping or folding goes through the std::string functions of
// json.h and is copied in.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/types.h"
#include "pgn/types.h"
#include "replay/game_record.h"
#include "write/comment_commands.h"
#include "write/line_writers.h"
#include "write/text_buffer.h"

namespace pgnkit::write::detail {

// {"san":"Nf3","uci":"g1f3" of a played move (canonical SAN: ASCII that needs no escape),
// written at `out` (room for san.size() + kMaxPlayedHead bytes); returns the end. Inline: a
// call per move. put_played_head_rest() writes what follows {"san":" (for a caller that
// writes that with what comes before it).
inline constexpr std::size_t kMaxPlayedHead = 24;
inline char* put_played_head_rest(char* p, std::string_view san, chess::Move move, bool chess960) {
  p = put(p, san);
  p = put(p, "\",\"uci\":\"");
  p = put_uci(p, move, chess960);
  *p++ = '"';
  return p;
}
inline char* put_played_head(char* p, std::string_view san, chess::Move move, bool chess960) {
  return put_played_head_rest(put(p, "{\"san\":\""), san, move, chess960);
}

// ,"clock":...,"emt":...,"eval":{...} for the commands present, written at `out` (room for
// kMaxCommandsText bytes); returns the end.
inline constexpr std::size_t kMaxCommandsText = 3 * (kMaxSecondsText + 16);
char* put_commands(char* out, const CommentCommands& c);

class NdjsonParts {
 public:
  explicit NdjsonParts(TextBuffer& out) : out_(out) {}
  TextBuffer& out() { return out_; }

  // ,"name":
  void key(std::string_view name);
  void null() { out_.put("null"); }
  // A JSON string of any text (escaped, converted to UTF-8).
  void json_string(std::string_view s);
  // A tag name or value: plain text is copied as it is.
  void text(std::string_view s);
  // A position's FEN (en passant square when a capture there is legal), as a JSON string.
  void fen(const chess::Position& pos);
  // Comment text as the PGN writer prints it: trimmed, each run of white space one space.
  void folded(std::string_view s);

  // {"tags":{...}: every tag once, in file order, with the value the replayer and the PGN
  // writer use, the last of a duplicated tag (so the object has unique keys). Tags: a range
  // of objects with `name` and `value` (unescaped) that convert to std::string_view.
  template <class Tags>
  void tags(const Tags& tags);
  // ,"fen":"..." or null.
  void start_fen(const chess::Position* start);

  // `one` with a string when there is one text, `many` with an array when there are several.
  // Texts: a range of things that convert to std::string_view.
  template <class Texts>
  void texts(std::string_view one, std::string_view many, const Texts& texts);

  // {"san":"Nf3","uci":"g1f3"   or, for a token that was not played, {"san":"P@e4","uci":null
  // ({"san":null,... for an object that holds no move).
  void move_head(bool played, std::string_view san, chess::Move move, bool chess960);
  // ,"nags":[...] when there are any.
  void nags(std::span<const std::uint32_t> nags);
  // The comments after a move: the first as "clock", "emt", "eval" when it holds only
  // commands, the others as "comment" / "comments".
  template <class Texts>
  void move_comments(const Texts& comments);

  // ,"result":...,"final_fen":...,"problems":[...]}\n
  void game_end(std::string_view result, const chess::Position* final_position,
                std::span<const replay::Problem> problems);

 private:
  void commands(const CommentCommands& c);
  void problems(std::span<const replay::Problem> problems);
  void optional_string(std::string_view s);  // null when empty

  TextBuffer& out_;
  CommentCommands commands_;
  std::string scratch_, fold_;
  std::vector<std::uint64_t> keys_;  // of the tag names
};

// A tag name's length and first bytes: names with different keys differ.
inline std::uint64_t name_key(std::string_view name) {
  std::uint64_t key = 0;
  copy_bytes(reinterpret_cast<char*>(&key), name.data(), name.size() < 7 ? name.size() : 7);
  return key << 8 | (name.size() & 0xFF);
}

template <class Tags>
void NdjsonParts::tags(const Tags& tags) {
  out_.put("{\"tags\":{");
  keys_.clear();
  for (const auto& t : tags) keys_.push_back(name_key(t.name));
  bool first = true;
  std::size_t i = 0;
  for (auto t = tags.begin(); t != tags.end(); ++t, ++i) {
    const std::string_view name = t->name;
    bool later = false;
    std::size_t j = i + 1;
    for (auto u = std::next(t); u != tags.end() && !later; ++u, ++j)
      later = keys_[j] == keys_[i] && std::string_view(u->name) == name;
    if (later) continue;
    if (!first) out_.put(',');
    first = false;
    text(name);
    out_.put(':');
    text(t->value);
  }
  out_.put('}');
}

template <class Texts>
void NdjsonParts::texts(std::string_view one, std::string_view many, const Texts& texts) {
  const std::size_t n = texts.size();
  if (n == 0) return;
  if (n == 1) {
    key(one);
    folded(std::string_view(*texts.begin()));
    return;
  }
  key(many);
  out_.put('[');
  bool first = true;
  for (const auto& t : texts) {
    if (!first) out_.put(',');
    first = false;
    folded(std::string_view(t));
  }
  out_.put(']');
}

template <class Texts>
void NdjsonParts::move_comments(const Texts& comments) {
  if (comments.empty()) return;
  auto it = comments.begin();
  if (it != comments.end() && parse_command_comment(std::string_view(*it), commands_)) {
    commands(commands_);
    texts("comment", "comments", std::span(std::next(it), comments.end()));
    return;
  }
  texts("comment", "comments", comments);
}

// The result a writer writes: the last Result tag when it is valid, else the termination
// marker, else "*" (as write::result_text() reads a GameRecord). Tags as for tags().
std::string_view result_text(std::string_view last_result_tag, bool has_result_tag,
                             std::optional<pgn::Outcome> marker);

}  // namespace pgnkit::write::detail

#include "write/ndjson_writer.h"

#include <array>
#include <charconv>

#include "chess/fen.h"
#include "replay/tag_checks.h"
#include "write/comment_commands.h"
#include "write/json.h"
#include "write/line_writers.h"
#include "write/pgn_writer.h"

namespace pgnkit::write {
namespace {

void append_uint(std::string& out, std::uint64_t n) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

void append_int(std::string& out, std::int64_t n) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

// A JSON string; text that needs no escape and no conversion is copied as it is.
void append_text(std::string& out, std::string_view text) {
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') {
      append_json_string(out, text);
      return;
    }
  }
  out += '"';
  out += text;
  out += '"';
}

void append_key(std::string& out, std::string_view key) {
  out += ",\"";
  out += key;
  out += "\":";
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Comment text as the PGN writer prints it: trimmed, each run of white space one space.
void append_folded(std::string& out, std::string_view text, std::string& scratch) {
  // Most comments are already folded ASCII: copy them in one go. kCopy: printable ASCII that
  // JSON takes as it is (a space is checked for its neighbours separately).
  static constexpr auto kCopy = [] {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x80; ++c) t[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return t;
  }();
  const std::size_t n = text.size();
  bool plain = n == 0 || (text[0] != ' ' && text[n - 1] != ' ');
  for (std::size_t i = 0; i < n && plain; ++i) {
    plain = kCopy[static_cast<unsigned char>(text[i])] && (text[i] != ' ' || text[i + 1] != ' ');
  }
  if (plain) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  scratch.clear();
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i == start) break;
    if (!scratch.empty()) scratch += ' ';
    scratch.append(text, start, i - start);
  }
  append_json_string(out, scratch);
}

// `one` with a string when there is one text, `many` with an array when there are several.
void append_texts(std::string& out, std::string_view one, std::string_view many,
                  const std::string* begin, const std::string* end, std::string& scratch) {
  if (begin == end) return;
  if (end - begin == 1) {
    append_key(out, one);
    append_folded(out, *begin, scratch);
    return;
  }
  append_key(out, many);
  out += '[';
  for (const std::string* t = begin; t != end; ++t) {
    if (t != begin) out += ',';
    append_folded(out, *t, scratch);
  }
  out += ']';
}

// Every tag once, in file order, with the value the replayer and the PGN writer use: the last
// of a duplicated tag (so the object has unique keys).
void append_tags(std::string& out, const replay::Recycled<replay::Tag>& tags) {
  out += "{\"tags\":{";
  bool first = true;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const replay::Tag& t = tags[i];
    bool skip = false;
    for (std::size_t j = i + 1; j < tags.size() && !skip; ++j) skip = tags[j].name == t.name;
    if (skip) continue;
    if (!first) out += ',';
    first = false;
    append_text(out, t.name);
    out += ':';
    append_text(out, t.value);
  }
  out += '}';
}

void append_optional_string(std::string& out, std::string_view s) {
  if (s.empty()) {
    out += "null";
  } else {
    append_json_string(out, s);
  }
}

struct MoveWriter {
  std::string& out;
  bool chess960;
  CommentCommands commands;
  std::string scratch;

  void line(const replay::Line& l) {
    out += '[';
    if (l.moves.empty() && !l.leading_comments.empty()) {
      // Only comments: they hang on a move object without a move.
      out += "{\"san\":null,\"uci\":null";
      leading(l);
      out += '}';
    }
    for (std::size_t i = 0; i < l.moves.size(); ++i) {
      if (i) out += ',';
      move(l.moves[i], i == 0 ? &l : nullptr);
    }
    out += ']';
  }

  void leading(const replay::Line& l) {
    const auto& c = l.leading_comments;
    append_texts(out, "comment_before", "comments_before", c.data(), c.data() + c.size(), scratch);
  }

  void move(const replay::MoveNode& node, const replay::Line* first_of) {
    if (node.played) {  // canonical SAN: ASCII that needs no escape
      out += "{\"san\":\"";
      out += node.san;
      out += "\",\"uci\":\"";
      append_uci(out, node.move, chess960);
      out += '"';
    } else {
      out += "{\"san\":";
      append_optional_string(out, node.san);
      out += ",\"uci\":null";
    }
    if (first_of) leading(*first_of);
    if (!node.nags.empty()) {
      append_key(out, "nags");
      out += '[';
      for (std::size_t i = 0; i < node.nags.size(); ++i) {
        if (i) out += ',';
        append_uint(out, node.nags[i]);
      }
      out += ']';
    }
    const std::string* texts = node.comments.data();
    const std::string* end = texts + node.comments.size();
    if (texts != end && parse_command_comment(*texts, commands)) {
      ++texts;
      if (commands.clock_ms) {
        append_key(out, "clock");
        append_seconds(out, *commands.clock_ms);
      }
      if (commands.emt_ms) {
        append_key(out, "emt");
        append_seconds(out, *commands.emt_ms);
      }
      if (commands.eval) {
        append_key(out, "eval");
        out += commands.eval->mate ? "{\"mate\":" : "{\"cp\":";
        append_int(out, commands.eval->value);
        out += '}';
      }
    }
    append_texts(out, "comment", "comments", texts, end, scratch);
    if (!node.variations.empty()) {
      append_key(out, "variations");
      out += '[';
      for (std::size_t i = 0; i < node.variations.size(); ++i) {
        if (i) out += ',';
        line(node.variations[i]);
      }
      out += ']';
    }
    out += '}';
  }
};

void append_problems(std::string& out, const std::vector<replay::Problem>& problems) {
  append_key(out, "problems");
  out += '[';
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const replay::Problem& p = problems[i];
    if (i) out += ',';
    out += "{\"code\":";
    append_json_string(out, p.code_name());
    append_key(out, "severity");
    append_json_string(out, replay::severity_name(p.severity));
    append_key(out, "message");
    append_json_string(out, p.message);
    append_key(out, "line");
    append_uint(out, p.where.line);
    append_key(out, "column");
    append_uint(out, p.where.column);
    append_key(out, "ply");
    if (p.ply) {
      append_uint(out, p.ply);
    } else {
      out += "null";
    }
    append_key(out, "in_variation");
    out += p.in_variation ? "true" : "false";
    append_key(out, "san");
    append_optional_string(out, p.san);
    append_key(out, "fen");
    append_optional_string(out, p.fen);
    out += '}';
  }
  out += ']';
}

void append_moves_only(std::string& out, const replay::GameRecord& game, bool chess960) {
  append_key(out, "san");
  out += '[';
  bool first = true;
  for (const replay::MoveNode& node : game.main.moves) {
    if (node.san.empty()) continue;
    if (!first) out += ',';
    first = false;
    append_json_string(out, node.san);
  }
  append_key(out.append("]"), "uci");
  out += '[';
  first = true;
  for (const replay::MoveNode& node : game.main.moves) {
    if (node.san.empty()) continue;
    if (!first) out += ',';
    first = false;
    if (node.played) {
      out += '"';
      append_uci(out, node.move, chess960);
      out += '"';
    } else {
      out += "null";
    }
  }
  out += ']';
}

}  // namespace

void write_ndjson(const replay::GameRecord& game, const NdjsonWriteOptions& options,
                  std::string& out) {
  const bool chess960 = is_chess960(game);
  append_tags(out, game.tags);
  append_key(out, "fen");
  if (game.replayed && tag_value(game, "FEN")) {
    append_json_string(out, chess::write_fen(game.start, chess::EpWrite::WhenLegal));
  } else {
    out += "null";
  }
  if (options.moves_only) {
    append_moves_only(out, game, chess960);
  } else {
    append_key(out, "moves");
    MoveWriter{out, chess960, {}, {}}.line(game.main);
  }
  append_key(out, "result");
  append_json_string(out, result_text(game));
  append_key(out, "final_fen");
  if (game.replayed) {
    append_json_string(out, chess::write_fen(game.final_position, chess::EpWrite::WhenLegal));
  } else {
    out += "null";
  }
  append_problems(out, game.problems);
  out += "}\n";
}

}  // namespace pgnkit::write

#include "write/ndjson_parts.h"

#include <charconv>

#include "chess/fen.h"
#include "replay/tag_checks.h"
#include "write/json.h"
#include "write/line_writers.h"

namespace pgnkit::write::detail {
namespace {}  // namespace

void NdjsonParts::key(std::string_view name) {
  char* p = out_.room(name.size() + 4);
  p = put(p, ",\"");
  p = put(p, name);
  out_.commit(put(p, "\":"));
}

void NdjsonParts::json_string(std::string_view s) {
  if (is_plain_json(s) && s.find('\x7f') == std::string_view::npos) {
    // What append_json_string writes for printable ASCII without '"' and '\\'.
    char* p = out_.room(s.size() + 2);
    *p++ = '"';
    p = put(p, s);
    *p++ = '"';
    out_.commit(p);
    return;
  }
  scratch_.clear();
  append_json_string(scratch_, s);
  out_.put(scratch_);
}

void NdjsonParts::text(std::string_view s) {
  char* const p = out_.room(s.size() + 2);
  *p = '"';
  if (char* const end = copy_if_plain(p + 1, s)) {  // most names and values
    *end = '"';
    return out_.commit(end + 1);
  }
  json_string(s);
}

void NdjsonParts::fen(const chess::Position& pos) {
  // A FEN is printable ASCII without '"' or '\\': no escapes.
  char* p = out_.room(chess::kMaxFenLength + 2);
  *p++ = '"';
  p = chess::put_fen(p, pos, chess::EpWrite::WhenLegal);
  *p++ = '"';
  out_.commit(p);
}

void NdjsonParts::folded(std::string_view s) {
  s = trim_fold_space(s);
  // Most comments are folded ASCII once trimmed: copy them in one pass.
  char* const p = out_.room(s.size() + 2);
  *p = '"';
  if (char* const end = copy_if_plain_folded(p + 1, s)) {
    *end = '"';
    out_.commit(end + 1);
    return;
  }
  fold_.clear();
  std::size_t at = 0;
  for (std::string_view word; !(word = next_fold_word(s, at)).empty();) {
    if (!fold_.empty()) fold_ += ' ';
    fold_.append(word);
  }
  json_string(fold_);
}

void NdjsonParts::start_fen(const chess::Position* start) {
  key("fen");
  if (start) {
    fen(*start);
  } else {
    null();
  }
}

void NdjsonParts::move_head(bool played, std::string_view san, chess::Move move, bool chess960) {
  if (played)
    return out_.commit(
        put_played_head(out_.room(san.size() + kMaxPlayedHead), san, move, chess960));
  out_.put("{\"san\":");
  if (san.empty()) {
    null();
  } else {
    json_string(san);
  }
  out_.put(",\"uci\":null");
}

void NdjsonParts::nags(std::span<const std::uint32_t> nags) {
  if (nags.empty()) return;
  char* p = out_.room(12 * nags.size() + 16);
  p = put(p, ",\"nags\":[");
  for (std::size_t i = 0; i < nags.size(); ++i) {
    if (i) *p++ = ',';
    p = std::to_chars(p, p + 10, nags[i]).ptr;
  }
  *p++ = ']';
  out_.commit(p);
}

char* put_commands(char* p, const CommentCommands& c) {
  if (c.clock_ms) p = put_seconds(put(p, ",\"clock\":"), *c.clock_ms);
  if (c.emt_ms) p = put_seconds(put(p, ",\"emt\":"), *c.emt_ms);
  if (c.eval) {
    p = put(p, c.eval->mate ? ",\"eval\":{\"mate\":" : ",\"eval\":{\"cp\":");
    p = std::to_chars(p, p + 12, c.eval->value).ptr;
    *p++ = '}';
  }
  return p;
}

void NdjsonParts::commands(const CommentCommands& c) {
  out_.commit(put_commands(out_.room(kMaxCommandsText), c));
}

void NdjsonParts::problems(std::span<const replay::Problem> problems) {
  key("problems");
  out_.put('[');
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const replay::Problem& p = problems[i];
    // Codes and severities are snake_case names: no escapes.
    const std::string_view code = p.code_name();
    const std::string_view severity = replay::severity_name(p.severity);
    char* head = out_.room(code.size() + severity.size() + 40);
    if (i) *head++ = ',';
    head = put(put(head, "{\"code\":\""), code);
    head = put(put(head, "\",\"severity\":\""), severity);
    out_.commit(put(head, "\",\"message\":"));
    json_string(p.message);
    char* q = out_.room(96);
    q = put(q, ",\"line\":");
    q = std::to_chars(q, q + 20, p.where.line).ptr;
    q = put(q, ",\"column\":");
    q = std::to_chars(q, q + 20, p.where.column).ptr;
    q = put(q, ",\"ply\":");
    q = p.ply ? std::to_chars(q, q + 20, p.ply).ptr : put(q, "null");
    q = put(q, p.in_variation ? ",\"in_variation\":true" : ",\"in_variation\":false");
    out_.commit(q);
    key("san");
    optional_string(p.san);
    key("fen");
    optional_string(p.fen);
    out_.put('}');
  }
  out_.put(']');
}

void NdjsonParts::optional_string(std::string_view s) {
  if (s.empty()) return null();
  json_string(s);
}

void NdjsonParts::game_end(std::string_view result, const chess::Position* final_position,
                           std::span<const replay::Problem> problems) {
  if (replay::parse_result(result)) {  // always, from result_text(): no escapes
    static constexpr char kBefore[] = ",\"result\":\"";
    static constexpr char kAfter[] = "\",\"final_fen\":";
    char* p = put(out_.room(sizeof kBefore + result.size() + sizeof kAfter), kBefore);
    out_.commit(put(put(p, result), kAfter));
  } else {
    key("result");
    json_string(result);
    key("final_fen");
  }
  if (final_position) {
    fen(*final_position);
  } else {
    null();
  }
  this->problems(problems);
  out_.put("}\n");
}

std::string_view result_text(std::string_view last_result_tag, bool has_result_tag,
                             std::optional<pgn::Outcome> marker) {
  if (has_result_tag && replay::parse_result(last_result_tag)) return last_result_tag;
  if (marker) return pgn::outcome_text(*marker);
  return "*";
}

}  // namespace pgnkit::write::detail

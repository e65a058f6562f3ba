#include "diag/problem_text.h"

#include <cstdio>
#include <utility>

#include "diag/format.h"
#include "write/json.h"

namespace pgnkit::diag {

namespace {
// A JSON string, or null for a field the problem does not have (empty text).
void append_json_string_or_null(std::string& out, std::string_view text) {
  if (text.empty()) {
    out += "null";
  } else {
    write::append_json_string(out, text);
  }
}
}  // namespace

void append_problem_text(pipeline::Output& numbered, std::string_view file,
                         const replay::Problem& p, bool error, bool color) {
  std::string& out = numbered.text();
  out += file;
  out += ':' + std::to_string(p.where.line) + ':' + std::to_string(p.where.column) + ": ";
  if (color) out += error ? "\033[1;31m" : "\033[1;35m";
  out += error ? "error" : "warning";
  if (color) out += "\033[0m";
  out += '[';
  out += p.code_name();
  out += "]: ";
  diag::append_message_head(out, p);
  if (p.game) numbered.game_number(p.game);
  diag::append_message_tail(out, p);
  out += '\n';
  if (!p.fen.empty()) out += "    position: " + p.fen + "\n";
}

void append_problem_json(pipeline::Output& numbered, std::string_view file,
                         const replay::Problem& p, bool error) {
  std::string& out = numbered.text();
  out += "{\"file\":";
  write::append_json_string(out, file);
  out += ",\"game\":";
  if (p.game) {
    numbered.game_number(p.game);
  } else {
    out += "null";
  }
  out += ",\"line\":" + std::to_string(p.where.line);
  out += ",\"column\":" + std::to_string(p.where.column);
  out += ",\"offset\":" + std::to_string(p.where.offset);
  out += ",\"ply\":";
  out += p.ply ? std::to_string(p.ply) : "null";
  out += ",\"in_variation\":";
  out += p.in_variation ? "true" : "false";
  out += ",\"severity\":";
  out += error ? "\"error\"" : "\"warning\"";
  out += ",\"code\":";
  write::append_json_string(out, p.code_name());
  out += ",\"san\":";
  append_json_string_or_null(out, p.san);
  out += ",\"message\":";
  write::append_json_string(out, p.message);
  out += ",\"fen\":";
  append_json_string_or_null(out, p.fen);
  out += "}\n";
}

void append_problem_text(std::string& out, std::string_view file, const replay::Problem& p,
                         bool as_error, bool color) {
  pipeline::Output text;
  text.set_base(0);
  append_problem_text(text, file, p, as_error, color);
  out += text.view();
}

void append_problem_json(std::string& out, std::string_view file, const replay::Problem& p,
                         bool as_error) {
  pipeline::Output text;
  text.set_base(0);
  append_problem_json(text, file, p, as_error);
  out += text.view();
}

}  // namespace pgnkit::diag

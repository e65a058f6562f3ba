// SARIF 2.1.0 (OASIS): one run whose driver lists every code as a rule; one result per
// problem with a region, a partialFingerprints entry and the game's details as properties.
#include "diag/codes.h"
#include "diag/fingerprint.h"
#include "diag/format.h"
#include "write/json.h"

namespace pgnkit::diag {
namespace {

std::string_view level(replay::Severity s) {
  return s == replay::Severity::Error ? "error" : "warning";
}

// The rule's friendly name SARIF asks for: the code in PascalCase ("pinned_piece" ->
// "PinnedPiece").
void append_pascal_case(std::string& out, std::string_view code) {
  bool upper = true;
  for (const char c : code) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
}

}  // namespace

void append_sarif_header(std::string& out, const ToolInfo& tool) {
  out +=
      "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\","
      "\"runs\":[{\"tool\":{\"driver\":{\"name\":";
  write::append_json_string(out, tool.name);
  out += ",\"version\":";
  write::append_json_string(out, tool.version);
  out += ",\"informationUri\":";
  write::append_json_string(out, tool.information_uri);
  out += ",\"rules\":[";
  bool first = true;
  for (const CodeInfo& code : all_codes()) {
    out += first ? "\n" : ",\n";
    first = false;
    out += "{\"id\":";
    write::append_json_string(out, code.name);
    out += ",\"name\":\"";
    append_pascal_case(out, code.name);
    out += "\",\"shortDescription\":{\"text\":";
    write::append_json_string(out, code.summary);
    out += "},\"defaultConfiguration\":{\"level\":\"";
    out += level(code.severity);
    out += "\"},\"helpUri\":";
    write::append_json_string(out, tool.help_uri);
    out += ",\"properties\":{\"tags\":[\"";
    out += group_name(code.group);
    out += "\"]}}";
  }
  out += "\n]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[\n";
}

void append_sarif_result(std::string& out, const replay::Problem& p, const Placed& where,
                         bool first, GameNumbers* numbers) {
  if (!first) out += kResultSeparator;
  out += "{\"ruleId\":";
  write::append_json_string(out, all_codes()[where.code].name);
  out += ",\"ruleIndex\":" + std::to_string(where.code);
  out += ",\"level\":\"";
  out += level(where.severity);
  out += "\",\"message\":{\"text\":";
  append_escaped_message(out, p, MessageEscape::JsonString, numbers);
  out += "},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\"";
  append_uri_path(out, where.path);
  out += "\"},\"region\":{\"startLine\":" + std::to_string(p.where.line);
  out += ",\"startColumn\":" + std::to_string(p.where.column);
  out += "}}}],\"partialFingerprints\":{\"pgnkitProblem/v1\":\"";
  append_fingerprint_hex(out, where.fingerprint);
  out += "\"},\"properties\":{";
  if (p.game) {
    out += "\"game\":";
    append_game_number(out, p.game, numbers);
    out += ',';
  }
  out += p.ply ? "\"ply\":" + std::to_string(p.ply) + "," : std::string();
  if (!p.san.empty()) {
    out += "\"san\":";
    write::append_json_string(out, p.san);
    out += ',';
  }
  if (!p.fen.empty()) {
    out += "\"fen\":";
    write::append_json_string(out, p.fen);
    out += ',';
  }
  out += "\"offset\":" + std::to_string(p.where.offset) + "}}";
}

void append_sarif_footer(std::string& out) {
  out += "\n]}]}\n";
}

}  // namespace pgnkit::diag

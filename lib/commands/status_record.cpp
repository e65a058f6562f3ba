#include "commands/status_record.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <optional>

#include "chess/fen.h"
#include "pgn/types.h"
#include "replay/problem.h"
#include "write/json.h"
#include "write/table.h"

namespace pgnkit::commands {
namespace {

using namespace std::string_view_literals;

// Tag values (names, the Result tag) are any bytes; the helpers in lib/write quote, escape and
// convert them to UTF-8. Most are printable ASCII that none of that changes, so these tests let
// the common case be a copy. Text pgnkit writes itself (status and problem names, results,
// FENs, numbers) is plain ASCII without quotes, commas or backslashes by construction.

// Byte classes for the tests below, one bit each, looked up once per byte.
enum : std::uint8_t { kJsonPlain = 1, kCsvPlain = 2, kAscii = 4 };
constexpr std::array<std::uint8_t, 256> kByteClass = [] {
  std::array<std::uint8_t, 256> classes{};
  for (int c = 0; c < 0x80; ++c) {
    // Printable ASCII without '"' or '\\': its JSON string is the text between quotes.
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') classes[c] |= kJsonPlain;
    // ASCII without ',', '"', CR or LF: its CSV field is the text itself.
    if (c != ',' && c != '"' && c != '\r' && c != '\n') classes[c] |= kCsvPlain;
    classes[c] |= kAscii;
  }
  return classes;
}();

bool all_bytes_are(std::string_view text, std::uint8_t byte_class) {
  for (const char c : text)
    if (!(kByteClass[static_cast<unsigned char>(c)] & byte_class)) return false;
  return true;
}

void put_json_tag_value(OutputBuffer& out, std::string_view text) {
  if (all_bytes_are(text, kJsonPlain)) {
    out.put('"');
    out.put(text);
    out.put('"');
    return;
  }
  std::string& quoted = out.scratch();
  write::append_json_string(quoted, text);
  out.put(quoted);
}

void put_json_own_text(OutputBuffer& out, std::string_view text) {
  out.put('"');
  out.put(text);
  out.put('"');
}

void put_json_number(OutputBuffer& out, const std::optional<std::uint32_t>& v) {
  if (v)
    out.put_number(*v);
  else
    out.put("null"sv);
}

void put_csv_tag_value(OutputBuffer& out, std::string_view text) {
  if (all_bytes_are(text, kCsvPlain)) return out.put(text);
  std::string& field = out.scratch();
  write::append_csv_field(field, text);
  out.put(field);
}

void put_csv_number(OutputBuffer& out, const std::optional<std::uint32_t>& v) {
  if (v) out.put_number(*v);
  out.put(',');
}

constexpr std::string_view kSpaces = "                        ";  // the widest cell

// A fixed-width text cell: ASCII shorter than the width is the text and its padding; text to
// cut or to convert to UTF-8 goes through write::append_padded.
void put_cell(OutputBuffer& out, std::string_view text, std::size_t width) {
  if (text.size() < width && width <= kSpaces.size() && all_bytes_are(text, kAscii)) {
    out.put(text);
    out.put(kSpaces.substr(0, width - text.size()));
    return;
  }
  std::string& cell = out.scratch();
  write::append_padded(cell, text, width);
  out.put(cell);
}

// Numbers are never cut: one as wide as its column or wider is followed by one space and
// pushes the rest of its row to the right.
void put_number_cell(OutputBuffer& out, std::uint64_t v, std::size_t width) {
  char digits[20];
  const char* const end = std::to_chars(digits, digits + sizeof digits, v).ptr;
  const auto n = static_cast<std::size_t>(end - digits);
  out.put(std::string_view(digits, n));
  out.put(kSpaces.substr(0, n < width ? width - n : 1));
}

void put_fen(OutputBuffer& out, const chess::Position& pos) {
  std::string& fen = out.scratch();
  chess::append_fen(fen, pos, chess::EpWrite::WhenLegal);
  out.put(fen);
}

// The Result tag's value, empty when there is none (every format writes empty as absent).
std::string_view result_tag(const replay::GameReport& r) {
  return r.tags->has_result ? std::string_view(r.tags->result) : std::string_view();
}

// The inconsistency codes separated by spaces (the CSV and text `problems` cell).
void put_problem_list(OutputBuffer& out, const replay::GameReport& r) {
  for (std::size_t k = 0; k < r.inconsistencies.size(); ++k) {
    if (k) out.put(' ');
    out.put(replay::problem_code_name(r.inconsistencies[k]));
  }
}

}  // namespace

bool status_judged(const replay::GameReport& r) {
  return r.final_position && r.status != replay::GameStatus::Illegal && !r.cut;
}

StatusFile::StatusFile(std::string_view name) {
  ndjson_prefix_ = "{\"file\":";
  write::append_json_string(ndjson_prefix_, name);
  ndjson_prefix_ += ",\"game\":";
  write::append_csv_field(csv_prefix_, name);
  csv_prefix_ += ',';
}

void put_status_ndjson(OutputBuffer& out, const StatusFile& file, const replay::GameReport& r) {
  // Each literal carries the comma and key before a value, in kStatusColumns order; absent
  // values are null except white and black, which are "" when the tag is missing.
  out.put(file.ndjson_prefix());
  out.put_game_number(r.game);
  out.put(",\"white\":"sv);
  put_json_tag_value(out, r.tags->white);
  out.put(",\"black\":"sv);
  put_json_tag_value(out, r.tags->black);
  out.put(",\"result_tag\":"sv);
  if (const std::string_view tag = result_tag(r); !tag.empty())
    put_json_tag_value(out, tag);
  else
    out.put("null"sv);
  out.put(",\"plies\":"sv);
  out.put_number(r.plies);
  out.put(",\"status\":"sv);
  put_json_own_text(out, replay::game_status_name(r.status));
  out.put(",\"result\":"sv);
  if (r.rules_result)
    put_json_own_text(out, pgn::outcome_text(*r.rules_result));
  else
    out.put("null"sv);
  out.put(",\"auto_draw_ply\":"sv);
  put_json_number(out, r.auto_draw_ply);
  out.put(",\"threefold_ply\":"sv);
  put_json_number(out, r.threefold_ply);
  out.put(",\"fifty_ply\":"sv);
  put_json_number(out, r.fifty_ply);
  out.put(",\"final_fen\":"sv);
  if (r.final_position) {
    out.put('"');
    put_fen(out, *r.final_position);
    out.put('"');
  } else {
    out.put("null"sv);
  }
  if (!status_judged(r)) {
    out.put(",\"consistent\":null,\"problems\":null"sv);
  } else {
    out.put(r.consistent ? ",\"consistent\":true,\"problems\":["sv
                         : ",\"consistent\":false,\"problems\":["sv);
    for (std::size_t k = 0; k < r.inconsistencies.size(); ++k) {
      if (k) out.put(',');
      put_json_own_text(out, replay::problem_code_name(r.inconsistencies[k]));
    }
    out.put(']');
  }
  out.put(r.laws == replay::Laws::Current ? ",\"laws\":\"current\"}\n"sv
                                          : ",\"laws\":\"pre-2014\"}\n"sv);
}

void put_status_csv(OutputBuffer& out, const StatusFile& file, const replay::GameReport& r) {
  out.put(file.csv_prefix());
  out.put_game_number(r.game);
  out.put(',');
  put_csv_tag_value(out, r.tags->white);
  out.put(',');
  put_csv_tag_value(out, r.tags->black);
  out.put(',');
  put_csv_tag_value(out, result_tag(r));
  out.put(',');
  out.put_number(r.plies);
  out.put(',');
  out.put(replay::game_status_name(r.status));
  out.put(',');
  if (r.rules_result) out.put(pgn::outcome_text(*r.rules_result));
  out.put(',');
  put_csv_number(out, r.auto_draw_ply);
  put_csv_number(out, r.threefold_ply);
  put_csv_number(out, r.fifty_ply);
  if (r.final_position) put_fen(out, *r.final_position);
  out.put(',');
  if (status_judged(r)) out.put(r.consistent ? "true"sv : "false"sv);
  out.put(',');
  put_problem_list(out, r);
  out.put(',');
  out.put(replay::laws_name(r.laws));
  out.put('\n');
}

void put_status_text(OutputBuffer& out, const replay::GameReport& r) {
  out.put_game_number(r.game, 6);
  put_cell(out, r.tags->white, 20);
  put_cell(out, r.tags->black, 20);
  const std::string_view tag = result_tag(r);
  put_cell(out, tag.empty() ? "-"sv : tag, 8);
  put_number_cell(out, r.plies, 6);
  put_cell(out, replay::game_status_name(r.status), 23);
  put_cell(out, r.rules_result ? pgn::outcome_text(*r.rules_result) : "-"sv, 8);
  put_cell(out, !status_judged(r) ? "-"sv : r.consistent ? "yes"sv : "NO"sv, 4);
  put_cell(out, replay::laws_name(r.laws), 9);
  put_problem_list(out, r);
  // The last cell's padding is not a separator; the `ok` cell is never blank, so this stops
  // within the row.
  out.trim_back(' ');
  out.put('\n');
}

}  // namespace pgnkit::commands

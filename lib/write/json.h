// JSON string output that is always valid UTF-8, whatever the input bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::write {

// The white space of comments: ' ', '\t', '\n' and '\r'. The PGN writer folds each run of it
// into one space, and comment commands may be separated by any run of it.
constexpr bool is_fold_space(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= ' ' && ((std::uint64_t{0x1'0000'2600} >> u) & 1) != 0;  // bits 9, 10, 13, 32
}
// The word of `text` that starts at or after `at` (past fold space), with `at` moved past
// it; empty when there is none left. The PGN writer's folding: words joined by one space.
constexpr std::string_view next_fold_word(std::string_view text, std::size_t& at) {
  while (at < text.size() && is_fold_space(text[at])) ++at;
  const std::size_t start = at;
  while (at < text.size() && !is_fold_space(text[at])) ++at;
  return text.substr(start, at - start);
}
// `text` without fold space at either end.
constexpr std::string_view trim_fold_space(std::string_view text) {
  while (!text.empty() && is_fold_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_fold_space(text.back())) text.remove_suffix(1);
  return text;
}

// Appends `text` as a quoted JSON string. Valid UTF-8 is copied; each byte that is not part
// of a valid UTF-8 sequence is read as Windows-1252 (a superset of Latin-1, the usual
// encoding of old PGN files) and written as the UTF-8 of that character.
void append_json_string(std::string& out, std::string_view text);

// Appends `text` converted the same way, without quotes or JSON escapes (for PGN output).
void append_utf8(std::string& out, std::string_view text);

// True when `text` is valid UTF-8.
bool valid_utf8(std::string_view text);

// True when every byte of `text` is below 0x80 (then append_utf8 copies it as it is).
bool is_ascii(std::string_view text);

// True when `text` needs nothing between JSON quotes: no byte below 0x20 or from 0x80 up, no
// '"' or '\\'. (0x7F passes: the writers copy such text as it is, whereas append_json_string
// escapes 0x7F.) 16 bytes at a time.
bool is_plain_json(std::string_view text);

// The same, and `text` is already folded as the PGN writer folds comments: no space at either
// end, no two spaces in a row (tabs and line breaks fail the first test anyway).
bool is_plain_folded_json(std::string_view text);

// Copies `text` to `out` (room for text.size() bytes) when is_plain_folded_json(text) holds,
// and returns the end; else returns nullptr, with `out` partly overwritten. One pass: the
// check and the copy of long comments cost about what the copy alone does.
char* copy_if_plain_folded(char* out, std::string_view text);
// The same for is_plain_json(text).
char* copy_if_plain(char* out, std::string_view text);

}  // namespace pgnkit::write

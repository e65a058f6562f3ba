// JSON string output that is always valid UTF-8, whatever the input bytes.
#pragma once

#include <string>
#include <string_view>

namespace pgnkit::write {

// Appends `text` as a quoted JSON string. Valid UTF-8 is copied; each byte that is not part
// of a valid UTF-8 sequence is read as Windows-1252 (a superset of Latin-1, the usual
// encoding of old PGN files) and written as the UTF-8 of that character.
void append_json_string(std::string& out, std::string_view text);

// Appends `text` converted the same way, without quotes or JSON escapes (for PGN output).
void append_utf8(std::string& out, std::string_view text);

// True when `text` is valid UTF-8.
bool valid_utf8(std::string_view text);

}  // namespace pgnkit::write

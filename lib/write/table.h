// Plain-text table and CSV cells.
#pragma once

#include <string>
#include <string_view>

namespace pgnkit::write {

// Appends a CSV field quoted per RFC 4180 when it holds a comma, quote, CR or LF; always
// valid UTF-8 (see json.h for the conversion of other bytes).
void append_csv_field(std::string& out, std::string_view field);

// Appends `text` cut or padded with spaces to `width` characters (UTF-8 aware), plus nothing:
// the padding is the separator. A cut cell ends in "~".
void append_padded(std::string& out, std::string_view text, std::size_t width);

}  // namespace pgnkit::write

// Tag value checks and classifications used by the replayer.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "pgn/types.h"

namespace pgnkit::replay {

// Index 0-6 of a Seven Tag Roster name (Event, Site, Date, Round, White, Black, Result), or -1.
int seven_tag_roster_index(std::string_view name);
std::string_view seven_tag_roster_name(int index);

// "YYYY.MM.DD" where any digit may be '?'.
bool valid_date(std::string_view value);
// "?", "-", or digits with '.' separators ("3", "1.2").
bool valid_round(std::string_view value);
// "1-0", "0-1", "1/2-1/2", "*"; nullopt for anything else.
std::optional<pgn::Outcome> parse_result(std::string_view value);

enum class VariantKind : std::uint8_t { Standard, Chess960, Unsupported };
// [Variant] values: Standard, From Position, Normal, Chess, Classical (standard chess);
// Chess960, Chess 960, Fischerandom, Fischer Random (Chess960); any case, spaces ignored.
VariantKind classify_variant(std::string_view value);

// Whether a Termination tag value says the game was lost on time: it contains "time" in any
// case ("time forfeit", "Time", "lost on time").
bool mentions_time(std::string_view termination);

// Appends `text` for display: control bytes and bytes that are not valid UTF-8 as \xNN.
void append_printable(std::string& out, std::string_view text);

}  // namespace pgnkit::replay

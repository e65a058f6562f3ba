// Tag value checks and classifications used by the replayer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pgn/types.h"

namespace pgnkit::replay {

// Index 0-6 of a Seven Tag Roster name (Event, Site, Date, Round, White, Black, Result), or -1.
int seven_tag_roster_index(std::string_view name);
std::string_view seven_tag_roster_name(int index);

// The tags of the PGN standard: the Seven Tag Roster, in its order, then the supplemental
// tags of its section 9; plus Variant.
enum class KnownTag : std::uint8_t {
  // clang-format off
  None,
  Event, Site, Date, Round, White, Black, Result,  // the roster, in order: its index + 1
  WhiteTitle, BlackTitle, WhiteElo, BlackElo, WhiteUSCF, BlackUSCF, WhiteNA, BlackNA,
  WhiteType, BlackType,                            // 9.1 players
  EventDate, EventSponsor, Section, Stage, Board,  // 9.2 event
  Opening, Variation, SubVariation, ECO, NIC,      // 9.3 opening
  Time, UTCTime, UTCDate,                          // 9.4 time and date
  TimeControl,                                     // 9.5
  SetUp, FEN,                                      // 9.6 the starting position
  Termination,                                     // 9.7
  Annotator, Mode,                                 // 9.8 miscellaneous
  PlyCount,                                        // 9.9
  Variant,                                         // not in the standard; Chess960 and others
  // clang-format on
};

struct KnownTagName {
  KnownTag tag = KnownTag::None;
  bool exact = false;  // spelled as the standard spells it
};

// The known tag a name spells, exactly or in another case ("fen", "SETUP"). A name is
// compared only with the known names of its length (at most 7), one or two word compares
// each: a few instructions per tag.
KnownTagName find_known_tag(std::string_view name);

// The standard's spelling of a known tag ("FEN"); empty for None.
std::string_view standard_tag_name(KnownTag tag);

// The Seven Tag Roster index (0-6) of a known tag, or -1.
constexpr int roster_index(KnownTag t) {
  const int i = static_cast<int>(t) - 1;
  return i < 7 ? i : -1;
}

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

// Export-format PGN (PGN standard section 8): Seven Tag Roster first and in order, other tags
// after in their order, canonical SAN, move numbers, lines of at most N characters.
#pragma once

#include <cstddef>
#include <string>

#include "replay/game_record.h"

namespace pgnkit::write {

// Seven: the Seven Tag Roster, plus SetUp, FEN and Variant when present (without them the
// game could not be replayed). None: no tag section at all.
enum class TagSet : std::uint8_t { All, Seven, None };

struct PgnWriteOptions {
  std::size_t line_length = 80;  // movetext and tag lines wrap at this width (min 20)
  bool comments = true;
  bool nags = true;
  bool variations = true;
  TagSet tags = TagSet::All;
};

// Appends one game, followed by a blank line. Missing roster tags are written as "?" ("*" for
// Result, "????.??.??" for Date); the termination marker repeats the Result tag (or the
// marker when the tag is missing or malformed). Text is converted to UTF-8.
void write_pgn(const replay::GameRecord& game, const PgnWriteOptions& options, std::string& out);

// The result to write for a game: its Result tag when valid, else its marker, else "*".
std::string_view result_text(const replay::GameRecord& game);

}  // namespace pgnkit::write

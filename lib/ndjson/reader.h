// read_ndjson(): games in NDJSON, one JSON object per line, played through a RecordBuilder
// exactly as if they had been read from PGN (same replay, same problems, same GameRecord).
//
// Two formats are read, told apart line by line by their fields (docs/formats.md):
//   - pgnkit's own (write/ndjson_writer.h, docs/game.schema.json): "tags", "fen", "moves" as
//     an array of move objects (or "san"/"uci" arrays), "result";
//   - lichess's game export: "id", "players", "moves" as one space-separated SAN string,
//     "initialFen", "variant", "winner", "status", "clocks" (centiseconds), "analysis", ...,
//     from which the Seven Tag Roster and the usual lichess tags are built.
//
// A line that is not such a game (invalid JSON, wrong types, bad values) is reported to the
// ErrorSink with its line and column and skipped; reading goes on with the next line. Moves
// are verified by the replayer: an illegal SAN is an ordinary replay problem, reported through
// the RecordBuilder's sink with the line and the column of the move in the NDJSON text.
// Game numbers count non-blank lines, so a game keeps its number when an earlier line is bad.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "io/source.h"
#include "pgn/types.h"
#include "replay/record_builder.h"

namespace pgnkit::ndjson {

enum class ErrorCode : std::uint8_t {
  InvalidJson,  // not one JSON value (simdjson's reason is in the message)
  NotAGame,     // JSON, but not an object with "moves", "san" or "tags"
  WrongType,    // a field has another JSON type than the format says (the message names it)
  BadValue,     // a field's value is malformed or out of range (the message names it)
  TooDeep,      // variations nested deeper than ReadOptions::max_variation_depth
};
// The stable output name: invalid_json, not_a_game, wrong_type, bad_value, too_deep.
std::string_view error_code_name(ErrorCode code);

struct LineError {
  ErrorCode code = ErrorCode::InvalidJson;
  std::uint64_t game = 0;  // the game number the line had
  pgn::Location where;     // line; column in bytes (1 when unknown); offset in the stream
  std::string message;     // one line, for people
};

class ErrorSink {
 public:
  virtual ~ErrorSink() = default;
  virtual void line_error(const LineError& error) = 0;
};

struct ReadOptions {
  std::uint32_t max_variation_depth = 256;  // as pgn::ReaderOptions
  // false: leave comments (with the clock and eval commands) / NAGs out of the records, for
  // outputs that do not show them.
  bool comments = true;
  bool nags = true;
  // The line buffer's first size; it grows to hold the longest line. Smaller costs more reads
  // of a big input (the fuzz target takes 4 KiB: a fresh 1 MiB is slow under ASan).
  std::size_t buffer_size = std::size_t{1} << 20;
  // Where the source's first byte lies in a larger stream (a chunk that starts at a line
  // start, see lib/pipeline): line numbers and offsets count from there, game numbers from 1
  // all the same. A byte order mark is skipped only on a stream's first line (offset 0).
  pgn::Location start;
};

struct ReadStats {
  std::uint64_t games = 0;      // lines played through the builder
  std::uint64_t bad_lines = 0;  // lines reported to the ErrorSink
  std::uint64_t bytes = 0;      // decompressed bytes read (from ReadOptions::start)
};

// Reads `source` to its end. I/O errors end the reading: check source.error() afterwards.
ReadStats read_ndjson(io::Source& source, replay::RecordBuilder& builder, ErrorSink& errors,
                      const ReadOptions& options = {});

}  // namespace pgnkit::ndjson

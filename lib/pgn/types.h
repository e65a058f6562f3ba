// Value types shared by the PGN reader and its visitors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pgnkit::pgn {

// A position in the (decompressed) byte stream.
struct Location {
  std::uint64_t offset = 0;  // 0-based byte offset from the start of the source
  std::uint32_t line = 1;    // 1-based; LF, CRLF and a lone CR each end one line
  std::uint32_t column = 1;  // 1-based, in bytes
  friend bool operator==(const Location&, const Location&) = default;
};
// The lexer builds a Location as two 64-bit words (offset; line | column << 32).
static_assert(sizeof(Location) == 16 && offsetof(Location, line) == 8 &&
              offsetof(Location, column) == 12);

// The game termination marker.
enum class Outcome : std::uint8_t {
  WhiteWins,  // 1-0
  BlackWins,  // 0-1
  Draw,       // 1/2-1/2
  Unknown,    // *
};

// The canonical marker: "1-0", "0-1", "1/2-1/2" or "*". A termination whose text differs
// (e.g. "½-½", "1–0" with an en dash, "1/2") was written non-canonically.
std::string_view outcome_text(Outcome outcome);

// Returned by visitor callbacks (or void, which means Continue).
enum class Control : std::uint8_t {
  Continue,  // keep delivering this game's tokens
  StopGame,  // deliver nothing more of this game except end_game; go on with the next game
};

// Returned by begin_variation (or void, which means No).
enum class Skip : std::uint8_t {
  No,   // deliver the variation's tokens and its end_variation
  Yes,  // skip the whole variation, nested ones included; no end_variation for it
};

// What the reader knows of a tag's value_raw, for visitors that take it (see visitor.h).
enum class TagValue : std::uint8_t {
  Unknown,    // any bytes
  Printable,  // printable ASCII (0x20-0x7E) without '"' or '\\': no escapes, in PGN or JSON
};

struct GameInfo {
  std::uint64_t number = 0;  // 1-based within the source
  Location where;            // the game's first token (usually its first '[')
};

struct EndInfo {
  std::uint64_t number = 0;      // same as GameInfo::number
  std::uint64_t end_offset = 0;  // one past the game's last byte (its last token, or the
                                 // start of the line where reading resynchronised)
  bool has_result = false;       // a termination marker was delivered
  bool cut = false;              // a syntax error made the reader skip the rest of the game
  bool stopped = false;          // a callback returned Control::StopGame
  std::uint32_t errors = 0;      // syntax issues of severity Error in this game
  std::uint32_t warnings = 0;    // syntax issues of severity Warning in this game
};

// The reader's buffered bytes: data[0, size) are the stream's bytes at offsets
// [offset, offset + size), followed by a NUL. The reader keeps one such window up to date for
// a visitor that asks for it (attach_buffer, see pgn/visitor.h); pgn::GameBytes
// (pgn/game_bytes.h) reads each game's raw bytes through it.
struct BufferedBytes {
  const char* data = nullptr;
  std::size_t size = 0;
  std::uint64_t offset = 0;
};
// For such a visitor the reader buffers this many bytes after a termination marker (or up to
// the end of input) before end_game: a game's raw bytes take the marker's line break when it
// comes within them (see pgn/game_bytes.h).
inline constexpr std::size_t kRawLineLookahead = 64;
// Writable bytes the reader needs after an in-memory input (ReaderOptions::in_memory).
inline constexpr std::size_t kReaderPadding = 64;

struct ReaderOptions {
  // The one read buffer (bytes). Tokens are views into it; a comment, tag line or escape
  // line longer than this is skipped with TokenTooLong. Values below 512 are raised to 512.
  std::size_t buffer_size = std::size_t{1} << 20;
  // The whole input, already in memory: lexed in place, not copied into a buffer, and then
  // buffer_size does not apply (every token fits). The reader writes only to the
  // kReaderPadding bytes after in_memory_size (so the bytes themselves stay valid for other
  // readers, one at a time in that padding), and reads the source only for its end: the source
  // must then give no bytes, just its error() if any. Null: read everything from the source.
  char* in_memory = nullptr;
  std::size_t in_memory_size = 0;
  // Variations nested deeper than this are skipped with NestingTooDeep (depth 1 = a
  // variation of the main line).
  std::uint32_t max_variation_depth = 256;
  // Where the source's first byte lies in a larger stream (a chunk of it, see lib/pipeline):
  // offsets, lines and columns are reported from there on. The reader behaves exactly as it
  // would mid-stream between games (nothing is tolerated only at a stream's start).
  Location start;
  // Asked when a game's first tag token (a tag, or an issue about a tag line) arrives
  // between games, with the token's offset; returning true makes read_pgn() return right
  // there, before begin_game (ReadStats::stopped). Null: never stop. Called once per game.
  bool (*stop_before_game)(void* ctx, std::uint64_t offset) = nullptr;
  void* stop_ctx = nullptr;
};

struct ReadStats {
  std::uint64_t games = 0;     // end_game calls
  std::uint64_t bytes = 0;     // decompressed bytes consumed (from ReaderOptions::start)
  std::uint64_t errors = 0;    // syntax issues of severity Error (inside games or between)
  std::uint64_t warnings = 0;  // syntax issues of severity Warning
  // The input ended between games, right after a game that ended with a result marker on
  // its main line and was not cut, with nothing but blanks and '%' escape lines after that
  // marker (no token, no syntax issue). A reader started where this input ends would then be
  // in exactly the state of one that had read this input first (lib/pipeline relies on it).
  bool clean_end = false;
  bool stopped = false;  // ReaderOptions::stop_before_game returned true; bytes ends there
};

}  // namespace pgnkit::pgn

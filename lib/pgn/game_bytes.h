// pgn::GameBytes: each game's exact input bytes, for a visitor that writes games back
// unchanged (select, split) or compares them (dedup).
//
// A game's raw bytes run from its first token (normally the '[' of its first tag; blanks
// before it on that line, and anything between games, belong to no game) to its last byte,
// then through the rest of that line when it holds only blanks (space, tab) and its line
// break (LF, CRLF or a lone CR), that line break included, provided the line break comes
// within kRawLineLookahead (64) bytes after the last byte (else, or when other text follows
// on the line, as in `1-0 {x}`, the bytes end at the last byte). The last byte is:
//  - with a termination marker: the marker's last byte;
//  - ended by the next tag section without a marker: the game's last token;
//  - cut by a syntax error: the last non-blank byte before the line where the reader
//    resynchronised (the skipped text is the game's: nothing is lost or given to a neighbour);
//  - at the end of input: the last token; without a final line break, the bytes have none.
// The bytes are the same whatever the reader's buffer size or the source's read sizes.
//
// Wiring: the visitor owns a GameBytes and forwards five calls to it, each before its own
// work:
//
//   struct V : pgn::Visitor {
//     pgn::GameBytes raw;
//     void attach_buffer(const pgn::BufferedBytes* w) { raw.attach_buffer(w); }
//     void before_buffer_moves() { raw.before_buffer_moves(); }
//     void begin_game(const pgn::GameInfo& g) { raw.begin_game(g); }
//     void end_game(const pgn::EndInfo& e) { raw.end_game(e); use(raw.bytes()); }
//   };
//
// (The fifth, drop(), is optional: see below.) Cost: a game that lies in the reader's buffer
// is returned as a view into it, with no copy; only a game that the buffer moves away from
// under it (one read's worth of bytes from a refill, about once per 128 KiB) is copied, and
// not even then after drop(). Memory: at most `limit` bytes per game (32 MiB by default);
// a longer game is not kept (status() TooLong, bytes() empty) and the caller reports it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "pgn/types.h"

namespace pgnkit::pgn {

class GameBytes {
 public:
  static constexpr std::size_t kDefaultLimit = std::size_t{32} << 20;

  enum class Status : std::uint8_t {
    Kept,     // bytes() holds the game (after end_game)
    Dropped,  // drop() was called: bytes() is empty
    TooLong,  // the game is longer than the limit: bytes() is empty, size() its length so far
  };

  explicit GameBytes(std::size_t limit = kDefaultLimit) : limit_(limit) {}

  // The reader's calls, forwarded by the visitor.
  void attach_buffer(const BufferedBytes* window) { window_ = window; }
  void before_buffer_moves();
  void begin_game(const GameInfo& game);
  void end_game(const EndInfo& end);

  // The game's bytes are not needed (a filter rejected it): nothing more is copied for it.
  void drop();

  // After end_game: the game's raw bytes (empty unless status() is Kept). Valid until the next
  // begin_game or before_buffer_moves, so through the visitor's end_game.
  std::string_view bytes() const { return bytes_; }
  Status status() const { return status_; }
  // The game's length in bytes when Kept; when TooLong, the bytes seen before it was given up.
  std::uint64_t size() const { return size_; }
  std::size_t limit() const { return limit_; }

 private:
  // The byte at stream offset `at` (>= start_), or -1 past the buffered bytes.
  int byte_at(std::uint64_t at) const;
  std::uint64_t last_byte_end(const EndInfo& end) const;   // one past the game's last byte
  std::uint64_t line_end_after(std::uint64_t last) const;  // see the file comment
  void give_up();

  std::size_t limit_;
  const BufferedBytes* window_ = nullptr;
  std::uint64_t start_ = 0;       // the game's first byte
  std::uint64_t spilled_to_ = 0;  // spill_ holds [start_, spilled_to_)
  std::string spill_;             // the game's bytes that the buffer moved away from
  std::string_view bytes_;
  std::uint64_t size_ = 0;
  Status status_ = Status::Dropped;
  bool in_game_ = false;
  bool spilled_ = false;  // spill_ holds the game's start
};

}  // namespace pgnkit::pgn

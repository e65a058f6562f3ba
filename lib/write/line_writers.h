// Line formats of `pgnkit convert`: one line per game (UCI, LAN, CSV) or per position (FEN,
// EPD). They describe the main line as played: a move that was not played (after an illegal
// move, in an unsupported variant) ends it.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/types.h"
#include "replay/game_record.h"

namespace pgnkit::write {

// The UCI of a move played in a game: e2e4, e7e8q; castling as the king's two-square move, or
// as king-takes-rook (e1h1) when `chess960`; 0000 for a null move.
void append_uci(std::string& out, chess::Move m, bool chess960);

// The same, written at `out` (room for kMaxUci bytes); returns the end. Inline: the UCI line
// writers call it for every move.
inline constexpr std::size_t kMaxUci = 5;
namespace detail {
// "a1", "b1", ... "h8": square names by index.
inline constexpr auto kSquareNames = [] {
  std::array<char, 128> names{};
  for (std::size_t s = 0; s < 64; ++s) {
    names[2 * s] = static_cast<char>('a' + s % 8);
    names[2 * s + 1] = static_cast<char>('1' + s / 8);
  }
  return names;
}();
}  // namespace detail
inline char* put_uci(char* out, chess::Move m, bool chess960) {
  if (m.is_null()) {
    std::memcpy(out, "0000", 4);  // NOLINT(bugprone-not-null-terminated-result): no NUL wanted
    return out + 4;
  }
  const chess::Square from = m.from();
  chess::Square to = m.to();
  if (m.kind() == chess::MoveKind::Castling && !chess960) {
    // The move holds king-takes-rook; standard UCI moves the king two squares.
    to =
        chess::make_square(chess::file_of(to) > chess::file_of(from) ? 6 : 2, chess::rank_of(from));
  }
  std::memcpy(out, &detail::kSquareNames[static_cast<std::size_t>(2 * from)], 2);
  std::memcpy(out + 2, &detail::kSquareNames[static_cast<std::size_t>(2 * to)], 2);
  if (m.kind() != chess::MoveKind::Promotion) return out + 4;
  out[4] = "pnbrqk"[chess::index(m.promotion())];
  return out + 5;
}

// True when the game is played as Chess960 (castling written king-takes-rook).
bool is_chess960(const replay::GameRecord& game);

// "e2e4 g8f6 e1g1\n": the main line's moves, space-separated.
void write_uci_line(const replay::GameRecord& game, std::string& out);

// "e2-e4 Ng8-f6 O-O\n": piece letter (none for pawns), from square, '-' or 'x', to square,
// promotion and check marks as in the SAN.
void write_lan_line(const replay::GameRecord& game, std::string& out);

struct PositionOptions {
  bool epd = false;            // EPD (4 fields + operations) instead of FEN
  bool include_start = false;  // also the position before the first move
  std::uint64_t game_id = 0;   // the game number in EPD ids
  // Set: the game number of EPD ids is not written; the positions in `out` where it goes are
  // appended here instead, for the caller to fill in (lib/pipeline's game-number holes).
  std::vector<std::size_t>* id_at = nullptr;
};

// One line per position of the main line (after each move; the start too with include_start).
// FEN: the full FEN. EPD: 4 fields, then `pm <SAN>;` when a move was played from there, then
// `id "<game>.<ply>";` (ply 0 = the start position). En-passant squares are written only when a
// capture is legal, as in the other pgnkit outputs.
void write_positions(const replay::GameRecord& game, const PositionOptions& opt, std::string& out);

// CSV (RFC 4180): Event, Site, Date, Round, White, Black, Result, the extra tag columns, plies,
// final_fen. A missing tag is an empty field; Result is the result the PGN writer would write.
void write_csv_header(std::span<const std::string> columns, std::string& out);
void write_csv_row(const replay::GameRecord& game, std::span<const std::string> columns,
                   std::string& out);

// The value of a tag as the PGN writer uses it: the first of a duplicated Seven Tag Roster tag,
// the last of any other; null when absent.
const std::string* tag_value(const replay::GameRecord& game, std::string_view name);

}  // namespace pgnkit::write

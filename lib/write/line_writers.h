// Line formats of `pgnkit convert`: one line per game (UCI, LAN, CSV) or per position (FEN,
// EPD). They describe the main line as played: a move that was not played (after an illegal
// move, in an unsupported variant) ends it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "chess/types.h"
#include "replay/game_record.h"

namespace pgnkit::write {

// The UCI of a move played in a game: e2e4, e7e8q; castling as the king's two-square move, or
// as king-takes-rook (e1h1) when `chess960`; 0000 for a null move.
void append_uci(std::string& out, chess::Move m, bool chess960);

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

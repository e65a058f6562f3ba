#include "chess/fen.h"

#include <bit>
#include <charconv>
#include <initializer_list>

namespace pgnkit::chess {

std::string_view fen_error_message(FenError e) {
  switch (e) {
    case FenError::FieldCount: return "FEN must have 4 to 6 space-separated fields";
    case FenError::RankCount: return "piece placement must have 8 ranks separated by '/'";
    case FenError::RankWidth: return "a rank of the piece placement does not add up to 8 squares";
    case FenError::UnknownPiece: return "unknown piece letter in the piece placement";
    case FenError::KingCount: return "each side must have exactly one king";
    case FenError::PawnOnBackRank: return "pawns cannot stand on the first or last rank";
    case FenError::BadSideToMove: return "side to move must be 'w' or 'b'";
    case FenError::OpponentInCheck: return "the side not to move is in check";
    case FenError::TooManyCheckers: return "the side to move is attacked by more than two pieces";
    case FenError::BadCastlingField: return "castling field must be '-' or letters KQkq / A-H a-h";
    case FenError::CastlingMismatch:
      return "castling right does not match the king and rook placement";
    case FenError::BadEnPassantField: return "en-passant field must be '-' or a square";
    case FenError::EnPassantImpossible:
      return "en-passant square cannot follow a double pawn push in this position";
    case FenError::BadHalfmoveClock: return "halfmove clock must be a non-negative number";
    case FenError::BadFullmoveNumber: return "fullmove number must be a positive number";
  }
  return "invalid FEN";
}

namespace {

constexpr std::string_view kPieceLetters = "PNBRQKpnbrqk";

int split_fields(std::string_view fen, std::string_view (&fields)[7]) {
  int n = 0;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && (fen[i] == ' ' || fen[i] == '\t')) ++i;
    if (i >= fen.size()) break;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t') ++i;
    if (n == 7) return 8;
    fields[n++] = fen.substr(start, i - start);
  }
  return n;
}

std::optional<FenError> parse_placement(std::string_view s, Position& pos) {
  int rank = 7, file = 0;
  for (char c : s) {
    if (c == '/') {
      if (file != 8) return FenError::RankWidth;
      if (--rank < 0) return FenError::RankCount;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return FenError::RankWidth;
    } else {
      const auto at = kPieceLetters.find(c);
      if (at == std::string_view::npos) return FenError::UnknownPiece;
      if (file > 7) return FenError::RankWidth;
      pos.put(make_piece(at < 6 ? Color::White : Color::Black, static_cast<PieceType>(at % 6)),
              make_square(file, rank));
      ++file;
    }
  }
  if (rank != 0) return FenError::RankCount;
  if (file != 8) return FenError::RankWidth;
  return std::nullopt;
}

// The kCastling* bit of a standard castling letter, 0 for any other character.
std::uint8_t castling_bit(char c) {
  switch (c) {
    case 'K': return kCastlingWhiteKing;
    case 'Q': return kCastlingWhiteQueen;
    case 'k': return kCastlingBlackKing;
    case 'q': return kCastlingBlackQueen;
    default: return 0;
  }
}

// One castling letter: the rook it names (K/Q: the outermost rook on that wing, X-FEN; a file
// letter: the rook on that file, Shredder-FEN), checked and set on `pos`.
std::optional<FenError> parse_castling_letter(char c, Position& pos, bool chess960) {
  const Color color = (c >= 'a' && c <= 'z') ? Color::Black : Color::White;
  const char u = static_cast<char>(color == Color::Black ? c - 32 : c);
  const Bitboard kings = pos.pieces(color, PieceType::King);
  if (!kings || more_than_one(kings)) return FenError::KingCount;
  const Square ksq = lsb(kings);
  const int back = color == Color::White ? 0 : 7;
  if (rank_of(ksq) != back) return FenError::CastlingMismatch;
  const Bitboard rooks = pos.pieces(color, PieceType::Rook) & rank_bb(back);
  Square rook = kNoSquare;
  if (u == 'K') {
    for (int f = 7; f > file_of(ksq) && rook == kNoSquare; --f)
      if (rooks & bb(make_square(f, back))) rook = make_square(f, back);
  } else if (u == 'Q') {
    for (int f = 0; f < file_of(ksq) && rook == kNoSquare; ++f)
      if (rooks & bb(make_square(f, back))) rook = make_square(f, back);
  } else if (u >= 'A' && u <= 'H') {
    rook = make_square(u - 'A', back);
    if (!(rooks & bb(rook)) || file_of(rook) == file_of(ksq)) return FenError::CastlingMismatch;
  } else {
    return FenError::BadCastlingField;
  }
  if (rook == kNoSquare) return FenError::CastlingMismatch;
  const bool king_side = file_of(rook) > file_of(ksq);
  if (!chess960 && (file_of(ksq) != 4 || file_of(rook) != (king_side ? 7 : 0)))
    return FenError::CastlingMismatch;
  if (pos.has_castling_right(color, king_side)) return FenError::BadCastlingField;
  pos.set_castling(color, king_side, rook);
  return std::nullopt;
}

// The castling field. With `dropped`, a K/Q/k/q right the position cannot have (standard
// chess) is recorded there and skipped.
std::optional<FenError> parse_castling(std::string_view s, Position& pos, bool chess960,
                                       std::uint8_t* dropped) {
  if (s == "-") return std::nullopt;
  std::uint8_t seen = 0;
  for (char c : s) {
    const std::uint8_t bit = castling_bit(c);
    if (bit & seen) return FenError::BadCastlingField;  // a repeated letter
    seen |= bit;
    const std::optional<FenError> e = parse_castling_letter(c, pos, chess960);
    if (e == FenError::CastlingMismatch && dropped && !chess960 && bit) {
      *dropped |= bit;
      continue;
    }
    if (e) return e;
  }
  return std::nullopt;
}

// Why no double pawn push can have left `ep` in `pos` (side to move set), or None.
EnPassantFlaw en_passant_flaw(const Position& pos, Square ep) {
  const Color us = pos.side_to_move();
  // White to move: Black just pushed from rank 7 to rank 5, over rank 6.
  if (rank_of(ep) != (us == Color::White ? 5 : 2)) return EnPassantFlaw::WrongRank;
  const int dir = us == Color::White ? -8 : 8;
  const Square pawn = static_cast<Square>(ep + dir), origin = static_cast<Square>(ep - dir);
  if (pos.piece_on(pawn) != make_piece(~us, PieceType::Pawn)) return EnPassantFlaw::NoPawn;
  if (pos.piece_on(ep) != Piece::None) return EnPassantFlaw::Occupied;
  if (pos.piece_on(origin) != Piece::None) return EnPassantFlaw::StartOccupied;
  return EnPassantFlaw::None;
}

// The en-passant field. With `may_drop`, a square no double push can have left is not set but
// given back in `dropped` with its flaw.
std::optional<FenError> parse_ep(std::string_view s, Position& pos, bool may_drop, Square& dropped,
                                 EnPassantFlaw& flaw) {
  if (s == "-") return std::nullopt;
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
    return FenError::BadEnPassantField;
  const Square ep = make_square(s[0] - 'a', s[1] - '1');
  flaw = en_passant_flaw(pos, ep);
  if (flaw == EnPassantFlaw::None) {
    pos.set_ep_square(ep);
  } else if (may_drop) {
    dropped = ep;
  } else {
    return FenError::EnPassantImpossible;
  }
  return std::nullopt;
}

// A decimal number, negative ones only when `allow_negative`.
std::optional<int> parse_number(std::string_view s, bool allow_negative = false) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || (v < 0 && !allow_negative))
    return std::nullopt;
  return v;
}

}  // namespace

std::optional<FenProblem> parse_fen(std::string_view fen, Position& out, bool chess960,
                                    FenRepairs* repairs) {
  std::string_view f[7];
  const int n = split_fields(fen, f);
  if (n < 4 || n > 6) return FenProblem{FenError::FieldCount, 0};
  Position pos = Position::empty();
  pos.set_chess960(chess960);
  if (auto e = parse_placement(f[0], pos)) return FenProblem{*e, 1};
  for (Color c : {Color::White, Color::Black})
    if (popcount(pos.pieces(c, PieceType::King)) != 1) return FenProblem{FenError::KingCount, 1};
  if (pos.pieces(PieceType::Pawn) & (rank_bb(0) | rank_bb(7)))
    return FenProblem{FenError::PawnOnBackRank, 1};
  if (f[1] != "w" && f[1] != "b") return FenProblem{FenError::BadSideToMove, 2};
  pos.set_side_to_move(f[1] == "w" ? Color::White : Color::Black);
  std::uint8_t dropped = 0;
  const bool may_drop = repairs && repairs->drop_impossible_castling;
  if (auto e = parse_castling(f[2], pos, chess960, may_drop ? &dropped : nullptr))
    return FenProblem{*e, 3};
  Square ep_dropped = kNoSquare;
  EnPassantFlaw ep_flaw = EnPassantFlaw::None;
  const bool may_drop_ep = repairs && repairs->drop_impossible_en_passant;
  if (auto e = parse_ep(f[3], pos, may_drop_ep, ep_dropped, ep_flaw)) return FenProblem{*e, 4};
  int halfmove = 0, fullmove = 1;
  if (n >= 5) {
    const auto h = parse_number(f[4]);
    if (!h || *h > 10000) return FenProblem{FenError::BadHalfmoveClock, 5};
    halfmove = *h;
  }
  bool fullmove_repaired = false;
  int fullmove_written = 1;
  if (n >= 6) {
    const auto m = parse_number(f[5], repairs != nullptr);
    if (!m || *m > 60000) return FenProblem{FenError::BadFullmoveNumber, 6};
    // Some writers emit 0 (or less): read as 1, a numbering slip rather than a position error.
    fullmove_repaired = *m <= 0;
    fullmove_written = *m;
    fullmove = fullmove_repaired ? 1 : *m;
  }
  pos.set_clocks(halfmove, fullmove);
  const Color us = pos.side_to_move();
  if (pos.attacked(pos.king(~us), us, pos.pieces()))
    return FenProblem{FenError::OpponentInCheck, 1};
  pos.finish_setup();
  if (popcount(pos.checkers()) > 2) return FenProblem{FenError::TooManyCheckers, 1};
  if (repairs) {
    repairs->dropped_castling = dropped;
    repairs->dropped_en_passant = ep_dropped;
    repairs->en_passant_flaw = ep_dropped == kNoSquare ? EnPassantFlaw::None : ep_flaw;
    repairs->fullmove_repaired = fullmove_repaired;
    repairs->fullmove_written = fullmove_repaired ? fullmove_written : fullmove;
  }
  out = pos;
  return std::nullopt;
}

namespace {

// Writes the piece placement at `p` and returns the end: per rank, only the occupied squares
// are visited (a final position has few pieces), the gaps between them become digits.
char* put_placement(char* p, const Position& pos) {
  // A piece's letter by its code (make_piece(): colour * 8 + type).
  static constexpr char kLetterOfCode[kPieceCodes + 1] = "PNBRQK..pnbrqk..";
  const Bitboard occupied = pos.pieces();
  for (int rank = 7; rank >= 0; --rank) {
    unsigned row = static_cast<unsigned>(occupied >> (8 * rank)) & 0xFFu;
    int file = 0;
    while (row) {
      const int next = std::countr_zero(row);
      // Where the empty squares are varies too much to branch on: each count is written,
      // then kept only when it is not 0.
      *p = static_cast<char>('0' + (next - file));
      p += next != file;
      *p++ = kLetterOfCode[static_cast<std::size_t>(pos.piece_on(make_square(next, rank)))];
      file = next + 1;
      row &= row - 1;
    }
    *p = static_cast<char>('0' + (8 - file));
    p += file != 8;
    *p = '/';
    p += rank != 0;
  }
  return p;
}

char* put_castling(char* p, const Position& pos) {
  if (!pos.castling_rights()) {
    *p++ = '-';
    return p;
  }
  for (Color c : {Color::White, Color::Black}) {
    for (bool king_side : {true, false}) {
      if (!pos.has_castling_right(c, king_side)) continue;
      char letter = king_side ? 'K' : 'Q';
      if (pos.chess960()) {
        // X-FEN: K/Q unless another rook stands further out on that wing.
        const Square rook = pos.castling_rook(c, king_side);
        const Bitboard rooks = pos.pieces(c, PieceType::Rook) & rank_bb(rank_of(rook));
        Bitboard outside = 0;
        for (int f = 0; f < 8; ++f)
          if (king_side ? f > file_of(rook) : f < file_of(rook)) outside |= file_bb(f);
        if (rooks & outside) letter = static_cast<char>('A' + file_of(rook));
      }
      *p++ = c == Color::White ? letter : static_cast<char>(letter + 32);
    }
  }
  return p;
}

// Writes `v` at `p` and returns the end; the buffer has room for any int (see above), and
// were it to lack room the number would be left out rather than overrun it.
char* put_number(char* p, char* end, int v) {
  const auto [after, error] = std::to_chars(p, end, v);
  return error == std::errc{} ? after : p;
}

}  // namespace

char* put_fen(char* out, const Position& pos, EpWrite ep) {
  // The placement may write one byte past its own end, which what follows overwrites.
  char* const end = out + kMaxFenLength;
  char* p = put_placement(out, pos);
  *p++ = ' ';
  *p++ = pos.side_to_move() == Color::White ? 'w' : 'b';
  *p++ = ' ';
  p = put_castling(p, pos);
  *p++ = ' ';
  const Square eps = pos.ep_square();
  if (eps != kNoSquare && (ep == EpWrite::Always || pos.ep_capture_legal())) {
    *p++ = static_cast<char>('a' + file_of(eps));
    *p++ = static_cast<char>('1' + rank_of(eps));
  } else {
    *p++ = '-';
  }
  *p++ = ' ';
  p = put_number(p, end, pos.halfmove_clock());
  *p++ = ' ';
  return put_number(p, end, pos.fullmove_number());
}

void append_fen(std::string& out, const Position& pos, EpWrite ep) {
  // Written into a stack buffer and appended once: status writes one FEN per game.
  char buf[kMaxFenLength];
  out.append(buf, static_cast<std::size_t>(put_fen(buf, pos, ep) - buf));
}

std::string write_fen(const Position& pos, EpWrite ep) {
  std::string fen;
  append_fen(fen, pos, ep);
  return fen;
}

}  // namespace pgnkit::chess

#include <initializer_list>

#include "chess/san.h"

#include "chess/movegen.h"
#include "chess/san_chars.h"
#include "chess/san_parts.h"

namespace pgnkit::chess {

std::string_view san_error_message(SanError e) {
  switch (e) {
    case SanError::Syntax: return "not a move in SAN";
    case SanError::NoPieceCanMove: return "no piece can make that move";
    case SanError::Ambiguous: return "ambiguous move: several pieces can make it";
    case SanError::PinnedPiece: return "illegal move: the piece is pinned to its king";
    case SanError::KingIntoCheck: return "illegal move: the king would move into check";
    case SanError::LeavesKingInCheck: return "illegal move: it does not get the king out of check";
    case SanError::CastlingNoRights:
      return "illegal castling: the right to castle on that side is lost";
    case SanError::CastlingBlocked: return "illegal castling: pieces stand between king and rook";
    case SanError::CastlingOutOfCheck: return "illegal castling: the king is in check";
    case SanError::CastlingThroughCheck:
      return "illegal castling: the king would pass over an attacked square";
    case SanError::CastlingIntoCheck: return "illegal castling: the king would land in check";
    case SanError::EnPassantNotAvailable: return "illegal move: en passant is not available there";
    case SanError::MissingPromotion: return "illegal move: a pawn on the last rank must promote";
    case SanError::BadPromotion: return "illegal promotion: only to Q, R, B or N on the last rank";
    case SanError::WrongSide: return "illegal move: that piece belongs to the side not to move";
    case SanError::NullMove: return "null move not allowed here";
    case SanError::NotCanonical: return "not export-format SAN (strict mode)";
  }
  return "invalid move";
}

std::string_view san_note_message(SanNote n) {
  switch (n) {
    case SanNote::CastlingZeros: return "castling written with zeros";
    case SanNote::LongAlgebraic: return "long algebraic notation";
    case SanNote::ColonCapture: return "capture written with ':'";
    case SanNote::MissingCapture: return "capture without 'x'";
    case SanNote::SpuriousCapture: return "'x' on a move that captures nothing";
    case SanNote::OverDisambiguated: return "superfluous or non-standard disambiguation";
    case SanNote::MissingCheck: return "check not marked with '+'";
    case SanNote::MissingMate: return "checkmate not marked with '#'";
    case SanNote::WrongCheck: return "'+' or '#' on a move that does not check or mate";
    case SanNote::EnPassantSuffix: return "'e.p.' after an en-passant capture";
    case SanNote::PromotionNoEquals: return "promotion written without '='";
    case SanNote::LowercasePiece: return "lower-case piece letter";
    case SanNote::NullMoveNotation: return "null move";
    case SanNote::StrayEnPassantSuffix:
      return "'e.p.' after a move that is not an en-passant capture";
    case SanNote::DoublePlus: return "'++' (old notation for mate or double check)";
    case SanNote::LowercaseCastling: return "castling written in lower case";
  }
  return "non-canonical SAN";
}

namespace {

constexpr char kPieceChar[] = "PNBRQK";

using san_chars::is_file;
using san_chars::is_rank;
using san_chars::piece_from_upper;

using san_detail::fail;
using san_detail::note;
using san_detail::resolve_castling;
using san_detail::resolve_long;
using san_detail::resolve_move;
using san_detail::SanParts;

bool ends_with(std::string_view s, std::string_view t) {
  return s.size() >= t.size() && s.substr(s.size() - t.size()) == t;
}

// The shapes most moves have: "e4", "Nf3", "Nxf3", "exd5", each with an optional '+'/'#'.
// Returns false (touching nothing but the suffix) when `s` is something else.
bool split_common(std::string_view s, SanParts& p) {
  SanSuffix suffix = SanSuffix::None;
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) {
    suffix = s.back() == '+' ? SanSuffix::Check : SanSuffix::Mate;
    s.remove_suffix(1);
  }
  const std::size_t n = s.size();
  if (n < 2 || n > 4 || !is_file(s[n - 2]) || !is_rank(s[n - 1])) return false;
  if (n == 2) {
    p.piece = PieceType::Pawn;
  } else {
    const PieceType t = piece_from_upper(s[0]);
    const bool piece = t != PieceType::None && t != PieceType::Pawn;
    if (n == 3) {
      if (!piece) return false;
      p.piece = t;
    } else if (s[1] != 'x') {
      return false;
    } else if (piece) {
      p.piece = t;
      p.capture_mark = true;
    } else if (is_file(s[0])) {
      p.piece = PieceType::Pawn;
      p.from_file = s[0] - 'a';
      p.capture_mark = true;
    } else {
      return false;
    }
  }
  p.to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
  p.suffix = suffix;
  return true;
}

// A check mark at the end of `s` ('+', '#', or "++", an old way to write mate or double
// check), taken off into p.suffix.
void take_check_mark(std::string_view& s, SanParts& p) {
  if (!s.empty() && s.back() == '#') {
    p.suffix = SanSuffix::Mate;
    s.remove_suffix(1);
  } else if (!s.empty() && s.back() == '+') {
    s.remove_suffix(1);
    p.suffix = SanSuffix::Check;
    if (!s.empty() && s.back() == '+') {
      s.remove_suffix(1);
      p.suffix = SanSuffix::DoublePlus;
    }
  }
}

bool split(std::string_view s, SanParts& p) {
  if (split_common(s, p)) return true;
  // Character tests rather than string compares: this runs for every move of every game.
  while (!s.empty() && (s.back() == '!' || s.back() == '?')) s.remove_suffix(1);
  // The check mark comes after an en-passant mark ("exd6e.p.+", pgn-extract -Welalg's
  // "g4h3ep+") or before it ("exd6+ e.p.").
  take_check_mark(s, p);
  if (s.size() > 2 && (s.back() == '.' || s.back() == 'p')) {
    const std::size_t mark = ends_with(s, "e.p.")  ? 4
                             : ends_with(s, "e.p") ? 3
                             : ends_with(s, "ep")  ? 2
                                                   : 0;
    if (mark) {
      s.remove_suffix(mark);
      while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
      note(p, SanNote::EnPassantSuffix);  // parse_san tells a stray one apart
      if (p.suffix == SanSuffix::None) take_check_mark(s, p);
    }
  }
  if (s.empty()) return false;
  const char first = s[0];
  if (first == '-' || first == 'Z' || first == '@' || (first == '0' && s.size() == 4)) {
    if (s == "--" || s == "Z0" || s == "0000" || s == "@@@@") {
      p.null = true;
      return true;
    }
    return false;
  }
  if (first == 'O' || first == '0' || first == 'o') {
    if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0" || s == "o-o" || s == "o-o-o") {
      p.castle = true;
      p.castle_long = s.size() == 5;
      if (first == '0') note(p, SanNote::CastlingZeros);
      if (first == 'o') note(p, SanNote::LowercaseCastling);
      return true;
    }
    return false;
  }
  std::size_t i = 0;
  if (const PieceType t = piece_from_upper(s[0]); t != PieceType::None) {
    p.piece = t;
    p.piece_written = true;
    i = 1;
    if (t == PieceType::Pawn) note(p, SanNote::LongAlgebraic);
  } else if (s.size() >= 3 && (s[0] == 'n' || s[0] == 'r' || s[0] == 'q' || s[0] == 'k')) {
    p.piece = piece_from_upper(static_cast<char>(s[0] - 32));
    p.piece_written = true;
    note(p, SanNote::LowercasePiece);
    i = 1;
  }
  // Promotion at the end: "=Q", "Q", "q", "(Q)".
  std::size_t end = s.size();
  if (end >= 3 && s[end - 1] == ')' && s[end - 3] == '(') {
    p.promotion = piece_from_upper(static_cast<char>(s[end - 2] & ~0x20));
    if (p.promotion == PieceType::None) return false;
    note(p, SanNote::PromotionNoEquals);
    end -= 3;
  } else if (end >= 2 && !is_rank(s[end - 1]) && p.piece == PieceType::Pawn) {
    const char c = s[end - 1];
    p.promotion = piece_from_upper(c >= 'a' ? static_cast<char>(c - 32) : c);
    if (p.promotion == PieceType::None) return false;
    --end;
    if (s[end - 1] == '=') {
      --end;
    } else {
      note(p, SanNote::PromotionNoEquals);
    }
  }
  if (end < i + 2 || !is_file(s[end - 2]) || !is_rank(s[end - 1])) return false;
  p.to = make_square(s[end - 2] - 'a', s[end - 1] - '1');
  std::size_t j = i;
  const std::size_t stop = end - 2;
  if (j < stop && is_file(s[j])) p.from_file = s[j++] - 'a';
  if (j < stop && is_rank(s[j])) p.from_rank = s[j++] - '1';
  if (j < stop) {
    const char sep = s[j++];
    if (sep == 'x') {
      p.capture_mark = true;
    } else if (sep == ':') {
      p.capture_mark = true;
      note(p, SanNote::ColonCapture);
    } else if (sep == '-') {
      note(p, SanNote::LongAlgebraic);
    } else {
      return false;
    }
  }
  if (j != stop) return false;
  return true;
}

// From-squares of pieces of type t that could move to `to` ignoring checks and pins.
Bitboard pseudo_sources(const Position& pos, Color us, PieceType t, Square to) {
  const Bitboard own = pos.pieces(us, t);
  if (pos.pieces(us) & bb(to)) return 0;
  if (t != PieceType::Pawn) return attacks(t, to, pos.pieces()) & own;
  Bitboard from = 0;
  const bool target_enemy = (pos.pieces(~us) & bb(to)) != 0;
  if (target_enemy || to == pos.ep_square()) from |= pawn_attacks(~us, to) & own;
  if (pos.piece_on(to) == Piece::None) {
    const Bitboard one = pawn_push(~us, bb(to));
    from |= one & own;
    const Bitboard fourth = rank_bb(us == Color::White ? 3 : 4);
    if ((bb(to) & fourth) && (one & ~pos.pieces())) from |= pawn_push(~us, one) & own;
  }
  return from;
}

Bitboard disambiguation_mask(const SanParts& p) {
  Bitboard mask = ~Bitboard{0};
  if (p.from_file >= 0) mask &= file_bb(p.from_file);
  if (p.from_rank >= 0) mask &= rank_bb(p.from_rank);
  return mask;
}

// The move a piece of type t standing on `from` makes to `to` (promotion piece for pawns
// reaching the last rank, en passant for a pawn capture onto the en-passant square).
Move make_move(const Position& pos, PieceType t, Square from, Square to, PieceType promotion) {
  if (t == PieceType::Pawn) {
    if (rank_of(to) == 0 || rank_of(to) == 7)
      return Move(from, to, MoveKind::Promotion,
                  promotion == PieceType::None ? PieceType::Queen : promotion);
    if (to == pos.ep_square() && file_of(from) != file_of(to))
      return Move(from, to, MoveKind::EnPassant);
  }
  return Move(from, to);
}

// From-squares whose piece of type t moves legally to `to` (pawns: pushes when `pushes_only`).
Bitboard legal_sources(const Position& pos, PieceType t, Square to, bool pushes_only) {
  Bitboard pseudo = pseudo_sources(pos, pos.side_to_move(), t, to);
  if (pushes_only) pseudo &= file_bb(file_of(to));
  Bitboard legal = 0;
  const Color us = pos.side_to_move();
  const Square ksq = pos.king(us);
  const Bitboard sliders =
      pos.pieces(~us, PieceType::Bishop, PieceType::Queen) | pos.pieces(~us, PieceType::Rook);
  for (Bitboard b = pseudo; b;) {
    const Square from = pop_lsb(b);
    // Fast path: not in check, not the king, not en passant, and no enemy slider on any line
    // through the king and the piece, so it cannot be pinned.
    if (!pos.in_check() && from != ksq && !(line(ksq, from) & sliders) &&
        (t != PieceType::Pawn || to != pos.ep_square())) {
      legal |= bb(from);
      continue;
    }
    if (pos.legal(make_move(pos, t, from, to, PieceType::Queen))) legal |= bb(from);
  }
  return legal;
}

// The canonical disambiguation of a move from `from` among the other legal sources.
void required_disambiguation(Bitboard sources, Square from, bool& need_file, bool& need_rank) {
  need_file = need_rank = false;
  const Bitboard others = sources & ~bb(from);
  if (!others) return;
  if (!(others & file_bb(file_of(from)))) {
    need_file = true;
  } else if (!(others & rank_bb(rank_of(from)))) {
    need_rank = true;
  } else {
    need_file = need_rank = true;
  }
}

}  // namespace

namespace san_detail {

SanResult resolve_castling(const Position& pos, const SanParts& p) {
  const Color us = pos.side_to_move();
  const bool king_side = !p.castle_long;
  if (!pos.has_castling_right(us, king_side)) return fail(SanError::CastlingNoRights, p.notes);
  const Square ksq = pos.king(us), rook = pos.castling_rook(us, king_side);
  const Move m(ksq, rook, MoveKind::Castling);
  if (!pos.legal(m)) {
    const Square kto = relative(us, king_side ? 6 : 2), rto = relative(us, king_side ? 5 : 3);
    const Bitboard occ = pos.pieces() ^ bb(ksq) ^ bb(rook);
    if ((between(ksq, kto) | between(rook, rto)) & occ)
      return fail(SanError::CastlingBlocked, p.notes);
    if (pos.in_check()) return fail(SanError::CastlingOutOfCheck, p.notes);
    if (pos.attacked(kto, ~us, occ)) return fail(SanError::CastlingIntoCheck, p.notes);
    return fail(SanError::CastlingThroughCheck, p.notes);
  }
  SanResult r;
  r.move = m;
  r.ok_ = true;
  r.notes = p.notes;
  return r;
}

SanResult resolve_move(const Position& pos, SanParts& p) {
  const Color us = pos.side_to_move();
  const Bitboard mask = disambiguation_mask(p);
  // A named from-square holding an enemy piece of that kind: the wrong side is moving.
  if (p.from_file >= 0 && p.from_rank >= 0) {
    const Piece there = pos.piece_on(make_square(p.from_file, p.from_rank));
    if (there != Piece::None && color_of(there) != us && type_of(there) == p.piece)
      return fail(SanError::WrongSide, p.notes);
  }
  const bool last_rank = rank_of(p.to) == (us == Color::White ? 7 : 0);
  if (p.promotion != PieceType::None &&
      (p.piece != PieceType::Pawn || !last_rank || p.promotion == PieceType::King ||
       p.promotion == PieceType::Pawn))
    return fail(SanError::BadPromotion, p.notes);
  const bool pawn = p.piece == PieceType::Pawn;
  const bool pushes_only = pawn && p.from_file < 0;
  const Bitboard sources = legal_sources(pos, p.piece, p.to, pushes_only);
  const Bitboard matching = sources & mask;
  SanResult r;
  r.notes = p.notes;
  if (more_than_one(matching)) {
    r.error = SanError::Ambiguous;
    for (Bitboard b = matching; b && r.candidate_count < 8;)
      r.candidates[r.candidate_count++] = make_move(pos, p.piece, pop_lsb(b), p.to, p.promotion);
    return r;
  }
  if (!matching) {
    Bitboard pseudo = pseudo_sources(pos, us, p.piece, p.to) & mask;
    if (pushes_only) pseudo &= file_bb(file_of(p.to));
    if (!pseudo) {
      // A pawn capture onto an empty square is an en-passant attempt.
      if (pawn && p.from_file >= 0 && p.from_file != file_of(p.to) &&
          pos.piece_on(p.to) == Piece::None &&
          (pawn_attacks(~us, p.to) & pos.pieces(us, PieceType::Pawn) & mask))
        return fail(SanError::EnPassantNotAvailable, p.notes);
      // Only the other side could make it: usually a move is missing from the game.
      if (pseudo_sources(pos, ~us, p.piece, p.to) & mask & ~pos.pieces(us))
        return fail(SanError::WrongSide, p.notes);
      return fail(SanError::NoPieceCanMove, p.notes);
    }
    if (p.piece == PieceType::King) return fail(SanError::KingIntoCheck, p.notes);
    const Bitboard pinned = pos.pinned();
    if (pos.in_check() && !(pseudo & pinned)) return fail(SanError::LeavesKingInCheck, p.notes);
    return fail(pos.in_check() ? SanError::LeavesKingInCheck : SanError::PinnedPiece, p.notes);
  }
  if (pawn && last_rank && p.promotion == PieceType::None)
    return fail(SanError::MissingPromotion, p.notes);
  const Square from = lsb(matching);
  const Move m = make_move(pos, p.piece, from, p.to, p.promotion);
  r.move = m;
  const bool capture = m.kind() == MoveKind::EnPassant || pos.piece_on(m.to()) != Piece::None;
  if (capture && !p.capture_mark) note(p, SanNote::MissingCapture);
  if (!capture && p.capture_mark) note(p, SanNote::SpuriousCapture);
  const bool both_given = p.from_file >= 0 && p.from_rank >= 0;
  if (pawn) {
    if (both_given) {
      note(p, SanNote::LongAlgebraic);
    } else if (!capture && p.from_file >= 0) {
      note(p, SanNote::OverDisambiguated);
    }
  } else {
    bool need_file = false, need_rank = false;
    required_disambiguation(sources, from, need_file, need_rank);
    if ((p.from_file >= 0) != need_file || (p.from_rank >= 0) != need_rank)
      note(p, both_given && !(need_file && need_rank) ? SanNote::LongAlgebraic
                                                      : SanNote::OverDisambiguated);
  }
  r.notes = p.notes;
  r.ok_ = true;
  return r;
}

}  // namespace san_detail

std::uint16_t suffix_notes(SanSuffix written, const Position& after) {
  const bool check = after.in_check();
  return suffix_notes(written, check, check && !has_legal_move(after));
}

bool is_en_passant_mark(std::string_view text) {
  return text == "e.p." || text == "e.p" || text == "ep";
}

SanResult parse_san(const Position& pos, std::string_view text, const SanOptions& opt) {
  SanParts p;
  if (!split(text, p)) {
    // Unicode dashes ("0–0–0", "e2−e4") read as '-', silently; only a token that failed.
    char buf[san_detail::kMaxDashedToken];
    const std::string_view ascii = san_detail::ascii_dashes(text, buf);
    p = SanParts{};
    if (ascii.empty() || !split(ascii, p)) return fail(SanError::Syntax);
  }
  if (p.null) {
    if (!opt.allow_null || pos.in_check()) return fail(SanError::NullMove, p.notes);
    SanResult r;
    r.move = Move::null();
    r.ok_ = true;
    r.notes = p.notes | static_cast<std::uint16_t>(SanNote::NullMoveNotation);
    r.suffix = p.suffix;
    return r;
  }
  // Initialised in place (no copy of the result): this runs for every move.
  SanResult r = p.castle                               ? resolve_castling(pos, p)
                : p.from_file >= 0 && p.from_rank >= 0 ? resolve_long(pos, p)
                                                       : resolve_move(pos, p);
  r.suffix = p.suffix;
  if (!r.ok()) return r;
  constexpr auto kEp = static_cast<std::uint16_t>(SanNote::EnPassantSuffix);
  if ((r.notes & kEp) && r.move.kind() != MoveKind::EnPassant)
    r.notes = (r.notes & ~kEp) | static_cast<std::uint16_t>(SanNote::StrayEnPassantSuffix);
  if (opt.check_suffix) {
    Position after = pos;
    after.play(r.move);
    r.notes |= suffix_notes(p.suffix, after);
  }
  r.notes = fold_long_algebraic(r.notes);
  if (opt.mode == SanMode::Strict && r.notes) {
    r.ok_ = false;
    r.error = SanError::NotCanonical;
  }
  return r;
}

int write_san(const Position& pos, Move m, char* out) {
  Position after = pos;
  if (!m.is_null()) after.play(m);
  return write_san(pos, m, after, out);
}

int write_san(const Position& pos, Move m, const Position& after, char* out) {
  int n = 0;
  if (m.is_null()) {
    out[n++] = '-';
    out[n++] = '-';
    return n;
  }
  const Square from = m.from(), to = m.to();
  if (m.kind() == MoveKind::Castling) {
    const char* s = to > from ? "O-O" : "O-O-O";
    while (*s) out[n++] = *s++;
  } else {
    const PieceType t = type_of(pos.piece_on(from));
    const bool capture = m.kind() == MoveKind::EnPassant || pos.piece_on(to) != Piece::None;
    if (t == PieceType::Pawn) {
      if (capture) {
        out[n++] = static_cast<char>('a' + file_of(from));
        out[n++] = 'x';
      }
    } else {
      out[n++] = kPieceChar[index(t)];
      bool need_file = false, need_rank = false;
      required_disambiguation(legal_sources(pos, t, to, false), from, need_file, need_rank);
      if (need_file) out[n++] = static_cast<char>('a' + file_of(from));
      if (need_rank) out[n++] = static_cast<char>('1' + rank_of(from));
      if (capture) out[n++] = 'x';
    }
    out[n++] = static_cast<char>('a' + file_of(to));
    out[n++] = static_cast<char>('1' + rank_of(to));
    if (m.kind() == MoveKind::Promotion) {
      out[n++] = '=';
      out[n++] = kPieceChar[index(m.promotion())];
    }
  }
  if (after.in_check()) out[n++] = has_legal_move(after) ? '+' : '#';
  return n;
}

std::string to_san(const Position& pos, Move m) {
  char buf[kMaxSan + 2];
  return std::string(buf, static_cast<std::size_t>(write_san(pos, m, buf)));
}

}  // namespace pgnkit::chess

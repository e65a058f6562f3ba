#include "tree/polyglot.h"

#include <algorithm>
#include <array>
#include <numeric>

#include "chess/movegen.h"

namespace pgnkit::tree {

namespace {

constexpr std::array<std::uint64_t, 781> kRandom64 = {
#include "tree/polyglot_random.inc"
};
constexpr int kCastleOffset = 768, kEnPassantOffset = 772, kTurnOffset = 780;

std::uint64_t random64(int offset) {
  return kRandom64[static_cast<std::size_t>(offset)];
}

// The specification's kind_of_piece: black pawn 0, white pawn 1, ..., white king 11.
int piece_kind(chess::Piece p) {
  return 2 * chess::index(chess::type_of(p)) + (chess::color_of(p) == chess::Color::White);
}

// Whether a pawn of the side to move stands beside the pawn that just made the double step
// over `ep` (the specification asks no more: a pinned capturer still counts).
bool ep_capturer_beside(const chess::Position& p, chess::Square ep) {
  const chess::Color us = p.side_to_move();
  const int pushed_rank = chess::rank_of(ep) + (us == chess::Color::White ? -1 : 1);
  const int file = chess::file_of(ep);
  const chess::Piece our_pawn = chess::make_piece(us, chess::PieceType::Pawn);
  for (const int f : {file - 1, file + 1}) {
    if (chess::on_board(f, pushed_rank) &&
        p.piece_on(chess::make_square(f, pushed_rank)) == our_pawn)
      return true;
  }
  return false;
}

void put_big_endian(std::string& out, std::uint64_t value, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

std::uint64_t get_big_endian(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value = (value << 8) | static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)]);
  return value;
}

// make-book's halving of one move's counts, rounding up (it halves every move of the position).
void halve(BookMove& m) {
  m.games = (m.games + 1) / 2;
  m.points2 = (m.points2 + 1) / 2;
}

// make-book's keep_entry(): the order of its tests does not matter, they all must pass.
bool keep(const BookMove& m, const BookOptions& o) {
  if (m.games < o.min_games || m.games == 0) return false;
  if (m.points2 == 0) return false;  // even with -uniform: a move that only lost goes
  // The same double arithmetic as make-book, so that a score on the limit decides alike.
  const double score = (static_cast<double>(m.points2) / static_cast<double>(m.games)) / 2.0;
  if (score < o.min_score / 100.0) return false;
  if (o.only_white && m.mover == chess::Color::Black) return false;
  if (o.only_black && m.mover == chess::Color::White) return false;
  return true;
}

// The castling and en-passant part of a position's key.
std::uint64_t rights_key(const chess::Position& p) {
  std::uint64_t key = 0;
  for (int i = 0; i < 4; ++i)
    if (p.castling_rights() & (1u << i)) key ^= random64(kCastleOffset + i);
  const chess::Square ep = p.ep_square();
  if (ep != chess::kNoSquare && ep_capturer_beside(p, ep))
    key ^= random64(kEnPassantOffset + chess::file_of(ep));
  return key;
}

}  // namespace

std::uint64_t polyglot_key(const chess::Position& p) {
  std::uint64_t key = rights_key(p);
  for (chess::Bitboard b = p.pieces(); b;) {
    const chess::Square s = chess::pop_lsb(b);
    key ^= random64(64 * piece_kind(p.piece_on(s)) + s);
  }
  if (p.side_to_move() == chess::Color::White) key ^= random64(kTurnOffset);
  return key;
}

std::uint64_t polyglot_key_after(std::uint64_t before_key, const chess::Position& before,
                                 const chess::Position& after) {
  // The squares whose piece changed: a move touches two to four (castling, en passant).
  chess::Bitboard changed =
      (before.pieces(chess::Color::White) ^ after.pieces(chess::Color::White)) |
      (before.pieces(chess::Color::Black) ^ after.pieces(chess::Color::Black));
  for (const chess::PieceType t :
       {chess::PieceType::Pawn, chess::PieceType::Knight, chess::PieceType::Bishop,
        chess::PieceType::Rook, chess::PieceType::Queen, chess::PieceType::King})
    changed |= before.pieces(t) ^ after.pieces(t);
  std::uint64_t key = before_key ^ rights_key(before) ^ rights_key(after) ^ random64(kTurnOffset);
  while (changed) {
    const chess::Square s = chess::pop_lsb(changed);
    if (before.piece_on(s) != chess::Piece::None)
      key ^= random64(64 * piece_kind(before.piece_on(s)) + s);
    if (after.piece_on(s) != chess::Piece::None)
      key ^= random64(64 * piece_kind(after.piece_on(s)) + s);
  }
  return key;
}

std::uint16_t polyglot_move(chess::Move m) {
  // Squares are row * 8 + file in both encodings; PieceType's Knight..Queen are 1..4 as the
  // format's promotion codes are, and None (no promotion) becomes 0.
  const chess::PieceType promo = m.promotion();
  const int promo_code = promo == chess::PieceType::None ? 0 : chess::index(promo);
  return static_cast<std::uint16_t>(m.to() | (m.from() << 6) | (promo_code << 12));
}

std::optional<chess::Move> move_from_polyglot(const chess::Position& p, std::uint16_t move) {
  chess::MoveList list;
  chess::generate_legal(p, list);
  for (const chess::Move m : list)
    if (polyglot_move(m) == move) return m;
  return std::nullopt;
}

std::uint64_t mover_points2(std::string_view result, chess::Color mover) {
  if (result == "1-0") return mover == chess::Color::White ? 2 : 0;
  if (result == "0-1") return mover == chess::Color::Black ? 2 : 0;
  return 1;
}

void BookCounter::add(std::uint64_t key, std::uint16_t move, chess::Color mover,
                      std::uint64_t points2) {
  std::vector<std::size_t>& at_key = by_key_[key];
  std::size_t i = moves_.size();
  for (const std::size_t j : at_key) {
    if (moves_[j].move == move) {
      i = j;
      break;
    }
  }
  if (i == moves_.size()) {
    // make-book records the side to move when it first meets the (position, move).
    moves_.push_back(BookMove{key, move, mover, 0, 0});
    at_key.push_back(i);
  }
  moves_[i].games += 1;
  moves_[i].points2 += points2;
  if (moves_[i].games >= kBookCountLimit)
    for (const std::size_t j : at_key) halve(moves_[j]);
}

void BookCounter::take_moves(std::vector<BookMove>& out, std::uint64_t min_games) {
  for (const BookMove& m : moves_)
    if (m.games >= min_games) out.push_back(m);
  moves_.clear();
  by_key_.clear();
}

std::vector<BookEntry> make_book(std::span<const BookMove> moves, const BookOptions& options) {
  // By key, input order kept within a key: make-book's qsort (glibc's merge sort) is stable.
  std::vector<std::size_t> order(moves.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return moves[a].key < moves[b].key; });
  std::vector<BookEntry> entries;
  std::vector<BookMove> group;
  for (std::size_t start = 0; start < order.size();) {
    group.clear();
    std::size_t end = start;
    for (; end < order.size() && moves[order[end]].key == moves[order[start]].key; ++end)
      group.push_back(moves[order[end]]);
    // Totals not counted by BookCounter: the order-free form of make-book's halving.
    auto too_many = [](const BookMove& m) { return m.games >= kBookCountLimit; };
    while (std::any_of(group.begin(), group.end(), too_many))
      for (BookMove& m : group) halve(m);
    const std::size_t first = entries.size();
    for (const BookMove& m : group) {
      // Key 0 is kept for header entries by later Polyglot forks, whose make-book skips it.
      if (m.key == 0 || !keep(m, options)) continue;
      // At most 2 * 16383 after halving; the clamp is for totals with more points than games.
      const std::uint64_t weight = options.uniform ? 1 : std::min<std::uint64_t>(m.points2, 0xFFFF);
      entries.push_back(BookEntry{m.key, m.move, static_cast<std::uint16_t>(weight), 0});
    }
    std::stable_sort(entries.begin() + static_cast<std::ptrdiff_t>(first), entries.end(),
                     [](const BookEntry& a, const BookEntry& b) { return a.weight > b.weight; });
    start = end;
  }
  return entries;
}

std::string book_bytes(std::span<const BookEntry> entries) {
  std::string out;
  out.reserve(entries.size() * 16);
  for (const BookEntry& e : entries) {
    put_big_endian(out, e.key, 8);
    put_big_endian(out, e.move, 2);
    put_big_endian(out, e.weight, 2);
    put_big_endian(out, e.learn, 4);
  }
  return out;
}

std::optional<std::vector<BookEntry>> parse_book(std::string_view bytes) {
  if (bytes.size() % 16 != 0) return std::nullopt;
  std::vector<BookEntry> entries;
  entries.reserve(bytes.size() / 16);
  for (std::size_t at = 0; at < bytes.size(); at += 16) {
    entries.push_back(BookEntry{get_big_endian(bytes, at, 8),
                                static_cast<std::uint16_t>(get_big_endian(bytes, at + 8, 2)),
                                static_cast<std::uint16_t>(get_big_endian(bytes, at + 10, 2)),
                                static_cast<std::uint32_t>(get_big_endian(bytes, at + 12, 4))});
  }
  return entries;
}

}  // namespace pgnkit::tree

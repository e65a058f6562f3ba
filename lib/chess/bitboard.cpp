#include "chess/bitboard.h"

#include <array>

namespace pgnkit::chess {
namespace detail {
Magic rook_magics[64];
Magic bishop_magics[64];
Bitboard knight_table[64];
Bitboard king_table[64];
Bitboard pawn_table[2][64];
Bitboard between_table[64][64];
Bitboard line_table[64][64];
}  // namespace detail

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

// xorshift64*: a deterministic generator so the magic search finds the same numbers each run.
struct Prng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(PieceType t, detail::Magic* magics, Bitboard* table) {
  // Seeds per rank, chosen so that the search below converges in few tries.
  constexpr std::uint64_t kSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  Bitboard occupancy[4096];
  Bitboard reference[4096];
  int epoch[4096] = {};
  int current = 0;
  Bitboard* next_table = table;
  for (int s = 0; s < 64; ++s) {
    const Square sq = static_cast<Square>(s);
    const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(sq))) |
                           ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(sq)));
    detail::Magic& m = magics[s];
    m.mask = sliding_attacks_reference(t, sq, 0) & ~edges;
    m.shift = 64 - static_cast<unsigned>(popcount(m.mask));
    m.attacks = next_table;
    // Carry-rippler enumeration of every subset of the mask.
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = sliding_attacks_reference(t, sq, b);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    Prng rng{kSeeds[rank_of(sq)]};
    Bitboard* slots = next_table;
    for (int i = 0; i < size;) {
      for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
      ++current;
      for (i = 0; i < size; ++i) {
        const unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < current) {
          epoch[idx] = current;
          slots[idx] = reference[i];
        } else if (slots[idx] != reference[i]) {
          break;
        }
      }
    }
    next_table += size;
  }
}

void init_leapers() {
  constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int s = 0; s < 64; ++s) {
    const int f = s & 7, r = s >> 3;
    Bitboard n = 0, k = 0;
    for (const auto& d : kKnight)
      if (on_board(f + d[0], r + d[1])) n |= bb(make_square(f + d[0], r + d[1]));
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(f + df, r + dr)) k |= bb(make_square(f + df, r + dr));
    detail::knight_table[s] = n;
    detail::king_table[s] = k;
    detail::pawn_table[0][s] = pawn_attacks_bb(Color::White, bb(static_cast<Square>(s)));
    detail::pawn_table[1][s] = pawn_attacks_bb(Color::Black, bb(static_cast<Square>(s)));
  }
}

void init_lines() {
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      const Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
      detail::between_table[a][b] = bb(sb);
      detail::line_table[a][b] = 0;
      if (a == b) continue;
      for (PieceType t : {PieceType::Bishop, PieceType::Rook}) {
        if (sliding_attacks_reference(t, sa, 0) & bb(sb)) {
          detail::line_table[a][b] =
              (sliding_attacks_reference(t, sa, 0) & sliding_attacks_reference(t, sb, 0)) | bb(sa) |
              bb(sb);
          detail::between_table[a][b] = (sliding_attacks_reference(t, sa, bb(sb)) &
                                         sliding_attacks_reference(t, sb, bb(sa))) |
                                        bb(sb);
        }
      }
    }
  }
}

struct TableInit {
  TableInit() {
    init_leapers();
    init_magics(PieceType::Rook, detail::rook_magics, rook_table);
    init_magics(PieceType::Bishop, detail::bishop_magics, bishop_table);
    init_lines();
  }
};
const TableInit table_init;

}  // namespace

Bitboard sliding_attacks_reference(PieceType t, Square s, Bitboard occupied) {
  const auto& dirs = t == PieceType::Rook ? kRookDirs : kBishopDirs;
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      const Bitboard b = bb(make_square(f, r));
      result |= b;
      if (occupied & b) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

}  // namespace pgnkit::chess

// pgnkit_tables_gen: writes the attack tables as C++ source (attack_tables.cpp, compiled into
// pgnkit_chess), so that they are constant data in the binary instead of work at every start.
// Filling them before main() cost about 4 ms of every process's 14 (`pgnkit --version` on the
// project's VM): 107,000 table entries computed and 250 fresh pages faulted in, in every test
// and every shell-script invocation. Constant data costs nothing until a page is read.
//
// Usage: pgnkit_tables_gen OUT.cpp (written to OUT.cpp.tmp, then renamed).
// Every entry comes from sliding_attacks_reference (bitboard.cpp), the slow ray walk the tests
// compare the lookups with; every magic is verified before it is used (a failing stored magic
// is searched again, deterministically).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "chess/bitboard.h"

namespace pgnkit::chess {
namespace {

// Magic numbers found once by the search below (fixed seeds) and stored, so the generator only
// verifies them; a failure falls back to the search.
constexpr Bitboard kRookMagics[64] = {
    0x0A80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xC200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00A0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000A00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010A004A00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xC020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010A386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490A000084ULL,
    0x0080002000504000ULL, 0x200020005000C000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040A100021ULL,
    0x000200282410A102ULL, 0x000200282410A102ULL, 0x000200282410A102ULL, 0x4048240043802106ULL,
};
constexpr Bitboard kBishopMagics[64] = {
    0x40106000A1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050C040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422A02000001ULL,
    0x000A220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880C00A00100ULL, 0x0080400200522010ULL, 0x0001000188180B04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100A0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380D1004100ULL, 0x0008004422020284ULL, 0x01010A1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100C00ULL, 0x0202200802010104ULL,
    0x8C0A020200440085ULL, 0x01A0008080B10040ULL, 0x0889520080122800ULL, 0x100902022202010AULL,
    0x04081A0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0A00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440A210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00AC102001210220ULL, 0x0220021002009900ULL, 0x84440C080A013080ULL,
    0x0001008044200440ULL, 0x0004C04410841000ULL, 0x2000500104011130ULL, 0x1A0C010011C20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822C08200ULL, 0x48081010008A2A80ULL,
};

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

struct SliderTable {
  detail::Magic magics[64];  // attacks unused here: offsets[] says where each square's part is
  std::size_t offsets[64] = {};
  std::vector<Bitboard> entries;
};

// Every square's mask, shift and magic, and its part of the table indexed by the magic.
SliderTable build_slider(PieceType t, const Bitboard* stored) {
  // Seeds per rank, chosen so that the search converges in few tries.
  constexpr std::uint64_t kSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  SliderTable out;
  std::vector<Bitboard> occupancy, reference, slots;
  std::vector<int> epoch;
  int current = 0;
  for (int s = 0; s < 64; ++s) {
    const Square sq = static_cast<Square>(s);
    const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(sq))) |
                           ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(sq)));
    detail::Magic& m = out.magics[s];
    m.mask = sliding_attacks_reference(t, sq, 0) & ~edges;
    m.shift = 64 - static_cast<unsigned>(popcount(m.mask));
    m.attacks = nullptr;
    // Carry-rippler enumeration of every subset of the mask.
    occupancy.clear();
    reference.clear();
    Bitboard b = 0;
    do {
      occupancy.push_back(b);
      reference.push_back(sliding_attacks_reference(t, sq, b));
      b = (b - m.mask) & m.mask;
    } while (b);
    const std::size_t size = occupancy.size();
    slots.assign(size, 0);
    epoch.assign(size, 0);
    Prng rng{kSeeds[rank_of(sq)]};
    bool try_stored = true;
    for (std::size_t i = 0; i < size;) {
      if (try_stored) {
        m.magic = stored[s];
        try_stored = false;
      } else {
        for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
      }
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
    out.offsets[s] = out.entries.size();
    out.entries.insert(out.entries.end(), slots.begin(), slots.end());
  }
  return out;
}

// "{ v[0], ..., v[n-1] }", four to a line.
void put_values(std::string& out, const Bitboard* v, std::size_t n) {
  out += "{";
  char cell[32];
  for (std::size_t i = 0; i < n; ++i) {
    std::snprintf(cell, sizeof cell, "%s0x%016llXULL,", i % 4 == 0 ? "\n    " : " ",
                  static_cast<unsigned long long>(v[i]));
    out += cell;
  }
  out += "\n}";
}

void put_table(std::string& out, const std::string& decl, const Bitboard* v, std::size_t n) {
  out += decl + " = ";
  put_values(out, v, n);
  out += ";\n";
}

// A [64][64] or [2][64] table, row by row.
template <std::size_t Rows>
void put_rows(std::string& out, const std::string& decl, const Bitboard (&rows)[Rows][64]) {
  out += decl + " = {";
  for (const auto& row : rows) {
    put_values(out, row, 64);
    out += ",";
  }
  out += "};\n";
}

void put_magics(std::string& out, const char* name, const char* table, const SliderTable& t) {
  out += "const Magic ";
  out += name;
  out += "[64] = {\n";
  char line[160];
  for (int s = 0; s < 64; ++s) {
    const detail::Magic& m = t.magics[s];
    std::snprintf(line, sizeof line, "    {0x%016llXULL, 0x%016llXULL, %s + %zu, %u},\n",
                  static_cast<unsigned long long>(m.mask), static_cast<unsigned long long>(m.magic),
                  table, t.offsets[s], m.shift);
    out += line;
  }
  out += "};\n";
}

std::string generate() {
  const SliderTable rook = build_slider(PieceType::Rook, kRookMagics);
  const SliderTable bishop = build_slider(PieceType::Bishop, kBishopMagics);
  Bitboard knight[64], king[64], pawn[2][64], between[64][64], line[64][64];
  constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                 {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int s = 0; s < 64; ++s) {
    const int f = s & 7, r = s >> 3;
    Bitboard n = 0, k = 0;
    for (const auto& d : kKnight)
      if (on_board(f + d[0], r + d[1])) n |= bb(make_square(f + d[0], r + d[1]));
    for (int df = -1; df <= 1; ++df) {
      for (int dr = -1; dr <= 1; ++dr)
        if ((df || dr) && on_board(f + df, r + dr)) k |= bb(make_square(f + df, r + dr));
    }
    knight[s] = n;
    king[s] = k;
    pawn[0][s] = pawn_attacks_bb(Color::White, bb(static_cast<Square>(s)));
    pawn[1][s] = pawn_attacks_bb(Color::Black, bb(static_cast<Square>(s)));
  }
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      const Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
      between[a][b] = bb(sb);
      line[a][b] = 0;
      if (a == b) continue;
      for (PieceType t : {PieceType::Bishop, PieceType::Rook}) {
        const Bitboard from_a = sliding_attacks_reference(t, sa, 0);
        if (from_a & bb(sb)) {
          line[a][b] = (from_a & sliding_attacks_reference(t, sb, 0)) | bb(sa) | bb(sb);
          between[a][b] = (sliding_attacks_reference(t, sa, bb(sb)) &
                           sliding_attacks_reference(t, sb, bb(sa))) |
                          bb(sb);
        }
      }
    }
  }
  std::string out =
      "// Generated by pgnkit_tables_gen (lib/chess/tables_gen.cpp) at build time. Do not edit.\n"
      "#include \"chess/bitboard.h\"\n\n"
      "namespace pgnkit::chess::detail {\nnamespace {\n\n";
  put_table(out, "const Bitboard kRookAttacks[" + std::to_string(rook.entries.size()) + "]",
            rook.entries.data(), rook.entries.size());
  put_table(out, "const Bitboard kBishopAttacks[" + std::to_string(bishop.entries.size()) + "]",
            bishop.entries.data(), bishop.entries.size());
  out += "\n}  // namespace\n\n";
  put_magics(out, "rook_magics", "kRookAttacks", rook);
  put_magics(out, "bishop_magics", "kBishopAttacks", bishop);
  put_table(out, "const Bitboard knight_table[64]", knight, 64);
  put_table(out, "const Bitboard king_table[64]", king, 64);
  put_rows(out, "const Bitboard pawn_table[2][64]", pawn);
  put_rows(out, "const Bitboard between_table[64][64]", between);
  put_rows(out, "const Bitboard line_table[64][64]", line);
  out += "\n}  // namespace pgnkit::chess::detail\n";
  return out;
}

}  // namespace
}  // namespace pgnkit::chess

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: pgnkit_tables_gen OUT.cpp\n");
    return 2;
  }
  const std::string text = pgnkit::chess::generate();
  const std::string tmp = std::string(argv[1]) + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr || std::fwrite(text.data(), 1, text.size(), f) != text.size() ||
      std::fclose(f) != 0 || std::rename(tmp.c_str(), argv[1]) != 0) {
    std::perror(argv[1]);
    return 1;
  }
  return 0;
}

// pgnkit_gen_games: deterministic, plausible-looking chess games in export-format PGN, for the
// bundled sample (data/sample.pgn) and for synthetic benchmark corpora.
//
//   pgnkit_gen_games --games N --seed S [--comments[=PCT]] [--variations[=PCT]]
//
// Moves come from a short book of common openings, then from a one-ply weighted policy (win
// material, check, develop, castle, keep pieces and the queen defended, push pawns in the
// endgame) with seeded noise. Games end by checkmate, stalemate, insufficient material, a
// threefold or fifty-move claim, an agreed draw, resignation when material is lopsided, or a
// move cap, and the Result tag always agrees with the final position. Game i depends only on
// (seed, i).
// --comments adds [%clk] (and in half of those games [%eval]) comments to PCT% of the games
// (default 100); --variations adds up to three short side lines to PCT% of the games.
// Every name, event and place below is invented.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "chess/fide_limits.h"
#include "chess/movegen.h"
#include "chess/outcome.h"
#include "chess/position.h"
#include "chess/san.h"

namespace {

using namespace pgnkit::chess;

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {  // splitmix64
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(int pct) { return below(100) < pct; }
  template <typename T, std::size_t N>
  const T& pick(const T (&a)[N]) {
    return a[below(static_cast<int>(N))];
  }
};

constexpr int kValue[7] = {100, 300, 310, 500, 900, 2000, 0};

const char* const kSurnames[] = {
    "Aldecott",   "Brannvik",  "Castrelli", "Dunmore",    "Eskelund",   "Falkowitz", "Garrowe",
    "Hollister",  "Ivankaya",  "Jestrand",  "Kovárhegyi", "Lindqvarn",  "Marchetto", "Norrell",
    "Ødegren",    "Petrakova", "Quennell",  "Ruiz-Calvo", "Sandemore",  "Tavernier", "Ulvestad",
    "Vasquelin",  "Wexford",   "Yarrowby",  "Zelenkova",  "Abernath",   "Bertolami", "Corvin",
    "Dragomirov", "Elstree",   "Fenholt",   "Grünwald",   "Haverkamp",  "Ilchenko",  "Kestrel",
    "Lowenthal",  "Mirabeau",  "Nakashiro", "Oyelaran",   "Pemberton",  "Rasmunsen", "Sorrentini",
    "Thorvald",   "Underhay",  "Voskresen", "Whitcombe",  "Yilmazoğlu", "Zamorano"};
const char kInitials[] = "ABCDEFGHIJKLMNOPRSTVWY";
const char* const kTowns[] = {"Valmora",      "Eastbrook",    "Kellsworth",     "Port Aubrey",
                              "Sankt Edrich", "Lindhaven",    "Marisoles",      "Ostravel",
                              "Bramholt",     "Corrowin",     "Fenwick Hollow", "Tarrant Vale",
                              "Nyborgen",     "Castel Rovio", "Wrenfield",      "Dunmarrow"};
struct EventKind {
  const char* name;
  const char* tc[2];
};
const EventKind kEvents[] = {
    {"Open", {"5400+30", "7200+30"}},       {"Club Championship", {"5400+30", "3600+30"}},
    {"Masters", {"5400+30", "7200+30"}},    {"Rapid", {"900+10", "600+5"}},
    {"Blitz Cup", {"180+2", "300+0"}},      {"Invitational", {"5400+30", "7200+60"}},
    {"Team League", {"5400+30", "3600+15"}}};

// Common opening lines (public theory), with an ECO code used when most of the line is played.
struct Opening {
  const char* eco;
  const char* moves;
};
const Opening kBook[] = {{"C88", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O"},
                         {"C54", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O"},
                         {"B90", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5"},
                         {"B33", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6"},
                         {"C14", "e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7 e5 Nfd7 Bxe7 Qxe7"},
                         {"B18", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6 h4 h6"},
                         {"D63", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 Nbd7 Rc1 c6"},
                         {"E97", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6"},
                         {"E46", "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5"},
                         {"A29", "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6 Nf3 Nc6"},
                         {"A07", "Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7"},
                         {"D17", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 Ne5 e6"},
                         {"C42", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5 Bd3 Nc6"},
                         {"B01", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6"},
                         {"E15", "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 b3 Bb4+ Bd2 Be7"},
                         {"C45", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7"},
                         {"A45", "d4 Nf6 Bg5 e6 e4 h6 Bxf6 Qxf6"},
                         {"D02", "d4 d5 Nf3 Nf6 Bf4 e6 e3 c5 c3 Nc6"}};

int material(const Position& pos, Color c) {
  int m = 0;
  for (int t = 0; t < 5; ++t) m += popcount(pos.pieces(c, static_cast<PieceType>(t))) * kValue[t];
  return m;
}

// Material `us` stands to lose on square s if the opponent captures there (a cheap SEE stand-in).
int exposure(const Position& pos, Square s, Color us) {
  Bitboard att = pos.attackers_to(s, pos.pieces(), ~us);
  if (!att) return 0;
  const int v = kValue[index(type_of(pos.piece_on(s)))];
  if (!pos.attackers_to(s, pos.pieces(), us)) return v;
  int least = 100000;
  while (att) {
    const int a = kValue[index(type_of(pos.piece_on(pop_lsb(att))))];
    if (a < least) least = a;
  }
  return least < v ? v - least : 0;
}

// How often `key` occurs in `history`, looking back only over the reversible moves.
int repetitions(const std::vector<std::uint64_t>& history, std::uint64_t key, int halfmoves) {
  int n = 0;
  const std::size_t size = history.size();
  for (std::size_t back = 1; back <= size && back <= static_cast<std::size_t>(halfmoves) + 1;
       ++back)
    n += history[size - back] == key;
  return n;
}

int score(const Position& pos, Move m, int ply, const std::vector<std::uint64_t>& history,
          Rng& rng) {
  const Color us = pos.side_to_move();
  const PieceType mt = type_of(pos.piece_on(m.from()));
  const int from_rank = rank_of(relative(us, m.from())), to_rank = rank_of(relative(us, m.to()));
  const int balance = material(pos, us) - material(pos, ~us);
  int s = rng.below(45);
  if (m.kind() == MoveKind::Castling) {
    s += 70;
  } else {
    s += m.kind() == MoveKind::EnPassant ? 100 : kValue[index(type_of(pos.piece_on(m.to())))];
  }
  if (m.kind() == MoveKind::Promotion) s += kValue[index(m.promotion())] - 100;
  Position after = pos;
  after.play(m);
  if (after.in_check()) {
    if (!has_legal_move(after)) return 1000000;
    s += 35;
  } else if (!has_legal_move(after)) {
    // The losing side is glad to stalemate; the winning side overlooks it now and then.
    s += balance < 0 ? 400 : rng.chance(50) ? 0 : -5000;
  }
  int worst = 0;  // the best capture the reply finds (threats old and new, the queen included)
  for (Bitboard own = after.pieces(us) & ~after.pieces(PieceType::King); own;)
    worst = std::max(worst, exposure(after, pop_lsb(own), us));
  s -= worst;
  const bool queens = (pos.pieces(PieceType::Queen)) != 0;
  if (ply < 20) {
    if ((mt == PieceType::Knight || mt == PieceType::Bishop) && from_rank == 0) s += 30;
    if (mt == PieceType::Knight && (file_of(m.to()) == 0 || file_of(m.to()) == 7)) s -= 35;
    if (mt == PieceType::Pawn && ply < 8 && (file_of(m.from()) == 3 || file_of(m.from()) == 4))
      s += 25;
    if (mt == PieceType::Pawn && (file_of(m.from()) <= 1 || file_of(m.from()) >= 6)) s -= 12;
    if (mt == PieceType::Queen && ply < 14) s -= 25;
    if (mt == PieceType::Rook && pos.castling_rights()) s -= 20;
  }
  if (mt == PieceType::King && m.kind() != MoveKind::Castling && queens) s -= 45;
  if (!queens || material(pos, us) + material(pos, ~us) < 4000) {
    if (mt == PieceType::Pawn) s += 12 * to_rank;
    if (mt == PieceType::King) s += 8 * (3 - std::abs(2 * file_of(m.to()) - 7) / 2);
  } else if (mt == PieceType::Pawn && to_rank == 6) {
    s += 40;
  }
  if (repetitions(history, after.key(), after.halfmove_clock()) > 0) s += balance >= 200 ? -80 : 20;
  return s;
}

// The best and second-best moves of the policy; `second` is none when only one move exists.
void choose(const Position& pos, int ply, const std::vector<std::uint64_t>& history, Rng& rng,
            Move& best, Move& second) {
  MoveList list;
  generate_legal(pos, list);
  best = second = Move{};
  int a = -1000000000, b = a;
  for (const Move m : list) {
    const int c = score(pos, m, ply, history, rng);
    if (c > a) {
      second = best, b = a;
      best = m, a = c;
    } else if (c > b) {
      second = m, b = c;
    }
  }
}

std::string number(int ply, bool white) {
  return std::to_string(ply / 2 + 1) + (white ? "." : "...");
}

// A short side line starting with `alt` in `pos` (the position before the main move).
std::string variation(Position pos, Move alt, int ply, std::vector<std::uint64_t> history,
                      Rng& rng) {
  std::string out = "(";
  out += number(ply, pos.side_to_move() == Color::White);
  out += ' ';
  const int length = 1 + rng.below(5);
  for (int i = 0; i < length; ++i) {
    if (i > 0) {
      Move second;
      choose(pos, ply, history, rng, alt, second);
      if (alt.is_none()) break;
      if (pos.side_to_move() == Color::White) out += number(ply, true) + " ";
    }
    out += to_san(pos, alt) + " ";
    pos.play(alt);
    history.push_back(pos.key());
    ++ply;
    if (position_end(pos) != PositionEnd::None) break;
  }
  out.back() = ')';
  return out;
}

void write_game(std::uint64_t seed, int game, int comment_pct, int variation_pct,
                std::string& out) {
  Rng rng{seed * 0x2545F4914F6CDD1DULL + static_cast<std::uint64_t>(game) * 0x9E3779B9ULL};
  rng.next();
  const EventKind& ek = rng.pick(kEvents);
  const char* town = rng.pick(kTowns);
  const int year = 1998 + rng.below(26), month = 1 + rng.below(12), day = 1 + rng.below(28);
  const char* tc = ek.tc[rng.below(2)];
  const int base = std::atoi(tc), inc = std::atoi(std::strchr(tc, '+') + 1);
  const bool clocks = rng.below(100) < comment_pct, evals = clocks && rng.chance(50);
  int variations_left = rng.below(100) < variation_pct ? 1 + rng.below(3) : 0;
  const int cap = 160 + rng.below(120);
  const bool stubborn = rng.chance(20);  // plays on to the end: no resignation, no agreed draw
  const Opening* book = rng.chance(92) ? &rng.pick(kBook) : nullptr;
  int book_plies = 4 + rng.below(12);

  Position pos = Position::start();
  std::vector<std::uint64_t> history{pos.key()};
  std::vector<std::string> tokens;
  std::string first_moves, eco, result, ending;
  const char* book_next = book ? book->moves : nullptr;
  int ply = 0, clk[2] = {base, base}, eval = 20, lopsided = 0, last_edge = 0;
  bool need_number = true;
  while (true) {
    Move best, second;
    if (book_next && ply < book_plies && *book_next) {
      const char* end = std::strchr(book_next, ' ');
      const std::size_t len =
          end ? static_cast<std::size_t>(end - book_next) : std::strlen(book_next);
      const SanResult r = parse_san(pos, std::string_view(book_next, len));
      book_next = end ? end + 1 : book_next + len;
      if (r.ok()) best = r.move;
      if (ply >= 8) eco = book->eco;
    }
    if (best.is_none()) choose(pos, ply, history, rng, best, second);
    const bool white = pos.side_to_move() == Color::White;
    const std::string san = to_san(pos, best);
    if (ply < 2) first_moves += san + " ";
    tokens.push_back(white || need_number ? number(ply, white) + " " + san : san);
    need_number = false;
    std::string side_line;
    if (variations_left && ply >= 8 && !second.is_none() && rng.chance(7)) {
      side_line = variation(pos, second, ply, history, rng);
      --variations_left;
    }
    pos.play(best);
    history.push_back(pos.key());
    ++ply;
    if (clocks) {
      int& c = clk[white ? 0 : 1];
      const int think = ply < 16 ? rng.below(base / 200 + 3) : rng.below(base / 25 + 5);
      c = std::max(1, c - std::min(think, c / 3 + 1)) + inc;
      const int cp = material(pos, Color::White) - material(pos, Color::Black);
      eval += (cp - eval) / 2 + rng.below(31) - 15;
      char buf[64];
      std::snprintf(buf, sizeof buf, "{[%%eval %.2f] [%%clk %d:%02d:%02d]}", eval / 100.0, c / 3600,
                    c / 60 % 60, c % 60);
      tokens.push_back(evals ? buf : "{" + std::string(std::strstr(buf, "[%clk")));
      need_number = true;
    }
    if (!side_line.empty()) {
      tokens.push_back(side_line);
      need_number = true;
    }
    // Resignation needs an advantage that outlasts the exchange that created it.
    const int edge = material(pos, Color::White) - material(pos, Color::Black);
    lopsided = std::abs(edge) >= 500 && (lopsided == 0 || (edge > 0) == (last_edge > 0))
                   ? lopsided + 1
                   : 0;
    last_edge = edge;
    const bool white_ahead = edge > 0;
    switch (position_end(pos)) {
      case PositionEnd::Checkmate: result = white ? "1-0" : "0-1"; break;
      case PositionEnd::Stalemate: result = "1/2-1/2"; break;
      case PositionEnd::InsufficientMaterial: result = "1/2-1/2"; break;
      case PositionEnd::None:
        if (repetitions(history, pos.key(), pos.halfmove_clock()) >= kClaimRepetitions ||
            pos.halfmove_clock() >= kClaimHalfmoveClock) {
          result = "1/2-1/2";
        } else if (stubborn ? ply >= cap && std::abs(edge) >= 300
                            : (lopsided >= 4 && ply >= 30 && rng.chance(25)) ||
                                  (lopsided >= 3 && std::abs(edge) >= 900 && rng.chance(40)) ||
                                  (ply >= cap && std::abs(edge) >= 300)) {
          result = white_ahead ? "1-0" : "0-1";
          ending = std::string(white_ahead ? "Black" : "White") + " resigns.";
        } else if (ply >= cap ||
                   (!stubborn && ply >= 40 && std::abs(edge) <= 100 && rng.chance(2))) {
          result = "1/2-1/2";
          ending = ply >= cap ? "Draw by adjudication." : "Draw agreed.";
        }
        break;
    }
    if (!result.empty()) break;
  }
  if (clocks && !ending.empty()) tokens.push_back("{" + ending + "}");
  tokens.push_back(result);
  if (eco.empty()) {  // a plausible code for the first moves
    static const char* const kEco[][2] = {{"e4 e5", "C2"}, {"e4 c5", "B2"}, {"e4 e6", "C0"},
                                          {"e4 c6", "B1"}, {"e4", "B0"},    {"d4 d5", "D0"},
                                          {"d4", "A4"},    {"c4", "A1"},    {"", "A0"}};
    for (const auto& e : kEco) {
      if (!std::string_view(first_moves).starts_with(e[0])) continue;
      const bool a0 = e[0][0] == '\0', nf3 = first_moves.starts_with("Nf3");  // A04-A09: 1. Nf3
      eco = e[1] + std::to_string(!a0 ? rng.below(10) : nf3 ? 4 + rng.below(6) : rng.below(4));
      break;
    }
  }
  auto player = [&rng](int& elo) {
    const int i = rng.below(static_cast<int>(std::size(kSurnames)));
    elo = 1650 + (i * 37 + 11) % 900 + rng.below(60);
    return std::string(kSurnames[i]) + ", " + kInitials[(i * 7 + 3) % (sizeof kInitials - 1)] + ".";
  };
  int welo = 0, belo = 0;
  const std::string white_name = player(welo);
  std::string black_name = player(belo);
  if (black_name == white_name) black_name = "Brightwater, O.";
  char date[48];
  std::snprintf(date, sizeof date, "%04d.%02d.%02d", year, month, day);
  std::string round = std::to_string(1 + rng.below(9));
  if (std::strcmp(ek.name, "Team League") == 0) round += "." + std::to_string(1 + rng.below(8));
  const std::string tags[][2] = {
      {"Event", std::string(town) + " " + ek.name + " " + std::to_string(year)},
      {"Site", town},
      {"Date", date},
      {"Round", round},
      {"White", white_name},
      {"Black", black_name},
      {"Result", result},
      {"BlackElo", std::to_string(belo)},
      {"ECO", eco},
      {"PlyCount", std::to_string(ply)},
      {"TimeControl", tc},
      {"WhiteElo", std::to_string(welo)}};
  for (const auto& t : tags)
    out.append("[").append(t[0]).append(" \"").append(t[1]).append("\"]\n");
  out += '\n';
  std::size_t line = 0;
  for (const std::string& t : tokens) {
    if (line && line + 1 + t.size() > 80) {
      out += '\n';
      line = 0;
    } else if (line) {
      out += ' ';
      ++line;
    }
    out += t;
    line += t.size();
  }
  out += "\n\n";
}

int percent_flag(const char* arg, const char* name) {
  const std::size_t n = std::strlen(name);
  if (std::strncmp(arg, name, n) != 0) return -1;
  if (arg[n] == '\0') return 100;
  return arg[n] == '=' ? std::atoi(arg + n + 1) : -1;
}

}  // namespace

int main(int argc, char** argv) {
  long games = 10;
  std::uint64_t seed = 1;
  int comment_pct = 0, variation_pct = 0;
  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    int pct;
    if (std::strcmp(a, "--games") == 0 && i + 1 < argc) {
      games = std::atol(argv[++i]);
    } else if (std::strcmp(a, "--seed") == 0 && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if ((pct = percent_flag(a, "--comments")) >= 0) {
      comment_pct = pct;
    } else if ((pct = percent_flag(a, "--variations")) >= 0) {
      variation_pct = pct;
    } else {
      const bool help = std::strcmp(a, "--help") == 0;
      std::fputs(
          "usage: pgnkit_gen_games --games N --seed S [--comments[=PCT]] [--variations[=PCT]]\n",
          help ? stdout : stderr);
      return help ? 0 : 2;
    }
  }
  std::string out;
  for (long g = 0; g < games; ++g) {
    write_game(seed, static_cast<int>(g), comment_pct, variation_pct, out);
    if (out.size() > (1u << 20)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

// lib/tree/polyglot: the specification's test keys, the move encoding, the entry bytes, and
// make_book against hand-computed books and against `polyglot make-book` itself (Debian's
// polyglot 2.0.4 at /usr/games/polyglot; those tests skip where it is not installed).
#include "tree/polyglot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/uci.h"
#include "support/child.h"
#include "support/files.h"

namespace pgnkit::tree {
namespace {

constexpr const char* kPolyglotBinary = "/usr/games/polyglot";
constexpr std::uint64_t kPolyglotStartKey = 0x463b96181691fc9cULL;

// The position after `moves` (UCI, space-separated) from the start; a move that does not parse
// fails the test and stops there.
chess::Position book_position(const std::string& moves) {
  chess::Position p = chess::Position::start();
  std::size_t at = 0;
  while (at < moves.size()) {
    std::size_t end = moves.find(' ', at);
    if (end == std::string::npos) end = moves.size();
    const auto m = chess::parse_uci(p, std::string_view(moves).substr(at, end - at));
    EXPECT_TRUE(m) << moves.substr(at, end - at);
    if (!m) return p;
    p.play(*m);
    at = end + 1;
  }
  return p;
}

chess::Position book_fen(std::string_view fen) {
  chess::Position p = chess::Position::start();
  EXPECT_FALSE(chess::parse_fen(fen, p)) << fen;
  return p;
}

chess::Move book_san(const chess::Position& p, std::string_view san) {
  const chess::SanResult r = chess::parse_san(p, san);
  EXPECT_TRUE(r.ok()) << san;
  return r.move;
}

// Entries as text, so that a failed comparison shows them.
std::vector<std::string> show_entries(const std::vector<BookEntry>& entries) {
  std::vector<std::string> out;
  for (const BookEntry& e : entries) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%016llx %04x w%u l%u", static_cast<unsigned long long>(e.key),
                  e.move, e.weight, e.learn);
    out.emplace_back(buf);
  }
  return out;
}

TEST(PolyglotKey, SpecificationTestKeys) {
  struct Case {
    const char* moves;
    const char* fen;  // the specification's FEN of the same position
    std::uint64_t key;
  };
  const Case cases[] = {
      {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", kPolyglotStartKey},
      {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
       0x823c9b50fd114196ULL},
      {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
       0x0756b94461c50fb0ULL},
      {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
       0x662fafb965db29d4ULL},
      {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       0x22a48b5a8e47ff78ULL},
      {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
       0x652a607ca3f242c1ULL},
      {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
       0x00fdd303c946bdd9ULL},
      {"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
       0x3c8123ea7b067637ULL},
      {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
       "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560ULL},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(polyglot_key(book_position(c.moves)), c.key) << c.moves;
    EXPECT_EQ(polyglot_key(book_fen(c.fen)), c.key) << c.fen;
  }
}

// The en-passant file counts when a pawn of the side to move stands beside the pushed pawn,
// even where the capture is illegal (FIDE's key leaves it out), and only then.
TEST(PolyglotKey, EnPassantFileFollowsTheSpecificationNotFide) {
  const std::uint64_t f_file = polyglot_key(book_position("e2e4 d7d5 e4e5 f7f5")) ^
                               polyglot_key(book_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/"
                                                     "RNBQKBNR w KQkq - 0 3"));
  // e5 is pinned to the king on e1 by the rook on e8: exf6 is illegal.
  const chess::Position pinned = book_fen("4r1k1/8/8/4Pp2/8/8/8/4K3 w - f6 0 1");
  EXPECT_FALSE(pinned.ep_capture_legal());
  EXPECT_EQ(polyglot_key(pinned) ^ polyglot_key(book_fen("4r1k1/8/8/4Pp2/8/8/8/4K3 w - - 0 1")),
            f_file);
  // No white pawn beside f5: the written f6 changes nothing.
  EXPECT_EQ(polyglot_key(book_fen("4r1k1/8/8/5p2/8/8/8/4K3 w - f6 0 1")),
            polyglot_key(book_fen("4r1k1/8/8/5p2/8/8/8/4K3 w - - 0 1")));
}

TEST(PolyglotMove, NormalMovesAndPromotions) {
  const chess::Position start = chess::Position::start();
  EXPECT_EQ(polyglot_move(book_san(start, "e4")), 0x031c);   // e2 = 12 from, e4 = 28 to
  EXPECT_EQ(polyglot_move(book_san(start, "Nf3")), 0x0195);  // g1 = 6, f3 = 21
  const chess::Position promo = book_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  // a7 = 48 from; to a8 = 56 or b8 = 57; knight 1, bishop 2, rook 3, queen 4 in bits 12-14.
  EXPECT_EQ(polyglot_move(book_san(promo, "a8=N")), (1 << 12) | (48 << 6) | 56);
  EXPECT_EQ(polyglot_move(book_san(promo, "a8=B")), (2 << 12) | (48 << 6) | 56);
  EXPECT_EQ(polyglot_move(book_san(promo, "a8=R")), (3 << 12) | (48 << 6) | 56);
  EXPECT_EQ(polyglot_move(book_san(promo, "axb8=Q")), (4 << 12) | (48 << 6) | 57);
}

TEST(PolyglotMove, CastlingIsTheKingTakingItsRook) {
  const chess::Position white = book_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(polyglot_move(book_san(white, "O-O")), 0x0107);    // e1h1
  EXPECT_EQ(polyglot_move(book_san(white, "O-O-O")), 0x0100);  // e1a1
  const chess::Position black = book_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  EXPECT_EQ(polyglot_move(book_san(black, "O-O")), 0x0f3f);    // e8h8
  EXPECT_EQ(polyglot_move(book_san(black, "O-O-O")), 0x0f38);  // e8a8
}

TEST(PolyglotMove, EveryLegalMoveRoundTrips) {
  const char* fens[] = {
      chess::kStartFen.data(),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // kiwipete
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",  // promotions, with and without captures
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  // en passant
  };
  for (const char* fen : fens) {
    const chess::Position p = book_fen(fen);
    chess::MoveList list;
    chess::generate_legal(p, list);
    ASSERT_GT(list.size, 0) << fen;
    for (const chess::Move m : list) {
      const auto back = move_from_polyglot(p, polyglot_move(m));
      ASSERT_TRUE(back) << fen << " " << chess::to_uci(p, m);
      EXPECT_EQ(*back, m) << fen << " " << chess::to_uci(p, m);
    }
  }
  const chess::Position start = chess::Position::start();
  EXPECT_FALSE(move_from_polyglot(start, 0));                   // a1a1: "no move"
  EXPECT_FALSE(move_from_polyglot(start, (12 << 6) | 36));      // e2e5
  EXPECT_FALSE(move_from_polyglot(start, 0x031c | (4 << 12)));  // e2e4 "promoting"
}

// The key kept move by move equals the key computed afresh, along random games through
// captures, castling both ways, en passant (with a capturer beside or not) and promotions.
TEST(PolyglotKey, KeyAfterAMoveIsTheKeyOfThePosition) {
  const char* fens[] = {
      chess::kStartFen.data(),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  };
  std::uint64_t seed = 12345;
  int checked = 0;
  for (const char* fen : fens) {
    for (int game = 0; game < 20; ++game) {
      chess::Position p = book_fen(fen);
      std::uint64_t key = polyglot_key(p);
      for (int ply = 0; ply < 120; ++ply) {
        chess::MoveList list;
        chess::generate_legal(p, list);
        if (list.size == 0) break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const chess::Move m = list.moves[(seed >> 33) % static_cast<std::uint64_t>(list.size)];
        chess::Position after = p;
        after.play(m);
        key = polyglot_key_after(key, p, after);
        ASSERT_EQ(key, polyglot_key(after)) << fen << " ply " << ply << " " << chess::to_uci(p, m);
        p = after;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

TEST(PolyglotBytes, OneEntryIsSixteenBigEndianBytes) {
  const std::vector<BookEntry> entries = {{kPolyglotStartKey, 0x031c, 0x0203, 0x04050607}};
  const std::string bytes = book_bytes(entries);
  EXPECT_EQ(bytes,
            std::string("\x46\x3b\x96\x18\x16\x91\xfc\x9c\x03\x1c\x02\x03\x04\x05\x06\x07", 16));
  EXPECT_EQ(parse_book(bytes), entries);
  EXPECT_EQ(parse_book(""), std::vector<BookEntry>{});
  EXPECT_FALSE(parse_book(bytes + "x"));
  const std::vector<BookEntry> two = {{1, 2, 3, 4}, {0xffffffffffffffffULL, 0xffff, 0xffff, 0}};
  EXPECT_EQ(parse_book(book_bytes(two)), two);
}

TEST(MakeBook, MoverPointsFromTheResultTag) {
  EXPECT_EQ(mover_points2("1-0", chess::Color::White), 2u);
  EXPECT_EQ(mover_points2("1-0", chess::Color::Black), 0u);
  EXPECT_EQ(mover_points2("0-1", chess::Color::White), 0u);
  EXPECT_EQ(mover_points2("0-1", chess::Color::Black), 2u);
  for (const char* other : {"1/2-1/2", "*", "", "?"}) {
    EXPECT_EQ(mover_points2(other, chess::Color::White), 1u) << other;
    EXPECT_EQ(mover_points2(other, chess::Color::Black), 1u) << other;
  }
}

TEST(MakeBook, FiltersAndWeights) {
  constexpr auto W = chess::Color::White;
  constexpr auto B = chess::Color::Black;
  const std::vector<BookMove> moves = {
      {10, 0x100, W, 4, 4},  // 50%
      {10, 0x101, W, 2, 3},  // 75%, two games
      {5, 0x200, B, 3, 6},   // 100%
      {5, 0x201, B, 9, 0},   // lost every game
      {10, 0x102, W, 5, 4},  // equal weight to 0x100, later: after it
      {7, 0x300, W, 3, 1},   // 16.7%
  };
  BookOptions o;  // -min-game 3
  EXPECT_EQ(
      show_entries(make_book(moves, o)),
      show_entries({{5, 0x200, 6, 0}, {7, 0x300, 1, 0}, {10, 0x100, 4, 0}, {10, 0x102, 4, 0}}));
  o.min_games = 1;
  EXPECT_EQ(show_entries(make_book(moves, o)), show_entries({{5, 0x200, 6, 0},
                                                             {7, 0x300, 1, 0},
                                                             {10, 0x100, 4, 0},
                                                             {10, 0x102, 4, 0},
                                                             {10, 0x101, 3, 0}}));
  o.min_score = 50;  // kept at exactly 50%: make-book drops only below
  EXPECT_EQ(show_entries(make_book(moves, o)),
            show_entries({{5, 0x200, 6, 0}, {10, 0x100, 4, 0}, {10, 0x101, 3, 0}}));
  o.min_score = 50.5;
  EXPECT_EQ(show_entries(make_book(moves, o)), show_entries({{5, 0x200, 6, 0}, {10, 0x101, 3, 0}}));
  o.min_score = 0;
  o.only_white = true;
  EXPECT_EQ(
      show_entries(make_book(moves, o)),
      show_entries({{7, 0x300, 1, 0}, {10, 0x100, 4, 0}, {10, 0x102, 4, 0}, {10, 0x101, 3, 0}}));
  o.only_white = false;
  o.only_black = true;
  EXPECT_EQ(show_entries(make_book(moves, o)), show_entries({{5, 0x200, 6, 0}}));
  o.only_black = false;
  o.uniform = true;  // every weight 1, input order within a key; the lost move still goes
  EXPECT_EQ(show_entries(make_book(moves, o)), show_entries({{5, 0x200, 1, 0},
                                                             {7, 0x300, 1, 0},
                                                             {10, 0x100, 1, 0},
                                                             {10, 0x101, 1, 0},
                                                             {10, 0x102, 1, 0}}));
}

TEST(MakeBook, CountsHalveAtTheLimit) {
  BookCounter counter;
  counter.add(3, 0x10, chess::Color::White, 2);
  counter.add(3, 0x10, chess::Color::White, 2);
  counter.add(3, 0x10, chess::Color::White, 2);  // 3 games, 6 points
  for (std::uint64_t i = 0; i + 1 < kBookCountLimit; ++i)
    counter.add(3, 0x20, chess::Color::White, 1);  // 16383 games and points
  counter.add(4, 0x30, chess::Color::Black, 0);    // another key: untouched
  ASSERT_EQ(counter.moves().size(), 3u);
  EXPECT_EQ(counter.moves()[1].games, kBookCountLimit - 1);
  counter.add(3, 0x20, chess::Color::White, 2);  // 16384 games, 16385 points: halve key 3
  const auto m = counter.moves();
  EXPECT_EQ(m[0].games, 2u);  // (3 + 1) / 2
  EXPECT_EQ(m[0].points2, 3u);
  EXPECT_EQ(m[1].games, 8192u);
  EXPECT_EQ(m[1].points2, 8193u);
  EXPECT_EQ(m[2].games, 1u);
  // Totals counted elsewhere are halved per position until below the limit.
  const std::vector<BookMove> totals = {{3, 0x10, chess::Color::White, 40000, 50000},
                                        {3, 0x20, chess::Color::White, 9, 18}};
  BookOptions o;
  o.min_games = 1;
  EXPECT_EQ(show_entries(make_book(totals, o)),
            show_entries({{3, 0x10, 12500, 0}, {3, 0x20, 5, 0}}));
}

TEST(PolyglotTool, ReadsAndDumpsABookWrittenHere) {
  if (!std::filesystem::exists(kPolyglotBinary))
    GTEST_SKIP() << kPolyglotBinary << " is not installed";
  const testing::TempDir dir;
  const chess::Position start = chess::Position::start();
  const chess::Position e4 = book_position("e2e4");
  const std::vector<BookEntry> entries = {
      {polyglot_key(start), polyglot_move(book_san(start, "e4")), 3, 0},
      {polyglot_key(start), polyglot_move(book_san(start, "d4")), 1, 0},
      {polyglot_key(e4), polyglot_move(book_san(e4, "e5")), 2, 0}};
  const std::string bin = dir.file("book.bin", book_bytes(entries));
  const testing::ChildRun info = testing::run(dir, {kPolyglotBinary, "info-book", "-bin", bin});
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("Lines for white                :        2\n"
                          "Lines for black                :        1\n"
                          "Positions on lines for white   :        1\n"
                          "Positions on lines for black   :        1\n"
                          "Isolated positions             :        0\n"),
            std::string::npos)
      << info.out;
  const std::string out = (dir / "white.txt").string();
  const testing::ChildRun dump = testing::run(
      dir, {kPolyglotBinary, "dump-book", "-bin", bin, "-color", "white", "-out", out});
  EXPECT_EQ(dump.status, 0) << dump.err;
  EXPECT_EQ(testing::read_file(out), "Dump of \"" + bin +
                                         "\" for white.\n"
                                         "1: 1. e4{75%} \n"
                                         "2: 1. d4{25%} \n");
}

// Games for make-book: castling both ways for both colours, an en-passant capture (and a key
// with an en-passant file before it), a promotion, a repetition inside one game, every Result.
struct BookGame {
  const char* result;  // the Result tag; nullptr: none
  const char* movetext;
  std::vector<std::string> sans;  // the main line, as the test replays it
};

const std::vector<BookGame>& book_games() {
  static const std::vector<BookGame> g = {
      {"1-0",
       "1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. O-O Bg4 5. d3 Qd7 6. Nc3 O-O-O 1-0",
       {"e4", "e5", "Nf3", "Nc6", "Bc4", "d6", "O-O", "Bg4", "d3", "Qd7", "Nc3", "O-O-O"}},
      {"0-1",
       "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 $1 {a comment} 0-1",
       {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3"}},
      {"1/2-1/2",
       "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2",
       {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "e4"}},
      {"*",
       "1. e4 Nf6 2. e5 d5 3. exd6 e6 4. dxc7 Qe7 5. cxb8=Q Rxb8 *",
       {"e4", "Nf6", "e5", "d5", "exd6", "e6", "dxc7", "Qe7", "cxb8=Q", "Rxb8"}},
      {nullptr,
       "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 *",
       {"d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "h6"}},
      {"1-0",
       "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 1-0",
       {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"}},
      {"0-1",
       "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 0-1",
       {"d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7"}},
      {"1-0",
       "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 1-0",
       {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"}},
  };
  return g;
}

std::string book_pgn(const std::vector<BookGame>& gs) {
  std::string pgn;
  for (const BookGame& g : gs) {
    pgn += "[Event \"test\"]\n";
    if (g.result) pgn += std::string("[Result \"") + g.result + "\"]\n";
    pgn += "\n" + std::string(g.movetext) + "\n\n";
  }
  return pgn;
}

// The games' first `max_ply` plies counted as make-book counts them, by pgnkit's rules core.
BookCounter count_games(const std::vector<BookGame>& gs, std::size_t max_ply) {
  BookCounter counter;
  for (const BookGame& g : gs) {
    chess::Position p = chess::Position::start();
    for (std::size_t i = 0; i < g.sans.size() && i < max_ply; ++i) {
      const chess::Move m = book_san(p, g.sans[i]);
      counter.add(polyglot_key(p), polyglot_move(m), p.side_to_move(),
                  mover_points2(g.result ? g.result : "*", p.side_to_move()));
      p.play(m);
    }
  }
  return counter;
}

// The book `polyglot make-book` writes from `pgn` with `args` (its fatal errors exit 0, so
// the book's absence is the failure).
std::optional<std::vector<BookEntry>> run_make_book(const testing::TempDir& dir,
                                                    const std::string& pgn,
                                                    const std::vector<std::string>& args) {
  const std::string in = dir.file("games.pgn", pgn), bin = (dir / "book.bin").string();
  std::filesystem::remove(bin);
  std::vector<std::string> argv = {kPolyglotBinary, "make-book", "-pgn", in, "-bin", bin};
  argv.insert(argv.end(), args.begin(), args.end());
  const testing::ChildRun run = testing::run(dir, argv);
  EXPECT_TRUE(std::filesystem::exists(bin)) << run.out << run.err;
  return parse_book(testing::read_file(bin));
}

TEST(PolyglotTool, MakeBookAgreesWithMakeBook) {
  if (!std::filesystem::exists(kPolyglotBinary))
    GTEST_SKIP() << kPolyglotBinary << " is not installed";
  const testing::TempDir dir;
  const std::string pgn = book_pgn(book_games());
  struct Run {
    std::vector<std::string> args;
    std::size_t max_ply;
    BookOptions options;
  };
  auto options = [](std::uint64_t min_games, double min_score, bool white, bool black,
                    bool uniform) {
    return BookOptions{min_games, min_score, white, black, uniform};
  };
  const Run runs[] = {
      {{"-max-ply", "8", "-min-game", "1"}, 8, options(1, 0, false, false, false)},
      {{"-max-ply", "1000", "-min-game", "1"}, 1000, options(1, 0, false, false, false)},
      {{"-max-ply", "3", "-min-game", "1"}, 3, options(1, 0, false, false, false)},
      {{"-max-ply", "0", "-min-game", "1"}, 0, options(1, 0, false, false, false)},
      {{}, 1024, options(3, 0, false, false, false)},  // the defaults
      {{"-min-game", "2"}, 1024, options(2, 0, false, false, false)},
      {{"-min-game", "1", "-min-score", "50"}, 1024, options(1, 50, false, false, false)},
      {{"-min-game", "1", "-min-score", "62.5"}, 1024, options(1, 62.5, false, false, false)},
      {{"-min-game", "1", "-only-white"}, 1024, options(1, 0, true, false, false)},
      {{"-min-game", "1", "-only-black"}, 1024, options(1, 0, false, true, false)},
      {{"-min-game", "1", "-uniform"}, 1024, options(1, 0, false, false, true)},
  };
  for (const Run& r : runs) {
    const auto theirs = run_make_book(dir, pgn, r.args);
    ASSERT_TRUE(theirs);
    const BookCounter counter = count_games(book_games(), r.max_ply);
    const auto ours = make_book(counter.moves(), r.options);
    std::string args;
    for (const std::string& a : r.args) args += a + " ";
    EXPECT_EQ(show_entries(ours), show_entries(*theirs)) << args;
    if (r.max_ply == 1000) {  // the book holds the moves whose encoding matters
      auto has = [&](std::uint16_t move) {
        return std::any_of(ours.begin(), ours.end(),
                           [&](const BookEntry& e) { return e.move == move; });
      };
      EXPECT_TRUE(has(0x0107));                      // e1h1: O-O
      EXPECT_TRUE(has(0x0f3f));                      // e8h8: ...O-O
      EXPECT_TRUE(has((36 << 6) | 43));              // e5d6: exd6 en passant
      EXPECT_TRUE(has((4 << 12) | (50 << 6) | 57));  // c7b8q: cxb8=Q
    }
  }
}

// Past 16383 plays of one move make-book halves the position's counts as it reads.
TEST(PolyglotTool, MakeBookHalvesAsBookCounterDoes) {
  if (!std::filesystem::exists(kPolyglotBinary))
    GTEST_SKIP() << kPolyglotBinary << " is not installed";
  const testing::TempDir dir;
  std::vector<BookGame> gs;
  gs.reserve(3 + 16383 + 10);
  for (int i = 0; i < 3; ++i) gs.push_back({"1-0", "1. d4 1-0", {"d4"}});
  const char* results[] = {"1-0", "1/2-1/2", "0-1"};
  for (int i = 0; i < 16383; ++i) gs.push_back({results[i % 3], "1. e4 e5 *", {"e4", "e5"}});
  for (int i = 0; i < 5; ++i) {
    gs.push_back({"1-0", "1. e4 *", {"e4"}});
    gs.push_back({"0-1", "1. d4 *", {"d4"}});
  }
  const auto theirs = run_make_book(dir, book_pgn(gs), {"-min-game", "1"});
  ASSERT_TRUE(theirs);
  const BookCounter counter = count_games(gs, 1024);
  BookOptions o;
  o.min_games = 1;
  EXPECT_EQ(show_entries(make_book(counter.moves(), o)), show_entries(*theirs));
  // e4: 16383 games, 16383 points, then a win: halved to 8192 games, 8193 points; 4 more wins.
  EXPECT_EQ(counter.moves()[1].games, 8196u);
  EXPECT_EQ(counter.moves()[1].points2, 8201u);
}

}  // namespace
}  // namespace pgnkit::tree

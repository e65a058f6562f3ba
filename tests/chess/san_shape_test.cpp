// is_move_shaped(): the replayer's test that tells a word in the movetext from a move.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "chess/fen.h"
#include "chess/san.h"
#include "chess/san_shape.h"

namespace pgnkit::chess {
namespace {

// clang-format off
constexpr std::string_view kMoveShaped[] = {
    "e4", "Nf3", "Nxf3", "exd5", "Qxf7#", "Nf3+", "e8=Q", "e8Q", "e8q", "e8(Q)", "bxa8=N+",
    "O-O", "O-O-O", "0-0", "0-0-0", "o-o", "o-o-o", "O-O+", "0-0-0#",
    "0\xE2\x80\x93" "0", "O\xE2\x80\x94O-O", "0\xE2\x88\x92" "0",  // en dash, em dash, minus
    "g1f3", "g1-f3", "Ng1-f3", "Ng1f3", "Bc1xb2", "e7e8q", "e2-e4", "e7-e8=Q", "e5:d6", "N:d4",
    "e2\xE2\x80\x93" "e4", "N1f3", "Nge2", "R1a3", "Qh4xe1", "Pe4", "nf3", "qd1", "rxa8", "kxe2",
    "Z0", "--", "0000", "@@@@", "Z0+", "--e.p.", "Z0ep+", "P@e4", "N@f3", "@e4",
    "e.p.", "e.p", "ep", "exd6e.p.", "exd6ep",
    "Sf3", "Lb5", "Dd1", "Tc1",               // other languages' piece letters
    "Ke9", "i4", "e9", "n4",                  // off the board
    "gxf41-0", "Qh4mate", "e4foo", "h6!?"};   // a move, then anything
constexpr std::string_view kWords[] = {
    "mat", "mate", "resigns", "Resigns", "draw", "Draw", "Kasparov", "Karpov", "Tal", "foo",
    "abc", "wins", "White", "Black", "ch", "N", "Nf", "Bc", "x", "-", "O", "O-", "0-", "Z",
    "zz", "dxe", "E4", "R1", "B4", "mp3", "Round2", "nach", "queen", "rook", "knight", "e",
    "o-", "-x", "", "e.", "epic", "--nestedcomment", "Z0a", "0000x", "@@@@e",
    "abc\xE2\x80\x93", "O\xE2\x80\x93", "0\xE2\x80\x99" "0"};  // U+2019 is no dash
// clang-format on

TEST(SanShape, EveryFormTheReaderReadsIsMoveShaped) {
  for (const std::string_view s : kMoveShaped) EXPECT_TRUE(is_move_shaped(s)) << s;
}

TEST(SanShape, WordsAreNot) {
  for (const std::string_view s : kWords) EXPECT_FALSE(is_move_shaped(s)) << s;
}

// The property the replayer relies on: whatever parse_san reads as a move, or as a move it
// cannot play (any error but Syntax), is move-shaped; so only text parse_san cannot read at
// all is ever taken for a word. Checked over random tokens made of SAN's characters and of
// its longer pieces (castling, null moves, marks).
TEST(SanShape, EveryTokenParseSanReadsIsMoveShaped) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/pPp1pppp/8/3pP3/8/8/P1PPPPPP/R3K2R w KQkq d6 0 1",
      "r3k2r/pppppppp/8/8/8/8/PpPPPPPP/R3K2R b KQkq - 0 1",
  };
  constexpr std::string_view kUnits[] = {
      "a", "b", "c",  "d",  "e",    "f",    "g",   "h",   "1",    "2",  "4",   "5", "7",
      "8", "0", "9",  "K",  "Q",    "R",    "B",   "N",   "P",    "O",  "Z",   "n", "r",
      "q", "k", "x",  ":",  "-",    "=",    "+",   "#",   "@",    "(",  ")",   ".", "p",
      "!", "?", "--", "Z0", "0000", "@@@@", "O-O", "0-0", "e.p.", "ep", "e.p", "++"};
  std::mt19937 rng(26);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(kUnits) - 1), length(1, 6);
  int read = 0;
  for (const char* fen : fens) {
    Position pos;
    ASSERT_FALSE(parse_fen(fen, pos));
    SanOptions opt;
    opt.allow_null = true;
    for (int n = 0; n < 200000; ++n) {
      std::string token;
      for (std::size_t i = length(rng); i > 0; --i) token += kUnits[pick(rng)];
      const SanResult r = parse_san(pos, token, opt);
      if (r.ok() || r.error != SanError::Syntax) {
        ++read;
        EXPECT_TRUE(is_move_shaped(token)) << token << " in " << fen;
      }
    }
  }
  EXPECT_GT(read, 10000);
}

}  // namespace
}  // namespace pgnkit::chess

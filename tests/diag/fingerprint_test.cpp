// Fingerprints and the baseline file, in-process.
#include <gtest/gtest.h>

#include "diag/baseline.h"
#include "diag/fingerprint.h"

namespace pgnkit::diag {
namespace {

replay::Problem move_problem(std::uint64_t game, std::uint32_t ply, std::string san) {
  replay::Problem p;
  p.code = replay::ProblemCode::IllegalMove;
  p.san_error = chess::SanError::PinnedPiece;
  p.game = game;
  p.ply = ply;
  p.san = std::move(san);
  p.where.offset = 1000 * game;
  p.where.line = static_cast<std::uint32_t>(10 * game);
  p.fen = "r1bq1rk1/pppp1ppp/2n2n2/1B2p3/1b2P3/3P1N2/PPPN1PPP/R1BQK2R w KQ - 3 6";
  return p;
}

std::uint64_t key_of(std::string_view white, std::string_view extra_tag = "") {
  GameKey key;
  key.add_tag("Event", "Club");
  key.add_tag("White", white);
  key.add_tag("Black", "B");
  if (!extra_tag.empty()) key.add_tag(extra_tag, "anything");
  return key.value();
}

TEST(Fingerprint, IgnoresGameNumberOffsetLineAndOtherTags) {
  FingerprintCounter a, b;
  const auto fa = a.next(key_of("A"), move_problem(1, 11, "Nf1"));
  const auto fb = b.next(key_of("A", "Annotator"), move_problem(7, 11, "Nf1"));
  EXPECT_EQ(fa, fb);
}

TEST(Fingerprint, DependsOnGameCodePlyAndMove) {
  FingerprintCounter c;
  const auto base = c.next(key_of("A"), move_problem(1, 11, "Nf1"));
  c.reset();
  EXPECT_NE(base, c.next(key_of("Other"), move_problem(1, 11, "Nf1")));
  c.reset();
  EXPECT_NE(base, c.next(key_of("A"), move_problem(1, 12, "Nf1")));
  c.reset();
  EXPECT_NE(base, c.next(key_of("A"), move_problem(1, 11, "Ng1")));
  c.reset();
  auto other_code = move_problem(1, 11, "Nf1");
  other_code.san_error = chess::SanError::WrongSide;
  EXPECT_NE(base, c.next(key_of("A"), other_code));
}

TEST(Fingerprint, RepeatedProblemsInOneGameDiffer) {
  FingerprintCounter c;
  const auto first = c.next(key_of("A"), move_problem(1, 3, "x"));
  const auto second = c.next(key_of("A"), move_problem(1, 3, "x"));
  EXPECT_NE(first, second);
  c.reset();
  EXPECT_EQ(first, c.next(key_of("A"), move_problem(1, 3, "x")));
}

TEST(Fingerprint, HexRoundTrip) {
  std::uint64_t v = 0;
  EXPECT_EQ(fingerprint_hex(0x0123456789abcdefULL), "0123456789abcdef");
  ASSERT_TRUE(parse_fingerprint_hex("0123456789ABCDEF", v));
  EXPECT_EQ(v, 0x0123456789abcdefULL);
  EXPECT_FALSE(parse_fingerprint_hex("0123456789abcde", v));
  EXPECT_FALSE(parse_fingerprint_hex("0123456789abcdeg", v));
}

TEST(Baseline, WriteIsSortedUniqueAndParsesBack) {
  const std::vector<BaselineEntry> entries{
      {0xffff000000000001ULL, "pinned_piece", "b.pgn", "Nf1", 11},
      {0x0000000000000002ULL, "missing_tag", "a\tb.pgn", "", 0},
      {0xffff000000000001ULL, "pinned_piece", "b.pgn", "Nf1", 11},
  };
  const std::string text = write_baseline(entries);
  EXPECT_EQ(text,
            "# pgnkit baseline v1: fingerprint<TAB>code<TAB>file<TAB>ply<TAB>move; only the "
            "fingerprint is matched\n"
            "0000000000000002\tmissing_tag\ta b.pgn\t0\t\n"
            "ffff000000000001\tpinned_piece\tb.pgn\t11\tNf1\n");
  std::string why;
  const auto b = Baseline::parse(text, why);
  ASSERT_TRUE(b) << why;
  EXPECT_EQ(b->size(), 2u);
  EXPECT_TRUE(b->contains(2));
  EXPECT_TRUE(b->contains(0xffff000000000001ULL));
  EXPECT_FALSE(b->contains(3));
}

TEST(Baseline, BadLineNamesItsNumber) {
  std::string why;
  EXPECT_FALSE(Baseline::parse("# header\r\n0000000000000002\tx\nzz\tpinned_piece\n", why));
  EXPECT_EQ(why, "line 3: expected 16 hex digits (a fingerprint) before the first tab");
  EXPECT_TRUE(Baseline::parse("", why));
}

}  // namespace
}  // namespace pgnkit::diag

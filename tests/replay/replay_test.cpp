// Replaying lines: illegal moves, variations, set-up positions, variants, SAN warnings.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "replay/problem.h"
#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::game;
using testing::replay_text;

TEST(Replay, IllegalMoveIsOneErrorNotACascade) {
  const auto run = replay_text(
      game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. Ke2 Be6 7. d4", "*"));
  ASSERT_EQ(run.errors(), 1u);
  const Problem& p = run.problems.front();
  EXPECT_EQ(p.code_name(), "no_piece_can_move");
  EXPECT_EQ(p.ply, 11u);
  EXPECT_EQ(p.san, "Ke2");
  EXPECT_FALSE(p.in_variation);
  EXPECT_EQ(p.fen, "r1bqkbnr/1pp3pp/p1p2p2/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 6");
  EXPECT_EQ(p.where.line, 9u);
  EXPECT_EQ(p.where.column, 57u);
  EXPECT_EQ(run.games[0].status, GameStatus::Illegal);
}

TEST(Replay, PinnedPieceReason) {
  const auto run = replay_text(
      game("1. e4 e5 2. d4 Bb4+ 3. c3 Bxc3+ 4. Nxc3 Qg5 5. Nd5 Qxg2 6. Ne2 Qxh1 7. Nc3", "*"));
  // 7.Nc3: the knight on e2 cannot go to c3 (d5 knight pinned? no) -- both knights can: ambiguous.
  const auto amb = run.with_code("ambiguous_move");
  ASSERT_EQ(amb.size(), 1u);
  EXPECT_EQ(amb[0].message, "ambiguous move: several pieces can make it (Nec3, Ndc3)");
}

TEST(Replay, VariationReplaysFromThePositionBeforeTheMoveItReplaces) {
  const auto run = replay_text(
      game("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) 2... d6) 2. Nf3 (2. Bc4 Nf6 (2... Bc5)) 2... Nc6",
           "*"));
  EXPECT_TRUE(run.problems.empty()) << run.problems.front().message;
  EXPECT_EQ(run.games[0].plies, 4u);
}

TEST(Replay, IllegalMoveInAVariation) {
  const auto run = replay_text(game("1. e4 e5 (1... Ke7 2. Nf3 (2. Ke2) 2... d5) 2. Nf3 *", "*"));
  // 1...Ke7 is legal?? No: e7 holds a pawn. The error is in the variation, at ply 2.
  ASSERT_EQ(run.errors(), 1u);
  const Problem& p = run.problems.front();
  EXPECT_EQ(p.ply, 2u);
  EXPECT_TRUE(p.in_variation);
  EXPECT_EQ(run.games[0].status, GameStatus::Ongoing);
}

TEST(Replay, VariationAfterAnIllegalMoveReplacesIt) {
  const auto run = replay_text(game("1. e4 e5 2. Ke3 (2. Nf3 Nc6) *", "*"));
  ASSERT_EQ(run.errors(), 1u);
  EXPECT_EQ(run.problems.front().code_name(), "no_piece_can_move");
}

TEST(Replay, NoVariationsOption) {
  ReplayOptions opt;
  opt.variations = false;
  const auto run = replay_text(game("1. e4 e5 (1... Ke7) 2. Nf3", "*"), opt);
  EXPECT_EQ(run.errors(), 0u);
}

TEST(Replay, UnsupportedVariantIsReportedOnceAndNotReplayed) {
  const auto run = replay_text(
      game("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@e6", "*", "[Variant \"Crazyhouse\"]\n"));
  ASSERT_EQ(run.problems.size(), 1u);
  EXPECT_EQ(run.problems[0].code_name(), "unsupported_variant");
  EXPECT_EQ(run.problems[0].severity, Severity::Warning);
  EXPECT_EQ(run.games[0].status, GameStatus::UnsupportedVariant);
}

TEST(Replay, Chess960GameWithFen) {
  const std::string tags =
      "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN "
      "\"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1\"]\n";
  const auto run = replay_text(game("1. Rf2 Re8 2. O-O O-O", "*", tags));
  EXPECT_EQ(run.errors(), 0u) << (run.problems.empty() ? "" : run.problems.front().message);
  EXPECT_EQ(run.games[0].plies, 4u);
}

TEST(Replay, Chess960FenWithoutVariantTagIsDetected) {
  const std::string tags =
      "[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 "
      "1\"]\n";
  const auto run = replay_text(game("1. Rf2 Re8 2. O-O O-O", "*", tags));
  EXPECT_EQ(run.errors(), 0u);
  EXPECT_EQ(run.with_code("chess960_without_variant").size(), 1u);
}

TEST(Replay, FenProblems) {
  auto run =
      replay_text(game("1. e4", "*", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n"));
  ASSERT_EQ(run.with_code("invalid_fen").size(), 1u);
  EXPECT_EQ(run.with_code("invalid_fen")[0].message,
            "invalid [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"] (field 1): each side must have exactly "
            "one king");
  EXPECT_EQ(run.games[0].status, GameStatus::Illegal);
  run = replay_text(game("1. Kd2", "*", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"));
  ASSERT_EQ(run.with_code("fen_without_setup").size(), 1u);
  EXPECT_EQ(run.with_code("fen_without_setup")[0].severity, Severity::Warning);
  EXPECT_EQ(run.errors(), 0u);  // Kd2 replays from the FEN
  EXPECT_EQ(run.games[0].final_fen, "4k3/8/8/8/8/8/3KP3/8 b - - 1 1");
  run = replay_text(game("1. e4", "*", "[SetUp \"1\"]\n"));
  EXPECT_EQ(run.with_code("setup_without_fen").size(), 1u);
}

TEST(Replay, NonCanonicalSanWarningsNameTheCanonicalForm) {
  const auto run =
      replay_text(game("1. e2-e4 e5 2. Ngf3 Nc6 3. Bb5 Nf6 4. 0-0 Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. "
                       "Bf1 Nxe5 8. Rxe5 O-O 9. d4 Bf6 10. Re1 Re8 11. c3 Rxe1 12. Qe1",
                       "*"));
  ASSERT_EQ(run.errors(), 0u);
  const auto longalg = run.with_code("long_algebraic");
  ASSERT_EQ(longalg.size(), 1u);
  EXPECT_EQ(longalg[0].message, "long algebraic notation; canonical SAN: e4");
  EXPECT_EQ(run.with_code("over_disambiguated").size(), 1u);
  EXPECT_EQ(run.with_code("castling_zeros").size(), 1u);
  const auto missing_x = run.with_code("missing_capture");
  ASSERT_EQ(missing_x.size(), 1u);
  EXPECT_EQ(missing_x[0].san, "Qe1");
  EXPECT_EQ(missing_x[0].message, "capture without 'x'; canonical SAN: Qxe1");
}

TEST(Replay, CheckSuffixWarnings) {
  const auto run = replay_text(game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+", "1-0"));
  const auto p = run.with_code("missing_mate");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].message, "checkmate not marked with '#'; canonical SAN: Qxf7#");
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
}

TEST(Replay, TagWarnings) {
  const std::string text =
      "[Event \"T\"]\n[Event \"U\"]\n[Date \"2024-01-01\"]\n[Round \"first\"]\n[White "
      "\"A\"]\n[Black \"B\"]\n"
      "[Result \"1:0\"]\n\n1. e4 *\n\n";
  const auto run = replay_text(text);
  EXPECT_EQ(run.with_code("duplicate_tag").size(), 1u);
  EXPECT_EQ(run.with_code("bad_tag_value").size(), 3u);  // Date, Round, Result
  const auto missing = run.with_code("missing_tag");
  ASSERT_EQ(missing.size(), 1u);
  EXPECT_EQ(missing[0].message, "missing Seven Tag Roster tag [Site]");
}

TEST(Replay, NullMovesOnlyWhenAllowed) {
  auto run = replay_text(game("1. e4 -- 2. d4", "*"));
  ASSERT_EQ(run.with_code("null_move").size(), 1u);
  ReplayOptions opt;
  opt.allow_null = true;
  run = replay_text(game("1. e4 -- 2. d4", "*"), opt);
  EXPECT_TRUE(run.problems.empty());
  EXPECT_EQ(run.games[0].plies, 3u);
}

TEST(Replay, GameAfterABrokenOneIsNotLost) {
  const std::string broken = "[Event \"A\"]\n\n1. e4 { never closed\n\n";
  const auto run = replay_text(broken + game("1. d4 d5", "*"));
  ASSERT_EQ(run.games.size(), 2u);
  EXPECT_EQ(run.games[1].plies, 2u);
  EXPECT_EQ(run.with_code("unterminated_comment").size(), 1u);
}

// Every code and severity name is snake_case: the NDJSON writer copies them without escapes.
TEST(Replay, ProblemCodeNamesNeedNoEscape) {
  for (unsigned v = 0; v < 256; ++v) {
    const auto u = static_cast<std::uint8_t>(v);
    for (const std::string_view name :
         {problem_code_name(static_cast<ProblemCode>(u)), severity_name(static_cast<Severity>(u)),
          san_error_name(static_cast<chess::SanError>(u)),
          san_note_name(static_cast<chess::SanNote>(u)),
          pgn::syntax_code_name(static_cast<pgn::SyntaxCode>(u))}) {
      EXPECT_TRUE(!name.empty() && std::all_of(name.begin(), name.end(),
                                               [](char c) {
                                                 return (c >= 'a' && c <= 'z') ||
                                                        (c >= '0' && c <= '9') || c == '_';
                                               }))
          << v << ": " << name;
    }
  }
}

}  // namespace
}  // namespace pgnkit::replay

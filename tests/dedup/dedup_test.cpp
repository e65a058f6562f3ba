// lib/dedup: the key (what makes two games the same) and the bounded table; and `pgnkit
// dedup`'s output checked against its input byte for byte.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "chess/fen.h"
#include "dedup/decider.h"
#include "dedup/game_key.h"
#include "dedup/seen_set.h"
#include "support/files.h"

namespace pgnkit {
namespace {

using dedup::GameKey;
using dedup::LineHasher;

chess::Move mv(int from_file, int from_rank, int to_file, int to_rank) {
  return chess::Move(chess::make_square(from_file, from_rank),
                     chess::make_square(to_file, to_rank));
}

GameKey line_key(std::uint64_t start, std::initializer_list<chess::Move> moves) {
  LineHasher h;
  h.start_tags();
  h.start(start);
  for (const chess::Move m : moves) h.move(m);
  return h.key();
}

TEST(DedupKey, MovesInOrderAndTheStartMakeTheKey) {
  const std::uint64_t start = chess::Position::start().key();
  const chess::Move e4 = mv(4, 1, 4, 3), e5 = mv(4, 6, 4, 4), nf3 = mv(6, 0, 5, 2),
                    nc6 = mv(1, 7, 2, 5);
  EXPECT_EQ(line_key(start, {e4, e5, nf3, nc6}), line_key(start, {e4, e5, nf3, nc6}));
  // A transposition reaches the same position by other moves: another game.
  EXPECT_NE(line_key(start, {e4, e5, nf3, nc6}), line_key(start, {nf3, nc6, e4, e5}));
  EXPECT_NE(line_key(start, {e4, e5}), line_key(start ^ 1, {e4, e5}));
  EXPECT_NE(line_key(start, {e4}), line_key(start, {e4, e5}));
  EXPECT_NE(line_key(start, {}), GameKey{});  // never the empty slot
  // The running key after k plies is the key of the k-ply game: what --prefix relies on.
  LineHasher h;
  h.start_tags();
  h.start(start);
  h.move(e4);
  h.move(e5);
  EXPECT_EQ(h.key(), line_key(start, {e4, e5}));
}

TEST(DedupKey, TagsCountOnlyWhenAsked) {
  auto with_tag = [](std::uint32_t index, bool present, std::string_view value) {
    LineHasher h;
    h.start_tags();
    h.tag(index, present, value);
    h.start(1);
    return h.key();
  };
  EXPECT_EQ(with_tag(0, true, "Carlsen"), with_tag(0, true, "Carlsen"));
  EXPECT_NE(with_tag(0, true, "Carlsen"), with_tag(0, true, "Caruana"));
  EXPECT_NE(with_tag(0, true, ""), with_tag(0, false, ""));  // absent is not empty
  EXPECT_NE(with_tag(0, true, "x"), with_tag(1, true, "x"));
}

TEST(DedupKey, TheStartKeyIsTheRepetitionKey) {
  chess::Position with_ep, without_ep;
  // After 1.e4 e5 the en-passant square e6 allows no capture: the same position.
  ASSERT_FALSE(chess::parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
                                with_ep, false));
  ASSERT_FALSE(chess::parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                                without_ep, false));
  EXPECT_EQ(with_ep.key(), without_ep.key());
}

TEST(DedupSeenSet, FindsWhatItHoldsAndGrows) {
  dedup::SeenSet set;
  const std::uint64_t start = chess::Position::start().key();
  for (std::uint32_t i = 0; i < 5000; ++i) {
    const auto r = set.insert(line_key(start ^ i, {}), {i * 100ull, i + 1, 3, i});
    ASSERT_EQ(r.outcome, dedup::SeenSet::Outcome::Inserted);
  }
  EXPECT_EQ(set.size(), 5000u);
  EXPECT_EQ(set.bytes(), 8192u * dedup::SeenSet::kSlotBytes);  // 3/4 full at most
  const auto again = set.insert(line_key(start ^ 1234, {}), {0, 0, 0, 0});
  EXPECT_EQ(again.outcome, dedup::SeenSet::Outcome::Found);
  EXPECT_EQ(again.stored, (dedup::Origin{123400, 1235, 3, 1234}));
  EXPECT_FALSE(set.find(line_key(start ^ 99999, {})));
  set.replace(line_key(start ^ 7, {}), {1, 2, 4, 5});
  EXPECT_EQ(*set.find(line_key(start ^ 7, {})), (dedup::Origin{1, 2, 4, 5}));
}

TEST(DedupSeenSet, RefusesToGrowPastItsLimitAndKeepsWhatItHas) {
  // The first table is 1024 slots (32 KiB); doubling to 2048 needs 96 KiB while both live.
  dedup::SeenSet set(64 * 1024);
  std::uint32_t i = 0;
  for (; i < 10000; ++i)
    if (set.insert(line_key(i, {}), {i, i, 0, 0}).outcome == dedup::SeenSet::Outcome::OutOfMemory)
      break;
  EXPECT_EQ(i, 768u);  // 3/4 of 1024
  EXPECT_EQ(set.refused_bytes(), 3u * 1024 * dedup::SeenSet::kSlotBytes);
  EXPECT_EQ(set.size(), 768u);
  EXPECT_EQ(set.insert(line_key(5, {}), {}).outcome, dedup::SeenSet::Outcome::Found);
}

// Games as lists of ply keys (the key after each ply), each at its own offset.
struct Game {
  std::vector<GameKey> plies;
  dedup::Origin where;
};
std::vector<Game> four_games() {
  const std::uint64_t start = chess::Position::start().key();
  const chess::Move e4 = mv(4, 1, 4, 3), e5 = mv(4, 6, 4, 4), nf3 = mv(6, 0, 5, 2),
                    nc6 = mv(1, 7, 2, 5);
  auto game = [&](std::vector<chess::Move> moves, std::uint32_t number) {
    Game g;
    LineHasher h;
    h.start_tags();
    h.start(start);
    for (const chess::Move m : moves) {
      h.move(m);
      g.plies.push_back(h.key());
    }
    g.where = {number * 100ull, number, 0, static_cast<std::uint32_t>(moves.size())};
    return g;
  };
  return {game({e4, e5, nf3}, 1), game({e4, e5}, 2), game({e4, e5, nf3}, 3),
          game({e4, e5, nf3, nc6}, 4)};
}

std::vector<std::pair<dedup::Verdict, std::uint32_t>> decide_all(dedup::Mode mode) {
  dedup::Decider decider(mode, 0);
  const std::vector<Game> games = four_games();
  if (mode == dedup::Mode::PrefixLongest) {
    for (const Game& g : games) EXPECT_TRUE(decider.learn(g.plies, g.where));
  }
  std::vector<std::pair<dedup::Verdict, std::uint32_t>> out;
  for (const Game& g : games) {
    const dedup::Decision d = decider.decide(g.plies, g.where);
    out.emplace_back(d.verdict, d.kept.number);
  }
  return out;
}

TEST(DedupDecider, EachModeOnAPrefixAndACopy) {
  using V = dedup::Verdict;
  // 1: e4 e5 Nf3; 2: e4 e5 (a prefix of 1); 3: a copy of 1; 4: e4 e5 Nf3 Nc6 (1 is its prefix).
  EXPECT_EQ(decide_all(dedup::Mode::Exact),
            (std::vector<std::pair<V, std::uint32_t>>{
                {V::Kept, 1}, {V::Kept, 2}, {V::Same, 1}, {V::Kept, 4}}));
  EXPECT_EQ(decide_all(dedup::Mode::PrefixFirst),
            (std::vector<std::pair<V, std::uint32_t>>{
                {V::Kept, 1}, {V::IsPrefix, 1}, {V::Same, 1}, {V::KeptIsPrefix, 1}}));
  EXPECT_EQ(decide_all(dedup::Mode::PrefixLongest),
            (std::vector<std::pair<V, std::uint32_t>>{
                {V::IsPrefix, 4}, {V::IsPrefix, 4}, {V::IsPrefix, 4}, {V::Kept, 4}}));
}

TEST(DedupDecider, OutOfMemoryDecidesNothing) {
  dedup::Decider decider(dedup::Mode::Exact, 1024);  // below the first table (32 KiB)
  const std::vector<Game> games = four_games();
  EXPECT_EQ(decider.decide(games[0].plies, games[0].where).verdict, dedup::Verdict::OutOfMemory);
  EXPECT_EQ(decider.distinct(), 0u);
  EXPECT_EQ(decider.needed_bytes(), 1024u * dedup::SeenSet::kSlotBytes);
}

int run(const std::string& command) {
  const int rc = std::system(command.c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

// The inverse check: on input without duplicates, whose games are separated by one blank line,
// dedup gives back its input byte for byte (CRLF lines, comments, odd spacing and all), and
// exactly what select writes for the same games.
TEST(DedupOutput, WithoutDuplicatesTheInputComesBackByteForByte) {
  testing::TempDir tmp;
  ASSERT_TRUE(tmp.ok());
  const std::string input =
      "[Event \"one\"]\r\n[Site \"?\"]\r\n\r\n1. e4 {a comment} e5 (1... c5) 2. Nf3 1-0\r\n\r\n"
      "[Event \"two\"]\n[Site \"x\"]\n\n1.d4   d5\n2.c4 $1 *\n\n"
      "% an escape line\n[Event \"three, no moves\"]\n\n*\n\n"
      "[Event \"four, last, no final line break\"]\n\n1. c4 *";
  const std::string in = tmp.file("in.pgn", input), out = (tmp / "out.pgn").string();
  EXPECT_EQ(run(std::string(PGNKIT_BINARY) + " dedup " + in + " -o " + out + " 2>/dev/null"), 0);
  // The escape line between games belongs to no game; the last game gets a line break and
  // the blank line that follows every game.
  std::string expected = input;
  expected.replace(expected.find("% an escape line\n"), 17, "");
  EXPECT_EQ(testing::read_file(out), expected + "\n\n");
  // A second path to the same bytes: select with no filter writes every game the same way.
  const std::string selected = (tmp / "selected.pgn").string();
  EXPECT_EQ(run(std::string(PGNKIT_BINARY) + " select " + in + " -o " + selected + " 2>/dev/null"),
            0);
  EXPECT_EQ(testing::read_file(out), testing::read_file(selected));
}

}  // namespace
}  // namespace pgnkit

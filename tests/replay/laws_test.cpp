// The Laws of the game's date (laws.h): fivefold repetition and the 75-move rule end a game
// automatically only under the Laws in force since 1 July 2014.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "replay/laws.h"
#include "replay_util.h"

namespace pgnkit::replay {
namespace {

using testing::replay_text;

TEST(LawsDate, EarliestDayOfFullAndPartialDates) {
  EXPECT_EQ(earliest_day("2014.06.30"), 20140630u);
  EXPECT_EQ(earliest_day("2014.07.01"), 20140701u);
  EXPECT_EQ(earliest_day("2014.??.??"), 20140101u);
  EXPECT_EQ(earliest_day("1998.??.??"), 19980101u);
  EXPECT_EQ(earliest_day("2014.07.??"), 20140701u);
  EXPECT_EQ(earliest_day("2014.?7.??"), 20140701u);  // ?7 can only be 07
  EXPECT_EQ(earliest_day("2014.1?.??"), 20141001u);
  EXPECT_EQ(earliest_day("2014.??.3?"), 20140130u);
  EXPECT_EQ(earliest_day("19??.??.??"), 19000101u);
  EXPECT_EQ(earliest_day("1985"), 19850101u);
  EXPECT_EQ(earliest_day("2014-07-01"), 20140701u);
  EXPECT_EQ(earliest_day("????.??.??"), 0u);
  EXPECT_EQ(earliest_day("????.07.01"), 0u);
  EXPECT_EQ(earliest_day(""), 0u);
  EXPECT_EQ(earliest_day("July 2014"), 0u);
}

TEST(LawsDate, CutOffIsTheFirstOfJuly2014) {
  EXPECT_EQ(laws_for_date("2014.06.30"), Laws::Pre2014);
  EXPECT_EQ(laws_for_date("2014.07.01"), Laws::Current);
  EXPECT_EQ(laws_for_date("2014.??.??"), Laws::Pre2014);  // counts as 2014-01-01
  EXPECT_EQ(laws_for_date("2014.07.??"), Laws::Current);
  EXPECT_EQ(laws_for_date("????.??.??"), Laws::Current);  // no known year
  EXPECT_EQ(laws_for_date("1851.??.??"), Laws::Pre2014);
  EXPECT_EQ(laws_name(Laws::Current), "current");
  EXPECT_EQ(laws_name(Laws::Pre2014), "pre-2014");
}

// A position as FIDE's "same position" compares it, without the replayer's Zobrist keys: the
// FEN without its two clocks, the en-passant square only when a capture is legal.
std::string same_position_text(const chess::Position& pos) {
  std::string fen = chess::write_fen(pos, chess::EpWrite::WhenLegal);
  for (int k = 0; k < 2; ++k) fen.erase(fen.rfind(' '));
  return fen;
}

// Plays `moves` (SAN, space-separated, no move numbers) from the start and returns the ply at
// which some position occurred the 5th time (0 if none did), counted independently.
std::uint32_t fifth_occurrence_ply(const std::string& moves) {
  chess::Position pos = chess::Position::start();
  std::map<std::string, int> seen{{same_position_text(pos), 1}};
  std::istringstream in(moves);
  std::uint32_t ply = 0;
  for (std::string san; in >> san;) {
    const chess::SanResult r = chess::parse_san(pos, san);
    EXPECT_TRUE(r.ok()) << san;
    if (!r.ok()) return 0;
    pos.play(r.move);
    ++ply;
    if (++seen[same_position_text(pos)] == 5) return ply;
  }
  return 0;
}

// Numbers SAN moves from White's first move: "1. a b 2. c d ...".
std::string numbered(const std::vector<std::string>& sans) {
  std::string out;
  for (std::size_t i = 0; i < sans.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ". ";
    out += sans[i] + " ";
  }
  return out;
}

// A game with the Seven Tag Roster but the dates given as tag lines (Date, UTCDate or none).
std::string dated_game(const std::string& date_tags, const std::string& movetext,
                       const std::string& extra_tags = "") {
  return "[Event \"T\"]\n[Site \"?\"]\n" + date_tags +
         "[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n" + extra_tags + "\n" +
         movetext + " *\n\n";
}

const std::vector<std::string> kShuffle = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6",
                                           "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8",
                                           "Nf3", "Nf6", "Ng1", "Ng8", "e4",  "e5"};

std::string shuffle_text() {
  std::string s;
  for (const auto& m : kShuffle) s += m + " ";
  return s;
}

TEST(LawsReplay, TheShuffleRepeatsTheStartFiveTimesAtPly16) {
  EXPECT_EQ(fifth_occurrence_ply(shuffle_text()), 16u);
}

// The date edges, each game the shuffle played on past the fivefold repetition.
struct DateCase {
  const char* tags;
  Laws laws;
};

TEST(LawsReplay, ByDateAtTheEdges) {
  const DateCase cases[] = {
      {"[Date \"2014.06.30\"]\n", Laws::Pre2014},
      {"[Date \"2014.07.01\"]\n", Laws::Current},
      {"[Date \"2014.??.??\"]\n", Laws::Pre2014},
      {"[Date \"????.??.??\"]\n", Laws::Current},
      {"[UTCDate \"2014.06.30\"]\n", Laws::Pre2014},
      {"[UTCDate \"2014.07.01\"]\n", Laws::Current},
      {"[Date \"2014.06.30\"]\n[UTCDate \"2014.07.01\"]\n", Laws::Pre2014},  // Date first
      // A Date with no known year gives way to UTCDate (the PGN writer writes a missing Date
      // as "????.??.??": the game written back is judged as the one read).
      {"[Date \"????.??.??\"]\n[UTCDate \"2014.06.30\"]\n", Laws::Pre2014},
      {"[UTCDate \"2014.06.30\"]\n[Date \"????.??.??\"]\n", Laws::Pre2014},
      {"[Date \"????.??.??\"]\n[UTCDate \"????.??.??\"]\n", Laws::Current},
      {"", Laws::Current},  // no date at all
  };
  for (const DateCase& c : cases) {
    SCOPED_TRACE(c.tags);
    const auto run = replay_text(dated_game(c.tags, numbered(kShuffle)));
    ASSERT_EQ(run.games.size(), 1u);
    EXPECT_EQ(run.games[0].laws, c.laws);
    const auto after = run.with_code("move_after_game_end");
    EXPECT_EQ(run.games[0].threefold_ply, 8u);  // the claim point stands under both
    if (c.laws == Laws::Pre2014) {
      EXPECT_TRUE(after.empty());
      EXPECT_EQ(run.games[0].status, GameStatus::Ongoing);
      EXPECT_EQ(run.games[0].plies, 18u);
      EXPECT_FALSE(run.games[0].auto_draw_ply);
      EXPECT_FALSE(run.games[0].rules_result);
      EXPECT_TRUE(run.games[0].consistent);
    } else {
      ASSERT_EQ(after.size(), 1u);
      EXPECT_EQ(after[0].ply, 17u);
      EXPECT_EQ(after[0].san, "e4");
      EXPECT_EQ(run.games[0].status, GameStatus::FivefoldRepetition);
      EXPECT_EQ(run.games[0].auto_draw_ply, 16u);
    }
  }
}

TEST(LawsReplay, OptionOverridesTheDate) {
  const std::string old_game = dated_game("[Date \"1985.03.12\"]\n", numbered(kShuffle));
  ReplayOptions current;
  current.laws = LawsChoice::Current;
  const auto today = replay_text(old_game, current);
  ASSERT_EQ(today.with_code("move_after_game_end").size(), 1u);  // today's behaviour
  EXPECT_EQ(today.games[0].status, GameStatus::FivefoldRepetition);
  const auto by_date = replay_text(old_game);
  EXPECT_TRUE(by_date.with_code("move_after_game_end").empty());
  ReplayOptions pre;
  pre.laws = LawsChoice::Pre2014;
  const auto forced = replay_text(dated_game("[Date \"2024.01.01\"]\n", numbered(kShuffle)), pre);
  EXPECT_TRUE(forced.with_code("move_after_game_end").empty());
  EXPECT_EQ(forced.games[0].status, GameStatus::Ongoing);
}

// Checkmate ends the game under every edition.
TEST(LawsReplay, CheckmateEndsAPre2014GameToo) {
  const auto run = replay_text(
      dated_game("[Date \"1985.??.??\"]\n", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7"));
  const auto after = run.with_code("move_after_game_end");
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].ply, 8u);
  EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
}

// A fivefold repetition inside a variation of a pre-2014 game does not end the variation.
TEST(LawsReplay, VariationPlaysOnAfterFivefold) {
  const std::string text = "1. e4 (" + numbered(kShuffle) + ") 1... e5";
  const auto pre = replay_text(dated_game("[Date \"1990.01.01\"]\n", text));
  EXPECT_EQ(pre.errors(), 0u);
  const auto now = replay_text(dated_game("[Date \"2020.01.01\"]\n", text));
  const auto after = now.with_code("move_after_game_end");
  ASSERT_EQ(after.size(), 1u);
  EXPECT_TRUE(after[0].in_variation);
}

// 160 quiet plies from a rook ending, none repeating a position: built move by move with the
// rules core (the first legal move that captures nothing, moves no pawn, does not end the
// game and reaches a position not seen before).
std::vector<std::string> quiet_walk(chess::Position pos, int plies) {
  std::map<std::string, int> seen{{same_position_text(pos), 1}};
  std::vector<std::string> sans;
  for (int i = 0; i < plies; ++i) {
    chess::MoveList list;
    chess::generate_legal(pos, list);
    bool moved = false;
    for (const chess::Move m : list) {
      if (pos.piece_on(m.to()) != chess::Piece::None) continue;
      chess::Position next = pos;
      next.play(m);
      if (!chess::has_legal_move(next) || seen.count(same_position_text(next))) continue;
      sans.push_back(chess::to_san(pos, m));
      seen[same_position_text(next)] = 1;
      pos = next;
      moved = true;
      break;
    }
    EXPECT_TRUE(moved) << "no fresh quiet move at ply " << i + 1;
    if (!moved) break;
  }
  return sans;
}

TEST(LawsReplay, Pre2014GamePlaysOnAfterSeventyFiveMoves) {
  const std::string fen = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  chess::Position start;
  ASSERT_FALSE(chess::parse_fen(fen, start));
  const std::vector<std::string> sans = quiet_walk(start, 160);
  ASSERT_EQ(sans.size(), 160u);
  const std::string setup = "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
  const std::string text = numbered(sans);

  const auto pre = replay_text(dated_game("[Date \"2001.05.05\"]\n", text, setup));
  ASSERT_EQ(pre.games.size(), 1u);
  EXPECT_EQ(pre.errors(), 0u);
  EXPECT_EQ(pre.games[0].status, GameStatus::Ongoing);
  EXPECT_EQ(pre.games[0].plies, 160u);
  EXPECT_EQ(pre.games[0].fifty_ply, 100u);  // the claim point stands
  EXPECT_FALSE(pre.games[0].threefold_ply);
  EXPECT_FALSE(pre.games[0].auto_draw_ply);
  // The clock counted by the position itself: 160 plies without capture or pawn move.
  EXPECT_EQ(pre.games[0].final_fen.substr(pre.games[0].final_fen.size() - 6), "160 81");

  const auto now = replay_text(dated_game("[Date \"2014.07.01\"]\n", text, setup));
  const auto after = now.with_code("move_after_game_end");
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].ply, 151u);
  EXPECT_EQ(now.games[0].status, GameStatus::SeventyFiveMoveRule);
  EXPECT_EQ(now.games[0].auto_draw_ply, 150u);
}

// A set-up position whose clock already reached 150 is over only under the current Laws.
TEST(LawsReplay, StartClockOf150) {
  const std::string setup = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 150 90\"]\n";
  const auto pre = replay_text(dated_game("[Date \"2010.10.10\"]\n", "90. Ra2", setup));
  EXPECT_EQ(pre.errors(), 0u);
  EXPECT_EQ(pre.games[0].status, GameStatus::Ongoing);
  const auto now = replay_text(dated_game("[Date \"2020.10.10\"]\n", "90. Ra2", setup));
  EXPECT_EQ(now.with_code("move_after_game_end").size(), 1u);
}

}  // namespace
}  // namespace pgnkit::replay

// lib/commands' stats classes (stats_counts.h) and the report's move arrows (stats_board.h).
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "chess/fen.h"
#include "commands/stats_board.h"
#include "commands/stats_counts.h"

namespace pgnkit::commands::stats_unit_test {
namespace {

TEST(StatsCounts, TimeControlClasses) {
  EXPECT_EQ(time_control_class("15+0"), "ultrabullet");
  EXPECT_EQ(time_control_class("29"), "ultrabullet");
  EXPECT_EQ(time_control_class("30"), "bullet");
  EXPECT_EQ(time_control_class("60+1"), "bullet");   // 100 s
  EXPECT_EQ(time_control_class("120+1"), "bullet");  // 160 s
  EXPECT_EQ(time_control_class("180+0"), "blitz");
  EXPECT_EQ(time_control_class("300+3"), "blitz");  // 420 s
  EXPECT_EQ(time_control_class("480"), "rapid");
  EXPECT_EQ(time_control_class("600+10"), "rapid");  // 1000 s
  EXPECT_EQ(time_control_class("1500"), "classical");
  EXPECT_EQ(time_control_class("5400+30"), "classical");
  EXPECT_EQ(time_control_class("40/7200:3600"), "classical");
  EXPECT_EQ(time_control_class("*180"), "blitz");
  EXPECT_EQ(time_control_class("-"), "correspondence");
  EXPECT_EQ(time_control_class("1/259200"), "correspondence");
  EXPECT_EQ(time_control_class("?"), "unknown");
  EXPECT_EQ(time_control_class(""), "unknown");
  EXPECT_EQ(time_control_class("blitz"), "unknown");
  EXPECT_EQ(time_control_class("0/60"), "unknown");
}

TEST(StatsCounts, EloBandsYearsEco) {
  std::array<char, 16> b{};
  EXPECT_EQ(elo_band("1400", b), "1400-1599");
  EXPECT_EQ(elo_band("1599", b), "1400-1599");
  EXPECT_EQ(elo_band("2851", b), "2800-2999");
  EXPECT_EQ(elo_band("150", b), "0-199");
  EXPECT_EQ(elo_band("0", b), "unknown");
  EXPECT_EQ(elo_band("?", b), "unknown");
  EXPECT_EQ(elo_band("", b), "unknown");
  EXPECT_EQ(year_of_dates("2024.01.02", "2023.12.31"), "2024");
  EXPECT_EQ(year_of_dates("????.??.??", "2023.12.31"), "2023");
  EXPECT_EQ(year_of_dates("", ""), "unknown");
  EXPECT_EQ(eco_code("B20"), "B20");
  EXPECT_EQ(eco_code("F00"), "unknown");
  EXPECT_EQ(eco_code("B2"), "unknown");
}

TEST(StatsCounts, SortedListsAndMerge) {
  Counts a, b;
  tally_add(a[StatsList::Player], "Zed", 2);
  tally_add(a[StatsList::Player], "Amy", 2);
  tally_add(b[StatsList::Player], "Bob", 3);
  tally_add(a[StatsList::Elo], "unknown", 1);
  tally_add(a[StatsList::Elo], "800-999", 1);
  tally_add(a[StatsList::Elo], "1000-1199", 1);
  a.merge(b);
  const auto players = sorted_list(a, StatsList::Player);
  ASSERT_EQ(players.size(), 3u);
  EXPECT_EQ(players[0].first, "Bob");
  EXPECT_EQ(players[1].first, "Amy");  // ties: by name
  EXPECT_EQ(players[2].first, "Zed");
  const auto elo = sorted_list(a, StatsList::Elo);
  EXPECT_EQ(elo[0].first, "800-999");
  EXPECT_EQ(elo[1].first, "1000-1199");
  EXPECT_EQ(elo[2].first, "unknown");
}

MoveSquares resolve(const std::string& fen, const std::string& move) {
  chess::Position pos;
  EXPECT_FALSE(chess::parse_fen(fen, pos, true).has_value());
  return resolve_move(pos, move);
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(StatsBoard, ResolvesMovesLegalOrNot) {
  EXPECT_EQ(resolve(kStart, "Nf3").from, chess::make_square(6, 0));
  EXPECT_EQ(resolve(kStart, "e4").from, chess::make_square(4, 1));
  EXPECT_EQ(resolve(kStart, "e4").to, chess::make_square(4, 3));
  EXPECT_EQ(resolve(kStart, "e2e4").from, chess::make_square(4, 1));
  // No knight reaches d5: the destination only.
  EXPECT_EQ(resolve(kStart, "Nd5").from, chess::kNoSquare);
  EXPECT_EQ(resolve(kStart, "Nd5").to, chess::make_square(3, 4));
  // Castling through pieces: still the king's path.
  EXPECT_EQ(resolve(kStart, "O-O").from, chess::make_square(4, 0));
  EXPECT_EQ(resolve(kStart, "O-O").to, chess::make_square(6, 0));
  // A pinned knight is the one candidate.
  const std::string pinned = "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1";
  EXPECT_EQ(resolve(pinned, "Nf3").from, chess::make_square(3, 1));
  EXPECT_EQ(resolve(kStart, "xyz").to, chess::kNoSquare);
  EXPECT_FALSE(board_svg(kStart, "Nf3").empty());
  EXPECT_TRUE(board_svg("not a fen", "Nf3").empty());
}

}  // namespace
}  // namespace pgnkit::commands::stats_unit_test

// The Selector on tests/data/select/filters.pgn: every filter with its exact list of games;
// --invert as the exact complement; the selected bytes are the input's.
#include "select/selector.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "pgn/reader.h"
#include "support/files.h"

namespace pgnkit::select {
namespace {

// Reader options with this buffer size (and the defaults otherwise).
pgn::ReaderOptions sized_buffer(std::size_t bytes) {
  pgn::ReaderOptions options;
  options.buffer_size = bytes;
  return options;
}

using Events = std::vector<std::string>;

std::string fixture() {
  return testing::read_file(std::string(PGNKIT_SOURCE_DIR) + "/tests/data/select/filters.pgn");
}

struct Collect : GameSink {
  std::vector<std::string> bytes;
  std::vector<std::uint64_t> numbers;
  std::uint64_t limits = 0;
  void game(const GameVerdict& v) override {
    if (!v.selected) return;
    bytes.emplace_back(v.bytes);
    numbers.push_back(v.number);
  }
  void regex_limit(std::uint64_t, const RegexLimit&) override { ++limits; }
};

// The Event of each selected game, read from its bytes.
Events events_of(const Collect& c) {
  Events out;
  for (const std::string& b : c.bytes) {
    const auto at = b.find("[Event \"");
    out.push_back(at == std::string::npos ? "?" : b.substr(at + 8, b.find('"', at + 8) - at - 8));
  }
  return out;
}

Collect run(const std::function<void(SelectOptions&)>& setup, bool invert = false,
            std::size_t buffer = 1 << 20) {
  SelectOptions o;
  setup(o);
  o.invert = invert;
  Collect c;
  Selector s(o, c);
  const std::string text = fixture();
  io::Source src = io::Source::from_memory(text);
  pgn::read_pgn(src, s, sized_buffer(buffer));
  return c;
}

Events select(const std::function<void(SelectOptions&)>& setup) {
  return events_of(run(setup));
}

const Events kAll = {"g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9", "g10", "g11"};

TEST(Select, TagFilters) {
  EXPECT_EQ(select([](SelectOptions&) {}), kAll);
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_player("player", "carlsen")); }),
            (Events{"g1", "g3"}));
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.tags.add_player("player", "Carlsen"));
              ASSERT_FALSE(o.tags.add_player("player", "Caruana"));  // ORed
            }),
            (Events{"g1", "g2", "g3"}));
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.tags.add_player("white", "Nakamura"));
              ASSERT_FALSE(o.tags.add_player("black", "~^Caruana,"));  // ANDed
            }),
            (Events{"g2"}));
  // Escapes are undone before matching.
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_player("white", "O\"Brien")); }),
            (Events{"g10"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_result("0-1")); }),
            (Events{"g3", "g10"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_eco("A00-B99")); }),
            (Events{"g2", "g3", "g4"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_eco("C20,B90")); }),
            (Events{"g1", "g2"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_variant("crazyhouse")); }),
            (Events{"g8"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_variant("standard")); }),
            (Events{"g1", "g2", "g3", "g4", "g5", "g6", "g7", "g9", "g10", "g11"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_termination("TIME FORFEIT")); }),
            (Events{"g5"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("Round=1")); }),
            (Events{"g1"}));
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.tags.add_tag("Round=1"));
              ASSERT_FALSE(o.tags.add_tag("Round=10"));  // same tag: ORed
            }),
            (Events{"g1", "g10"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("Black~^Nakamura")); }),
            (Events{"g1", "g10"}));
}

// A missing or non-numeric WhiteElo passes no comparison, not even !=.
TEST(Select, NumbersAndMissingTags) {
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("WhiteElo>=2790")); }),
            (Events{"g1", "g2"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("WhiteElo<3000")); }),
            (Events{"g1", "g2"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("BlackElo!=2790")); }),
            (Events{"g3"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("WhiteElo>2790")); }),
            (Events{"g1"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_elo("2780")); }), (Events{"g1"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_elo("2780..2800")); }), Events{});
  // Numbers compare as numbers: "2850" > "900" although it sorts first as text.
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("BlackElo>900")); }),
            (Events{"g1", "g3"}));
}

// Partial dates stand for every day they may be; a comparison must hold for all of them.
TEST(Select, PartialDates) {
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_date("2020..2020")); }),
            (Events{"g1", "g2", "g5", "g6", "g7", "g8", "g10", "g11"}));
  EXPECT_EQ(
      select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_date("2020.05.01..2020.05.31")); }),
      (Events{"g1", "g10"}));
  // g3's Date is unknown: its UTCDate counts.
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_date("..2019")); }),
            (Events{"g3"}));
  // 2020.05.?? may be before the 10th, 2020.??.?? too: neither passes.
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("Date>=2020.05.10")); }),
            (Events{"g1", "g4", "g5", "g6", "g7", "g8", "g11"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("Date=2020.05")); }),
            (Events{"g1", "g10"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_tag("Date<2020")); }), Events{});
}

TEST(Select, PlayFilters) {
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.play.add_ends("checkmate")); }),
            (Events{"g1", "g5"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.play.add_ends("stalemate")); }),
            (Events{"g4"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.play.add_plies("19..")); }),
            (Events{"g4"}));
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.play.add_plies("7")); }), (Events{"g1"}));
  EXPECT_EQ(select([](SelectOptions& o) { o.play.inconsistent = true; }), (Events{"g5"}));
  EXPECT_EQ(select([](SelectOptions& o) { o.play.consistent = true; }),
            (Events{"g1", "g2", "g3", "g4", "g7", "g10", "g11"}));
  EXPECT_EQ(select([](SelectOptions& o) { o.play.illegal = true; }), (Events{"g6"}));
  // Not legal: the illegal g6, the unsupported variant g8, the cut g9.
  EXPECT_EQ(select([](SelectOptions& o) { o.play.legal = true; }),
            (Events{"g1", "g2", "g3", "g4", "g5", "g7", "g10", "g11"}));
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.play.add_ends("checkmate"));
              ASSERT_FALSE(o.tags.add_result("1-0"));
              o.play.consistent = true;
            }),
            (Events{"g1"}));
}

constexpr const char* kAfterNc6 =
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

// g2 reaches the position by transposition (1. Nf3 Nc6 2. e4 e5); g3 only in a variation.
TEST(Select, PositionsByTranspositionNotInVariations) {
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.play.add_fen(kAfterNc6)); }),
            (Events{"g2"}));
  // The clocks do not matter; the side to move does.
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.play.add_fen(
                  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"));
            }),
            (Events{"g2"}));
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.play.add_fen(
                  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3"));
            }),
            Events{});
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.play.add_fen(
                  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3"));
              o.play.fen_placement = true;
            }),
            (Events{"g2"}));
  // The start position is a position of every standard game replayed from it.
  EXPECT_EQ(
      select([](SelectOptions& o) {
        ASSERT_FALSE(o.play.add_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
      }),
      (Events{"g1", "g2", "g3", "g4", "g5", "g6", "g9", "g10", "g11"}));
}

TEST(Select, Material) {
  EXPECT_EQ(select([](SelectOptions& o) { ASSERT_FALSE(o.play.add_material("KRP:KR")); }),
            (Events{"g7"}));
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.play.add_material("KRP:KR"));
              o.play.material_final = true;
            }),
            Events{});
  EXPECT_EQ(select([](SelectOptions& o) {
              ASSERT_FALSE(o.play.add_material("KP:KR"));
              o.play.material_final = true;
            }),
            (Events{"g7"}));
}

// Every filter: the selection and its inverse are complements, and each selected game's
// bytes are the input's at its first token, at any buffer size.
TEST(Select, InvertIsTheExactComplementWithTheSameBytes) {
  const std::string text = fixture();
  const std::vector<std::function<void(SelectOptions&)>> filters = {
      [](SelectOptions& o) { ASSERT_FALSE(o.tags.add_player("player", "Nakamura")); },
      [](SelectOptions& o) { ASSERT_FALSE(o.tags.add_date("2020..2020")); },
      [](SelectOptions& o) { ASSERT_FALSE(o.play.add_ends("checkmate")); },
      [](SelectOptions& o) { o.play.legal = true; },
      [](SelectOptions& o) { ASSERT_FALSE(o.play.add_fen(kAfterNc6)); },
  };
  const Collect all = run([](SelectOptions&) {});
  ASSERT_EQ(all.bytes.size(), kAll.size());
  for (std::size_t i = 0; i < all.bytes.size(); ++i) {
    EXPECT_NE(text.find(all.bytes[i]), std::string::npos);
    EXPECT_TRUE(all.bytes[i].starts_with("[Event \""));
    EXPECT_TRUE(all.bytes[i].ends_with("\n"));
  }
  for (const auto& f : filters) {
    for (std::size_t buffer : {512, 1 << 20}) {
      const Collect in = run(f, false, buffer), out = run(f, true, buffer);
      std::vector<std::string> merged(all.bytes.size());
      for (std::size_t i = 0; i < in.bytes.size(); ++i) merged[in.numbers[i] - 1] = in.bytes[i];
      for (std::size_t i = 0; i < out.bytes.size(); ++i) {
        EXPECT_TRUE(merged[out.numbers[i] - 1].empty()) << "game " << out.numbers[i] << " twice";
        merged[out.numbers[i] - 1] = out.bytes[i];
      }
      EXPECT_EQ(in.bytes.size() + out.bytes.size(), all.bytes.size());
      EXPECT_EQ(merged, all.bytes);
    }
  }
}

TEST(Select, RegexMatchLimitIsReportedAndFails) {
  const Collect c =
      run([](SelectOptions& o) { ASSERT_FALSE(o.tags.add_player("white", "~^(a+)+$")); });
  EXPECT_EQ(events_of(c), Events{});
  EXPECT_EQ(c.limits, 1u);  // g11's White
}

TEST(Select, StopEndsReadingBeforeTheNextGame) {
  SelectOptions o;
  struct Stopper : Collect {
    Selector* s = nullptr;
    void game(const GameVerdict& v) override {
      Collect::game(v);
      if (bytes.size() == 2) s->stop();
    }
  } c;
  Selector s(o, c);
  c.s = &s;
  const std::string text = fixture();
  io::Source src = io::Source::from_memory(text);
  const pgn::ReadStats stats = pgn::read_pgn(src, s);
  EXPECT_EQ(events_of(c), (Events{"g1", "g2"}));
  EXPECT_EQ(stats.games, 2u);                           // the reader stopped before the third game
  EXPECT_GE(stats.bytes, text.find("[Event \"g3\"]"));  // g3's first tag, not further
  EXPECT_LE(stats.bytes, text.find("[Event \"g3\"]") + 13);
}

}  // namespace
}  // namespace pgnkit::select

// lib/eco: the book as loaded, and classification by two code paths that must agree: the
// streaming visitor (eco::Classifying over the replayer, as `status --eco` runs it) and the
// record path (eco::classify over a GameRecord, as `annotate --eco` runs it).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "eco/book.h"
#include "eco/classify.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "support/files.h"

namespace pgnkit {
namespace {

const std::string kData = std::string(PGNKIT_SOURCE_DIR) + "/tests/data/eco/";

struct Found {
  std::string eco;  // "" = no classification
  std::uint32_t ply = 0;
  friend bool operator==(const Found&, const Found&) = default;
};
std::ostream& operator<<(std::ostream& os, const Found& f) {
  return os << (f.eco.empty() ? "none" : f.eco) << "@" << f.ply;
}

eco::Book load(const std::string& path) {
  eco::BookError error;
  auto book = eco::Book::load(path, error);
  EXPECT_TRUE(book) << error.describe();
  return book ? std::move(*book) : eco::Book{};
}

// The streaming path: the classification as the replayer reports each game.
class StreamSink : public replay::ReplaySink {
 public:
  void problem(const replay::Problem&) override {}
  void game_end(const replay::GameReport&) override {
    const eco::Opening* o = classifier->opening();
    found.push_back({o ? o->eco : "", o ? classifier->ply() : 0});
  }
  const eco::Classifier* classifier = nullptr;
  std::vector<Found> found;
};

std::vector<Found> stream_classify(const eco::Book& book, const std::string& pgn) {
  StreamSink sink;
  eco::Classifying<replay::Replayer> replayer(book, sink);
  sink.classifier = &replayer.classifier();
  auto source = io::Source::from_memory(std::string_view(pgn));
  pgn::read_pgn(source, replayer);
  return sink.found;
}

// The record path, with the deepest ply found again by a plain scan of the line (every
// position looked up, no depth cut-off): a third way to the same answer.
class RecordSink : public replay::RecordSink {
 public:
  explicit RecordSink(const eco::Book& book) : book_(book) {}
  void game(const replay::GameRecord& g) override {
    const eco::Opening* o = eco::classify(book_, g);
    std::uint32_t deepest = 0, ply = 0;
    std::string deepest_eco;
    chess::Position pos = g.start;
    const bool from_initial = g.replayed && g.start.key() == chess::Position::start().key();
    for (const auto& node : g.main.moves) {
      if (!from_initial || !node.played) break;
      pos.play(node.move);
      ++ply;
      if (const eco::Opening* at = book_.find(pos.key())) {
        deepest = ply;
        deepest_eco = at->eco;
      }
    }
    EXPECT_EQ(o ? o->eco : "", deepest_eco) << "game " << g.number;
    found.push_back({o ? o->eco : "", o ? deepest : 0});
  }
  std::vector<Found> found;

 private:
  const eco::Book& book_;
};

std::vector<Found> record_classify(const eco::Book& book, const std::string& pgn) {
  RecordSink sink(book);
  replay::RecordBuilder builder(sink);
  auto source = io::Source::from_memory(std::string_view(pgn));
  pgn::read_pgn(source, builder);
  return sink.found;
}

TEST(EcoBook, LoadsEveryLineOfTheSmallBook) {
  const eco::Book book = load(kData + "small_eco.pgn");
  EXPECT_EQ(book.size(), 9u);
  EXPECT_EQ(book.duplicates(), 0u);
  EXPECT_EQ(book.max_plies(), 11u);  // the B90 line
  chess::Position pos = chess::Position::start();
  EXPECT_EQ(book.find(pos.key()), nullptr);  // the initial position is no line's end
}

TEST(EcoClassify, EachRuleOnTheSmallGames) {
  const eco::Book book = load(kData + "small_eco.pgn");
  const std::string games = testing::read_file(kData + "games.pgn");
  const std::vector<Found> expected = {
      {"E00", 4},   // 1.c4 e6 2.d4 Nf6 transposes into 1.d4 Nf6 2.c4 e6
      {"B90", 11},  // deepest of B00 (1), B20 (2), B27 (3), B90 (11)
      {"", 0},      // 1.a3: out of the book at once, and never back
      {"", 0},      // a FEN start
      {"B12", 5},   // not C02: at ply 8 the placement is C02's, but White is to move
      {"C00", 2},   // the variation's E00 does not count
  };
  EXPECT_EQ(stream_classify(book, games), expected);
  EXPECT_EQ(record_classify(book, games), expected);
}

TEST(EcoClassify, AFenOfTheInitialPositionIsAnInitialStart) {
  const eco::Book book = load(kData + "small_eco.pgn");
  const std::string game =
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n"
      "1. e4 c5 *\n";
  const std::vector<Found> expected = {{"B20", 2}};
  EXPECT_EQ(stream_classify(book, game), expected);
  EXPECT_EQ(record_classify(book, game), expected);
}

TEST(EcoClassify, AnIllegalMoveEndsTheLineClassified) {
  const eco::Book book = load(kData + "small_eco.pgn");
  const std::string game = "1. e4 c5 2. Nf3 Ke7 3. d4 *\n";  // 2...Ke7 is illegal
  const std::vector<Found> expected = {{"B27", 3}};
  EXPECT_EQ(stream_classify(book, game), expected);
  EXPECT_EQ(record_classify(book, game), expected);
}

TEST(EcoTags, SetReplaceRemoveAndKeep) {
  const eco::Book book = load(kData + "small_eco.pgn");
  replay::GameRecord g;
  g.tags.push_back({"ECO", "A00"});
  g.tags.push_back({"Variation", "stale"});
  g.tags.push_back({"SubVariation", "stale too"});
  chess::Position pos = chess::Position::start();
  pos.play(chess::Move(chess::make_square(4, 1), chess::make_square(4, 3)));  // e2-e4
  const eco::Opening* b00 = book.find(pos.key());
  ASSERT_NE(b00, nullptr);
  eco::set_tags(g, b00, /*keep=*/true);
  EXPECT_EQ(*g.tag("ECO"), "A00");  // kept, and nothing else touched
  EXPECT_EQ(*g.tag("Variation"), "stale");
  EXPECT_EQ(g.tag("Opening"), nullptr);
  eco::set_tags(g, b00, /*keep=*/false);
  EXPECT_EQ(*g.tag("ECO"), "B00");
  EXPECT_EQ(*g.tag("Opening"), "King's pawn opening");
  EXPECT_EQ(g.tag("Variation"), nullptr);  // B00 has none: the stale one goes
  EXPECT_EQ(g.tag("SubVariation"), nullptr);
  eco::set_tags(g, nullptr, false);  // no classification: nothing changes
  EXPECT_EQ(*g.tag("ECO"), "B00");
}

// A book with SubVariation tags (Debian's eco.pgn has none): the lines' SubVariations are
// what the games get, a parent line without one gives none.
TEST(EcoBook, SubVariationLines) {
  const eco::Book book = load(kData + "sub_eco.pgn");
  EXPECT_EQ(book.size(), 4u);
  EXPECT_EQ(book.max_plies(), 13u);
  const std::string games = testing::read_file(kData + "stale_tags.pgn");
  const std::vector<Found> expected = {{"B00", 1}, {"B92", 13}, {"B90", 10}, {"B92", 11}, {"", 0}};
  EXPECT_EQ(stream_classify(book, games), expected);
  EXPECT_EQ(record_classify(book, games), expected);

  class SubSink : public replay::RecordSink {
   public:
    explicit SubSink(const eco::Book& b) : book(b) {}
    void game(const replay::GameRecord& g) override {
      const eco::Opening* o = eco::classify(book, g);
      subs.push_back(o ? o->variation + "/" + o->sub_variation : "none");
    }
    const eco::Book& book;
    std::vector<std::string> subs;
  } sink(book);
  replay::RecordBuilder builder(sink);
  auto source = io::Source::from_memory(std::string_view(games));
  pgn::read_pgn(source, builder);
  EXPECT_EQ(sink.subs, (std::vector<std::string>{"/", "Najdorf/Opovcensky variation", "Najdorf/",
                                                 "Najdorf/6.Be2", "none"}));
}

eco::BookError load_error(std::string_view text) {
  eco::BookError error;
  EXPECT_FALSE(eco::Book::from_text(text, "book.pgn", error));
  return error;
}

TEST(EcoBook, MalformedFilesSayWhereAndWhy) {
  eco::BookError e;
  EXPECT_FALSE(eco::Book::load(kData + "bad_eco.pgn", e));
  EXPECT_EQ(e.describe(),
            kData + "bad_eco.pgn:9:37: line 2: 'Kf3' at ply 7: no piece can make that move");
  EXPECT_EQ(load_error("[ECO \"A00\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5+ Kf6 4. Ke3 *\n").line, 3u);
  EXPECT_EQ(load_error("[Opening \"x\"]\n\n1. e4 *\n").message, "no [ECO] tag");
  EXPECT_EQ(load_error("[ECO \"A00\"]\n\n*\n").message, "the line has no moves");
  EXPECT_EQ(load_error("[ECO \"A00\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n"
                       "1. Kf1 *\n")
                .message,
            "a book line must start from the initial position (no FEN)");
  EXPECT_EQ(load_error("{ just a comment }\n").message,
            "no classification lines (games with an [ECO] tag)");
  eco::BookError missing;
  EXPECT_FALSE(eco::Book::load(kData + "no_such_file.pgn", missing));
  EXPECT_NE(missing.describe().find("no_such_file.pgn"), std::string::npos);
}

TEST(EcoBook, TwoLinesIntoOnePositionKeepTheFirst) {
  eco::BookError error;
  auto book = eco::Book::from_text(
      "[ECO \"E00\"]\n\n1. d4 Nf6 2. c4 e6 *\n\n[ECO \"A13\"]\n\n1. c4 e6 2. d4 Nf6 *\n\n"
      "[ECO \"A40\"]\n\n1. d4 e6 2. c4 Nf6 3. Nc3 Ng8 4. Nb1 Nf6 *\n",
      "book.pgn", error);
  ASSERT_TRUE(book) << error.describe();
  EXPECT_EQ(book->size(), 1u);
  EXPECT_EQ(book->duplicates(), 2u);
  // The longer way in still sets the depth: a game may reach the position at ply 8.
  EXPECT_EQ(book->max_plies(), 8u);
  const std::vector<Found> found =
      stream_classify(*book, "1. d4 e6 2. c4 Nf6 3. Nc3 Ng8 4. Nb1 Nf6 *\n");
  EXPECT_EQ(found, (std::vector<Found>{{"E00", 8}}));
}

TEST(EcoBook, DebiansEcoFile) {
  const std::string path = "/usr/share/pgn-extract/eco.pgn";
  if (!std::filesystem::exists(path))
    GTEST_SKIP() << path << " absent (apt-get install pgn-extract)";
  const eco::Book book = load(path);
  // 2014 lines (grep -c '^\[ECO' eco.pgn); some end in a position an earlier line reached.
  EXPECT_EQ(book.size() + book.duplicates(), 2014u);
  const std::vector<Found> found = stream_classify(
      book, "1. e4 c6 2. d4 d5 3. e5 c5 4. dxc5 e6 *\n1. e4 e6 2. d4 d5 3. e5 c5 4. dxc5 *\n");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].eco, "B12");
  EXPECT_EQ(found[1], (Found{"C02", 7}));
}

}  // namespace
}  // namespace pgnkit

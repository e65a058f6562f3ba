// tree::TreeTable and the saved tree file: a table spilled to many runs drains to exactly the
// entries of one held in memory (sums, years, first game), in (key, move) order; a saved
// tree maps back to the same entries, names and game tags; damaged files are refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h"
#include "tree/table.h"
#include "tree/tree_file.h"

namespace pgnkit::tree::table_test {
namespace {

using testing::TempDir;

struct Add {
  std::uint64_t key;
  std::uint16_t move;
  MoveStats stats;
};

// Adds in input order, as the merger does: game g's stats name g as the example.
std::vector<Add> adds(std::size_t n, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Add> out;
  for (std::size_t g = 0; g < n; ++g) {
    MoveStats s;
    s.games = 1;
    const auto r = rng() % 3;
    s.white = r == 0;
    s.draws = r == 1;
    s.black = r == 2;
    s.elo_sum = 1500 + rng() % 1000;
    s.elo_games = 1;
    s.first_year = s.last_year = static_cast<std::uint16_t>(1900 + rng() % 120);
    s.example = GameRef::of(g / 1000, g % 1000 + 1);
    // Few keys often (openings), many once (deep positions).
    const std::uint64_t key = rng() % 4 == 0 ? rng() % 50 : rng();
    out.push_back(Add{key, static_cast<std::uint16_t>(1 + rng() % 3), s});
  }
  return out;
}

std::vector<TreeEntry> drained(TreeTable& t) {
  std::vector<TreeEntry> out;
  EXPECT_TRUE(t.drain([&](const TreeEntry& e) { out.push_back(e); })) << t.error();
  return out;
}

TEST(TreeTable, SpilledRunsDrainAsTheTableInMemory) {
  const TempDir dir;
  const std::vector<Add> all = adds(200000, 7);
  TreeTable big(TableOptions{std::size_t{1} << 30, dir.path()});
  TreeTable small(TableOptions{std::size_t{1} << 16, dir.path()});
  std::map<std::pair<std::uint64_t, std::uint16_t>, MoveStats> expect;
  for (const Add& a : all) {
    big.add(a.key, a.move, false, a.stats);
    small.add(a.key, a.move, false, a.stats);
    expect[{a.key, a.move}].add(a.stats);
  }
  EXPECT_EQ(big.runs(), 0u);
  EXPECT_GT(small.runs(), 50u);
  const std::vector<TreeEntry> a = drained(big), b = drained(small);
  ASSERT_EQ(a.size(), expect.size());
  EXPECT_TRUE(a == b);
  std::size_t i = 0;
  for (const auto& [k, s] : expect) {
    EXPECT_EQ(a[i].key, k.first);
    EXPECT_EQ(a[i].move, k.second);
    EXPECT_TRUE(a[i].stats == s) << i;
    ++i;
  }
  // The first game is the smallest ref: the first in input order.
  EXPECT_EQ(a.front().stats.games,
            a.front().stats.white + a.front().stats.draws + a.front().stats.black);
}

TEST(TreeTable, ARunThatCannotBeWrittenIsAnError) {
  TreeTable t(TableOptions{std::size_t{1} << 16, "/nonexistent-dir"});
  for (const Add& a : adds(5000, 3)) t.add(a.key, a.move, false, a.stats);
  EXPECT_NE(t.error().find("cannot create a run file in /nonexistent-dir"), std::string::npos);
  EXPECT_FALSE(t.drain([](const TreeEntry&) {}));
}

TEST(TreeFile, SavedTreeMapsBackTheSame) {
  const TempDir dir;
  TreeTable t(TableOptions{std::size_t{1} << 20, dir.path()});
  for (const Add& a : adds(20000, 11)) t.add(a.key, a.move, a.key % 2 == 1, a.stats);
  std::string error;
  const std::string path = dir.path() + "/x.tree";
  auto w = TreeFileWriter::create(path, error);
  ASSERT_TRUE(w) << error;
  w->add_game(GameRef::of(0, 1), 0, "A\tB\t2001.01.01\tE\t1");
  w->add_game(GameRef::of(0, 2), 1234, "C\tD\t2002.02.02\tF\t2");
  w->add_game(GameRef::of(1, 1), 99, "");
  const std::vector<TreeEntry> entries = drained(t);
  for (const TreeEntry& e : entries) w->add(e);
  TreeFileInfo info;
  info.max_ply = 40;
  info.games = 20000;
  info.inputs = {"a.pgn", "b.zip:x.pgn"};
  ASSERT_TRUE(w->finish(info, error)) << error;
  const auto f = TreeFile::open(path, error);
  ASSERT_TRUE(f) << error;
  EXPECT_EQ(f->info().inputs, info.inputs);
  EXPECT_EQ(f->info().games, 20000u);
  EXPECT_EQ(f->info().max_ply, 40u);
  ASSERT_EQ(f->entries().size(), entries.size());
  EXPECT_TRUE(std::equal(entries.begin(), entries.end(), f->entries().begin()));
  for (const std::uint64_t key : {entries.front().key, entries[entries.size() / 2].key}) {
    std::size_t n = 0;
    for (const TreeEntry& e : entries) n += e.key == key;
    EXPECT_EQ(f->position(key).size(), n);
    for (const TreeEntry& e : f->position(key)) EXPECT_EQ(e.key, key);
  }
  EXPECT_TRUE(f->position(entries.back().key + 1).empty() || entries.back().key == UINT64_MAX);
  EXPECT_EQ(f->game_tags(GameRef::of(0, 2)), "C\tD\t2002.02.02\tF\t2");
  EXPECT_EQ(f->game_tags(GameRef::of(0, 1)), "A\tB\t2001.01.01\tE\t1");
  EXPECT_EQ(f->game_tags(GameRef::of(1, 1)), "");
  EXPECT_EQ(f->game_tags(GameRef::of(0, 3)), "");
  EXPECT_EQ(f->game(GameRef::of(0, 2))->offset, 1234u);
  EXPECT_EQ(f->game(GameRef::of(1, 1))->offset, 99u);
  EXPECT_FALSE(f->game(GameRef::of(2, 1)));

  // Cut short, or not a tree: refused with a reason.
  const std::string bytes = testing::read_file(path);
  const std::string cut = dir.file("cut.tree", bytes.substr(0, bytes.size() / 2));
  EXPECT_FALSE(TreeFile::open(cut, error));
  EXPECT_NE(error.find("damaged"), std::string::npos) << error;
  const std::string other = dir.file("other.tree", std::string(200, 'x'));
  EXPECT_FALSE(TreeFile::open(other, error));
  EXPECT_NE(error.find("not a pgnkit tree"), std::string::npos) << error;
}

}  // namespace
}  // namespace pgnkit::tree::table_test

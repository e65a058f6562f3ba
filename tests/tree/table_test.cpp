// tree::PlyTable and the saved tree file: a table spilled to many runs drains to exactly the
// entries and postings of one held in memory, and to what a std::map counts (sums, years,
// first game; the games through each position in input order); a saved tree maps back to the
// same entries, names, game rows and postings; damaged files are refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h"
#include "tree/ply_table.h"
#include "tree/tree_file.h"

namespace pgnkit::tree::table_test {
namespace {

using testing::TempDir;

// Records in input order, as the merger adds them: game g's at a few positions, some shared
// by many games (openings), most seen once (deep positions).
std::vector<PlyRecord> records(std::size_t games, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PlyRecord> out;
  for (std::size_t g = 0; g < games; ++g) {
    const auto result = static_cast<std::uint8_t>(rng() % 3);
    const auto year = static_cast<std::uint16_t>(1900 + rng() % 120);
    for (int ply = 0; ply < 6; ++ply) {
      PlyRecord r;
      r.key = ply < 3 ? rng() % (20 * static_cast<std::uint64_t>(ply + 1)) : rng();
      r.ref = GameRef::of(g / 1000, g % 1000 + 1);
      r.move = static_cast<std::uint16_t>(1 + rng() % 3);
      r.result = result;
      r.black_to_move = static_cast<std::uint8_t>(ply % 2);
      r.elo = static_cast<std::uint16_t>(rng() % 4 == 0 ? 0 : 1500 + rng() % 1000);
      r.year = year;
      out.push_back(r);
    }
  }
  return out;
}

struct Drained {
  std::vector<TreeEntry> entries;
  std::vector<Posting> postings;
};

Drained drained(PlyTable& t) {
  Drained d;
  EXPECT_TRUE(t.drain([&](const TreeEntry& e) { d.entries.push_back(e); },
                      [&](const Posting& p) { d.postings.push_back(p); }))
      << t.error();
  return d;
}

TEST(PlyTable, SpilledRunsDrainAsTheTableInMemory) {
  const TempDir dir;
  const std::vector<PlyRecord> all = records(40000, 7);
  PlyTable big(TableOptions{std::size_t{1} << 30, dir.path()});
  PlyTable small(TableOptions{std::size_t{1} << 16, dir.path()});
  std::map<std::pair<std::uint64_t, std::uint16_t>, MoveStats> expect;
  std::map<std::uint64_t, std::vector<std::uint64_t>> through;  // key -> refs in input order
  for (const PlyRecord& r : all) {
    big.add(r);
    small.add(r);
    expect[{r.key, r.move}].add(record_stats(r));
    through[r.key].push_back(r.ref.packed);
  }
  EXPECT_EQ(big.runs(), 0u);
  EXPECT_GT(small.runs(), 50u);
  const Drained a = drained(big), b = drained(small);
  ASSERT_EQ(a.entries.size(), expect.size());
  EXPECT_TRUE(a.entries == b.entries);
  ASSERT_EQ(a.postings.size(), all.size());
  std::size_t i = 0;
  for (const auto& [k, s] : expect) {
    EXPECT_EQ(a.entries[i].key, k.first);
    EXPECT_EQ(a.entries[i].move, k.second);
    EXPECT_TRUE(a.entries[i].stats == s) << i;
    EXPECT_EQ(s.games, s.white + s.draws + s.black);
    ++i;
  }
  std::size_t at = 0;
  for (const auto& [key, refs] : through) {
    for (const std::uint64_t ref : refs) {
      ASSERT_LT(at, b.postings.size());
      EXPECT_EQ(b.postings[at].key, key);
      EXPECT_EQ(b.postings[at].ref.packed, ref);
      EXPECT_EQ(a.postings[at].ref.packed, ref);
      ++at;
    }
  }
}

TEST(PlyTable, ARunThatCannotBeWrittenIsAnError) {
  PlyTable t(TableOptions{std::size_t{1} << 16, "/nonexistent-dir"});
  for (const PlyRecord& r : records(5000, 3)) t.add(r);
  EXPECT_NE(t.error().find("cannot create a run file in /nonexistent-dir"), std::string::npos);
  EXPECT_FALSE(t.drain([](const TreeEntry&) {}, [](const Posting&) {}));
}

TEST(TreeFile, SavedTreeMapsBackTheSame) {
  const TempDir dir;
  PlyTable t(TableOptions{std::size_t{1} << 20, dir.path()});
  for (const PlyRecord& r : records(4000, 11)) t.add(r);
  std::string error;
  const std::string path = dir.path() + "/x.tree";
  auto w = TreeFileWriter::create(path, error);
  ASSERT_TRUE(w) << error;
  w->add_game(GameRef::of(0, 1), 0, "A\tB\t2001.01.01\tE\t1");
  w->add_game(GameRef::of(0, 2), 1234, "C\tD\t2002.02.02\tF\t2");
  w->add_game(GameRef::of(1, 1), 99, "");
  const Drained d = drained(t);
  const std::vector<TreeEntry>& entries = d.entries;
  for (const TreeEntry& e : entries) w->add(e);
  for (const Posting& p : d.postings) w->add_posting(p);
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
  ASSERT_EQ(f->entry_count(), entries.size());
  // Every position's entries come back as they went in (singles and multis alike).
  std::vector<TreeEntry> back;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i != 0 && entries[i].key == entries[i - 1].key) continue;
    for (const TreeEntry& e : f->position(entries[i].key)) back.push_back(e);
  }
  EXPECT_TRUE(back == entries);
  EXPECT_TRUE(f->position(entries.back().key + 1).empty() || entries.back().key == UINT64_MAX);
  EXPECT_EQ(f->game_tags(GameRef::of(0, 2)), "C\tD\t2002.02.02\tF\t2");
  EXPECT_EQ(f->game_tags(GameRef::of(0, 1)), "A\tB\t2001.01.01\tE\t1");
  EXPECT_EQ(f->game_tags(GameRef::of(1, 1)), "");
  EXPECT_EQ(f->game_tags(GameRef::of(0, 3)), "");
  EXPECT_EQ(f->game(GameRef::of(0, 2))->offset, 1234u);
  EXPECT_EQ(f->game(GameRef::of(1, 1))->offset, 99u);
  EXPECT_FALSE(f->game(GameRef::of(2, 1)));
  // The games through every position, listed or named by its single entry.
  std::vector<Posting> all_games;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i != 0 && entries[i].key == entries[i - 1].key) continue;
    for (const Posting& p : f->games(entries[i].key)) all_games.push_back(p);
  }
  ASSERT_EQ(all_games.size(), d.postings.size());
  for (std::size_t i = 0; i < all_games.size(); ++i) {
    EXPECT_EQ(all_games[i].key, d.postings[i].key);
    EXPECT_EQ(all_games[i].ref, d.postings[i].ref);
    EXPECT_EQ(all_games[i].move, d.postings[i].move);
    EXPECT_EQ(all_games[i].result, d.postings[i].result);
  }
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

// Byte identity on the big corpora (../shared/corpus; skipped where absent), through the
// pgnkit binary: `select` of all games equals the decompressed input (zstd -dc, a second
// decoder; cat -s squeezes the input's few double blank lines); `select F` and
// `select --invert F` merge back, game by game in order, into the output of all games;
// `split` pieces concatenate to it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "pgn/game_bytes.h"
#include "pgn/reader.h"
#include "support/files.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;

std::string corpus(const std::string& name) {
  return std::string(PGNKIT_SHARED_DIR) + "/corpus/" + name;
}

int sh(const std::string& command) {
  const int rc = std::system(("bash -c '" + command + "'").c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

// The raw bytes of each game of a select output.
std::vector<std::string_view> games_of(const std::string& text, std::vector<std::string>& store) {
  struct V : pgn::Visitor {
    pgn::GameBytes raw;
    std::vector<std::string>* out = nullptr;
    void attach_buffer(const pgn::BufferedBytes* w) { raw.attach_buffer(w); }
    void before_buffer_moves() { raw.before_buffer_moves(); }
    void begin_game(const pgn::GameInfo& g) { raw.begin_game(g); }
    pgn::Control begin_movetext() { return pgn::Control::StopGame; }
    void end_game(const pgn::EndInfo& e) {
      raw.end_game(e);
      out->emplace_back(raw.bytes());
    }
  } v;
  v.out = &store;
  io::Source src = io::Source::from_memory(std::string_view(text));
  pgn::read_pgn(src, v);
  return {store.begin(), store.end()};
}

void round_trip(const std::string& name, std::uint64_t games, const std::string& filter,
                bool identical_to_input) {
  const std::string input = corpus(name);
  if (!fs::exists(input)) GTEST_SKIP() << input << " not found: corpus round trip skipped";
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string bin = PGNKIT_BINARY, d = dir.path();
  ASSERT_EQ(sh(bin + " select " + input + " -o " + d + "/all.pgn"), 0);
  ASSERT_EQ(sh(bin + " select " + filter + " " + input + " -o " + d + "/in.pgn"), 0);
  ASSERT_EQ(sh(bin + " select --invert " + filter + " " + input + " -o " + d + "/out.pgn"), 0);
  const std::string all = testing::read_file(d + "/all.pgn");
  if (identical_to_input) {
    // The input has a few runs of two blank lines between games: cat -s squeezes them.
    EXPECT_EQ(sh("zstd -dc " + input + " | cat -s | cmp -s - " + d + "/all.pgn"), 0)
        << "select output differs from the decompressed input";
  }
  std::vector<std::string> a_store, i_store, o_store;
  const auto a = games_of(all, a_store);
  const auto in = games_of(testing::read_file(d + "/in.pgn"), i_store);
  const auto out = games_of(testing::read_file(d + "/out.pgn"), o_store);
  EXPECT_EQ(a.size(), games);
  EXPECT_GT(in.size(), 0u);
  EXPECT_GT(out.size(), 0u);
  ASSERT_EQ(in.size() + out.size(), a.size());
  std::size_t i = 0, o = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (i < in.size() && in[i] == a[k]) {
      ++i;
    } else if (o < out.size() && out[o] == a[k]) {
      ++o;
    } else {
      FAIL() << name << ": game " << k + 1 << " is in neither the selection nor its inverse";
    }
  }
  // split, then concatenate the pieces in order.
  ASSERT_EQ(sh(bin + " split --games 7000 " + input + " -o " + d + "/g/part-%04d.pgn 2>/dev/null"),
            0);
  EXPECT_EQ(sh("cat " + d + "/g/part-*.pgn | cmp -s - " + d + "/all.pgn"), 0) << "split --games";
  ASSERT_EQ(sh(bin + " split --bytes 16M " + input + " -o " + d + "/b/p%03d.pgn.zst 2>/dev/null"),
            0);
  EXPECT_EQ(sh("cat " + d + "/b/p*.pgn.zst | zstd -dc | cmp -s - " + d + "/all.pgn"), 0)
      << "split --bytes";
  for (const auto& e : fs::directory_iterator(d + "/b")) {
    EXPECT_LE(fs::file_size(e.path()), std::uintmax_t{16} << 20);
  }
}

TEST(SelectCorpus, LichessRoundTrips) {
  round_trip("lichess.pgn.zst", 48234, "--tag \"WhiteElo>=2000\"", true);
}

TEST(SelectCorpus, OtbRoundTrips) {
  round_trip("otb.pgn.zst", 105010, "--date 1990..", false);
}

}  // namespace
}  // namespace pgnkit

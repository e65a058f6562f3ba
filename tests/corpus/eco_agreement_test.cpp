// pgnkit's ECO against pgn-extract's (Debian's 19.04, the reference the issue names) on a
// slice of ../shared/corpus/otb.pgn: both classify the same games with the same eco.pgn, and
// must agree on at least 99% of them (docs/eco.md explains the kinds of difference). Each
// game gets a [PgnkitId] tag first, so the two outputs pair up whatever either drops.
// Skipped where pgn-extract, its eco.pgn or the corpus is absent.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "io/source.h"
#include "support/files.h"
#include "support/numbered.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kSliceGames = 20000;

std::string find_pgn_extract() {
  for (const char* p : {"/usr/games/pgn-extract", "/usr/bin/pgn-extract"})
    if (fs::exists(p)) return p;
  return "";
}

TEST(EcoAgreement, PgnExtractOnOtbSlice) {
  const std::string pgn_extract = find_pgn_extract();
  const std::string eco_file = "/usr/share/pgn-extract/eco.pgn";
  // PGNKIT_SHARED_DIR in the environment overrides ../shared (a worktree elsewhere).
  const char* shared = std::getenv("PGNKIT_SHARED_DIR");
  const fs::path corpus = fs::path(shared ? shared : PGNKIT_SHARED_DIR) / "corpus/otb.pgn.zst";
  if (pgn_extract.empty() || !fs::exists(eco_file))
    GTEST_SKIP() << "pgn-extract is not installed (apt-get install pgn-extract)";
  if (!fs::exists(corpus)) GTEST_SKIP() << corpus << " absent";
  testing::TempDir tmp;
  ASSERT_TRUE(tmp.ok());
  auto source = io::Source::open(corpus.string());
  ASSERT_TRUE(source);
  const std::string slice =
      tmp.file("slice.pgn",
               testing::numbered_games(*source, kSliceGames,
                                       {"[ECO ", "[Opening ", "[Variation ", "[SubVariation "}));
  const std::string theirs = (tmp / "theirs.pgn").string(), ours = (tmp / "ours.pgn").string();
  // -C -N -V: no comments, NAGs or variations in the output (smaller; ECO is unaffected);
  // --keepbroken: games with move errors are written too, so none is lost from the pairing.
  ASSERT_EQ(std::system((pgn_extract + " -s -e" + eco_file + " -C -N -V --keepbroken -o " + theirs +
                         " " + slice + " 2>/dev/null")
                            .c_str()),
            0);
  const int rc = std::system(
      (std::string(PGNKIT_BINARY) + " annotate --eco " + slice + " -o " + ours + " 2>/dev/null")
          .c_str());
  ASSERT_TRUE(WIFEXITED(rc) && WEXITSTATUS(rc) <= 1);  // 1: some games have move errors
  const auto a = testing::tag_by_id(testing::read_file(theirs), "ECO");
  const auto b = testing::tag_by_id(testing::read_file(ours), "ECO");
  ASSERT_EQ(b.size(), kSliceGames);  // pgnkit writes every game
  ASSERT_EQ(a.size(), kSliceGames);
  std::size_t same = 0, ours_only = 0, theirs_only = 0;
  for (const auto& [id, code] : b) {
    const std::string& other = a.at(id);
    same += other == code;
    ours_only += other.empty() && !code.empty();
    theirs_only += code.empty() && !other.empty();
  }
  const double agreement = static_cast<double>(same) / kSliceGames;
  RecordProperty("agreement", std::to_string(agreement));
  EXPECT_GE(agreement, 0.99) << same << " of " << kSliceGames << " agree";
  // pgn-extract classifies no game it cannot replay; pgnkit classifies the legal prefix.
  // Both classify every other game of this slice (every first move is in the book).
  EXPECT_EQ(theirs_only, 0u);
  EXPECT_LE(ours_only, 20u);
  std::printf(
      "pgnkit and pgn-extract agree on %zu of %zu games (%.2f%%); %zu classified by "
      "pgnkit only\n",
      same, kSliceGames, 100.0 * agreement, ours_only);
}

}  // namespace
}  // namespace pgnkit

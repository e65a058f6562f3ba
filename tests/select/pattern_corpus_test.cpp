// --position-pattern and --imbalance on the first 20,000 games of ../shared/corpus/otb.pgn,
// through the binary. The slice is first written again by `pgnkit convert` (its legal games,
// no comments or variations), so that pgn-extract reads the same moves as pgnkit (it drops
// a game's moves at text it cannot read, such as "29.Qf8 mat 1-0"); each game then gets
// [PgnkitId "n"], n its number in the file. Each answer is found three ways, and the counts
// are pinned:
//  - select --position-pattern selects the games that pgn-extract -Tf selects (with -V and
//    --matchplylimit: the main line, every ply) and that a backtracking matcher
//    (pattern_reference.h) finds among the positions `convert --to epd --include-start`
//    writes;
//  - select --imbalance selects the games of select --material given every material of the
//    slice that has the imbalance, and those that the positions' FEN letters give.
// Skipped with a message where the corpus or pgn-extract is absent.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "io/source.h"
#include "select/pattern_reference.h"
#include "support/child.h"
#include "support/files.h"
#include "support/numbered.h"

namespace pgnkit::select_pattern_corpus_test {
namespace {

namespace fs = std::filesystem;
namespace ref = select::pattern_reference;
using Ids = std::set<int>;

constexpr std::size_t kSliceGames = 20000;

std::string find_pgn_extract() {
  for (const char* p : {"/usr/games/pgn-extract", "/usr/bin/pgn-extract"})
    if (fs::exists(p)) return p;
  return "";
}

fs::path otb() {  // PGNKIT_SHARED_DIR in the environment overrides ../shared
  const char* shared = std::getenv("PGNKIT_SHARED_DIR");
  return fs::path(shared ? shared : PGNKIT_SHARED_DIR) / "corpus/otb.pgn.zst";
}

Ids ids_of(const std::string& pgn) {
  Ids ids;
  for (const std::string& line : testing::lines_of(pgn))
    if (line.starts_with("[PgnkitId \"")) ids.insert(std::stoi(line.substr(11)));
  return ids;
}

struct PatternCase {
  std::string pattern;
  bool pgn_extract = true;  // pgn-extract has no side to move
  std::size_t games = 0;
};

struct ImbalanceCase {
  std::string spec;
  bool any_pawns = false;
  unsigned plies = 1;
  bool final_only = false;
  std::size_t games = 0;

  std::vector<std::string> flags() const {
    std::vector<std::string> f = {"--imbalance", spec};
    if (any_pawns) f.emplace_back("--imbalance-any-pawns");
    if (plies != 1) f.insert(f.end(), {"--imbalance-plies", std::to_string(plies)});
    if (final_only) f.emplace_back("--material-final");
    return f;
  }
};

// What the positions of an EPD file give: the games each pattern fits, the games with each
// imbalance, and the materials (in --material's spelling) of the positions with it.
struct Reference {
  std::vector<Ids> patterns, imbalances;
  std::vector<std::set<std::string>> materials;
};

Reference read_positions(const std::string& epd, const std::vector<PatternCase>& patterns,
                         const std::vector<ImbalanceCase>& imbalances) {
  Reference r;
  r.patterns.resize(patterns.size());
  r.imbalances.resize(imbalances.size());
  r.materials.resize(imbalances.size());
  std::vector<std::array<int, 5>> specs(imbalances.size());
  for (std::size_t j = 0; j < imbalances.size(); ++j)
    specs[j] = ref::spec_difference(imbalances[j].spec);
  std::vector<unsigned> run(imbalances.size());
  std::vector<std::array<int, 5>> run_key(imbalances.size());
  int game = 0;
  const auto end_game = [&] {  // the run that ends at the final position
    for (std::size_t j = 0; j < imbalances.size(); ++j) {
      if (imbalances[j].final_only && run[j] >= imbalances[j].plies) r.imbalances[j].insert(game);
      run[j] = 0;
    }
  };
  std::ifstream in(epd);
  for (std::string line; std::getline(in, line);) {
    const std::size_t space = line.find(' ');
    const int g = std::stoi(line.substr(line.rfind("id \"") + 4));
    if (g != game) {
      end_game();
      game = g;
    }
    const std::string_view placement = std::string_view(line).substr(0, space);
    const std::vector<std::string> board = ref::board_text(placement);
    for (std::size_t i = 0; i < patterns.size(); ++i) {
      if (ref::board_fits(patterns[i].pattern, board, line[space + 1])) r.patterns[i].insert(g);
    }
    const std::array<int, 12> counts = ref::piece_counts(placement);
    std::array<int, 5> key = ref::board_difference(counts);
    for (std::size_t j = 0; j < imbalances.size(); ++j) {
      const ImbalanceCase& c = imbalances[j];
      if (!ref::has_imbalance(key, specs[j], c.any_pawns)) {
        run[j] = 0;
        continue;
      }
      std::array<int, 5> k = key;
      if (c.any_pawns) k[0] = 0;
      run[j] = run[j] > 0 && k == run_key[j] ? run[j] + 1 : 1;
      run_key[j] = k;
      if (!c.final_only && run[j] >= c.plies) r.imbalances[j].insert(g);
      r.materials[j].insert(ref::material_text(counts));
    }
  }
  end_game();
  return r;
}

TEST(PatternCorpus, ThreeWaysOnAnOtbSlice) {
  const std::string pgn_extract = find_pgn_extract();
  if (pgn_extract.empty())
    GTEST_SKIP() << "pgn-extract is not installed (apt-get install pgn-extract)";
  if (!fs::exists(otb())) GTEST_SKIP() << otb() << " absent";
  testing::TempDir tmp;
  ASSERT_TRUE(tmp.ok());
  const auto run_ok = [&](const std::vector<std::string>& args) {
    testing::ChildRun r = testing::run_pgnkit(tmp, args);
    EXPECT_LE(r.status, 1) << r.err;
    return r;
  };
  // The slice, written again by convert, then numbered.
  auto source = io::Source::open(otb().string());
  ASSERT_TRUE(source);
  const std::string raw = tmp.file("raw.pgn", testing::numbered_games(*source, kSliceGames));
  const std::string clean = (tmp / "clean.pgn").string();
  run_ok({"convert", "--to", "pgn", "--on-error", "skip", "--no-comments", "--no-variations",
          "--tags", "seven", raw, "-o", clean});
  auto clean_source = io::Source::open(clean);
  ASSERT_TRUE(clean_source);
  const std::string slice =
      tmp.file("slice.pgn", testing::numbered_games(*clean_source, 2 * kSliceGames));
  const std::string epd = (tmp / "slice.epd").string();
  run_ok({"convert", "--to", "epd", "--include-start", slice, "-o", epd});

  const std::vector<PatternCase> patterns = {
      {"*/*/*/*/*/*/?????PBP/?????RK?", true, 3673},
      {"?????rk?/?????aaa/*/*/*/8/P[BP]P*/??KR????", true, 40},
      {"8/8/*/*/*/*/8/8", true, 929},
      {"*/*/*/3[Qq]4/*/*/*/*", true, 1248},
      {"*/*/*/*/*P*P*P*/*/*/*", true, 8454},
      {"r*/m*/*/*/*/*/*/*K_", true, 8052},
      {R"(*/*/*/*/???PP???/*/*/* b)", false, 10602},
  };
  const std::vector<ImbalanceCase> imbalances = {
      {"QvRR", false, 1, false, 98},  {"QvRR", true, 1, false, 187}, {"RvB", false, 1, false, 1529},
      {"RvB", false, 2, false, 1004}, {"RvBN", true, 1, false, 952}, {"BvN", false, 1, true, 1711},
      {"Nv", false, 2, false, 980},
  };
  const Reference reference = read_positions(epd, patterns, imbalances);
  const std::size_t games = ids_of(testing::read_file(slice)).size();
  EXPECT_GE(games, kSliceGames - 200);  // the games with move errors are left out

  for (std::size_t i = 0; i < patterns.size(); ++i) {
    const PatternCase& c = patterns[i];
    const Ids ours = ids_of(run_ok({"select", "--position-pattern", c.pattern, slice}).out);
    EXPECT_EQ(ours, reference.patterns[i]) << c.pattern;
    EXPECT_EQ(ours.size(), c.games) << c.pattern;
    if (!c.pgn_extract) continue;
    const testing::ChildRun theirs = testing::run(
        tmp, {pgn_extract, "-s", "-V", "--matchplylimit", "100000", "-Tf" + c.pattern, slice});
    EXPECT_EQ(theirs.status, 0) << theirs.err;
    EXPECT_EQ(ids_of(theirs.out), ours) << c.pattern;
  }
  for (std::size_t j = 0; j < imbalances.size(); ++j) {
    const ImbalanceCase& c = imbalances[j];
    std::vector<std::string> args = {"select"};
    const std::vector<std::string> flags = c.flags();
    args.insert(args.end(), flags.begin(), flags.end());
    args.push_back(slice);
    const Ids ours = ids_of(run_ok(args).out);
    EXPECT_EQ(ours, reference.imbalances[j]) << c.spec;
    EXPECT_EQ(ours.size(), c.games) << c.spec << " " << c.plies;
    if (c.plies != 1) continue;  // --material has no runs
    args = {"select"};
    for (const std::string& m : reference.materials[j]) args.insert(args.end(), {"--material", m});
    if (c.final_only) args.emplace_back("--material-final");
    args.push_back(slice);
    EXPECT_EQ(ids_of(run_ok(args).out), ours)
        << c.spec << ": " << reference.materials[j].size() << " materials";
  }
}

}  // namespace
}  // namespace pgnkit::select_pattern_corpus_test

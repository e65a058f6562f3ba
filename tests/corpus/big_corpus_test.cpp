// The three big files of ../shared/corpus, replayed in-process the way `pgnkit check` does
// (reader + replayer, variations included): every game is read, no legal move of a real
// game is called illegal, and the non-FIDE variants of lichess are reported as unsupported
// variants rather than as illegal moves. Skipped where the corpus is absent; several seconds
// each.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "pgn/tag.h"
#include "replay/replayer.h"

namespace pgnkit {
namespace {

struct Illegal {
  std::uint64_t game;
  std::uint32_t ply;
  std::string code;  // a chess::SanError name (replay::san_error_name)
  std::string san;
  friend bool operator<(const Illegal& a, const Illegal& b) {
    return std::tie(a.game, a.ply, a.code, a.san) < std::tie(b.game, b.ply, b.code, b.san);
  }
  friend bool operator==(const Illegal& a, const Illegal& b) {
    return std::tie(a.game, a.ply, a.code, a.san) == std::tie(b.game, b.ply, b.code, b.san);
  }
  friend std::ostream& operator<<(std::ostream& os, const Illegal& i) {
    return os << "{game " << i.game << ", ply " << i.ply << ", " << i.code << " '" << i.san << "'}";
  }
};

struct BigRun {
  pgn::ReadStats stats;
  bool io_error = false;
  std::uint64_t games = 0;                       // game_end calls
  std::map<std::string, std::uint64_t> codes;    // every problem code, counted
  std::vector<Illegal> illegal;                  // ProblemCode::IllegalMove problems
  std::set<std::uint64_t> unsupported;           // games reported unsupported_variant
  std::set<std::uint64_t> chess960;              // games replayed as Chess960
  std::map<std::uint64_t, std::string> variant;  // the [Variant] tag, where present
};

class Sink : public replay::ReplaySink {
 public:
  explicit Sink(BigRun& run) : run_(run) {}
  void problem(const replay::Problem& p) override {
    ++run_.codes[std::string(p.code_name())];
    if (p.code == replay::ProblemCode::IllegalMove)
      run_.illegal.push_back({p.game, p.ply, std::string(p.code_name()), p.san});
    if (p.code == replay::ProblemCode::UnsupportedVariant) run_.unsupported.insert(p.game);
  }
  void game_end(const replay::GameReport& r) override {
    ++run_.games;
    if (r.chess960) run_.chess960.insert(r.game);
    // The problem and the report agree on the game.
    EXPECT_EQ(r.unsupported_variant, run_.unsupported.count(r.game) == 1) << "game " << r.game;
  }

 private:
  BigRun& run_;
};

class VariantKeeper : public replay::Replayer {
 public:
  VariantKeeper(Sink& sink, BigRun& run) : Replayer(sink), run_(run) {}
  void begin_game(const pgn::GameInfo& info) {
    game_ = info.number;
    Replayer::begin_game(info);
  }
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
    if (name == "Variant") pgn::unescape_tag(value_raw, run_.variant[game_]);
    return Replayer::tag(name, value_raw, where);
  }

 private:
  BigRun& run_;
  std::uint64_t game_ = 0;
};

std::string corpus_path(const char* name) {
  return std::string(PGNKIT_SHARED_DIR) + "/corpus/" + name;
}

bool replay_corpus(const char* name, BigRun& run) {
  const std::string path = corpus_path(name);
  if (!std::filesystem::exists(path)) return false;
  io::IoError err;
  auto src = io::Source::open(path, &err);
  EXPECT_TRUE(src.has_value()) << io::describe(err, path);
  if (!src) return true;
  Sink sink(run);
  VariantKeeper replayer(sink, run);
  run.stats = pgn::read_pgn(*src, replayer);
  run.io_error = src->error().has_value();
  return true;
}

#define REPLAY_OR_SKIP(name, run)                                                \
  BigRun run;                                                                    \
  if (!replay_corpus(name, run))                                                 \
    GTEST_SKIP() << corpus_path(name) << " not found: big corpus tests skipped"; \
  ASSERT_FALSE(run.io_error) << name;                                            \
  ASSERT_EQ(run.games, run.stats.games)

TEST(BigCorpus, Lichess) {
  REPLAY_OR_SKIP("lichess.pgn.zst", run);
  EXPECT_EQ(run.games, 48234u);  // the corpus README's count
  // No move of any replayed game (standard, Chess960, From Position) is called illegal.
  EXPECT_EQ(run.illegal, std::vector<Illegal>{});
  // Every game whose [Variant] is not a FIDE game is reported unsupported, and only those:
  // Antichess 11, Atomic 57, Crazyhouse 24, King of the Hill 56, Racing Kings 1,
  // Three-check 15 (counted with grep on the decompressed file).
  std::set<std::uint64_t> non_fide;
  std::map<std::string, int> by_variant;
  for (const auto& [game, v] : run.variant) {
    if (v == "Standard" || v == "Chess960" || v == "From Position") continue;
    non_fide.insert(game);
    ++by_variant[v];
  }
  EXPECT_EQ(non_fide.size(), 164u);
  EXPECT_EQ(run.unsupported, non_fide);
  EXPECT_EQ(run.codes["unsupported_variant"], 164u);
  const std::map<std::string, int> want_variants = {{"Antichess", 11},   {"Atomic", 57},
                                                    {"Crazyhouse", 24},  {"King of the Hill", 56},
                                                    {"Racing Kings", 1}, {"Three-check", 15}};
  EXPECT_EQ(by_variant, want_variants);
  // The 466 [Variant "Chess960"] games are replayed as Chess960, and no other.
  std::set<std::uint64_t> c960;
  for (const auto& [game, v] : run.variant)
    if (v == "Chess960") c960.insert(game);
  EXPECT_EQ(c960.size(), 466u);
  EXPECT_EQ(run.chess960, c960);
}

TEST(BigCorpus, Engine) {
  REPLAY_OR_SKIP("engine.pgn.zst", run);
  EXPECT_EQ(run.games, 2969u);
  EXPECT_EQ(run.illegal, std::vector<Illegal>{});
  EXPECT_TRUE(run.unsupported.empty());
  // [Variant "fischerandom"] (476 games) is Chess960; "normal" (30) is standard chess.
  std::set<std::uint64_t> fischer;
  for (const auto& [game, v] : run.variant)
    if (v == "fischerandom") fischer.insert(game);
  EXPECT_EQ(fischer.size(), 476u);
  for (const std::uint64_t g : fischer) EXPECT_EQ(run.chess960.count(g), 1u) << "game " << g;
}

// The illegal moves of otb.pgn.zst, each examined in the file and replayed independently
// (chess.js 1.4 stops at the same ply of the same position; pgn-extract 19.04 rejects the
// same moves). All are errors in the data, not in pgnkit.
const std::vector<Illegal> kOtbIllegal = {
    // Berg Hansen-Aronian, Euro Team 2011: "38.fxe8" reaches the last rank without naming
    // the promotion piece.
    {66551, 75, "missing_promotion", "fxe8"},
    // Hussey-Zukertort, simul 1881: "25...Rf8" with rooks on a8 and g8 and b8-f8 empty;
    // both can go to f8 (Raf8 or Rgf8).
    {81555, 50, "ambiguous_move", "Rf8"},
    // IMSA Elite Mind Games 2017 (rapid/blitz): the last move of 15 games is corrupted into
    // a king move onto an attacked square, mostly next to the other king:
    {87824, 105, "king_into_check", "Ke4+"},  // Kf3-e4 beside Ke5 (Grischuk-Yu Yangyi)
    {87842, 118, "king_into_check", "Ke5+"},  // ...Kf6-e5 beside Ke4 (Wang Hao-Ding Liren)
    {87859, 109, "king_into_check", "Ke4"},   // Ke3-e4 attacked by the d5 pawn
    {87873, 73, "king_into_check", "Ke5+"},   // Ke4-e5 beside Ke6
    {87888, 98, "king_into_check", "Kd5+"},   // ...Kc5-d5 beside Ke5
    {87896, 115, "king_into_check", "Kd4+"},  // Kd3-d4 beside Ke5
    {87900, 67, "king_into_check", "Kd4"},    // Kc3-d4 attacked by the c5 pawn
    {87906, 129, "king_into_check", "Ke4"},   // Kf3-e4 on the file of the e5 rook
    {87914, 108, "king_into_check", "Kd5+"},  // ...Kd6-d5 beside Kd4
    {87929, 114, "king_into_check", "Kd5"},   // ...Ke4-d5 attacked by the e3 knight
    {87943, 218, "king_into_check", "Ke5+"},  // ...Kd4-e5 beside Kf4
    {87947, 112, "king_into_check", "Kd5+"},  // ...Kc4-d5 beside Ke4
    {87983, 79, "king_into_check", "Kd4"},    // Kd3-d4 attacked by the e5 pawn
    {87991, 118, "king_into_check", "Ke5+"},  // ...Kf6-e5 beside Ke4
    // Abdusattorov-Divya, Dubai 2019: "46...Kd5" walks onto the d-file of the d6 queen.
    {93122, 92, "king_into_check", "Kd5"},
    // Gelfand-Gareyev, World Blitz 2019: "31.O-O" after 7.O-O-O (and 18.Kd2, 25.Ke1).
    {96343, 61, "castling_without_rights", "O-O"},
    // Yu Yangyi-Sevian, Summer Chess Classic 2022: "41...Ke5+" beside Ke4.
    {104790, 82, "king_into_check", "Ke5+"},
};

TEST(BigCorpus, OverTheBoard) {
  REPLAY_OR_SKIP("otb.pgn.zst", run);
  EXPECT_EQ(run.games, 105010u);  // see tests/pgn/corpus_test.cpp for the +1 over the README
  EXPECT_EQ(run.illegal, kOtbIllegal);
  EXPECT_TRUE(run.unsupported.empty());
}

}  // namespace
}  // namespace pgnkit

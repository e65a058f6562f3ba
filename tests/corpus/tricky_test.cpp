// What pgnkit says about every file of ../shared/corpus/tricky (edge cases from other
// projects' test data; each folder's SOURCE.txt names its origin: python-chess data/pgn,
// chessops data/ and fuzz/corpus, chess.js __tests__/pgn, pgn-extract's test/infiles).
// Each file is replayed in-process; the exact game count, main-line plies and problem
// counts per code are compared with an expectation checked against the file by hand (game
// counts and rule verdicts also against chess.js 1.4 and Debian's pgn-extract 19.04).
// Skipped where the corpus is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "pgn/tag.h"
#include "replay/replayer.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using replay::GameStatus;

struct GameRow {
  std::uint64_t number = 0;
  std::uint32_t line = 0;  // line of the game's first token
  std::uint32_t plies = 0;
  GameStatus status = GameStatus::Ongoing;
  bool chess960 = false;
  std::optional<std::uint32_t> threefold_ply, fifty_ply;
  std::map<std::string, std::string> tags;  // every tag, unescaped
};

struct FileRun {
  pgn::ReadStats stats;
  std::vector<replay::Problem> problems;
  std::vector<GameRow> games;
  bool io_error = false;

  std::uint64_t plies() const {
    std::uint64_t n = 0;
    for (const auto& g : games) n += g.plies;
    return n;
  }
  // "code:count code:count ..." for one severity, codes sorted: readable in a failure.
  std::string counts(replay::Severity severity) const {
    std::map<std::string, int> by_code;
    for (const auto& p : problems)
      if (p.severity == severity) ++by_code[std::string(p.code_name())];
    std::string out;
    for (const auto& [code, n] : by_code)
      out += (out.empty() ? "" : " ") + code + ':' + std::to_string(n);
    return out;
  }
  std::vector<replay::Problem> with_code(std::string_view code) const {
    std::vector<replay::Problem> out;
    for (const auto& p : problems)
      if (p.code_name() == code) out.push_back(p);
    return out;
  }
};

class Recorder : public replay::ReplaySink {
 public:
  explicit Recorder(FileRun& run) : run_(run) {}
  void problem(const replay::Problem& p) override { run_.problems.push_back(p); }
  void game_end(const replay::GameReport& r) override {
    GameRow g;
    g.number = r.game;
    g.line = r.where.line;
    g.plies = r.plies;
    g.status = r.status;
    g.chess960 = r.chess960;
    g.threefold_ply = r.threefold_ply;
    g.fifty_ply = r.fifty_ply;
    g.tags = std::move(tags);
    tags.clear();
    run_.games.push_back(std::move(g));
  }
  std::map<std::string, std::string> tags;  // of the game being read

 private:
  FileRun& run_;
};

// The replayer, keeping every tag for the test as well.
class TagKeepingReplayer : public replay::Replayer {
 public:
  TagKeepingReplayer(Recorder& sink, replay::ReplayOptions opt)
      : Replayer(sink, opt), sink_(sink) {}
  void begin_game(const pgn::GameInfo& info) {
    sink_.tags.clear();
    Replayer::begin_game(info);
  }
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
    std::string value;
    pgn::unescape_tag(value_raw, value);
    sink_.tags[std::string(name)] = std::move(value);
    return Replayer::tag(name, value_raw, where);
  }

 private:
  Recorder& sink_;
};

std::string tricky_dir() {
  return std::string(PGNKIT_SHARED_DIR) + "/corpus/tricky";
}

// Replays tricky/<rel>; nullopt when the file does not exist.
std::optional<FileRun> replay_file(const std::string& rel, replay::ReplayOptions opt = {}) {
  const std::string path = tricky_dir() + "/" + rel;
  if (!fs::exists(path)) return std::nullopt;
  FileRun run;
  auto src = io::Source::open(path);
  if (!src) {
    run.io_error = true;
    return run;
  }
  Recorder sink(run);
  TagKeepingReplayer replayer(sink, opt);
  run.stats = pgn::read_pgn(*src, replayer);
  run.io_error = src->error().has_value();
  return run;
}

#define REPLAY_OR_SKIP(var, rel, ...)                                                  \
  const auto var##_opt = replay_file(rel __VA_OPT__(, ) __VA_ARGS__);                  \
  if (!var##_opt) GTEST_SKIP() << tricky_dir() << "/" << rel << " not found: skipped"; \
  const FileRun& var = *var##_opt;                                                     \
  ASSERT_FALSE(var.io_error) << rel

struct Expectation {
  const char* path;      // under corpus/tricky
  std::uint64_t games;   // games read
  std::uint64_t plies;   // main-line plies replayed, all games
  const char* errors;    // "code:count ..." sorted by code
  const char* warnings;  // the same for warnings
};
void PrintTo(const Expectation& e, std::ostream* os) {
  *os << e.path;
}

// Files whose test data repeats a game: the Barnes-Horton game (72 plies, [Round ""] is a
// bad_tag_value warning: the standard wants "?" for an unknown round) and the 34-game
// Fischer file (30 dates "1957"-style instead of YYYY.MM.DD).
constexpr const char* kBarnes = "bad_tag_value:1";

const Expectation kFiles[] = {
    // HTML "<br />" instead of line breaks: the tag line never ends, '<' cuts the only game.
    {"chess.js/0.pgn", 1, 0, "unexpected_char:1", "missing_tag:6"},
    // Fischer-Spassky 1972 game 6, PlyCount 81: clean.
    {"chess.js/1.pgn", 1, 81, "", ""},
    // Fool's mate with the result on its own line: clean.
    {"chess.js/2.pgn", 1, 4, "", ""},
    // SetUp/FEN with Black to move, "1. ... Ba5": clean, 4 plies.
    {"chess.js/3.pgn", 1, 4, "", ""},
    // Three Antichess games (tags and moves on one line, or not): unsupported, not replayed.
    {"chessops/data_headers-and-moves-on-the-same-line.pgn", 3, 0, "",
     "missing_tag:21 unsupported_variant:3"},
    // Kasparov-Deep Blue 1997, six games: clean (PlyCounts agree, see PlyCountTags).
    {"chessops/data_kasparov-deep-blue-1997.pgn", 6, 519, "", ""},
    // Four Ruy Lopez stubs without results. The tagless 4th starts at "1." after a blank line,
    // in a game that has moves: a new game (docs/reader.md), so four games of 5 plies.
    {"chessops/data_leading-whitespace.pgn", 4, 20, "", "missing_result:4 missing_tag:28"},
    // Seven tags with escaped quotes and brackets inside values, no movetext (see
    // PathologicalHeaders for the values).
    {"chessops/data_pathological-headers.pgn", 1, 0, "", "missing_tag:7 no_movetext:1"},
    // The body of a comment ([%csl ...] [%clk ...]) fed as a whole file: not PGN; "[%csl" is
    // no tag pair, "foo" a word (text_in_movetext), not a move.
    {"chessops/fuzz_corpus_pgn-comment_comment", 1, 0, "malformed_tag:2 tag_after_movetext:2",
     "missing_result:1 missing_tag:7 text_in_movetext:1"},
    // "1. e4 e5 2. Nf3" without tags or result.
    {"chessops/fuzz_corpus_pgn_bare", 1, 3, "", "missing_result:1 missing_tag:7"},
    // [White] only; a NAG, a variation with a comment and a NAG: clean but for the roster.
    {"chessops/fuzz_corpus_pgn_small", 1, 1, "", "missing_tag:6"},
    // pgn-extract's -P variation file: bare SAN, no result.
    {"pgn-extract-tests/infiles/Pvars.txt", 1, 6, "", "missing_result:1 missing_tag:7"},
    // Coordinate notation (b2b3 e7e5 c1b2...): each move is the move of the piece on its
    // from-square, one long_algebraic warning (its captures are not judged apart).
    {"pgn-extract-tests/infiles/alg.txt", 1, 72, "", "long_algebraic:72 missing_tag:7"},
    // pgn-extract argument files: lines starting with ':' (":--novars", ":-t") are text
    // between games (a warning), skipped to the next tag section; no game.
    {"pgn-extract-tests/infiles/argslist.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/barnes-horton.pgn", 1, 72, "", kBarnes},
    // File lists, tag lists, material patterns and FEN lists (pgn-extract arguments): text
    // between games, no game.
    {"pgn-extract-tests/infiles/clist.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/files.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/fischer.pgn", 34, 3160, "", "bad_tag_value:30"},
    {"pgn-extract-tests/infiles/fools-mate.pgn", 1, 4, "", ""},
    // "f3 e5 g4 Qh4 0-1": Qh4 mates without '#'.
    {"pgn-extract-tests/infiles/fools-mate.txt", 1, 4, "", "missing_mate:1 missing_tag:7"},
    {"pgn-extract-tests/infiles/najdorf.pgn", 8, 608, "", ""},
    // "{ ... { a nested comment } which ..." : PGN comments do not nest, the first '}' ends
    // it, "which" and the 8 words after it are text in the movetext, and the final '}' cuts
    // the game (see NestedComment).
    {"pgn-extract-tests/infiles/nested-comment.pgn", 1, 1, "unexpected_char:1",
     "missing_tag:7 text_in_movetext:9"},
    // 35 Petrosian games, 7 year-only dates.
    {"pgn-extract-tests/infiles/petrosian.pgn", 35, 2631, "", "bad_tag_value:7"},
    {"pgn-extract-tests/infiles/roster.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/taglist.txt", 0, 0, "", "text_between_games:1"},
    // Adianto-Gelfand: 165 plies (83 White moves, 82 Black); its [PlyCount "166"] is wrong.
    {"pgn-extract-tests/infiles/test-7.pgn", 1, 165, "", ""},
    {"pgn-extract-tests/infiles/test-C.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-F-text.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-F.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-FENPattern.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/test-L1.pgn", 1, 4, "", ""},
    {"pgn-extract-tests/infiles/test-L2.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-N.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-P.pgn", 11, 1021, "", ""},
    {"pgn-extract-tests/infiles/test-R.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-Ta.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-V.pgn", 1, 72, "", kBarnes},
    // Same coordinate-notation game as alg.txt.
    {"pgn-extract-tests/infiles/test-a.txt", 1, 72, "", "long_algebraic:72 missing_tag:7"},
    {"pgn-extract-tests/infiles/test-addhashcode.pgn", 1, 72, "", kBarnes},
    // "--" null moves (pgn-extract --allownullmoves): errors by default (see NullMoves).
    {"pgn-extract-tests/infiles/test-allownullmoves.pgn", 2, 2, "null_move:2", ""},
    // Fool's mate and the Barnes-Horton game.
    {"pgn-extract-tests/infiles/test-checkmate.pgn", 2, 76, "", kBarnes},
    {"pgn-extract-tests/infiles/test-e.pgn", 6, 447, "", "bad_tag_value:2"},
    {"pgn-extract-tests/infiles/test-evaluation.pgn", 1, 4, "", ""},
    {"pgn-extract-tests/infiles/test-f1.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-f2.pgn", 1, 4, "", ""},
    {"pgn-extract-tests/infiles/test-fencomments.pgn", 1, 72, "", kBarnes},
    // Two games past the 50-move mark (see RulesAgreeWithChessJs): no error.
    {"pgn-extract-tests/infiles/test-fifty.pgn", 2, 511, "", ""},
    // Input of --fixresulttags: every Result contradicts the final mate/stalemate (see
    // FixResultTags).
    {"pgn-extract-tests/infiles/test-fixresulttags-in.pgn", 5, 417, "result_contradicted:5", ""},
    // Four tagless games separated only by '*'.
    {"pgn-extract-tests/infiles/test-fuzzydepth.pgn", 4, 20, "", "missing_tag:28"},
    {"pgn-extract-tests/infiles/test-hash.pgn", 35, 3256, "", "bad_tag_value:32"},
    // A 140-byte comment on its own line: clean.
    {"pgn-extract-tests/infiles/test-long-line.pgn", 1, 4, "", ""},
    {"pgn-extract-tests/infiles/test-matchplylimit.pgn", 1, 102, "", ""},
    // "b3 {..} $1 {..} $2 {..} *": comments around NAGs, clean but for the roster.
    {"pgn-extract-tests/infiles/test-nagcomments.pgn", 1, 1, "", "missing_tag:7"},
    // Nine one-move games whose marker contradicts the [Result] tag on purpose.
    {"pgn-extract-tests/infiles/test-nobadresults.pgn", 9, 9, "result_mismatch:9",
     "missing_tag:54"},
    {"pgn-extract-tests/infiles/test-nochecks.pgn", 2, 76, "", kBarnes},
    {"pgn-extract-tests/infiles/test-nomovenumbers.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-noresults.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-notags.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-o.txt", 1, 72, "", "long_algebraic:72 missing_tag:7"},
    {"pgn-extract-tests/infiles/test-plycount.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-plylimit.pgn", 1, 72, "", kBarnes},
    // d7d8R/N/B/Q and lower case, from a FEN without tags: coordinate promotions, one
    // long_algebraic each (the missing '=' and, for R and Q, '#' are not judged apart); N and B
    // leave K+minor vs K, a draw, under '*'.
    {"pgn-extract-tests/infiles/test-promotion-in.pgn", 8, 8, "",
     "long_algebraic:8 missing_tag:56 result_unset_after_end:4"},
    // "f3 e5 g4 Qh4 Kf2 0-1": Qh4 is mate, Kf2 comes after it.
    {"pgn-extract-tests/infiles/test-r.txt", 1, 4, "move_after_game_end:1",
     "missing_mate:1 missing_tag:7"},
    // Twelve games, nine with a threefold repetition (plies checked in RulesAgreeWithChessJs).
    {"pgn-extract-tests/infiles/test-repetition.pgn", 12, 1085, "", ""},
    {"pgn-extract-tests/infiles/test-s.pgn", 3, 255, "", ""},
    {"pgn-extract-tests/infiles/test-selectonly.pgn", 34, 3160, "", "bad_tag_value:30"},
    // Set-up positions (one of them the initial position as a FEN).
    {"pgn-extract-tests/infiles/test-setup-in.pgn", 2, 148, "", ""},
    // Comments before, between and after nested variations.
    {"pgn-extract-tests/infiles/test-splitvariants.pgn", 1, 3, "", ""},
    // Fool's mate, Barnes-Horton, and a 102-ply game ending in stalemate.
    {"pgn-extract-tests/infiles/test-stalemate.pgn", 3, 178, "", kBarnes},
    {"pgn-extract-tests/infiles/test-startply.pgn", 10, 731, "", ""},
    {"pgn-extract-tests/infiles/test-stopafter.pgn", 34, 3160, "", "bad_tag_value:30"},
    {"pgn-extract-tests/infiles/test-t.pgn", 6, 539, "", "bad_tag_value:5"},
    {"pgn-extract-tests/infiles/test-tFEN.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/test-ucE.pgn", 6, 447, "", "bad_tag_value:2"},
    {"pgn-extract-tests/infiles/test-ucS.pgn", 3, 255, "", ""},
    {"pgn-extract-tests/infiles/test-ucW.pgn", 1, 72, "", kBarnes},
    {"pgn-extract-tests/infiles/test-w.pgn", 1, 72, "", kBarnes},
    // "e4 c5 Nf3 d6 d4 cxd4 Nxd4 * Nc3 * Be3" (a -v match file): '*' ends a game, so three
    // tagless games; the third opens with Be3, which no bishop can reach from the start.
    {"pgn-extract-tests/infiles/vvars.txt", 3, 8, "no_piece_can_move:1",
     "missing_result:1 missing_tag:21"},
    {"pgn-extract-tests/infiles/xvars.txt", 1, 11, "", "missing_result:1 missing_tag:7"},
    {"pgn-extract-tests/infiles/ymatch.txt", 0, 0, "", "text_between_games:1"},
    {"pgn-extract-tests/infiles/zmatch.txt", 0, 0, "", "text_between_games:1"},
    // 41...Z0: a null move in a real game, an error without allow_null (see NullMoves).
    {"python-chess/anastasian-lewis.pgn", 1, 81, "null_move:1", ""},
    // Two Antichess games (d1=B, fxe8=K): unsupported, not replayed.
    {"python-chess/antichess-programfox.pgn", 2, 0, "", "missing_tag:14 unsupported_variant:2"},
    // ChessBase export with a blank line inside the tag section and no [Site]: one game.
    {"python-chess/chessbase-empty-line.pgn", 1, 134, "", "missing_tag:1"},
    // Four cutechess Chess960 games ([Variant "fischerandom"], castling as O-O): clean.
    {"python-chess/cutechess-fischerrandom.pgn", 4, 396, "", ""},
    {"python-chess/kasparov-deep-blue-1997.pgn", 6, 519, "", ""},
    // Crazyhouse with drops (B@b6): unsupported, not replayed; no [Round].
    {"python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 1, 0, "",
     "missing_tag:1 unsupported_variant:1"},
    // 5...Nd3#, a smothered mate: clean.
    {"python-chess/molinari-bordais-1979.pgn", 1, 10, "", ""},
    {"python-chess/nepomniachtchi-liren-game1.pgn", 1, 97, "", ""},
    {"python-chess/saturs-jannlee-zh-lichess.pgn", 1, 0, "", "missing_tag:1 unsupported_variant:1"},
    // Engine game with long comments: clean.
    {"python-chess/stockfish-learning.pgn", 1, 154, "", ""},
    // UCI moves (g1f3 c7c5 ...) instead of SAN: one long_algebraic warning each (captures and
    // checks, unmarked in UCI, are not judged apart).
    {"python-chess/uci-moves.pgn", 1, 113, "", "long_algebraic:113"},
    // UTF-8 BOM before the first tag, two games with only '*' as movetext: clean.
    {"python-chess/utf8-bom.pgn", 2, 0, "", ""},
};

class TrickyFile : public ::testing::TestWithParam<Expectation> {};

TEST_P(TrickyFile, GamesPliesAndProblemCounts) {
  const Expectation& e = GetParam();
  REPLAY_OR_SKIP(run, std::string(e.path));
  EXPECT_EQ(run.stats.games, e.games) << e.path;
  EXPECT_EQ(run.games.size(), e.games) << e.path;
  EXPECT_EQ(run.plies(), e.plies) << e.path;
  EXPECT_EQ(run.counts(replay::Severity::Error), e.errors) << e.path;
  EXPECT_EQ(run.counts(replay::Severity::Warning), e.warnings) << e.path;
}

std::string param_name(const ::testing::TestParamInfo<Expectation>& info) {
  std::string name = info.param.path;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Tricky, TrickyFile, ::testing::ValuesIn(kFiles), param_name);

// Every file in tricky/ has an expectation, and every expectation a file.
TEST(Tricky, EveryFileHasAnExpectation) {
  if (!fs::is_directory(tricky_dir())) GTEST_SKIP() << tricky_dir() << " not found: skipped";
  std::set<std::string> expected;
  for (const auto& e : kFiles) expected.insert(e.path);
  std::set<std::string> on_disk;
  for (const auto& entry : fs::recursive_directory_iterator(tricky_dir())) {
    if (!entry.is_regular_file() || entry.path().filename() == "SOURCE.txt") continue;
    on_disk.insert(fs::relative(entry.path(), tricky_dir()).generic_string());
  }
  EXPECT_EQ(on_disk, expected);
}

// [PlyCount] agrees with the plies replayed in every game that was replayed to its end.
// Exceptions, checked by hand: test-7.pgn says 166 for 165 plies; anastasian-lewis stops at
// the null move (81 of 84); the Crazyhouse games are not replayed.
TEST(Tricky, PlyCountTags) {
  if (!fs::is_directory(tricky_dir())) GTEST_SKIP() << tricky_dir() << " not found: skipped";
  int compared = 0;
  for (const auto& e : kFiles) {
    const auto run = replay_file(e.path);
    if (!run) continue;
    for (const auto& g : run->games) {
      const auto it = g.tags.find("PlyCount");
      if (it == g.tags.end() || g.status == GameStatus::Illegal ||
          g.status == GameStatus::UnsupportedVariant)
        continue;
      ++compared;
      if (std::string(e.path) == "pgn-extract-tests/infiles/test-7.pgn") {
        EXPECT_EQ(it->second, "166");
        EXPECT_EQ(g.plies, 165u);
        continue;
      }
      EXPECT_EQ(std::to_string(g.plies), it->second) << e.path << " game " << g.number;
    }
  }
  EXPECT_GE(compared, 15);
}

// pgn-extract's --fixresulttags input: each [Result] contradicts how the game really ended.
// Game 1: 30...Qh5# is Black's mate under 1-0. Game 2: 70...Kf3 stalemates Kf1 (pawn f2)
// under 0-1. Games 3-5: White mates (40.Ng5#, 33.Rh8#, 37.Qxg7#) under 1/2, 0-1, 1/2.
TEST(Tricky, FixResultTags) {
  REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/test-fixresulttags-in.pgn"));
  ASSERT_EQ(run.games.size(), 5u);
  const GameStatus status[] = {GameStatus::Checkmate, GameStatus::Stalemate, GameStatus::Checkmate,
                               GameStatus::Checkmate, GameStatus::Checkmate};
  const std::uint32_t plies[] = {60, 140, 79, 65, 73};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(run.games[i].status, status[i]) << "game " << i + 1;
    EXPECT_EQ(run.games[i].plies, plies[i]) << "game " << i + 1;
  }
  const auto bad = run.with_code("result_contradicted");
  ASSERT_EQ(bad.size(), 5u);
  // Reported at the termination marker ("1-0" after 30...Qh5# on line 13).
  EXPECT_EQ(bad[0].game, 1u);
  EXPECT_EQ(bad[0].where.line, 13u);
  EXPECT_EQ(bad[0].where.column, 60u);
  EXPECT_EQ(bad[4].where.line, 81u);  // game 5's "1/2-1/2" alone on the last line
  EXPECT_EQ(bad[4].where.column, 1u);
}

// Rule verdicts that chess.js 1.4 computes the same way (isThreefoldRepetition,
// isDrawByFiftyMoves, isStalemate after each move of these games).
TEST(Tricky, RulesAgreeWithChessJs) {
  {
    REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/test-repetition.pgn"));
    ASSERT_EQ(run.games.size(), 12u);
    const std::uint32_t threefold[] = {57, 48, 46, 74, 127, 94, 94, 93, 76, 0, 0, 0};
    for (int i = 0; i < 12; ++i)
      EXPECT_EQ(run.games[i].threefold_ply.value_or(0), threefold[i]) << "game " << i + 1;
  }
  {
    REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/test-fifty.pgn"));
    ASSERT_EQ(run.games.size(), 2u);
    EXPECT_EQ(run.games[0].fifty_ply.value_or(0), 225u);
    EXPECT_EQ(run.games[1].fifty_ply.value_or(0), 271u);
    EXPECT_EQ(run.games[0].plies, 228u);
    EXPECT_EQ(run.games[1].plies, 283u);
  }
  {
    REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/test-stalemate.pgn"));
    ASSERT_EQ(run.games.size(), 3u);
    EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);
    EXPECT_EQ(run.games[1].status, GameStatus::Ongoing);
    EXPECT_EQ(run.games[2].status, GameStatus::Stalemate);
    EXPECT_EQ(run.games[2].plies, 102u);
  }
}

// Null moves: "Z0" (python-chess) and "--" (pgn-extract) are errors by default, accepted
// with allow_null; a variation right after the failed null move still replaces it.
TEST(Tricky, NullMoves) {
  {
    REPLAY_OR_SKIP(run, std::string("python-chess/anastasian-lewis.pgn"));
    const auto nulls = run.with_code("null_move");
    ASSERT_EQ(nulls.size(), 1u);
    EXPECT_EQ(nulls[0].san, "Z0");
    EXPECT_EQ(nulls[0].where.line, 20u);
    EXPECT_EQ(nulls[0].where.column, 15u);
    EXPECT_EQ(nulls[0].ply, 82u);  // 41...Z0
    EXPECT_EQ(run.games[0].status, GameStatus::Illegal);
  }
  {
    replay::ReplayOptions opt;
    opt.allow_null = true;
    REPLAY_OR_SKIP(run, std::string("python-chess/anastasian-lewis.pgn"), opt);
    EXPECT_EQ(run.counts(replay::Severity::Error), "");
    EXPECT_EQ(run.games[0].plies, 84u);  // = [PlyCount "84"]
  }
  {
    REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/test-allownullmoves.pgn"));
    const auto nulls = run.with_code("null_move");
    ASSERT_EQ(nulls.size(), 2u);
    EXPECT_EQ(nulls[0].where.line, 11u);
    EXPECT_EQ(nulls[0].where.column, 9u);
    EXPECT_EQ(nulls[1].where.line, 23u);
    EXPECT_EQ(nulls[1].where.column, 9u);
    EXPECT_EQ(nulls[1].ply, 2u);
  }
  {
    replay::ReplayOptions opt;
    opt.allow_null = true;
    REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/test-allownullmoves.pgn"), opt);
    EXPECT_TRUE(run.problems.empty());
    ASSERT_EQ(run.games.size(), 2u);
    EXPECT_EQ(run.games[0].status, GameStatus::Checkmate);  // 33. Rh7#
    EXPECT_EQ(run.games[0].plies, 5u);
    EXPECT_EQ(run.games[1].plies, 2u);
  }
}

// UCI moves instead of SAN: read (tolerant mode), each with one long_algebraic warning.
TEST(Tricky, UciMovesAreReadWithWarnings) {
  REPLAY_OR_SKIP(run, std::string("python-chess/uci-moves.pgn"));
  EXPECT_EQ(run.counts(replay::Severity::Error), "");
  EXPECT_EQ(run.counts(replay::Severity::Warning), "long_algebraic:113");
  ASSERT_FALSE(run.problems.empty());
  EXPECT_EQ(run.problems[0].code_name(), "long_algebraic");
  EXPECT_EQ(run.problems[0].san, "g1f3");
  EXPECT_EQ(run.problems[0].message, "long algebraic notation; canonical SAN: Nf3");
  EXPECT_EQ(run.problems[0].where.line, 9u);
  EXPECT_EQ(run.problems[0].where.column, 1u);
  EXPECT_EQ(run.problems[0].ply, 1u);
}

TEST(Tricky, NestedComment) {
  REPLAY_OR_SKIP(run, std::string("pgn-extract-tests/infiles/nested-comment.pgn"));
  // The comment's rest is words: each skipped with a warning, the line goes on (one ply).
  const auto words = run.with_code("text_in_movetext");
  ASSERT_EQ(words.size(), 9u);
  EXPECT_EQ(words[0].message, "text in the movetext, not a move: 'which'; skipped");
  EXPECT_EQ(words[0].where.line, 1u);
  EXPECT_EQ(words[0].where.column, 46u);
  EXPECT_EQ(words[0].ply, 2u);
  EXPECT_EQ(words[7].message, "text in the movetext, not a move: '--nestedcomment'; skipped");
  EXPECT_TRUE(run.with_code("san_syntax").empty());
  const auto brace = run.with_code("unexpected_char");
  ASSERT_EQ(brace.size(), 1u);
  EXPECT_EQ(brace[0].where.line, 2u);
  EXPECT_EQ(brace[0].where.column, 45u);  // the second '}'
}

// The 4th stub of the file is tagless and has no result before it: its "1." after blank
// lines starts it (once "1." stayed in the 3rd game, where "1. e4" at ply 6 was Black's move).
TEST(Tricky, LeadingWhitespace) {
  REPLAY_OR_SKIP(run, std::string("chessops/data_leading-whitespace.pgn"));
  EXPECT_TRUE(run.with_code("no_piece_can_move").empty());
  const auto missing = run.with_code("missing_result");
  ASSERT_EQ(missing.size(), 4u);
  EXPECT_EQ(missing[2].game, 3u);  // at the end of the 3rd game's comment, line 8
  EXPECT_EQ(missing[2].where.line, 8u);
  EXPECT_EQ(missing[2].where.column, 83u);
  ASSERT_EQ(run.games.size(), 4u);
  EXPECT_EQ(run.games[0].line, 1u);  // "    [Variant ..." with leading blanks
  EXPECT_EQ(run.games[1].line, 5u);
  EXPECT_EQ(run.games[2].line, 7u);
  EXPECT_EQ(run.games[3].line, 11u);
}

TEST(Tricky, PathologicalHeaders) {
  REPLAY_OR_SKIP(run, std::string("chessops/data_pathological-headers.pgn"));
  ASSERT_EQ(run.games.size(), 1u);
  const std::map<std::string, std::string> want = {
      {"A", "b\""},      {"B", "b\""},        {"C", "A]]"}, {"D", "A]]["},
      {"E", "\"A]][\""}, {"F", "\"A]][\"\\"}, {"G", "\"]"}};
  EXPECT_EQ(run.games[0].tags, want);
}

TEST(Tricky, Chess960AndBom) {
  {
    REPLAY_OR_SKIP(run, std::string("python-chess/cutechess-fischerrandom.pgn"));
    ASSERT_EQ(run.games.size(), 4u);
    for (const auto& g : run.games) {
      EXPECT_TRUE(g.chess960) << "game " << g.number;
      EXPECT_EQ(g.status, GameStatus::Checkmate) << "game " << g.number;
    }
  }
  {
    REPLAY_OR_SKIP(run, std::string("python-chess/utf8-bom.pgn"));
    ASSERT_EQ(run.games.size(), 2u);
    EXPECT_EQ(run.games[0].tags.count("Event"), 1u);  // the BOM is not part of the name
    EXPECT_EQ(run.games[0].tags.at("Event"), "A");
    EXPECT_EQ(run.games[1].tags.at("Event"), "B");
  }
}

}  // namespace
}  // namespace pgnkit

// --position-pattern and --imbalance: the pattern language character by character, its error
// messages, the compiled bitboards against a backtracking matcher written from pgn-extract's
// description (random patterns on the positions of random games), the imbalance keys, and
// the Selector on tests/data/select/select_pattern.pgn with the exact games of each filter
// (an imbalance checked against the --material lists that cover it).
#include "select/pattern.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "pgn/reader.h"
#include "select/pattern_reference.h"
#include "select/selector.h"
#include "support/files.h"

namespace pgnkit::select::pattern_test {
namespace {

chess::Position position(std::string_view fen) {
  chess::Position p = chess::Position::empty();
  EXPECT_FALSE(chess::parse_fen(fen, p)) << fen;
  return p;
}

bool fits(std::string_view pattern, const chess::Position& p) {
  FilterError e;
  const auto parsed = BoardPattern::parse(pattern, e);
  EXPECT_TRUE(parsed) << pattern << ": " << e.message;
  return parsed && parsed->matches(p);
}

std::string error_of(std::string_view pattern) {
  FilterError e;
  EXPECT_FALSE(BoardPattern::parse(pattern, e)) << pattern;
  return e.message;
}

// The board of a position as the reference matcher reads it.
std::vector<std::string> board_text(const chess::Position& p) {
  const std::string fen = chess::write_fen(p);
  return pattern_reference::board_text(std::string_view(fen).substr(0, fen.find(' ')));
}

bool reference_fits(const std::string& pattern, const chess::Position& p) {
  return pattern_reference::board_fits(pattern, board_text(p),
                                       p.side_to_move() == chess::Color::White ? 'w' : 'b');
}

// Positions of random games from the start (seeded: the same every run).
std::vector<chess::Position> random_positions(std::mt19937& rng, int games, int plies) {
  std::vector<chess::Position> out;
  chess::MoveList moves;
  for (int g = 0; g < games; ++g) {
    chess::Position p = chess::Position::start();
    out.push_back(p);
    for (int ply = 0; ply < plies; ++ply) {
      chess::generate_legal(p, moves);
      if (moves.size == 0) break;
      p.play(moves.moves[rng() % static_cast<unsigned>(moves.size)]);
      out.push_back(p);
    }
  }
  return out;
}

// A pattern that describes `board` loosely (wildcards, classes, '*' over runs), then, now and
// then, one square made wrong; " w" or " b" sometimes.
std::string random_pattern(std::mt19937& rng, const std::vector<std::string>& board) {
  static const std::vector<std::string> kSingles = {
      "?", "!", "A", "a", "m", "_", "[Pp]", "[^Nn]", "[Ar]", "[^Aa]", "[m_]", "[!]"};
  const auto chance = [&](unsigned percent) { return rng() % 100 < percent; };
  std::string out;
  for (int r = 0; r < 8; ++r) {
    if (r > 0) out += '/';
    const std::string& rank = board[static_cast<std::size_t>(r)];
    for (std::size_t f = 0; f < 8;) {
      if (chance(12)) {  // '*' over the next 0-4 squares
        out += '*';
        f = std::min<std::size_t>(8, f + rng() % 5);
      } else if (rank[f] == '_' && chance(50)) {  // a run of empty squares as a digit
        std::size_t n = 1;
        while (f + n < 8 && rank[f + n] == '_' && chance(70)) ++n;
        out += static_cast<char>('0' + n);
        f += n;
      } else {
        // Mostly a token that admits the square; now and then any.
        std::string token = kSingles[rng() % kSingles.size()];
        for (int tries = 0;
             tries < 8 && !chance(3) && !pattern_reference::rank_fits(token, rank.substr(f, 1));
             ++tries)
          token = kSingles[rng() % kSingles.size()];
        out += chance(40) ? std::string(1, rank[f]) : token;
        ++f;
      }
    }
  }
  if (chance(10)) {  // one piece letter for a random square: usually wrong
    const std::size_t at = out.find_first_of("PNBRQKpnbrqk");
    if (at != std::string::npos) out[at] = "PNBRQKpnbrqk"[rng() % 12];
  }
  if (chance(20)) out += chance(50) ? " w" : " b";
  return out;
}

// --- the Selector on the fixture ---

using Events = std::vector<std::string>;

struct Collect : GameSink {
  Events events;  // the first word of each selected game's Event
  void game(const GameVerdict& v) override {
    if (!v.selected) return;
    const std::string b(v.bytes);
    const std::size_t at = b.find("[Event \"") + 8;
    events.push_back(b.substr(at, b.find_first_of(" \"", at) - at));
  }
};

Events select(const std::function<void(PlayFilters&)>& setup) {
  SelectOptions o;
  setup(o.play);
  Collect c;
  Selector s(o, c);
  const std::string text =
      testing::read_file(std::string(PGNKIT_SOURCE_DIR) + "/tests/data/select/select_pattern.pgn");
  io::Source src = io::Source::from_memory(text);
  pgn::read_pgn(src, s);
  return c.events;
}

Events with_pattern(const std::string& pattern) {
  return select([&](PlayFilters& f) { ASSERT_FALSE(f.add_position_pattern(pattern)); });
}

Events with_imbalance(const std::vector<std::string>& specs, bool any_pawns = false,
                      std::uint32_t plies = 1, bool final_only = false) {
  return select([&](PlayFilters& f) {
    for (const std::string& s : specs) ASSERT_FALSE(f.add_imbalance(s));
    f.imbalance_any_pawns = any_pawns;
    f.imbalance_plies = plies;
    f.material_final = final_only;
  });
}

Events with_material(const std::vector<std::string>& specs) {
  return select([&](PlayFilters& f) {
    for (const std::string& s : specs) ASSERT_FALSE(f.add_material(s));
  });
}

TEST(PositionPattern, EachCharacter) {
  const chess::Position start = chess::Position::start();
  EXPECT_TRUE(fits("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", start));
  EXPECT_TRUE(fits("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", start));
  EXPECT_FALSE(fits("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b", start));
  EXPECT_TRUE(fits("*/*/*/*/*/*/*/*", start));
  EXPECT_TRUE(fits("!!!!!!!!/aaaaaaaa/________/4_3/17/?*/AAAAAAAA/[Aa]*", start));
  EXPECT_FALSE(fits("!*/*/*/*/*/!*/*/*", start));  // a6 is empty
  EXPECT_FALSE(fits("A*/*/*/*/*/*/*/*", start));   // a8 holds a black rook
  EXPECT_TRUE(fits("m*/*/m*/*/*/*/*/*", start));   // a rook, an empty square
  EXPECT_FALSE(fits("*/m*/*/*/*/*/*/*", start));   // a pawn
  EXPECT_TRUE(fits("[rn]*/*/*/*/*/*/*/[^Pp]*", start));
  EXPECT_FALSE(fits("[^r]*/*/*/*/*/*/*/*", start));
  EXPECT_TRUE(fits("*/*/*/*/*/*/*/R*R", start));
  EXPECT_TRUE(fits("*/*/*/*/*/*/*/*Q*K*", start));
  EXPECT_FALSE(fits("*/*/*/*/*/*/*/*K*Q*", start));
  EXPECT_FALSE(fits("*/*/*/*/*/*/*/*k*", start));
  EXPECT_TRUE(fits("*/*/*/*/*/*/*/*N**N*", start));  // several placements of one rank
  EXPECT_FALSE(fits("*/*/*/*/*/*/*/*N*N*N*", start));
  const chess::Position e4 = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_TRUE(fits("*/*/*/*/4P3/*/*/*", e4));
  EXPECT_TRUE(fits(R"(*/*/*/*/????P???/*/????_*/*)", e4));
  EXPECT_TRUE(fits("*/*/*/*/*P*/*/*/* b", e4));
  EXPECT_FALSE(fits("*/*/*/*/3P4/*/*/*", e4));
  EXPECT_FALSE(fits("*/*/*/*/*/*/*/* w", e4));
}

TEST(PositionPattern, Errors) {
  EXPECT_EQ(error_of("*/*/*"), "expected 8 ranks separated by '/', got 3");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/*/*"), "expected 8 ranks separated by '/', got 9");
  EXPECT_EQ(error_of("*//*/*/*/*/*/*"), "rank 7: empty");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/RNBQKBNRR"),
            "rank 1: 'RNBQKBNRR' cannot cover exactly 8 squares");
  EXPECT_EQ(error_of("7/*/*/*/*/*/*/*"), "rank 8: '7' cannot cover exactly 8 squares");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/RNBx*"),
            "rank 1: unexpected 'x' (a square is a piece letter, 1-8, ?, !, A, a, m, _, * or "
            "[...])");
  EXPECT_EQ(error_of("9/*/*/*/*/*/*/*"),
            "rank 8: unexpected '9' (a square is a piece letter, 1-8, ?, !, A, a, m, _, * or "
            "[...])");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/[Pp*"), "rank 1: '[' without ']'");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/]*"), "rank 1: ']' without '['");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/[]*"), "rank 1: an empty []");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/[^]*"), "rank 1: an empty [^]");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/[^?]*"), "rank 1: [^?] matches no square");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/[1]*"),
            "rank 1: '1' inside [ ] (it holds piece letters and A, a, !, ?, m, _)");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/[[P]]*"),
            "rank 1: '[' inside [ ] (it holds piece letters and A, a, !, ?, m, _)");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/^*"),
            "rank 1: unexpected '^' (a square is a piece letter, 1-8, ?, !, A, a, m, _, * or "
            "[...])");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/* x"),
            "after the board only the side to move may follow: w or b");
  EXPECT_EQ(error_of("*/*/*/*/*/*/*/* w KQkq"),
            "after the board only the side to move may follow: w or b");
  PlayFilters f;
  const auto e = f.add_position_pattern("*/*");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "--position-pattern: '*/*': expected 8 ranks separated by '/', got 2");
}

TEST(PositionPattern, AgreesWithABacktrackingMatcher) {
  std::mt19937 rng(20240601);
  const std::vector<chess::Position> positions = random_positions(rng, 60, 120);
  ASSERT_GT(positions.size(), 3000u);
  int fit = 0, unfit = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const std::string text = random_pattern(rng, board_text(positions[i]));
    FilterError e;
    const auto pattern = BoardPattern::parse(text, e);
    ASSERT_TRUE(pattern) << text << ": " << e.message;
    // On its own position and on another one.
    for (const chess::Position* p : {&positions[i], &positions[rng() % positions.size()]}) {
      const bool expected = reference_fits(text, *p);
      ASSERT_EQ(pattern->matches(*p), expected) << text << " on " << chess::write_fen(*p);
      (expected ? fit : unfit) += 1;
    }
  }
  EXPECT_GT(fit, 1000);
  EXPECT_GT(unfit, 1000);
}

TEST(Imbalance, ParseAndKeys) {
  FilterError e;
  const auto q_rr = parse_imbalance("QvRR", e);
  ASSERT_TRUE(q_rr);
  const auto rr_q = parse_imbalance("RRvQ", e);
  ASSERT_TRUE(rr_q);
  EXPECT_EQ(q_rr->white_left, rr_q->black_left);
  EXPECT_EQ(q_rr->black_left, rr_q->white_left);
  // White: Q and 3 pawns; Black: 2 rooks and 3 pawns.
  const chess::Position p = position("r3r1k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1");
  EXPECT_EQ(imbalance_key(p), q_rr->white_left);
  EXPECT_EQ(imbalance_key(chess::Position::start()), 0u);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"Q", "expected the pieces of one side, 'v', those of the other, such as QvRR or BvN"},
      {"QvRvR", "expected the pieces of one side, 'v', those of the other, such as QvRR or BvN"},
      {"QvKR", "kings are not named"},
      {"qvrr", "each side is a list of the letters Q R B N P (uppercase)"},
      {"Q v RR", "each side is a list of the letters Q R B N P (uppercase)"},
      {"QRvRRR", "R on both sides: name only what each side has more of (QvRR, not QRvRRR)"},
      {"v", "name what at least one side has more of"},
      {"PPPPPPPPPPPPPPPPv", "more than 15 of a piece"},
  };
  for (const auto& [spec, why] : bad) {
    EXPECT_FALSE(parse_imbalance(spec, e)) << spec;
    EXPECT_EQ(e.message, std::string("--imbalance: '").append(spec).append("': ").append(why));
  }
}

TEST(PatternSelect, PositionPatternsOnTheFixture) {
  EXPECT_EQ(with_pattern("*/*/*/*/*/*/?????PBP/?????RK?"), Events{"p1"});
  EXPECT_EQ(with_pattern(R"(??kr????/*/*/*/*/*/*/??KR????)"), Events{"p2"});
  EXPECT_EQ(with_pattern("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR"), (Events{"p1", "p2", "p6", "p7", "p9"}));
  // Reached before p7's illegal move: the legal part of a main line counts.
  EXPECT_EQ(with_pattern(R"(*/*/*/*/???PP???/*/*/*)"), Events{"p7"});
  // 1... c5 is a variation of p6: variations do not count.
  EXPECT_EQ(with_pattern(R"(*/*/*/??p?????/*/*/*/*)"), Events{});
  EXPECT_EQ(with_pattern("*/*/*/*/*/*/[^Pp]*/*"), (Events{"p3", "p4", "p5", "p8"}));
  EXPECT_EQ(with_pattern("*/*/*/*/*/*/*/*K_"), (Events{"p1", "p3", "p4", "p5", "p8", "p9"}));
  EXPECT_EQ(with_pattern(R"(??kr????/*/*/*/*/*/*/??KR???? w)"), Events{"p2"});  // after 5... O-O-O
  EXPECT_EQ(with_pattern(R"(??kr????/*/*/*/*/*/*/??KR???? b)"), Events{});
  EXPECT_EQ(with_pattern("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b"), Events{});
  EXPECT_EQ(select([](PlayFilters& f) {  // ORed
              ASSERT_FALSE(f.add_position_pattern("*/*/*/*/*/*/?????PBP/?????RK?"));
              ASSERT_FALSE(f.add_position_pattern(R"(??kr????/*/*/*/*/*/*/??KR????)"));
            }),
            (Events{"p1", "p2"}));
}

TEST(PatternSelect, ImbalancesOnTheFixture) {
  EXPECT_EQ(with_imbalance({"QvRR"}), Events{"p3"});
  EXPECT_EQ(with_imbalance({"RRvQ"}), Events{"p3"});  // either colour: the same
  EXPECT_EQ(with_imbalance({"QvRR"}, true), (Events{"p3", "p8"}));
  EXPECT_EQ(with_imbalance({"QPvRR"}), Events{"p8"});
  EXPECT_EQ(with_imbalance({"RvB"}), Events{"p5"});
  EXPECT_EQ(with_imbalance({"RPvB"}), Events{"p5"});  // after 4... Rxf2+
  EXPECT_EQ(with_imbalance({"BvN"}), Events{"p9"});
  EXPECT_EQ(with_imbalance({"RvB", "BvN"}), (Events{"p5", "p9"}));
  // A piece up for one position, in the middle of an exchange.
  EXPECT_EQ(with_imbalance({"Nv"}), Events{"p9"});
  EXPECT_EQ(with_imbalance({"Qv"}), Events{"p4"});
  EXPECT_EQ(with_imbalance({"Nv", "Qv", "Bv"}, false, 2), Events{});
  // Runs: p9 has BvN in its last 3 positions, p5 RvB in 6 (8 with the pawns not compared).
  EXPECT_EQ(with_imbalance({"BvN"}, false, 3), Events{"p9"});
  EXPECT_EQ(with_imbalance({"BvN"}, false, 4), Events{});
  EXPECT_EQ(with_imbalance({"RvB"}, false, 6), Events{"p5"});
  EXPECT_EQ(with_imbalance({"RvB"}, false, 7), Events{});
  EXPECT_EQ(with_imbalance({"RvB"}, true, 8), Events{"p5"});
  EXPECT_EQ(with_imbalance({"RvB"}, true, 9), Events{});
  // The final position (--material-final), and the run that ends there.
  EXPECT_EQ(with_imbalance({"RvB"}, false, 1, true), Events{});
  EXPECT_EQ(with_imbalance({"RvB"}, true, 1, true), Events{"p5"});
  EXPECT_EQ(with_imbalance({"RPvB"}, false, 2, true), Events{"p5"});
  EXPECT_EQ(with_imbalance({"RPvB"}, false, 3, true), Events{});
  EXPECT_EQ(with_imbalance({"BvN"}, false, 3, true), Events{"p9"});
}

TEST(PatternSelect, ImbalancesAgreeWithTheMaterialListsThatCoverThem) {
  // Every material of the fixture's main lines with the imbalance, by side.
  EXPECT_EQ(with_imbalance({"QvRR"}), with_material({"KQPPP:KRRPPP"}));
  EXPECT_EQ(with_imbalance({"QvRR"}, true), with_material({"KQPPP:KRRPPP", "KQPPPP:KRRPPP"}));
  EXPECT_EQ(with_imbalance({"RvB"}), with_material({"KBPPP:KRPPP", "KBPP:KRPP"}));
  EXPECT_EQ(with_imbalance({"RPvB"}), with_material({"KBPP:KRPPP"}));
  EXPECT_EQ(with_imbalance({"BvN"}), with_material({"KQRRBNNPPPPPPPP:KQRRBBNPPPPPPPP"}));
  EXPECT_EQ(with_imbalance({"Qv"}), with_material({"KQRPPP:KRPPP"}));
}

}  // namespace
}  // namespace pgnkit::select::pattern_test

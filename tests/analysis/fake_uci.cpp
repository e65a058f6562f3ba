// A tiny deterministic UCI engine for the analyse tests: it answers from the rules alone, so
// that every eval it gives can be worked out by hand. Its score is a one-ply material search
// from the side to move (pawn 100, knight and bishop 300, rook 500, queen 900; a move that
// mates scores "mate 1"), its pv the best move (the first in UCI order among equals) and the
// reply that is best by the same rule.
//
// Faults, counted over the searches of every process that shares FAKE_UCI_STATE (a file holding
// the count, so that a restarted engine goes on counting):
//   FAKE_UCI_CRASH_AT=N    exit without answering the N-th "go"
//   FAKE_UCI_HANG_AT=N     stop answering at the N-th "go"
//   FAKE_UCI_GARBAGE_AT=N  answer the N-th "go" with unreadable info lines and no score
//   FAKE_UCI_CRASH_ALWAYS=1  exit at every "go"
//   FAKE_UCI_NOT_UCI=1     answer "uci" with something else and exit
// and at the end:
//   FAKE_UCI_QUIT_LOG=F    append a line "quit" to file F when told to quit
//   FAKE_UCI_IGNORE_QUIT=1 do not quit when told to (nor at the end of input): wait to be killed
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/uci.h"

namespace {

using pgnkit::chess::Color;
using pgnkit::chess::Move;
using pgnkit::chess::MoveList;
using pgnkit::chess::PieceType;
using pgnkit::chess::Position;

int material(const Position& pos, Color side) {
  const int values[] = {100, 300, 300, 500, 900};
  const PieceType types[] = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                             PieceType::Queen};
  int sum = 0;
  for (int i = 0; i < 5; ++i) {
    sum += values[i] * std::popcount(pos.pieces(side, types[i]));
    sum -= values[i] * std::popcount(pos.pieces(~side, types[i]));
  }
  return sum;
}

struct Best {
  Move move;
  std::string uci;
  int score = 0;
  bool mates = false;
};

// The best move by a one-ply material count (mate first), ties to the first in UCI order.
std::optional<Best> best_move(const Position& pos) {
  MoveList list;
  pgnkit::chess::generate_legal(pos, list);
  std::optional<Best> best;
  for (const Move m : list) {
    Position after = pos;
    after.play(m);
    MoveList replies;
    pgnkit::chess::generate_legal(after, replies);
    Best b{m, pgnkit::chess::to_uci(pos, m), material(after, pos.side_to_move()),
           replies.size == 0 && after.in_check()};
    const auto better = [&](const Best& x, const Best& y) {
      if (x.mates != y.mates) return x.mates;
      if (x.score != y.score) return x.score > y.score;
      return x.uci < y.uci;
    };
    if (!best || better(b, *best)) best = b;
  }
  return best;
}

long bump_count() {
  const char* state = std::getenv("FAKE_UCI_STATE");
  static long local = 0;
  if (!state) return ++local;
  long n = 0;
  if (FILE* f = std::fopen(state, "r")) {
    if (std::fscanf(f, "%ld", &n) != 1) n = 0;
    std::fclose(f);
  }
  ++n;
  if (FILE* f = std::fopen(state, "w")) {
    std::fprintf(f, "%ld\n", n);
    std::fclose(f);
  }
  return n;
}

long env_number(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::atol(v) : -1;
}

void say(const std::string& line) {
  std::cout << line << '\n' << std::flush;
}

}  // namespace

int main() {
  Position pos = Position::start();
  bool chess960 = false;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command == "uci") {
      if (std::getenv("FAKE_UCI_NOT_UCI")) {
        say("Hello, I am not a chess engine.");
        return 0;
      }
      say("id name FakeUCI 1.0");
      say("id author the pgnkit tests");
      say("option name Threads type spin default 1 min 1 max 1");
      say("uciok");
    } else if (command == "isready") {
      say("readyok");
    } else if (command == "setoption") {
      chess960 = chess960 || line == "setoption name UCI_Chess960 value true";
      if (line == "setoption name UCI_Chess960 value false") chess960 = false;
    } else if (command == "position") {
      std::string kind;
      words >> kind;
      if (kind == "startpos") {
        pos = Position::start();
      } else {
        std::string fen, field;
        for (int i = 0; i < 6 && words >> field; ++i) fen += (i ? " " : "") + field;
        if (pgnkit::chess::parse_fen(fen, pos, chess960)) return 3;  // a bad FEN: pgnkit's fault
      }
      std::string word;
      if (words >> word && word == "moves") {
        while (words >> word) {
          const auto m = pgnkit::chess::parse_uci(pos, word);
          if (!m) return 4;
          pos.play(*m);
        }
      }
    } else if (command == "go") {
      const long n = bump_count();
      if (std::getenv("FAKE_UCI_CRASH_ALWAYS") || n == env_number("FAKE_UCI_CRASH_AT")) return 5;
      if (n == env_number("FAKE_UCI_HANG_AT")) {
        std::this_thread::sleep_for(std::chrono::hours(1));
        return 6;
      }
      if (n == env_number("FAKE_UCI_GARBAGE_AT")) {
        say("info depth one score cp banana");
        say("bestmove e2e4");
        continue;
      }
      const std::optional<Best> best = best_move(pos);
      if (!best) {
        say(pos.in_check() ? "info depth 0 score mate 0" : "info depth 0 score cp 0");
        say("bestmove (none)");
        continue;
      }
      std::string pv = best->uci;
      Position after = pos;
      after.play(best->move);
      if (const std::optional<Best> reply = best_move(after)) pv += " " + reply->uci;
      say("info depth 1 score cp " + std::to_string(material(pos, pos.side_to_move())) +
          " upperbound nodes 1 pv " + best->uci);
      say(best->mates ? "info depth 1 score mate 1 nodes 20 pv " + best->uci
                      : "info depth 1 seldepth 2 multipv 1 score cp " +
                            std::to_string(best->score) + " nodes 20 nps 1000 pv " + pv);
      say("bestmove " + best->uci);
    } else if (command == "quit") {
      if (const char* log = std::getenv("FAKE_UCI_QUIT_LOG")) {
        if (FILE* f = std::fopen(log, "a")) {
          std::fputs("quit\n", f);
          std::fclose(f);
        }
      }
      if (std::getenv("FAKE_UCI_IGNORE_QUIT") == nullptr) return 0;
      for (;;) ::pause();
    }
  }
  return 0;
}

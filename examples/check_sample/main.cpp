// check_sample FILE: reads a PGN file (plain or zstd) with pgnkit's library, replays every game
// and prints the totals that `pgnkit check FILE` begins its summary with:
// "G games, P plies, E errors, W warnings". Exit status 1 when there are errors.
#include <cstdint>
#include <cstdio>
#include <optional>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/replayer.h"

namespace {

using pgnkit::replay::Problem;

// Counts as check does: every problem, those past a game's reporting limit too, but not the
// TooManyProblems note that stands for them.
class Totals : public pgnkit::replay::ReplaySink {
 public:
  std::uint64_t games = 0, plies = 0, errors = 0, warnings = 0;

  void problem(const Problem& p) override {
    if (p.code != pgnkit::replay::ProblemCode::TooManyProblems) count(p);
  }
  void unreported(const Problem& p) override { count(p); }
  void game_end(const pgnkit::replay::GameReport& report) override {
    ++games;
    plies += report.plies;  // main-line plies replayed
  }

 private:
  void count(const Problem& p) {
    ++(p.severity == pgnkit::replay::Severity::Error ? errors : warnings);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: check_sample FILE\n");
    return 2;
  }
  pgnkit::io::IoError open_error;
  std::optional<pgnkit::io::Source> source = pgnkit::io::Source::open(argv[1], &open_error);
  if (!source) {
    std::fprintf(stderr, "%s\n", pgnkit::io::describe(open_error, argv[1]).c_str());
    return 2;
  }
  Totals totals;
  pgnkit::replay::Replayer replayer(totals);  // variations too, Laws by each game's date
  pgnkit::pgn::read_pgn(*source, replayer);
  if (source->error()) {  // a read failure, not the end of the file
    std::fprintf(stderr, "%s\n", pgnkit::io::describe(*source->error(), source->name()).c_str());
    return 2;
  }
  std::printf("%llu games, %llu plies, %llu errors, %llu warnings\n",
              static_cast<unsigned long long>(totals.games),
              static_cast<unsigned long long>(totals.plies),
              static_cast<unsigned long long>(totals.errors),
              static_cast<unsigned long long>(totals.warnings));
  return totals.errors > 0 ? 1 : 0;
}

// Microbenchmarks of the hot paths (Google Benchmark): move generation and counting, SAN
// reading and writing, copy-make, and the reader + replayer over the bundled sample.
// Build with -DPGNKIT_BENCH=ON; run build/bench/pgnkit_micro.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "replay/replayer.h"

namespace {

using namespace pgnkit;

chess::Position kiwipete() {
  chess::Position p;
  (void)chess::parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", p);
  return p;
}

void BM_GenerateLegal(benchmark::State& state) {
  const chess::Position p = kiwipete();
  chess::MoveList list;
  for (auto _ : state) {
    chess::generate_legal(p, list);
    benchmark::DoNotOptimize(list.size);
  }
}
BENCHMARK(BM_GenerateLegal);

void BM_CountLegal(benchmark::State& state) {
  const chess::Position p = kiwipete();
  for (auto _ : state) benchmark::DoNotOptimize(chess::count_legal(p));
}
BENCHMARK(BM_CountLegal);

void BM_CopyMake(benchmark::State& state) {
  const chess::Position p = kiwipete();
  chess::MoveList list;
  chess::generate_legal(p, list);
  int i = 0;
  for (auto _ : state) {
    chess::Position next = p;
    next.play(list.moves[i++ % list.size]);
    benchmark::DoNotOptimize(next.key());
  }
}
BENCHMARK(BM_CopyMake);

// Reads back the canonical SAN of every legal move of Kiwipete.
void BM_ParseSan(benchmark::State& state) {
  const chess::Position p = kiwipete();
  chess::MoveList list;
  chess::generate_legal(p, list);
  std::vector<std::string> sans;
  for (const chess::Move m : list) sans.push_back(chess::to_san(p, m));
  chess::SanOptions opt;
  opt.check_suffix = false;
  std::size_t i = 0;
  for (auto _ : state) {
    const chess::SanResult r = chess::parse_san(p, sans[i++ % sans.size()], opt);
    benchmark::DoNotOptimize(r.move);
  }
}
BENCHMARK(BM_ParseSan);

void BM_WriteSan(benchmark::State& state) {
  const chess::Position p = kiwipete();
  chess::MoveList list;
  chess::generate_legal(p, list);
  char buf[16];
  int i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(chess::write_san(p, list.moves[i++ % list.size], buf));
}
BENCHMARK(BM_WriteSan);

// The FENs of 4,096 positions of random games (seeded): as many shapes of ranks as games
// have, so that the writer's branches are not learnt from one position.
void BM_AppendFen(benchmark::State& state) {
  std::vector<chess::Position> positions;
  std::uint64_t seed = 1;
  while (positions.size() < 4096) {
    chess::Position p = chess::Position::start();
    for (int ply = 0; ply < 120 && positions.size() < 4096; ++ply) {
      chess::MoveList list;
      chess::generate_legal(p, list);
      if (list.size == 0) break;
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      p.play(list.moves[(seed >> 33) % list.size]);
      positions.push_back(p);
    }
  }
  std::string fen;
  std::size_t i = 0;
  for (auto _ : state) {
    fen.clear();
    chess::append_fen(fen, positions[i++ % positions.size()]);
    benchmark::DoNotOptimize(fen.data());
  }
}
BENCHMARK(BM_AppendFen);

std::string sample() {
  std::ifstream in(std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct CountingVisitor : pgn::Visitor {
  std::uint64_t moves = 0;
  void san(std::string_view, pgn::Location) { ++moves; }
};

void BM_ReadSample(benchmark::State& state) {
  const std::string text = sample();
  for (auto _ : state) {
    io::Source source = io::Source::from_memory(text);
    CountingVisitor v;
    pgn::read_pgn(source, v);
    benchmark::DoNotOptimize(v.moves);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ReadSample);

struct NullSink : replay::ReplaySink {
  std::uint64_t problems = 0;
  void problem(const replay::Problem&) override { ++problems; }
};

void BM_ReplaySample(benchmark::State& state) {
  const std::string text = sample();
  for (auto _ : state) {
    io::Source source = io::Source::from_memory(text);
    NullSink sink;
    replay::Replayer replayer(sink);
    pgn::read_pgn(source, replayer);
    benchmark::DoNotOptimize(sink.problems);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ReplaySample);

}  // namespace

BENCHMARK_MAIN();

// pgnkit perft: count the legal move tree from a position, or check a suite of known counts.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "chess/fen.h"
#include "chess/perft.h"
#include "chess/perft_suite.h"
#include "chess/uci.h"
#include "commands.h"
#include "stdout_write.h"

namespace pgnkit::tools {
namespace {

struct PerftArgs {
  int depth = 0;
  std::string fen;
  bool chess960 = false;
  bool divide = false;
  int threads = 0;
  std::size_t hash_mb = 0;
  std::string format = "text";
  std::string suite;
  int max_depth = 0;
  std::uint64_t max_nodes = 0;
};

constexpr int kMaxDepth = 15;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int run_single(const PerftArgs& a, const chess::PerftOptions& opt) {
  if (a.depth < 1 || a.depth > kMaxDepth) {
    std::fprintf(stderr, "pgnkit perft: depth must be 1 to %d, got %d\n", kMaxDepth, a.depth);
    return kExitUsage;
  }
  chess::Position pos = chess::Position::start();
  std::string fen(chess::kStartFen);
  if (!a.fen.empty()) {
    fen = a.fen;
    if (const auto p = chess::parse_fen(a.fen, pos, a.chess960)) {
      std::fprintf(stderr, "pgnkit perft: invalid --fen%s: %s\n",
                   p->field ? (" (field " + std::to_string(p->field) + ")").c_str() : "",
                   std::string(chess::fen_error_message(p->error)).c_str());
      return kExitUsage;
    }
  } else if (a.chess960) {
    pos.set_chess960(true);
  }
  std::vector<chess::DivideEntry> divide;
  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t nodes =
      chess::perft_parallel(pos, a.depth, opt, a.divide ? &divide : nullptr);
  const double secs = seconds_since(t0);
  const double nps = secs > 0 ? static_cast<double>(nodes) / secs : 0.0;
  std::vector<std::pair<std::string, std::uint64_t>> rows;
  for (const auto& d : divide) rows.emplace_back(chess::to_uci(pos, d.move), d.nodes);
  std::sort(rows.begin(), rows.end());
  if (a.format == "json") {
    print_stdout("{\"fen\":\"%s\",\"depth\":%d,\"nodes\":%llu,\"seconds\":%.6f,\"nps\":%.0f",
                 fen.c_str(), a.depth, static_cast<unsigned long long>(nodes), secs, nps);
    if (a.divide) {
      print_stdout(",\"divide\":{");
      for (std::size_t i = 0; i < rows.size(); ++i)
        print_stdout("%s\"%s\":%llu", i ? "," : "", rows[i].first.c_str(),
                     static_cast<unsigned long long>(rows[i].second));
      print_stdout("}");
    }
    print_stdout("}\n");
  } else {
    for (const auto& [uci, n] : rows)
      print_stdout("%s: %llu\n", uci.c_str(), static_cast<unsigned long long>(n));
    if (a.divide) print_stdout("\n");
    print_stdout("depth %d: %llu nodes in %.3f s (%.1f M nodes/s)\n", a.depth,
                 static_cast<unsigned long long>(nodes), secs, nps / 1e6);
  }
  return kExitOk;
}

int run_suite(const PerftArgs& a, const chess::PerftOptions& opt) {
  std::ifstream in(a.suite);
  if (!in) {
    std::fprintf(stderr, "pgnkit perft: cannot open suite %s\n", a.suite.c_str());
    return kExitUsage;
  }
  // Read and validate the whole suite first, so a bad line prints nothing half-done.
  std::vector<std::pair<int, chess::PerftCase>> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    chess::PerftCase c;
    if (const auto err = chess::parse_perft_line(line, a.chess960, c)) {
      std::fprintf(stderr, "%s:%d: field %d: %s\n", a.suite.c_str(), number, err->field,
                   err->message.c_str());
      return kExitUsage;
    }
    cases.emplace_back(number, std::move(c));
  }
  int checked = 0, failed = 0;
  std::uint64_t total_nodes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& [number, c] : cases) {
    for (const auto& e : c.expected) {
      if (a.max_depth > 0 && e.depth > a.max_depth) break;
      if (a.max_nodes > 0 && e.nodes > a.max_nodes) break;
      const auto t1 = std::chrono::steady_clock::now();
      const std::uint64_t got = chess::perft_parallel(c.position, e.depth, opt);
      const double secs = seconds_since(t1);
      const bool ok = got == e.nodes;
      ++checked;
      failed += ok ? 0 : 1;
      total_nodes += got;
      if (a.format == "json") {
        print_stdout(
            "{\"fen\":\"%s\",\"depth\":%d,\"nodes\":%llu,\"expected\":%llu,\"pass\":%s,"
            "\"seconds\":%.6f,\"nps\":%.0f}\n",
            c.fen.c_str(), e.depth, static_cast<unsigned long long>(got),
            static_cast<unsigned long long>(e.nodes), ok ? "true" : "false", secs,
            secs > 0 ? static_cast<double>(got) / secs : 0.0);
      } else {
        print_stdout("%s:%d: %s depth %d expected %llu got %llu  %s%s%s\n", a.suite.c_str(), number,
                     ok ? "pass" : "FAIL", e.depth, static_cast<unsigned long long>(e.nodes),
                     static_cast<unsigned long long>(got), c.fen.c_str(),
                     c.id.empty() ? "" : "  id ", c.id.c_str());
      }
    }
  }
  const double secs = seconds_since(t0);
  const bool write_failed = !stdout_ok_or_report();  // before the summary, as convert
  std::fprintf(stderr, "%zu positions, %d counts checked, %d failed, %llu nodes in %.2f s\n",
               cases.size(), checked, failed, static_cast<unsigned long long>(total_nodes), secs);
  if (write_failed) return kExitUsage;
  return failed ? kExitProblems : kExitOk;
}

}  // namespace

void register_perft(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PerftArgs>();
  CLI::App* cmd = app.add_subcommand(
      "perft", "Count the leaf nodes of the legal move tree (checks the move generator).");
  cmd->add_option("depth", args->depth, "Depth in plies (1-15); required unless --suite is given");
  cmd->add_option("--fen", args->fen, "Start from this FEN instead of the initial position");
  cmd->add_flag("--chess960", args->chess960, "Chess960 rules (X-FEN / Shredder-FEN castling)");
  cmd->add_flag("--divide", args->divide, "Print the count under each root move (UCI, sorted)");
  cmd->add_option("--threads", args->threads, "Threads (default: all cores)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--hash", args->hash_mb,
                  "Transposition table in MB (0 = none); results are unchanged")
      ->check(CLI::Range(0, 65536));
  cmd->add_option("--format", args->format, "Output: text or json (one object per result)")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--suite", args->suite,
                  "Check an EPD suite: FEN ;D1 20 ;D2 400 ... (exit 1 on mismatch)");
  cmd->add_option("--max-depth", args->max_depth, "With --suite: skip depths above D")
      ->check(CLI::Range(1, 20));
  cmd->add_option("--max-nodes", args->max_nodes, "With --suite: skip expected counts above N");
  cmd->footer(
      "Examples:\n"
      "  pgnkit perft 6\n"
      "  pgnkit perft 5 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 "
      "1'\n"
      "  pgnkit perft 3 --divide --threads 1\n"
      "  pgnkit perft --suite data/perft/suite.epd --max-nodes 10000000\n"
      "  pgnkit perft 4 --chess960 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w "
      "HFhf - 0 1'\n"
      "Exit status: 0 ok, 1 a suite count did not match, 2 bad arguments or input.");
  cmd->callback([args, &exit_code] {
    chess::PerftOptions opt;
    opt.threads = args->threads > 0
                      ? args->threads
                      : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    opt.hash_mb = args->hash_mb;
    if (!args->suite.empty()) {
      exit_code = run_suite(*args, opt);
    } else if (args->depth == 0) {
      std::fprintf(stderr, "pgnkit perft: give a depth (1-%d) or --suite FILE\n", kMaxDepth);
      exit_code = kExitUsage;
    } else {
      exit_code = run_single(*args, opt);
    }
  });
}

}  // namespace pgnkit::tools

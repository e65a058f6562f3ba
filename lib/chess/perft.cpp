#include "chess/perft.h"

#include <atomic>
#include <memory>
#include <thread>

#include "chess/movegen.h"

namespace pgnkit::chess {
namespace {

// A lock-free table: each slot stores (key ^ count ^ depth-salt) next to the count, so a torn
// write from another thread fails the check instead of returning a wrong number.
class PerftTable {
 public:
  explicit PerftTable(std::size_t mb) {
    std::size_t n = 1;
    while (n * 2 * sizeof(Slot) <= mb * 1024 * 1024) n *= 2;
    slots_ = std::make_unique<Slot[]>(n);
    mask_ = n - 1;
  }
  bool probe(std::uint64_t key, int depth, std::uint64_t& count) const {
    const std::uint64_t k = salted(key, depth);
    const Slot& s = slots_[k & mask_];
    const std::uint64_t c = s.count.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ c) != k) return false;
    count = c;
    return true;
  }
  void store(std::uint64_t key, int depth, std::uint64_t count) {
    const std::uint64_t k = salted(key, depth);
    Slot& s = slots_[k & mask_];
    s.check.store(k ^ count, std::memory_order_relaxed);
    s.count.store(count, std::memory_order_relaxed);
  }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> count{0};
  };
  static std::uint64_t salted(std::uint64_t key, int depth) {
    return key ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(depth + 1));
  }
  std::unique_ptr<Slot[]> slots_;
  std::size_t mask_ = 0;
};

std::uint64_t perft_rec(const Position& pos, int depth, PerftTable* table) {
  if (depth == 1) return static_cast<std::uint64_t>(count_legal(pos));
  std::uint64_t cached = 0;
  // The key leaves out an en-passant square nobody can capture on, and castling rook files
  // never change, so equal keys mean equal subtrees (up to hash collisions).
  if (table && depth > 2 && table->probe(pos.key(), depth, cached)) return cached;
  MoveList list;
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  for (const Move m : list) {
    Position next = pos;
    next.play(m);
    nodes += perft_rec(next, depth - 1, table);
  }
  if (table && depth > 2) table->store(pos.key(), depth, nodes);
  return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  return perft_rec(pos, depth, nullptr);
}

std::uint64_t perft_parallel(const Position& pos, int depth, const PerftOptions& opt,
                             std::vector<DivideEntry>* divide) {
  if (depth <= 0) return 1;
  MoveList roots;
  generate_legal(pos, roots);
  std::unique_ptr<PerftTable> table;
  if (opt.hash_mb > 0) table = std::make_unique<PerftTable>(opt.hash_mb);
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(roots.size), 0);
  std::atomic<int> next_root{0};
  auto work = [&] {
    for (int i; (i = next_root.fetch_add(1)) < roots.size;) {
      if (depth == 1) {
        counts[static_cast<std::size_t>(i)] = 1;
        continue;
      }
      Position child = pos;
      child.play(roots.moves[i]);
      counts[static_cast<std::size_t>(i)] = perft_rec(child, depth - 1, table.get());
    }
  };
  const int threads = opt.threads < 1 ? 1 : opt.threads;
  if (threads == 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& th : pool) th.join();
  }
  std::uint64_t total = 0;
  for (int i = 0; i < roots.size; ++i) {
    total += counts[static_cast<std::size_t>(i)];
    if (divide) divide->push_back({roots.moves[i], counts[static_cast<std::size_t>(i)]});
  }
  return total;
}

}  // namespace pgnkit::chess

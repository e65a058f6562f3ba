#include "tree/table.h"

#include <algorithm>
#include <span>

namespace pgnkit::tree {
namespace {

constexpr std::size_t kMinSlots = 1024;

std::size_t slot_of(std::uint64_t key, std::uint16_t move, std::size_t mask) {
  std::uint64_t h = key ^ (std::uint64_t{move} * 0x9E3779B97F4A7C15ULL);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  return static_cast<std::size_t>(h) & mask;
}

}  // namespace

TreeTable::TreeTable(TableOptions options)
    : options_(std::move(options)), runs_(options_.temp_dir) {}

void TreeTable::add(std::uint64_t key, std::uint16_t move, bool black, const MoveStats& stats) {
  if (!error_.empty()) return;
  if (used_ * 2 >= slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = slot_of(key, move, mask);; i = (i + 1) & mask) {
    TreeEntry& e = slots_[i];
    if (e.stats.games == 0) {
      e.key = key;
      e.move = move;
      e.black_to_move = black ? 1 : 0;
      e.stats = stats;
      ++used_;
      return;
    }
    if (e.key == key && e.move == move) {
      e.stats.add(stats);
      return;
    }
  }
}

void TreeTable::grow() {
  const std::size_t size = std::max(kMinSlots, slots_.size() * 2);
  if (!slots_.empty() && size * sizeof(TreeEntry) > options_.memory_limit) {
    spill();  // the table stays this size, emptied
    return;
  }
  std::vector<TreeEntry> old(size);
  old.swap(slots_);
  peak_bytes_ = std::max(peak_bytes_, slots_.size() * sizeof(TreeEntry));
  const std::size_t mask = slots_.size() - 1;
  for (const TreeEntry& e : old) {
    if (e.stats.games == 0) continue;
    std::size_t i = slot_of(e.key, e.move, mask);
    while (slots_[i].stats.games != 0) i = (i + 1) & mask;
    slots_[i] = e;
  }
}

std::size_t TreeTable::compact_sorted() {
  const auto end = std::remove_if(slots_.begin(), slots_.end(),
                                  [](const TreeEntry& e) { return e.stats.games == 0; });
  std::sort(slots_.begin(), end, entry_before);
  return static_cast<std::size_t>(end - slots_.begin());
}

void TreeTable::spill() {
  const std::size_t n = compact_sorted();
  if (!runs_.write(std::span<const TreeEntry>(slots_.data(), n), error_)) return;
  ++spills_;
  std::fill(slots_.begin(), slots_.end(), TreeEntry{});
  used_ = 0;
}

bool TreeTable::drain(const std::function<void(const TreeEntry&)>& visit) {
  if (!error_.empty()) return false;
  const std::size_t n = compact_sorted();
  used_ = 0;
  TreeEntry current;
  bool have = false;
  const bool ok = runs_.merge(
      std::span<const TreeEntry>(slots_.data(), n), entry_before,
      [&](const TreeEntry& e) {
        if (have && current.key == e.key && current.move == e.move) {
          current.stats.add(e.stats);
          return;
        }
        if (have) visit(current);
        current = e;
        have = true;
      },
      error_);
  if (ok && have) visit(current);
  slots_.clear();
  slots_.shrink_to_fit();
  return ok;
}

}  // namespace pgnkit::tree

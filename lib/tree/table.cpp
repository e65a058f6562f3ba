#include "tree/table.h"

#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <queue>

namespace pgnkit::tree {
namespace {

constexpr std::size_t kMinSlots = 1024;
constexpr std::size_t kReadBatch = 4096;  // entries read from a run at a time

std::size_t slot_of(std::uint64_t key, std::uint16_t move, std::size_t mask) {
  std::uint64_t h = key ^ (std::uint64_t{move} * 0x9E3779B97F4A7C15ULL);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  return static_cast<std::size_t>(h) & mask;
}

// A sorted source of entries: a run file read in batches, or the table's sorted rest.
struct Cursor {
  std::FILE* file = nullptr;
  std::vector<TreeEntry> batch;
  const TreeEntry* at = nullptr;
  const TreeEntry* end = nullptr;
  bool failed = false;

  bool next_batch() {
    if (file == nullptr) return false;
    const std::size_t n = std::fread(batch.data(), sizeof(TreeEntry), batch.size(), file);
    if (n == 0) {
      failed = std::ferror(file) != 0;
      return false;
    }
    at = batch.data();
    end = at + n;
    return true;
  }
  bool valid() const { return at != end; }
  bool advance() {
    ++at;
    return at != end || next_batch();
  }
};

}  // namespace

TreeTable::TreeTable(TableOptions options) : options_(std::move(options)) {}

TreeTable::~TreeTable() {
  for (std::FILE* f : runs_) std::fclose(f);
}

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
  std::string path = options_.temp_dir + "/pgnkit-tree-XXXXXX";
  const int fd = ::mkstemp(path.data());
  std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "w+b");
  if (f == nullptr) {
    error_ = "cannot create a run file in " + options_.temp_dir + ": " + std::strerror(errno);
    if (fd >= 0) ::close(fd);
    return;
  }
  ::unlink(path.c_str());  // gone with the process, whatever happens
  runs_.push_back(f);
  const std::size_t n = compact_sorted();
  if (std::fwrite(slots_.data(), sizeof(TreeEntry), n, f) != n || std::fflush(f) != 0) {
    error_ = "cannot write a run file in " + options_.temp_dir + ": " + std::strerror(errno);
    return;
  }
  std::fill(slots_.begin(), slots_.end(), TreeEntry{});
  used_ = 0;
}

bool TreeTable::drain(const std::function<void(const TreeEntry&)>& visit) {
  if (!error_.empty()) return false;
  const std::size_t n = compact_sorted();
  used_ = 0;
  std::vector<Cursor> cursors(runs_.size() + 1);
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    Cursor& c = cursors[r];
    c.file = runs_[r];
    c.batch.resize(kReadBatch);
    if (std::fseek(c.file, 0, SEEK_SET) != 0) c.failed = true;
    c.next_batch();
  }
  cursors.back().at = slots_.data();
  cursors.back().end = slots_.data() + n;
  // The smallest (key, move) on top; runs before the rest, in their order, at equal keys.
  const auto later = [&cursors](std::size_t a, std::size_t b) {
    const TreeEntry& x = *cursors[a].at;
    const TreeEntry& y = *cursors[b].at;
    if (entry_before(x, y)) return false;
    if (entry_before(y, x)) return true;
    return a > b;
  };
  std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heap(later);
  for (std::size_t i = 0; i < cursors.size(); ++i)
    if (cursors[i].valid()) heap.push(i);
  TreeEntry current;
  bool have = false;
  while (!heap.empty()) {
    const std::size_t i = heap.top();
    heap.pop();
    const TreeEntry& e = *cursors[i].at;
    if (have && current.key == e.key && current.move == e.move) {
      current.stats.add(e.stats);
    } else {
      if (have) visit(current);
      current = e;
      have = true;
    }
    if (cursors[i].advance()) heap.push(i);
  }
  if (have) visit(current);
  for (const Cursor& c : cursors) {
    if (c.failed) error_ = "cannot read a run file back from " + options_.temp_dir;
  }
  for (std::FILE* f : runs_) std::fclose(f);
  runs_.clear();
  slots_.clear();
  slots_.shrink_to_fit();
  return error_.empty();
}

}  // namespace pgnkit::tree

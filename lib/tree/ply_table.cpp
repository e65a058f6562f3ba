#include "tree/ply_table.h"

#include <algorithm>
#include <array>
#include <span>

namespace pgnkit::tree {
namespace {

constexpr int kDigitBits = 16;
constexpr std::size_t kDigits = std::size_t{1} << kDigitBits;
constexpr std::size_t kMinRecords = 4096;

// A position's records, summed into its entries (by move) and passed on as postings.
class Grouper {
 public:
  Grouper(const std::function<void(const TreeEntry&)>& entry,
          const std::function<void(const Posting&)>& posting)
      : entry_(entry), posting_(posting) {}

  void add(const PlyRecord& r) {
    if (have_ && r.key != key_) flush();
    have_ = true;
    key_ = r.key;
    auto it = std::find_if(moves_.begin(), moves_.end(),
                           [&](const TreeEntry& e) { return e.move == r.move; });
    if (it == moves_.end()) {
      TreeEntry e;
      e.key = r.key;
      e.move = r.move;
      e.black_to_move = r.black_to_move;
      moves_.push_back(e);
      it = moves_.end() - 1;
    }
    it->stats.add(record_stats(r));  // the first record of a move is its first game
    if (posting_) {
      Posting p;
      p.key = r.key;
      p.ref = r.ref;
      p.move = r.move;
      p.result = r.result;
      postings_.push_back(p);
    }
  }

  void flush() {
    if (!have_) return;
    std::sort(moves_.begin(), moves_.end(),
              [](const TreeEntry& a, const TreeEntry& b) { return a.move < b.move; });
    for (const TreeEntry& e : moves_) entry_(e);
    for (const Posting& p : postings_) posting_(p);
    moves_.clear();
    postings_.clear();
    have_ = false;
  }

 private:
  const std::function<void(const TreeEntry&)>& entry_;
  const std::function<void(const Posting&)>& posting_;
  std::vector<TreeEntry> moves_;
  std::vector<Posting> postings_;
  std::uint64_t key_ = 0;
  bool have_ = false;
};

}  // namespace

MoveStats record_stats(const PlyRecord& r) {
  MoveStats s;
  s.games = 1;
  s.white = r.result == 0;
  s.draws = r.result == 1;
  s.black = r.result == 2;
  if (r.elo != 0) {
    s.elo_sum = r.elo;
    s.elo_games = 1;
  }
  s.first_year = s.last_year = r.year;
  s.example = r.ref;
  return s;
}

PlyTable::PlyTable(const TableOptions& options)
    // The records and the radix sort's scratch copy share the limit.
    : capacity_(std::max(kMinRecords, options.memory_limit / (2 * sizeof(PlyRecord)))),
      runs_(options.temp_dir) {}

void PlyTable::sort() {
  // One counting pass on the key's top 16 bits scatters the records into buckets (stably),
  // then each bucket is sorted on the whole key, stably: a position's records keep their
  // input order. Keys are hashes, so buckets are small but for the openings' positions,
  // whose records are all equal (a stable sort leaves them as they are).
  scratch_.resize(records_.size());
  peak_bytes_ =
      std::max(peak_bytes_, (records_.capacity() + scratch_.capacity()) * sizeof(PlyRecord));
  std::vector<std::uint32_t> start(kDigits + 1);
  const auto digit = [](const PlyRecord& r) { return r.key >> (64 - kDigitBits); };
  for (const PlyRecord& r : records_) ++start[digit(r) + 1];
  for (std::size_t d = 0; d < kDigits; ++d) start[d + 1] += start[d];
  std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
  for (const PlyRecord& r : records_) scratch_[next[digit(r)]++] = r;
  const auto by_key = [](const PlyRecord& a, const PlyRecord& b) { return a.key < b.key; };
  for (std::size_t d = 0; d < kDigits; ++d) {
    if (start[d + 1] - start[d] > 1)
      std::stable_sort(scratch_.begin() + start[d], scratch_.begin() + start[d + 1], by_key);
  }
  records_.swap(scratch_);
}

void PlyTable::make_room() {
  if (records_.size() >= capacity_) {
    spill();
    return;
  }
  records_.reserve(std::min(capacity_, std::max(kMinRecords, 2 * records_.capacity())));
}

void PlyTable::spill() {
  if (records_.empty()) return;
  sort();
  if (!error_.empty() || !runs_.write(std::span<const PlyRecord>(records_), error_)) {
    records_.clear();  // the error stands; nothing more is kept
    return;
  }
  ++spills_;
  records_.clear();  // keeps its capacity for the next run
}

bool PlyTable::drain(const std::function<void(const TreeEntry&)>& entry,
                     const std::function<void(const Posting&)>& posting) {
  if (!error_.empty()) return false;
  if (!records_.empty()) sort();
  Grouper group(entry, posting);
  // Equal keys: the earlier run first, the records in memory last: input order.
  const bool ok = runs_.merge(
      std::span<const PlyRecord>(records_),
      [](const PlyRecord& a, const PlyRecord& b) { return a.key < b.key; },
      [&](const PlyRecord& r) { group.add(r); }, error_);
  if (ok) group.flush();
  records_ = {};
  scratch_ = {};
  return ok;
}

}  // namespace pgnkit::tree

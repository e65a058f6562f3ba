// Sorted runs on disk, for the tree's tables that outgrow their memory: each run is a sorted
// array of trivially copyable records in an unlinked temporary file; merge() reads them all
// back in one pass, smallest first (equal records: the earlier run first, then the rest in
// memory), a batch of records per run at a time.
#pragma once

#include <cstddef>
#include <cstdio>
#include <queue>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace pgnkit::tree {

// An unlinked temporary file in `dir` ("w+b"), or null with `error` set.
std::FILE* create_run_file(const std::string& dir, std::string& error);

template <class T>
class SortedRuns {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  explicit SortedRuns(std::string dir) : dir_(std::move(dir)) {}
  ~SortedRuns() { close(); }
  SortedRuns(const SortedRuns&) = delete;
  SortedRuns& operator=(const SortedRuns&) = delete;

  std::size_t size() const { return files_.size(); }

  // Writes `sorted` as a new run. False, with error set, when it cannot.
  bool write(std::span<const T> sorted, std::string& error) {
    std::FILE* f = create_run_file(dir_, error);
    if (f == nullptr) return false;
    files_.push_back(f);
    if (std::fwrite(sorted.data(), sizeof(T), sorted.size(), f) != sorted.size() ||
        std::fflush(f) != 0) {
      error = "cannot write a run file in " + dir_;
      return false;
    }
    return true;
  }

  // Calls visit(const T&) for every record of the runs and of `rest` (sorted), in `less`
  // order, then closes the runs. False, with error set, when a run could not be read back.
  template <class Less, class Visit>
  bool merge(std::span<const T> rest, Less less, Visit&& visit, std::string& error) {
    std::vector<Cursor> cursors(files_.size() + 1);
    for (std::size_t r = 0; r < files_.size(); ++r) {
      cursors[r].file = files_[r];
      cursors[r].batch.resize(kBatch);
      cursors[r].failed = std::fseek(files_[r], 0, SEEK_SET) != 0;
      cursors[r].next_batch();
    }
    cursors.back().at = rest.data();
    cursors.back().end = rest.data() + rest.size();
    const auto later = [&](std::size_t a, std::size_t b) {
      if (less(*cursors[a].at, *cursors[b].at)) return false;
      if (less(*cursors[b].at, *cursors[a].at)) return true;
      return a > b;
    };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heap(later);
    for (std::size_t i = 0; i < cursors.size(); ++i)
      if (cursors[i].at != cursors[i].end) heap.push(i);
    while (!heap.empty()) {
      const std::size_t i = heap.top();
      heap.pop();
      visit(*cursors[i].at);
      if (cursors[i].advance()) heap.push(i);
    }
    bool ok = true;
    for (const Cursor& c : cursors) ok = ok && !c.failed;
    if (!ok) error = "cannot read a run file back from " + dir_;
    close();
    return ok;
  }

 private:
  static constexpr std::size_t kBatch = 4096;  // records read from a run at a time

  struct Cursor {
    std::FILE* file = nullptr;
    std::vector<T> batch;
    const T* at = nullptr;
    const T* end = nullptr;
    bool failed = false;

    bool next_batch() {
      if (file == nullptr) return false;
      const std::size_t n = std::fread(batch.data(), sizeof(T), batch.size(), file);
      if (n == 0) {
        failed = failed || std::ferror(file) != 0;
        return false;
      }
      at = batch.data();
      end = at + n;
      return true;
    }
    bool advance() { return ++at != end || next_batch(); }
  };

  void close() {
    for (std::FILE* f : files_) std::fclose(f);
    files_.clear();
  }

  std::string dir_;
  std::vector<std::FILE*> files_;
};

}  // namespace pgnkit::tree

#include "tree/postings.h"

#include <algorithm>
#include <span>

namespace pgnkit::tree {

void PostingTable::spill() {
  std::sort(buffer_.begin(), buffer_.end(), posting_before);
  if (!runs_.write(std::span<const Posting>(buffer_), error_)) return;
  ++spills_;
  buffer_.clear();
}

bool PostingTable::drain(const std::function<void(const Posting&)>& visit) {
  if (!error_.empty()) return false;
  std::sort(buffer_.begin(), buffer_.end(), posting_before);
  const bool ok = runs_.merge(std::span<const Posting>(buffer_), posting_before, visit, error_);
  buffer_.clear();
  buffer_.shrink_to_fit();
  return ok;
}

}  // namespace pgnkit::tree

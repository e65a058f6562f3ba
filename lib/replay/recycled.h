// Recycled<T>: a sequence whose elements outlive clear(), so that filling it again (the next
// game) reuses them and the heap storage inside them instead of freeing and allocating it.
//
// Elements past size() stay constructed. emplace_back() hands out the next one after calling
// its clear() (std::string::clear() and the record types' clear() keep their capacity), and
// only constructs a new element when none is left. clear() keeps at most twice the elements
// just used plus `Slack`, so that one large game does not pin memory for good; a very large
// string is let go rather than kept for reuse.
//
// The interface is the part of std::vector the game record's users need: iteration, indexing,
// emplace_back/push_back, shrinking, erase_if, comparison (also with a std::vector).
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace pgnkit::replay {

namespace detail {

// Strings longer than this are freed on reuse instead of being kept.
inline constexpr std::size_t kMaxKeptString = std::size_t{64} << 10;

inline void reset(std::string& s) {
  if (s.capacity() > kMaxKeptString) {
    std::string().swap(s);
  } else {
    s.clear();
  }
}
template <class T>
void reset(T& t) {
  t.clear();
}

}  // namespace detail

template <class T, std::size_t Slack = 8>
class Recycled {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using reference = T&;
  using const_reference = const T&;

  Recycled() = default;
  Recycled(std::initializer_list<T> init) : items_(init), size_(init.size()) {}
  // Copies hold only the live elements.
  Recycled(const Recycled& o) : items_(o.begin(), o.end()), size_(o.size_) {}
  Recycled& operator=(const Recycled& o) {
    if (this == &o) return *this;
    // Assign into the slots already there, so their storage is reused too.
    const std::size_t common = std::min(o.size_, items_.size());
    std::copy(o.begin(), o.begin() + common, items_.begin());
    items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(common), o.begin() + common,
                  o.end());
    size_ = o.size_;
    return *this;
  }
  Recycled(Recycled&& o) noexcept : items_(std::move(o.items_)), size_(o.size_) { o.size_ = 0; }
  Recycled& operator=(Recycled&& o) noexcept {
    items_ = std::move(o.items_);
    size_ = o.size_;
    o.size_ = 0;
    return *this;
  }

  T* data() { return items_.data(); }
  const T* data() const { return items_.data(); }
  iterator begin() { return items_.data(); }
  iterator end() { return items_.data() + size_; }
  const_iterator begin() const { return items_.data(); }
  const_iterator end() const { return items_.data() + size_; }
  reverse_iterator rbegin() { return reverse_iterator(end()); }
  reverse_iterator rend() { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& at(std::size_t i) {
    if (i >= size_) throw std::out_of_range("Recycled::at");
    return items_[i];
  }
  const T& at(std::size_t i) const {
    if (i >= size_) throw std::out_of_range("Recycled::at");
    return items_[i];
  }
  T& front() { return items_[0]; }
  const T& front() const { return items_[0]; }
  T& back() { return items_[size_ - 1]; }
  const T& back() const { return items_[size_ - 1]; }

  // The next element, cleared (or new).
  T& emplace_back() {
    if (size_ < items_.size()) [[likely]] {
      T& t = items_[size_++];
      detail::reset(t);
      return t;
    }
    return grow();
  }
  // The next element, assigned from `value` (a string from a string_view, say).
  template <class V>
  T& emplace_back(V&& value) {
    if (size_ < items_.size()) {
      T& t = items_[size_++];
      t = std::forward<V>(value);
      return t;
    }
    items_.emplace_back(std::forward<V>(value));
    return items_[size_++];
  }
  void push_back(const T& value) { emplace_back(value); }
  void push_back(T&& value) { emplace_back(std::move(value)); }

  // Keeps the first n elements (n <= size()); the others stay for reuse.
  void shrink_to(std::size_t n) {
    if (n < size_) size_ = n;
  }
  // Removes the elements matching `pred`, keeping the order of the others.
  template <class Pred>
  std::size_t erase_if(Pred pred) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size_; ++i) {
      if (pred(std::as_const(items_[i]))) continue;
      if (kept != i) std::swap(items_[kept], items_[i]);
      ++kept;
    }
    const std::size_t removed = size_ - kept;
    size_ = kept;
    return removed;
  }
  void clear() {
    if (size_ == 0) return;
    const std::size_t keep = 2 * size_ + Slack;
    if (items_.size() > keep) trim(keep);
    size_ = 0;
  }

  friend bool operator==(const Recycled& a, const Recycled& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator==(const Recycled& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  [[gnu::noinline]] T& grow() {
    items_.emplace_back();
    return items_[size_++];
  }
  [[gnu::noinline]] void trim(std::size_t keep) {
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(keep), items_.end());
  }

  std::vector<T> items_;
  std::size_t size_ = 0;  // live elements: items_[0, size_)
};

}  // namespace pgnkit::replay

#include "pgn/game_bytes.h"

#include <algorithm>

namespace pgnkit::pgn {
namespace {

// A spill buffer grown past this by one long game is released rather than kept for the next.
constexpr std::size_t kKeptCapacity = std::size_t{4} << 20;

bool is_blank(int c) {
  return c == ' ' || c == '\t';
}
bool is_space(int c) {
  return is_blank(c) || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

void GameBytes::begin_game(const GameInfo& game) {
  in_game_ = true;
  status_ = Status::Kept;
  start_ = spilled_to_ = game.where.offset;
  spilled_ = false;
  if (spill_.capacity() > kKeptCapacity) std::string().swap(spill_);
  spill_.clear();
  bytes_ = {};
  size_ = 0;
}

void GameBytes::drop() {
  if (status_ == Status::Kept) status_ = Status::Dropped;
  spill_.clear();
}

void GameBytes::give_up() {
  status_ = Status::TooLong;
  std::string().swap(spill_);
}

void GameBytes::before_buffer_moves() {
  if (!in_game_ || status_ != Status::Kept || window_ == nullptr) return;
  const std::uint64_t window_end = window_->offset + window_->size;
  if (window_end <= spilled_to_) return;
  // The window always reaches back to spilled_to_: the reader keeps the unfinished token, and
  // everything before it has been spilled at an earlier move.
  const std::uint64_t from = std::max(spilled_to_, window_->offset);
  const auto n = static_cast<std::size_t>(window_end - from);
  // The window may reach past the game's end by up to its own size: the exact limit is applied
  // at end_game, this one bounds the memory to limit_ plus one buffer.
  size_ = from - start_;
  if (window_end - start_ > limit_ + window_->size) {
    give_up();
    return;
  }
  if (spill_.size() + n > spill_.capacity()) {
    // Doubling up to kKeptCapacity, then straight to the bound: a reallocation holds the old
    // and the new block at once, and doubling a 32 MiB block would briefly need 96 MiB.
    const std::size_t bound = limit_ + window_->size;
    const std::size_t want = std::max(2 * spill_.capacity(), spill_.size() + n);
    spill_.reserve(want <= kKeptCapacity ? want : std::max(bound, spill_.size() + n));
  }
  spill_.append(window_->data + (from - window_->offset), n);
  spilled_to_ = window_end;
  spilled_ = true;
}

int GameBytes::byte_at(std::uint64_t at) const {
  if (window_ != nullptr && at >= window_->offset) {
    const std::uint64_t i = at - window_->offset;
    return i < window_->size ? static_cast<unsigned char>(window_->data[i]) : -1;
  }
  const std::uint64_t i = at - start_;
  return i < spill_.size() ? static_cast<unsigned char>(spill_[i]) : -1;
}

std::uint64_t GameBytes::last_byte_end(const EndInfo& end) const {
  std::uint64_t last = std::max(end.end_offset, start_);
  if (end.cut) {  // end_offset is where reading resynchronised: step back over blank lines
    while (last > start_ + 1 && is_space(byte_at(last - 1))) --last;
  }
  return last;
}

std::uint64_t GameBytes::line_end_after(std::uint64_t last) const {
  std::uint64_t at = last;
  const std::uint64_t bound = last + kRawLineLookahead;
  while (at < bound && is_blank(byte_at(at))) ++at;
  if (at >= bound) return last;
  const int c = byte_at(at);
  if (c == '\n') return at + 1;
  if (c == '\r') return at + (at + 1 < bound && byte_at(at + 1) == '\n' ? 2 : 1);
  return last;
}

void GameBytes::end_game(const EndInfo& end) {
  in_game_ = false;
  bytes_ = {};
  if (status_ != Status::Kept || window_ == nullptr) {
    if (window_ == nullptr) status_ = Status::Dropped;
    return;
  }
  const std::uint64_t stop = line_end_after(last_byte_end(end));
  size_ = stop - start_;
  if (size_ > limit_) {
    give_up();
    return;
  }
  if (!spilled_) {
    bytes_ = std::string_view(window_->data + (start_ - window_->offset),
                              static_cast<std::size_t>(size_));
    return;
  }
  if (stop > spilled_to_) {
    spill_.append(window_->data + (spilled_to_ - window_->offset),
                  static_cast<std::size_t>(stop - spilled_to_));
    spilled_to_ = stop;
  }
  bytes_ = std::string_view(spill_.data(), static_cast<std::size_t>(size_));
}

}  // namespace pgnkit::pgn

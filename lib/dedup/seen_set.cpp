#include "dedup/seen_set.h"

namespace pgnkit::dedup {

SeenSet::Slot SeenSet::pack(const GameKey& key, const Origin& o) {
  return {key, (o.offset & ((std::uint64_t{1} << 48) - 1)) | std::uint64_t{o.file} << 48, o.number,
          o.plies};
}

Origin SeenSet::unpack(const Slot& s) {
  return {s.offset_and_file & ((std::uint64_t{1} << 48) - 1), s.number,
          static_cast<std::uint16_t>(s.offset_and_file >> 48), s.plies};
}

std::size_t SeenSet::index_of(const GameKey& key) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = key.hi & mask;; i = (i + 1) & mask)
    if (slots_[i].key == key || slots_[i].key == GameKey{}) return i;
}

bool SeenSet::grow() {
  const std::size_t capacity = slots_.empty() ? 1024 : slots_.size() * 2;
  // During the doubling both tables are alive.
  const std::size_t needed = (capacity + slots_.size()) * kSlotBytes;
  if (max_bytes_ && needed > max_bytes_) {
    refused_bytes_ = needed;
    return false;
  }
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(capacity, Slot{});
  for (const Slot& s : old)
    if (!(s.key == GameKey{})) slots_[index_of(s.key)] = s;
  return true;
}

SeenSet::Result SeenSet::insert(const GameKey& key, const Origin& origin) {
  if ((size_ + 1) * 4 > slots_.size() * 3 && !grow()) {
    if (const auto found = find(key)) return {Outcome::Found, *found};
    return {Outcome::OutOfMemory, {}};
  }
  Slot& slot = slots_[index_of(key)];
  if (slot.key == key) return {Outcome::Found, unpack(slot)};
  slot = pack(key, origin);
  ++size_;
  return {Outcome::Inserted, origin};
}

std::optional<Origin> SeenSet::find(const GameKey& key) const {
  if (slots_.empty()) return std::nullopt;
  const Slot& slot = slots_[index_of(key)];
  if (slot.key == key) return unpack(slot);
  return std::nullopt;
}

void SeenSet::replace(const GameKey& key, const Origin& origin) {
  Slot& slot = slots_[index_of(key)];
  if (slot.key == key) slot = pack(key, origin);
}

}  // namespace pgnkit::dedup

// A value's bytes appended to a frame and read back, for the frames a read writes on a worker
// for the merging thread to decode (dedup_job.h, split_job.h): the same process reads what it
// wrote, so the values go as their bytes, in the machine's order.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace pgnkit::commands {

template <class T>
void put_bytes(std::string& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// Reads a T from the front of `in` and removes it; false, `in` unchanged, when it is shorter.
template <class T>
bool take_bytes(std::string_view& in, T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (in.size() < sizeof v) return false;
  std::memcpy(&v, in.data(), sizeof v);
  in.remove_prefix(sizeof v);
  return true;
}

// A byte string after its length (a std::uint64_t).
inline void put_sized(std::string& out, std::string_view bytes) {
  put_bytes(out, static_cast<std::uint64_t>(bytes.size()));
  out.append(bytes);
}

// Reads what put_sized wrote as a view into `in` and removes it; false, `in` unchanged, when
// `in` is shorter than the length or the string.
inline bool take_sized(std::string_view& in, std::string_view& bytes) {
  std::string_view rest = in;
  std::uint64_t size = 0;
  if (!take_bytes(rest, size) || rest.size() < size) return false;
  bytes = rest.substr(0, size);
  in = rest.substr(size);
  return true;
}

// Reads the game number a filled hole wrote at the front of `in` (Output::game_number with
// width 1: its digits, then one space) and removes it; false, `in` unchanged, without a space.
inline bool take_game_number(std::string_view& in, std::uint64_t& number) {
  const std::size_t space = in.find(' ');
  if (space == std::string_view::npos) return false;
  number = 0;
  for (const char c : in.substr(0, space)) number = number * 10 + static_cast<unsigned>(c - '0');
  in.remove_prefix(space + 1);
  return true;
}

}  // namespace pgnkit::commands

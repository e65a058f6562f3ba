#include "diag/fingerprint.h"

#include <xxhash.h>

#include <algorithm>
#include <array>

namespace pgnkit::diag {
namespace {

// Field separator in hashed text: a byte that a tag value, SAN or FEN never holds raw.
constexpr char kSep = '\x1f';

std::uint64_t hash(std::string_view text, std::uint64_t seed = 0) {
  return XXH64(text.data(), text.size(), seed);
}

}  // namespace

void GameKey::add_tag(std::string_view name, std::string_view value_raw) {
  static constexpr std::array<std::string_view, 7> kIdentifying{"Event", "Site",  "Date", "Round",
                                                                "White", "Black", "FEN"};
  if (std::find(kIdentifying.begin(), kIdentifying.end(), name) == kIdentifying.end()) return;
  text_ += name;
  text_ += kSep;
  text_ += value_raw;
  text_ += kSep;
}

std::uint64_t GameKey::value() const {
  return text_.empty() ? 0 : hash(text_) | 1;
}

std::uint64_t FingerprintCounter::next(std::uint64_t game_key, const replay::Problem& p) {
  std::string text;
  text.reserve(64 + p.san.size() + p.fen.size());
  text += p.code_name();
  text += kSep;
  text += std::to_string(p.ply);
  text += p.in_variation ? "v" : "m";
  text += kSep;
  text += p.san;
  text += kSep;
  text += p.fen;
  if (game_key == 0) {
    text += kSep;
    text += p.message;
  }
  const std::uint64_t part = hash(text, game_key);
  // The n-th identical problem of a game gets its own fingerprint.
  const auto occurrence = static_cast<std::uint64_t>(std::count(seen_.begin(), seen_.end(), part));
  seen_.push_back(part);
  return occurrence == 0 ? part : hash(std::to_string(occurrence), part);
}

void append_fingerprint_hex(std::string& out, std::uint64_t fingerprint) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (int shift = 60; shift >= 0; shift -= 4) out += kDigits[(fingerprint >> shift) & 0xf];
}

std::string fingerprint_hex(std::uint64_t fingerprint) {
  std::string out;
  append_fingerprint_hex(out, fingerprint);
  return out;
}

bool parse_fingerprint_hex(std::string_view text, std::uint64_t& out) {
  if (text.size() != 16) return false;
  std::uint64_t v = 0;
  for (const char c : text) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0) return false;
    v = v << 4 | static_cast<std::uint64_t>(d);
  }
  out = v;
  return true;
}

std::uint64_t fingerprint_with_path(std::uint64_t fingerprint, std::string_view path) {
  return hash(path, fingerprint);
}

}  // namespace pgnkit::diag

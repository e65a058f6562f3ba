// The classification book: every line of an ECO file (PGN of the form of pgn-extract's
// eco.pgn: ECO, Opening, Variation and optional SubVariation tags over a main line from the
// initial position), keyed by the repetition key of the position the line ends in
// (chess::Position::key(): placement, side to move, castling rights, a legal en-passant
// capture). A lookup is one bitset test for nearly every position outside the book, and an
// open-addressed probe otherwise; neither allocates.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pgnkit::eco {

// One classification: the tag values of one book line.
struct Opening {
  std::string eco;            // "B90"
  std::string name;           // the Opening tag
  std::string variation;      // empty when the line has none
  std::string sub_variation;  // empty when the line has none
  std::uint32_t plies = 0;    // the line's length
};

// Why a book could not be loaded, with where (line and column 0 when not about a place).
struct BookError {
  std::string file;  // empty when the message names it (an I/O error)
  std::uint32_t line = 0, column = 0;
  std::uint64_t game = 0;  // the book line (1-based), 0 when not about one
  std::string message;
  // "FILE:LINE:COL: line N: message" (the parts that are known).
  std::string describe() const;
};

class Book {
 public:
  // Reads the book at `path` (plain or zstd). Each game must have an ECO tag, at least one
  // move, no SetUp/FEN, and replay without a syntax or move error; anything else is a
  // BookError naming the place. Comments, NAGs and variations are ignored. When two lines end
  // in the same position the first is kept (the later one is counted in duplicates()):
  // eco.pgn has 4 such pairs, e.g. C24's Urusov gambit and C43's Petrov line.
  static std::optional<Book> load(const std::string& path, BookError& error);
  // The same from bytes in memory (`name` is used in errors).
  static std::optional<Book> from_text(std::string_view text, const std::string& name,
                                       BookError& error);

  // The classification of the position with this key, or null.
  const Opening* find(std::uint64_t key) const {
    const std::uint64_t bit = key >> (64 - kFilterBits);
    if (!(filter_[bit >> 6] & (std::uint64_t{1} << (bit & 63)))) return nullptr;
    for (std::size_t i = key & mask_;; i = (i + 1) & mask_) {
      const std::uint32_t e = slots_[i];
      if (e == kEmpty) return nullptr;
      if (keys_[i] == key) return &openings_[e];
    }
  }
  // The longest line's plies: no position deeper in a game needs looking up.
  std::uint32_t max_plies() const { return max_plies_; }
  std::size_t size() const { return openings_.size(); }
  std::size_t duplicates() const { return duplicates_; }

 private:
  static constexpr int kFilterBits = 16;  // 8 KiB: stays in L1 beside the replayer's tables
  static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};

  static Book build(std::vector<std::pair<std::uint64_t, Opening>> lines);
  bool insert(std::uint64_t key, Opening opening);  // false: the key is already there

  std::vector<Opening> openings_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> slots_;  // index into openings_, or kEmpty
  std::size_t mask_ = 0;
  std::array<std::uint64_t, (std::size_t{1} << kFilterBits) / 64> filter_{};
  std::uint32_t max_plies_ = 0;
  std::size_t duplicates_ = 0;
};

}  // namespace pgnkit::eco

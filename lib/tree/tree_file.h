// A saved opening tree (`pgnkit tree --save DB.tree`), memory-mapped for queries: a binary
// search by position key answers in microseconds, whatever the tree's size.
//
// Most positions of a database are reached by one game only, so an entry played once is a
// 24-byte "single" (key, game, move, result, the mover's Elo, year) and the others 48-byte
// "multis" with the counts; a position's games are listed (postings) only when it has more
// than one, a single naming its game already. Both arrays are sorted by (key, move).
//
// Layout (little-endian; sections 8-aligned; offsets from the file's start):
//   0   "PGNKTREE"   8          8   version u32 (2)      12  key kind u32 (KeyKind)
//   16  max ply u32  20 zero    24  games u64 (in the tree)
//   32  singles u64  40 offset  48  multis u64           56  offset
//   64  inputs u64   72 names offset (NUL-terminated)    80  names bytes
//   88  game rows    96 offset: {GameRef, offset in the tags, the game's byte offset in its
//                                input} per game in input order, then {none, tags bytes, 0}
//   104 tags offset  112 tags bytes: "White\tBlack\tDate\tEvent\tRound" per game
//   120 posting keys 128 index offset: {key, offset in the postings} per position, then
//                                {max, postings bytes}
//   136 postings offset  144 postings bytes: per game through the position, in input order,
//                                varint(ref - previous ref), varint(move), a result byte
//   152 (end of the header)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tree/entry.h"
#include "tree/postings.h"

namespace pgnkit::tree {

// Which key the entries are under.
enum class KeyKind : std::uint32_t {
  Repetition = 0,  // chess::Position::key(): FIDE's same position (docs/tree.md)
  Polyglot = 1,    // polyglot_key()
};

struct TreeFileInfo {
  KeyKind key_kind = KeyKind::Repetition;
  std::uint32_t max_ply = 0;
  std::uint64_t games = 0;
  std::vector<std::string> inputs;  // GameRef::input() indexes them
};

// The on-disk records (public for the reader's arithmetic; callers see TreeEntry).
struct SingleRecord {  // an entry of one game
  std::uint64_t key = 0;
  std::uint64_t example = 0;  // GameRef::packed
  std::uint16_t move = 0;
  std::uint8_t flags =
      0;  // bits 0-1 the result (0 White won, 1 draw, 2 Black won), 2 Black to move
  std::uint8_t zero = 0;
  std::uint16_t elo = 0, year = 0;
};
struct MultiRecord {  // an entry of more games
  std::uint64_t key = 0;
  std::uint64_t example = 0;
  std::uint32_t games = 0, white = 0, draws = 0, elo_games = 0;
  std::uint64_t elo_sum = 0;
  std::uint16_t first_year = 0, last_year = 0, move = 0, black_to_move = 0;
};

// Writes a tree to `path` through a temporary file in its directory, renamed over it at
// finish(): a reader never sees half a tree.
class TreeFileWriter {
 public:
  // nullopt, with error set, when the temporary files cannot be created.
  static std::optional<TreeFileWriter> create(const std::string& path, std::string& error);
  TreeFileWriter(TreeFileWriter&& o) noexcept;
  TreeFileWriter& operator=(TreeFileWriter&&) = delete;
  TreeFileWriter(const TreeFileWriter&) = delete;
  TreeFileWriter& operator=(const TreeFileWriter&) = delete;
  ~TreeFileWriter();  // without finish(): the temporary files are removed

  // A game of the tree, in input order (before the entries): its byte offset in its input
  // (decompressed) and its tags.
  void add_game(GameRef ref, std::uint64_t offset, std::string_view tags);
  // The entries in (key, move) order, each position's postings after its entries, in game
  // order. An entry's counts must fit 32 bits (else finish() fails).
  void add(const TreeEntry& e);
  void add_posting(const Posting& p);
  // Writes the rest and the header, renames the file into place. False, with error set.
  bool finish(const TreeFileInfo& info, std::string& error);

 private:
  struct Files;  // the open files, in tree_file.cpp
  explicit TreeFileWriter(std::unique_ptr<Files> files);
  void end_position();  // the current position's postings out, when it has more than one
  void flush_postings();

  std::unique_ptr<Files> f_;
};

// A game of a saved tree: where it is in its input, and its tags.
struct GameRow {
  GameRef ref;
  std::uint64_t offset = 0;
  std::string_view tags;
};

// A saved tree, memory-mapped.
class TreeFile {
 public:
  // nullopt, with error set ("not a pgnkit tree", "made by another version", a short
  // file ...).
  static std::optional<TreeFile> open(const std::string& path, std::string& error);
  TreeFile(TreeFile&& o) noexcept;
  TreeFile& operator=(TreeFile&&) = delete;
  TreeFile(const TreeFile&) = delete;
  TreeFile& operator=(const TreeFile&) = delete;
  ~TreeFile();

  const TreeFileInfo& info() const { return info_; }
  std::uint64_t entry_count() const { return singles_.size() + multis_.size(); }
  // The entries of one position, by move (kEndedHere first when games ended there).
  std::vector<TreeEntry> position(std::uint64_t key) const;
  // The games through a position, in input order (empty for an unknown key).
  std::vector<Posting> games(std::uint64_t key) const;
  // A game's row (nullopt: not in the file), and its tags alone ("": not in the file).
  std::optional<GameRow> game(GameRef ref) const;
  std::string_view game_tags(GameRef ref) const;

 private:
  TreeFile() = default;
  void* map_ = nullptr;
  std::size_t size_ = 0;
  TreeFileInfo info_;
  std::span<const SingleRecord> singles_;
  std::span<const MultiRecord> multis_;
  const std::uint64_t* rows_ = nullptr;  // {ref, tags offset, byte offset}, then the end row
  std::uint64_t row_count_ = 0;
  std::string_view tags_;
  const std::uint64_t* index_ = nullptr;  // {key, offset} pairs, then the end pair
  std::uint64_t index_count_ = 0;
  std::string_view postings_;
};

}  // namespace pgnkit::tree

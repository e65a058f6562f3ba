// A saved opening tree (`pgnkit tree --save DB.tree`): the table's entries in (key, move)
// order as fixed 80-byte records after a 64-byte header, then the inputs' names, so that a
// query is a binary search in a memory-mapped file, whatever the tree's size.
//
// Layout (little-endian, this build's TreeEntry layout, checked by the header):
//   0  "PGNKTREE"    8 bytes
//   8  version       u32 (1)          12 record size   u32 (sizeof(TreeEntry))
//   16 key kind      u32 (KeyKind)    20 max ply       u32
//   24 entries       u64              32 games         u64 (games in the tree)
//   40 inputs        u64              48 names offset  u64 (NUL-terminated names)
//   56 names bytes   u64              64 game rows     u64
//   72 rows offset   u64 (8-aligned: rows of {GameRef, offset in the tags, the game's byte
//                         offset in its input}, then one {none, tags bytes, 0})
//   80 tags offset   u64              88 tags bytes    u64
//   96 posting keys  u64              104 index offset u64 (8-aligned: {key, offset in the
//                                          postings} per position, then {max, postings bytes})
//   112 postings offset u64           120 postings bytes u64
//   128 the entries
// The game rows give each game's tags ("White\tBlack\tDate\tEvent\tRound"), sorted by
// GameRef. A position's postings are, per game in input order: varint(ref - previous ref),
// varint(move), a result byte (0 White won, 1 draw, 2 Black won).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
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

// Writes a tree to `path` through a temporary file in its directory, renamed over it at
// finish(): a reader never sees half a tree.
class TreeFileWriter {
 public:
  // nullopt, with error set, when the temporary file cannot be created.
  static std::optional<TreeFileWriter> create(const std::string& path, std::string& error);
  TreeFileWriter(TreeFileWriter&& o) noexcept;
  TreeFileWriter& operator=(TreeFileWriter&&) = delete;
  TreeFileWriter(const TreeFileWriter&) = delete;
  TreeFileWriter& operator=(const TreeFileWriter&) = delete;
  ~TreeFileWriter();  // without finish(): the temporary file is removed

  // A game of the tree and its tags, in input order (before the entries).
  // offset: of its first byte in its input (decompressed), for select --tree.
  void add_game(GameRef ref, std::uint64_t offset, std::string_view tags);
  void add(const TreeEntry& e);        // in (key, move) order
  void add_posting(const Posting& p);  // in (key, game) order
  // Writes the names and the header, renames the file into place. False, with error set.
  bool finish(const TreeFileInfo& info, std::string& error);

 private:
  TreeFileWriter(std::FILE* file, std::FILE* rows, std::FILE* tags, std::FILE* index,
                 std::FILE* postings, std::string path, std::string temp)
      : file_(file),
        rows_(rows),
        tags_(tags),
        index_(index),
        postings_(postings),
        path_(std::move(path)),
        temp_(std::move(temp)) {}
  std::FILE* file_ = nullptr;
  std::FILE* rows_ = nullptr;  // unlinked temporary files, copied in at finish()
  std::FILE* tags_ = nullptr;
  std::FILE* index_ = nullptr;  // the postings' key index and their bytes, copied in too
  std::FILE* postings_ = nullptr;
  std::uint64_t game_rows_ = 0, tags_bytes_ = 0;
  std::uint64_t posting_keys_ = 0, postings_bytes_ = 0, last_key_ = 0, last_ref_ = 0;
  std::string posting_;  // one record's bytes
  std::string path_, temp_;
  std::uint64_t entries_ = 0;
  bool failed_ = false;
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
  std::span<const TreeEntry> entries() const { return entries_; }
  // The entries of one position (its moves, and kEndedHere first when games ended there).
  std::span<const TreeEntry> position(std::uint64_t key) const;
  // A game's row (nullopt: not in the file), and its tags alone ("": not in the file).
  std::optional<GameRow> game(GameRef ref) const;
  std::string_view game_tags(GameRef ref) const;
  // The games through a position, in input order (empty for an unknown key).
  std::vector<Posting> games(std::uint64_t key) const;

 private:
  TreeFile() = default;
  void* map_ = nullptr;
  std::size_t size_ = 0;
  TreeFileInfo info_;
  std::span<const TreeEntry> entries_;
  const std::uint64_t* rows_ = nullptr;  // {ref, tags offset} pairs, then the end pair
  std::uint64_t row_count_ = 0;
  std::string_view tags_;
  const std::uint64_t* index_ = nullptr;  // {key, offset} pairs, then the end pair
  std::uint64_t index_count_ = 0;
  std::string_view postings_;
};

}  // namespace pgnkit::tree

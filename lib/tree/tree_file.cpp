#include "tree/tree_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <initializer_list>
#include <type_traits>
#include <utility>

namespace pgnkit::tree {
namespace {

constexpr char kMagic[8] = {'P', 'G', 'N', 'K', 'T', 'R', 'E', 'E'};
constexpr std::uint32_t kVersion = 2;
constexpr std::size_t kRowWords = 3;                          // ref, tags offset, byte offset
constexpr std::size_t kPostingBuffer = std::size_t{1} << 16;  // bytes written at a time
static_assert(sizeof(SingleRecord) == 24 && sizeof(MultiRecord) == 48);
static_assert(std::has_unique_object_representations_v<SingleRecord> &&
              std::has_unique_object_representations_v<MultiRecord>);

struct Header {
  char magic[8];
  std::uint32_t version, key_kind, max_ply, zero;
  std::uint64_t games, singles, singles_offset, multis, multis_offset;
  std::uint64_t inputs, names_offset, names_bytes;
  std::uint64_t game_rows, rows_offset, tags_offset, tags_bytes;
  std::uint64_t posting_keys, index_offset, postings_offset, postings_bytes;
};
static_assert(sizeof(Header) == 152);

std::string why() {
  return std::strerror(errno);
}

// An unlinked temporary file beside `path`, or null.
std::FILE* scratch_file(const std::string& path) {
  std::string name = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return nullptr;
  ::unlink(name.c_str());
  std::FILE* f = ::fdopen(fd, "w+b");
  if (f == nullptr) ::close(fd);
  return f;
}

// Copies all of `from` (rewound) to the end of `to`.
bool copy_file(std::FILE* from, std::FILE* to) {
  if (std::fflush(from) != 0 || std::fseek(from, 0, SEEK_SET) != 0) return false;
  char buffer[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, from)) > 0) {
    if (std::fwrite(buffer, 1, n, to) != n) return false;
  }
  return std::ferror(from) == 0;
}

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7F) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
}

// Reads a varint at `at` (advanced) before `end`; false when it runs past it.
bool get_varint(const unsigned char*& at, const unsigned char* end, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; at < end && shift < 64; shift += 7) {
    const unsigned char byte = *at++;
    v |= std::uint64_t{byte & 0x7Fu} << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

std::uint64_t padding(std::uint64_t bytes) {
  return (8 - bytes % 8) % 8;
}

TreeEntry entry_of(const SingleRecord& r) {
  TreeEntry e;
  e.key = r.key;
  e.move = r.move;
  e.black_to_move = (r.flags >> 2) & 1;
  const int result = r.flags & 3;
  e.stats.games = 1;
  e.stats.white = result == 0;
  e.stats.draws = result == 1;
  e.stats.black = result == 2;
  e.stats.elo_sum = r.elo;
  e.stats.elo_games = r.elo != 0;
  e.stats.first_year = e.stats.last_year = r.year;
  e.stats.example.packed = r.example;
  return e;
}

TreeEntry entry_of(const MultiRecord& r) {
  TreeEntry e;
  e.key = r.key;
  e.move = r.move;
  e.black_to_move = r.black_to_move;
  e.stats.games = r.games;
  e.stats.white = r.white;
  e.stats.draws = r.draws;
  e.stats.black = r.games - r.white - r.draws;
  e.stats.elo_sum = r.elo_sum;
  e.stats.elo_games = r.elo_games;
  e.stats.first_year = r.first_year;
  e.stats.last_year = r.last_year;
  e.stats.example.packed = r.example;
  return e;
}

// The records of `key` in a (key, move)-sorted array.
template <class Record>
std::span<const Record> of_key(std::span<const Record> all, std::uint64_t key) {
  const auto lo = std::lower_bound(all.begin(), all.end(), key,
                                   [](const Record& r, std::uint64_t k) { return r.key < k; });
  auto hi = lo;
  while (hi != all.end() && hi->key == key) ++hi;
  return {lo, hi};
}

// The pair index of `key` in {key, value} pairs sorted by key (count pairs), or count.
std::uint64_t find_pair(const std::uint64_t* pairs, std::uint64_t count, std::size_t words,
                        std::uint64_t key) {
  std::uint64_t lo = 0, hi = count;
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (pairs[words * mid] < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo < count && pairs[words * lo] == key ? lo : count;
}

}  // namespace

struct TreeFileWriter::Files {
  std::string path, temp;
  std::FILE* main = nullptr;  // the tree: the header, the singles, then the rest at finish()
  // Unlinked temporary files, copied in at finish().
  std::FILE* multis = nullptr;
  std::FILE* rows = nullptr;
  std::FILE* tags = nullptr;
  std::FILE* index = nullptr;
  std::FILE* postings = nullptr;
  std::uint64_t singles_count = 0, multis_count = 0, game_rows = 0, tags_bytes = 0;
  std::uint64_t posting_keys = 0, postings_bytes = 0;
  std::string posting_bytes;      // postings not yet written
  std::vector<Posting> position;  // the current position's postings
  bool too_many = false, failed = false;

  ~Files() {
    for (std::FILE* f : {multis, rows, tags, index, postings})
      if (f != nullptr) std::fclose(f);
    if (main == nullptr) return;
    std::fclose(main);
    ::unlink(temp.c_str());
  }
};

std::optional<TreeFileWriter> TreeFileWriter::create(const std::string& path, std::string& error) {
  auto f = std::make_unique<Files>();
  f->path = path;
  f->temp = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(f->temp.data());
  if (fd >= 0) {  // mkstemp makes it 0600: a tree is an ordinary file
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    f->main = ::fdopen(fd, "wb");
    if (f->main == nullptr) {
      ::close(fd);
      ::unlink(f->temp.c_str());
    }
  }
  if (f->main != nullptr) {
    f->multis = scratch_file(path);
    f->rows = scratch_file(path);
    f->tags = scratch_file(path);
    f->index = scratch_file(path);
    f->postings = scratch_file(path);
  }
  const Header blank{};  // rewritten by finish()
  if (f->main == nullptr || f->multis == nullptr || f->rows == nullptr || f->tags == nullptr ||
      f->index == nullptr || f->postings == nullptr ||
      std::fwrite(&blank, sizeof blank, 1, f->main) != 1) {
    error = path + ": cannot create: " + why();
    return std::nullopt;
  }
  return TreeFileWriter(std::move(f));
}

TreeFileWriter::TreeFileWriter(std::unique_ptr<Files> files) : f_(std::move(files)) {}
TreeFileWriter::TreeFileWriter(TreeFileWriter&& o) noexcept = default;
TreeFileWriter::~TreeFileWriter() = default;

void TreeFileWriter::add_game(GameRef ref, std::uint64_t offset, std::string_view tags) {
  Files& f = *f_;
  const std::uint64_t row[kRowWords] = {ref.packed, f.tags_bytes, offset};
  f.failed = f.failed || std::fwrite(row, sizeof row, 1, f.rows) != 1 ||
             std::fwrite(tags.data(), 1, tags.size(), f.tags) != tags.size();
  ++f.game_rows;
  f.tags_bytes += tags.size();
}

void TreeFileWriter::add(const TreeEntry& e) {
  Files& f = *f_;
  if (!f.position.empty() && f.position.front().key != e.key) end_position();
  const MoveStats& s = e.stats;
  if (s.games == 1) {
    SingleRecord r;
    r.key = e.key;
    r.example = s.example.packed;
    r.move = e.move;
    r.flags = static_cast<std::uint8_t>((s.white ? 0 : s.draws ? 1 : 2) | (e.black_to_move << 2));
    r.elo = static_cast<std::uint16_t>(s.elo_games ? s.elo_sum : 0);
    r.year = s.first_year;
    f.failed = f.failed || std::fwrite(&r, sizeof r, 1, f.main) != 1;
    ++f.singles_count;
    return;
  }
  if (s.games > UINT32_MAX) f.too_many = true;
  MultiRecord r;
  r.key = e.key;
  r.example = s.example.packed;
  r.games = static_cast<std::uint32_t>(s.games);
  r.white = static_cast<std::uint32_t>(s.white);
  r.draws = static_cast<std::uint32_t>(s.draws);
  r.elo_games = static_cast<std::uint32_t>(s.elo_games);
  r.elo_sum = s.elo_sum;
  r.first_year = s.first_year;
  r.last_year = s.last_year;
  r.move = e.move;
  r.black_to_move = e.black_to_move;
  f.failed = f.failed || std::fwrite(&r, sizeof r, 1, f.multis) != 1;
  ++f.multis_count;
}

void TreeFileWriter::add_posting(const Posting& p) {
  Files& f = *f_;
  if (!f.position.empty() && f.position.front().key != p.key) end_position();
  f.position.push_back(p);
}

void TreeFileWriter::end_position() {
  Files& f = *f_;
  if (f.position.size() > 1) {  // one game: its single entry names it
    const std::uint64_t row[2] = {f.position.front().key, f.postings_bytes};
    f.failed = f.failed || std::fwrite(row, sizeof row, 1, f.index) != 1;
    ++f.posting_keys;
    std::uint64_t last = 0;
    const std::size_t before = f.posting_bytes.size();
    for (const Posting& p : f.position) {
      put_varint(f.posting_bytes, p.ref.packed - last);
      put_varint(f.posting_bytes, p.move);
      f.posting_bytes += static_cast<char>(p.result);
      last = p.ref.packed;
    }
    f.postings_bytes += f.posting_bytes.size() - before;
    if (f.posting_bytes.size() >= kPostingBuffer) flush_postings();
  }
  f.position.clear();
}

void TreeFileWriter::flush_postings() {
  Files& f = *f_;
  f.failed = f.failed || std::fwrite(f.posting_bytes.data(), 1, f.posting_bytes.size(),
                                     f.postings) != f.posting_bytes.size();
  f.posting_bytes.clear();
}

bool TreeFileWriter::finish(const TreeFileInfo& info, std::string& error) {
  Files& f = *f_;
  end_position();
  flush_postings();
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.key_kind = static_cast<std::uint32_t>(info.key_kind);
  h.max_ply = info.max_ply;
  h.games = info.games;
  h.singles = f.singles_count;
  h.singles_offset = sizeof(Header);
  h.multis = f.multis_count;
  h.multis_offset = h.singles_offset + f.singles_count * sizeof(SingleRecord);
  bool ok = !f.failed && copy_file(f.multis, f.main);
  h.inputs = info.inputs.size();
  h.names_offset = h.multis_offset + f.multis_count * sizeof(MultiRecord);
  for (const std::string& name : info.inputs) {
    ok = ok && std::fwrite(name.c_str(), 1, name.size() + 1, f.main) == name.size() + 1;
    h.names_bytes += name.size() + 1;
  }
  const char zeros[8] = {};
  const auto pad = [&](std::uint64_t bytes) {
    ok = ok && std::fwrite(zeros, 1, padding(bytes), f.main) == padding(bytes);
    return bytes + padding(bytes);
  };
  h.game_rows = f.game_rows;
  h.rows_offset = h.names_offset + pad(h.names_bytes);
  const std::uint64_t end_row[kRowWords] = {GameRef{}.packed, f.tags_bytes, 0};
  ok = ok && copy_file(f.rows, f.main) && std::fwrite(end_row, sizeof end_row, 1, f.main) == 1;
  h.tags_offset = h.rows_offset + (f.game_rows + 1) * sizeof end_row;
  h.tags_bytes = f.tags_bytes;
  ok = ok && copy_file(f.tags, f.main);
  h.posting_keys = f.posting_keys;
  h.index_offset = h.tags_offset + pad(f.tags_bytes);
  const std::uint64_t end_index[2] = {UINT64_MAX, f.postings_bytes};
  ok = ok && copy_file(f.index, f.main) && std::fwrite(end_index, sizeof end_index, 1, f.main) == 1;
  h.postings_offset = h.index_offset + (f.posting_keys + 1) * sizeof end_index;
  h.postings_bytes = f.postings_bytes;
  ok = ok && copy_file(f.postings, f.main);
  ok = ok && std::fseek(f.main, 0, SEEK_SET) == 0 && std::fwrite(&h, sizeof h, 1, f.main) == 1 &&
       std::fflush(f.main) == 0;
  if (!ok) error = f.path + ": cannot write: " + why();
  if (f.too_many) error = f.path + ": a move of more than 4,294,967,295 games cannot be saved";
  const bool closed = std::fclose(std::exchange(f.main, nullptr)) == 0;
  if (ok && !closed) error = f.path + ": cannot write: " + why();
  if (!ok || f.too_many || !closed || std::rename(f.temp.c_str(), f.path.c_str()) != 0) {
    if (error.empty()) error = f.path + ": cannot rename the new tree into place: " + why();
    ::unlink(f.temp.c_str());
    return false;
  }
  return true;
}

std::optional<TreeFile> TreeFile::open(const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": cannot open: " + why();
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = path + ": not a regular file";
    ::close(fd);
    return std::nullopt;
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  void* map =
      size < sizeof(Header) ? MAP_FAILED : ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) {
    error = path + ": not a pgnkit tree (too short)";
    return std::nullopt;
  }
  TreeFile t;
  t.map_ = map;
  t.size_ = size;
  Header h{};
  std::memcpy(&h, map, sizeof h);
  const auto fail = [&](const std::string& what) {
    error = path + ": " + what;
    return std::nullopt;
  };
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return fail("not a pgnkit tree");
  if (h.version != kVersion) {
    return fail("a tree of another pgnkit version (format " + std::to_string(h.version) +
                "): build it again");
  }
  if (h.key_kind > 1) return fail("an unknown key kind");
  // Each section in turn: inside the file, 8-aligned where it holds numbers.
  std::uint64_t at = sizeof(Header);
  const auto section = [&](std::uint64_t offset, std::uint64_t count, std::uint64_t unit) {
    const bool fits = offset == at && offset <= size && count <= (size - offset) / unit;
    at = offset + count * unit;
    return fits;
  };
  const auto aligned = [&](std::uint64_t offset) {
    at += padding(at);
    return offset == at;
  };
  if (!section(h.singles_offset, h.singles, sizeof(SingleRecord)) ||
      !section(h.multis_offset, h.multis, sizeof(MultiRecord)) ||
      !section(h.names_offset, h.names_bytes, 1) || !aligned(h.rows_offset) ||
      !section(h.rows_offset, h.game_rows + 1, kRowWords * 8) ||
      !section(h.tags_offset, h.tags_bytes, 1) || !aligned(h.index_offset) ||
      !section(h.index_offset, h.posting_keys + 1, 16) ||
      !section(h.postings_offset, h.postings_bytes, 1))
    return fail("damaged (its sections do not add up)");
  const char* base = static_cast<const char*>(map);
  t.singles_ = {reinterpret_cast<const SingleRecord*>(base + h.singles_offset),
                static_cast<std::size_t>(h.singles)};
  t.multis_ = {reinterpret_cast<const MultiRecord*>(base + h.multis_offset),
               static_cast<std::size_t>(h.multis)};
  std::string_view names(base + h.names_offset, h.names_bytes);
  while (!names.empty()) {
    const std::size_t end = names.find('\0');
    if (end == std::string_view::npos) return fail("damaged (an unterminated input name)");
    t.info_.inputs.emplace_back(names.substr(0, end));
    names.remove_prefix(end + 1);
  }
  if (t.info_.inputs.size() != h.inputs) return fail("damaged (the input names)");
  t.rows_ = reinterpret_cast<const std::uint64_t*>(base + h.rows_offset);
  t.row_count_ = h.game_rows;
  t.tags_ = std::string_view(base + h.tags_offset, h.tags_bytes);
  t.index_ = reinterpret_cast<const std::uint64_t*>(base + h.index_offset);
  t.index_count_ = h.posting_keys;
  t.postings_ = std::string_view(base + h.postings_offset, h.postings_bytes);
  t.info_.key_kind = static_cast<KeyKind>(h.key_kind);
  t.info_.max_ply = h.max_ply;
  t.info_.games = h.games;
  return t;
}

TreeFile::TreeFile(TreeFile&& o) noexcept
    : map_(std::exchange(o.map_, nullptr)),
      size_(o.size_),
      info_(std::move(o.info_)),
      singles_(o.singles_),
      multis_(o.multis_),
      rows_(o.rows_),
      row_count_(o.row_count_),
      tags_(o.tags_),
      index_(o.index_),
      index_count_(o.index_count_),
      postings_(o.postings_) {}

TreeFile::~TreeFile() {
  if (map_ != nullptr) ::munmap(map_, size_);
}

std::vector<TreeEntry> TreeFile::position(std::uint64_t key) const {
  std::vector<TreeEntry> out;
  for (const SingleRecord& r : of_key(singles_, key)) out.push_back(entry_of(r));
  for (const MultiRecord& r : of_key(multis_, key)) out.push_back(entry_of(r));
  std::sort(out.begin(), out.end(),
            [](const TreeEntry& a, const TreeEntry& b) { return a.move < b.move; });
  return out;
}

std::optional<GameRow> TreeFile::game(GameRef ref) const {
  const std::uint64_t i = find_pair(rows_, row_count_, kRowWords, ref.packed);
  if (i == row_count_) return std::nullopt;
  const std::uint64_t* row = rows_ + kRowWords * i;
  const std::uint64_t from = row[1], to = row[kRowWords + 1];
  if (from > to || to > tags_.size()) return std::nullopt;
  return GameRow{ref, row[2], tags_.substr(from, to - from)};
}

std::string_view TreeFile::game_tags(GameRef ref) const {
  const auto row = game(ref);
  return row ? row->tags : std::string_view();
}

std::vector<Posting> TreeFile::games(std::uint64_t key) const {
  std::vector<Posting> out;
  const std::uint64_t i = find_pair(index_, index_count_, 2, key);
  if (i == index_count_) {  // one game at most: the position's single entry names it
    const std::vector<TreeEntry> entries = position(key);
    if (entries.size() == 1 && entries.front().stats.games == 1) {
      const TreeEntry& e = entries.front();
      Posting p;
      p.key = key;
      p.ref = e.stats.example;
      p.move = e.move;
      p.result = e.stats.white ? 0 : e.stats.draws ? 1 : 2;
      out.push_back(p);
    }
    return out;
  }
  const std::uint64_t from = index_[2 * i + 1], to = index_[2 * i + 3];
  if (from > to || to > postings_.size()) return out;
  const auto* at = reinterpret_cast<const unsigned char*>(postings_.data()) + from;
  const auto* end = reinterpret_cast<const unsigned char*>(postings_.data()) + to;
  std::uint64_t ref = 0;
  while (at < end) {
    std::uint64_t delta = 0, move = 0;
    if (!get_varint(at, end, delta) || !get_varint(at, end, move) || at == end) break;
    ref += delta;
    Posting p;
    p.key = key;
    p.ref.packed = ref;
    p.move = static_cast<std::uint16_t>(move);
    p.result = *at++;
    out.push_back(p);
  }
  return out;
}

}  // namespace pgnkit::tree

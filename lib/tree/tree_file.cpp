#include "tree/tree_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>

#include <initializer_list>
#include <utility>

namespace pgnkit::tree {
namespace {

constexpr char kMagic[8] = {'P', 'G', 'N', 'K', 'T', 'R', 'E', 'E'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderBytes = 128;
constexpr std::size_t kRowWords = 3;  // a game row: ref, tags offset, byte offset
static_assert(sizeof(TreeEntry) == 80 && alignof(TreeEntry) == 8);

struct Header {
  char magic[8];
  std::uint32_t version, record_size, key_kind, max_ply;
  std::uint64_t entries, games, inputs, names_offset, names_bytes;
  std::uint64_t game_rows, rows_offset, tags_offset, tags_bytes;
  std::uint64_t posting_keys, index_offset, postings_offset, postings_bytes;
};
static_assert(sizeof(Header) == kHeaderBytes);

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

void close_all(std::initializer_list<std::FILE*> files) {
  for (std::FILE* f : files)
    if (f != nullptr) std::fclose(f);
}

}  // namespace

std::optional<TreeFileWriter> TreeFileWriter::create(const std::string& path, std::string& error) {
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "wb");
  if (f == nullptr && fd >= 0) ::close(fd);
  std::FILE* rows = f == nullptr ? nullptr : scratch_file(path);
  std::FILE* tags = rows == nullptr ? nullptr : scratch_file(path);
  std::FILE* index = tags == nullptr ? nullptr : scratch_file(path);
  std::FILE* postings = index == nullptr ? nullptr : scratch_file(path);
  if (f != nullptr) {  // mkstemp makes it 0600: a tree is an ordinary file
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
  }
  const Header blank{};  // rewritten by finish()
  if (postings == nullptr || std::fwrite(&blank, sizeof blank, 1, f) != 1) {
    error = path + ": cannot create: " + why();
    close_all({f, rows, tags, index, postings});
    if (fd >= 0) ::unlink(temp.c_str());
    return std::nullopt;
  }
  return TreeFileWriter(f, rows, tags, index, postings, path, std::move(temp));
}

TreeFileWriter::TreeFileWriter(TreeFileWriter&& o) noexcept
    : file_(std::exchange(o.file_, nullptr)),
      rows_(std::exchange(o.rows_, nullptr)),
      tags_(std::exchange(o.tags_, nullptr)),
      index_(std::exchange(o.index_, nullptr)),
      postings_(std::exchange(o.postings_, nullptr)),
      game_rows_(o.game_rows_),
      tags_bytes_(o.tags_bytes_),
      posting_keys_(o.posting_keys_),
      postings_bytes_(o.postings_bytes_),
      last_key_(o.last_key_),
      last_ref_(o.last_ref_),
      path_(std::move(o.path_)),
      temp_(std::move(o.temp_)),
      entries_(o.entries_),
      failed_(o.failed_) {}

TreeFileWriter::~TreeFileWriter() {
  close_all({rows_, tags_, index_, postings_});
  if (file_ == nullptr) return;
  std::fclose(file_);
  ::unlink(temp_.c_str());
}

void TreeFileWriter::add_game(GameRef ref, std::uint64_t offset, std::string_view tags) {
  if (failed_) return;
  const std::uint64_t row[kRowWords] = {ref.packed, tags_bytes_, offset};
  failed_ = std::fwrite(row, sizeof row, 1, rows_) != 1 ||
            std::fwrite(tags.data(), 1, tags.size(), tags_) != tags.size();
  ++game_rows_;
  tags_bytes_ += tags.size();
}

void TreeFileWriter::add_posting(const Posting& p) {
  if (failed_) return;
  if (posting_keys_ == 0 || p.key != last_key_) {
    const std::uint64_t row[2] = {p.key, postings_bytes_};
    failed_ = std::fwrite(row, sizeof row, 1, index_) != 1;
    ++posting_keys_;
    last_key_ = p.key;
    last_ref_ = 0;
  }
  posting_.clear();
  put_varint(posting_, p.ref.packed - last_ref_);
  put_varint(posting_, p.move);
  posting_ += static_cast<char>(p.result);
  last_ref_ = p.ref.packed;
  failed_ =
      failed_ || std::fwrite(posting_.data(), 1, posting_.size(), postings_) != posting_.size();
  postings_bytes_ += posting_.size();
}

void TreeFileWriter::add(const TreeEntry& e) {
  if (failed_) return;
  failed_ = std::fwrite(&e, sizeof e, 1, file_) != 1;
  ++entries_;
}

bool TreeFileWriter::finish(const TreeFileInfo& info, std::string& error) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.record_size = sizeof(TreeEntry);
  h.key_kind = static_cast<std::uint32_t>(info.key_kind);
  h.max_ply = info.max_ply;
  h.entries = entries_;
  h.games = info.games;
  h.inputs = info.inputs.size();
  h.names_offset = kHeaderBytes + entries_ * sizeof(TreeEntry);
  for (const std::string& name : info.inputs) {
    failed_ = failed_ || std::fwrite(name.c_str(), 1, name.size() + 1, file_) != name.size() + 1;
    h.names_bytes += name.size() + 1;
  }
  const std::uint64_t pad = (8 - h.names_bytes % 8) % 8;
  const char zeros[8] = {};
  failed_ = failed_ || std::fwrite(zeros, 1, pad, file_) != pad;
  h.game_rows = game_rows_;
  h.rows_offset = h.names_offset + h.names_bytes + pad;
  const std::uint64_t end_row[kRowWords] = {GameRef{}.packed, tags_bytes_, 0};
  failed_ =
      failed_ || !copy_file(rows_, file_) || std::fwrite(end_row, sizeof end_row, 1, file_) != 1;
  h.tags_offset = h.rows_offset + (game_rows_ + 1) * sizeof end_row;
  h.tags_bytes = tags_bytes_;
  failed_ = failed_ || !copy_file(tags_, file_);
  const std::uint64_t tags_pad = (8 - tags_bytes_ % 8) % 8;
  failed_ = failed_ || std::fwrite(zeros, 1, tags_pad, file_) != tags_pad;
  h.posting_keys = posting_keys_;
  h.index_offset = h.tags_offset + tags_bytes_ + tags_pad;
  const std::uint64_t end_index[2] = {UINT64_MAX, postings_bytes_};
  failed_ = failed_ || !copy_file(index_, file_) ||
            std::fwrite(end_index, sizeof end_index, 1, file_) != 1;
  h.postings_offset = h.index_offset + (posting_keys_ + 1) * sizeof end_index;
  h.postings_bytes = postings_bytes_;
  failed_ = failed_ || !copy_file(postings_, file_);
  failed_ = failed_ || std::fseek(file_, 0, SEEK_SET) != 0 ||
            std::fwrite(&h, sizeof h, 1, file_) != 1 || std::fflush(file_) != 0 ||
            ::fsync(::fileno(file_)) != 0;
  if (failed_) error = path_ + ": cannot write: " + why();
  const bool closed = std::fclose(std::exchange(file_, nullptr)) == 0;
  if (!failed_ && !closed) error = path_ + ": cannot write: " + why();
  if (failed_ || !closed || std::rename(temp_.c_str(), path_.c_str()) != 0) {
    if (error.empty()) error = path_ + ": cannot rename the new tree into place: " + why();
    ::unlink(temp_.c_str());
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
  void* map = size == 0 ? MAP_FAILED : ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (size < kHeaderBytes || map == MAP_FAILED) {
    if (map != MAP_FAILED) ::munmap(map, size);
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
  if (h.version != kVersion || h.record_size != sizeof(TreeEntry)) {
    return fail("a tree of another pgnkit version (format " + std::to_string(h.version) +
                "): build it again");
  }
  if (h.key_kind > 1) return fail("an unknown key kind");
  const std::uint64_t entry_bytes = h.entries * sizeof(TreeEntry);
  if (h.entries > size / sizeof(TreeEntry) || h.names_offset != kHeaderBytes + entry_bytes ||
      h.names_bytes > size || h.names_offset > size - h.names_bytes)
    return fail("damaged (its sizes do not add up)");
  const char* base = static_cast<const char*>(map);
  t.entries_ = {reinterpret_cast<const TreeEntry*>(base + kHeaderBytes),
                static_cast<std::size_t>(h.entries)};
  std::string_view names(base + h.names_offset, h.names_bytes);
  while (!names.empty()) {
    const std::size_t end = names.find('\0');
    if (end == std::string_view::npos) return fail("damaged (an unterminated input name)");
    t.info_.inputs.emplace_back(names.substr(0, end));
    names.remove_prefix(end + 1);
  }
  if (t.info_.inputs.size() != h.inputs) return fail("damaged (the input names)");
  const std::uint64_t row_bytes = (h.game_rows + 1) * kRowWords * 8;
  if (h.rows_offset % 8 != 0 || h.rows_offset > size || row_bytes > size - h.rows_offset ||
      h.tags_offset != h.rows_offset + row_bytes || h.tags_bytes > size - h.tags_offset)
    return fail("damaged (the game rows)");
  t.rows_ = reinterpret_cast<const std::uint64_t*>(base + h.rows_offset);
  t.row_count_ = h.game_rows;
  t.tags_ = std::string_view(base + h.tags_offset, h.tags_bytes);
  const std::uint64_t index_bytes = (h.posting_keys + 1) * 16;
  if (h.index_offset % 8 != 0 || h.index_offset < h.tags_offset + h.tags_bytes ||
      h.index_offset > size || index_bytes > size - h.index_offset ||
      h.postings_offset != h.index_offset + index_bytes ||
      h.postings_bytes > size - h.postings_offset)
    return fail("damaged (the postings)");
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
      entries_(o.entries_),
      rows_(o.rows_),
      row_count_(o.row_count_),
      tags_(o.tags_),
      index_(o.index_),
      index_count_(o.index_count_),
      postings_(o.postings_) {}

TreeFile::~TreeFile() {
  if (map_ != nullptr) ::munmap(map_, size_);
}

std::span<const TreeEntry> TreeFile::position(std::uint64_t key) const {
  const auto lo = std::lower_bound(entries_.begin(), entries_.end(), key,
                                   [](const TreeEntry& e, std::uint64_t k) { return e.key < k; });
  auto hi = lo;
  while (hi != entries_.end() && hi->key == key) ++hi;
  return {lo, hi};
}

std::optional<GameRow> TreeFile::game(GameRef ref) const {
  std::uint64_t lo = 0, hi = row_count_;
  while (lo < hi) {  // the first row whose ref is not below
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (rows_[kRowWords * mid] < ref.packed) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == row_count_ || rows_[kRowWords * lo] != ref.packed) return std::nullopt;
  const std::uint64_t* row = rows_ + kRowWords * lo;
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
  std::uint64_t lo = 0, hi = index_count_;
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (index_[2 * mid] < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == index_count_ || index_[2 * lo] != key) return out;
  const std::uint64_t from = index_[2 * lo + 1], to = index_[2 * lo + 3];
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

// io/archive_reader.h: zip and tar archives made by the real zip and tar tools, read from a
// file and through a Pull, intact, encrypted, zip64, with odd methods, damaged and cut short.
#include "io/archive_reader.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h"

namespace pgnkit::io::archive_reader_test {

using pgnkit::testing::read_file;
using pgnkit::testing::TempDir;
using pgnkit::testing::write_file;

bool have(const std::string& tool) {
  return std::system(("command -v " + tool + " >/dev/null 2>&1").c_str()) == 0;
}

// Runs a shell command in dir, quietly; true when it succeeded.
bool run(const TempDir& dir, const std::string& command) {
  return std::system(("cd '" + dir.path() + "' && (" + command + ") >/dev/null 2>&1").c_str()) == 0;
}

// PGN-like text of n bytes that deflate cannot shrink much (so a cut lands inside it).
std::string games(std::size_t n, unsigned seed) {
  static constexpr const char* kFiles = "abcdefgh";
  std::string s = "[Event \"Archive " + std::to_string(seed) + "\"]\n\n";
  std::uint32_t x = seed * 2654435761u + 1;
  for (int move = 1; s.size() < n; ++move) {
    x = x * 1664525u + 1013904223u;
    s += std::to_string(move) + ". " + kFiles[(x >> 8) % 8] + std::to_string(1 + (x >> 12) % 8) +
         ' ' + "NBRQK"[(x >> 16) % 5] + kFiles[(x >> 20) % 8] + std::to_string(1 + (x >> 24) % 8) +
         ((x >> 28) % 4 == 0 ? "\n" : " ");
  }
  s.resize(n);
  return s;
}

// Member bytes compared without printing them whole on failure.
::testing::AssertionResult same(const std::string& got, const std::string& want) {
  if (got == want) return ::testing::AssertionSuccess();
  const std::size_t at =
      std::mismatch(got.begin(), got.end(), want.begin(), want.end()).first - got.begin();
  return ::testing::AssertionFailure()
         << got.size() << " bytes, want " << want.size() << ", first difference at " << at;
}

struct Member {
  ArchiveEntry entry;
  std::string bytes;
  std::optional<IoError> member_error;
};

struct Walk {
  std::vector<Member> members;
  std::optional<IoError> error;
};

// Every entry with all its bytes, read in pieces of `chunk`.
Walk walk(ArchiveReader& reader, std::size_t chunk = 4093) {
  Walk w;
  std::string buf(chunk, '\0');
  while (auto entry = reader.next()) {
    Member m{std::move(*entry), {}, {}};
    while (std::size_t n = reader.read(buf.data(), chunk)) m.bytes.append(buf.data(), n);
    EXPECT_EQ(reader.read(buf.data(), chunk), 0u);  // stays at 0
    m.member_error = reader.member_error();
    w.members.push_back(std::move(m));
  }
  EXPECT_FALSE(reader.next().has_value());  // stays at the end
  w.error = reader.error();
  return w;
}

using Names = std::vector<std::string>;

Names names(const Walk& w) {
  Names out;
  for (const Member& m : w.members) out.push_back(m.entry.name);
  return out;
}

// A Pull over the file's descriptor, at most `piece` bytes a call (closed with its last copy).
ArchiveReader::Pull fd_pull(const std::string& path, std::size_t piece = 1 << 20) {
  const std::shared_ptr<int> fd(new int(::open(path.c_str(), O_RDONLY | O_CLOEXEC)), [](int* f) {
    if (*f >= 0) ::close(*f);
    delete f;
  });
  EXPECT_GE(*fd, 0) << path;
  return [fd, piece](char* dst, std::size_t cap) -> std::size_t {
    const ssize_t n = *fd >= 0 ? ::read(*fd, dst, std::min(cap, piece)) : 0;
    return n > 0 ? static_cast<std::size_t>(n) : 0;
  };
}

std::unique_ptr<ArchiveReader> open_either(const std::string& path, ArchiveFormat format,
                                           bool from_file, std::size_t piece = 1 << 20) {
  IoError err;
  auto reader = from_file ? ArchiveReader::open_file(path, format, &err)
                          : ArchiveReader::open(format, fd_pull(path, piece), &err);
  EXPECT_NE(reader, nullptr) << describe(err, path);
  return reader;
}

Walk walk_path(const std::string& path, ArchiveFormat format, bool from_file,
               std::size_t piece = 1 << 20) {
  auto reader = open_either(path, format, from_file, piece);
  return reader != nullptr ? walk(*reader) : Walk{};
}

// The archive walked through open_file, then through open.
std::vector<Walk> both(const std::string& path, ArchiveFormat format) {
  return {walk_path(path, format, true), walk_path(path, format, false)};
}

// An archive cut inside its second member, read both ways: the first member whole, then the
// second (`whole`, cut short) fails, and with it the archive; skipping it fails at next().
void expect_cut(const std::string& path, ArchiveFormat format, const Names& expected,
                const std::string& first, const std::string& whole) {
  for (const bool from_file : {true, false}) {
    const Walk w = walk_path(path, format, from_file);
    ASSERT_EQ(names(w), expected);
    EXPECT_EQ(w.members[0].bytes, first);
    const Member& cut = w.members[1];
    EXPECT_TRUE(same(cut.bytes, whole.substr(0, cut.bytes.size())));
    ASSERT_TRUE(cut.member_error.has_value());
    EXPECT_EQ(cut.member_error->code, IoErrorCode::ArchiveCorrupt);
    ASSERT_TRUE(w.error.has_value());
    EXPECT_EQ(w.error->code, IoErrorCode::ArchiveCorrupt);
    EXPECT_FALSE(w.error->text.empty());
    EXPECT_LE(w.error->offset, std::filesystem::file_size(path));
    EXPECT_EQ(cut.member_error->offset, cut.bytes.size());
    auto reader = open_either(path, format, from_file);
    ASSERT_TRUE(reader != nullptr && reader->next() && reader->next());
    EXPECT_FALSE(reader->next().has_value());
    ASSERT_TRUE(reader->error().has_value());
    EXPECT_EQ(reader->error()->code, IoErrorCode::ArchiveCorrupt);
  }
}

void expect_same(const Walk& a, const Walk& b) {
  ASSERT_EQ(names(a), names(b));
  for (std::size_t i = 0; i < a.members.size(); ++i) {
    EXPECT_EQ(a.members[i].entry.type, b.members[i].entry.type) << a.members[i].entry.name;
    EXPECT_TRUE(same(a.members[i].bytes, b.members[i].bytes)) << a.members[i].entry.name;
  }
}

std::uint16_t le16(const std::string& s, std::size_t at) {
  return static_cast<std::uint16_t>(static_cast<unsigned char>(s[at]) |
                                    static_cast<unsigned char>(s[at + 1]) << 8);
}

class ArchiveZip : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!have("zip")) GTEST_SKIP() << "zip is not installed";
    ASSERT_TRUE(dir_.ok());
    a_ = games(150000, 1);
    b_ = games(90000, 2);
    write_file(dir_ / "a.pgn", a_);
    write_file(dir_ / "b.pgn", b_);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // a.pgn and b.pgn zipped with `flags`; patch(archive, where a.pgn's data starts).
  template <typename Patch>
  std::string patched_zip(const std::string& flags, Patch patch) {
    EXPECT_TRUE(run(dir_, "zip -q " + flags + " p.zip a.pgn b.pgn"));
    std::string z = read_file(dir_ / "p.zip");
    patch(z, std::size_t{30} + le16(z, 26) + le16(z, 28));
    return dir_.file("p.zip", z);
  }
  // a.pgn and b.pgn, whole.
  void expect_a_b(const Walk& w) {
    EXPECT_FALSE(w.error.has_value());
    ASSERT_EQ(names(w), (Names{"a.pgn", "b.pgn"}));
    EXPECT_TRUE(same(w.members[0].bytes, a_));
    EXPECT_TRUE(same(w.members[1].bytes, b_));
    for (const Member& m : w.members) EXPECT_FALSE(m.member_error.has_value());
  }
  // a.pgn fails with `code` and `words` in libarchive's text; b.pgn after it still reads.
  void expect_first_fails(const Walk& w, IoErrorCode code, const std::string& words) {
    EXPECT_FALSE(w.error.has_value());
    ASSERT_EQ(names(w), (Names{"a.pgn", "b.pgn"}));
    ASSERT_TRUE(w.members[0].member_error.has_value());
    EXPECT_EQ(w.members[0].member_error->code, code);
    EXPECT_NE(w.members[0].member_error->text.find(words), std::string::npos)
        << w.members[0].member_error->text;
    EXPECT_TRUE(same(w.members[1].bytes, b_));
    EXPECT_FALSE(w.members[1].member_error.has_value());
  }

  TempDir dir_;
  std::string a_, b_;
};

TEST_F(ArchiveZip, EntriesInOrderWithExactBytes) {
  std::filesystem::create_directory(dir_ / "games");
  write_file(dir_ / "games/a.pgn", a_);
  write_file(dir_ / "empty.pgn", "");
  write_file(dir_ / "notes.txt", "not a game\n");
  ASSERT_TRUE(run(dir_, "zip -q t.zip games/ games/a.pgn empty.pgn notes.txt b.pgn"));
  EXPECT_EQ(detect_archive(read_file(path("t.zip"))), ArchiveFormat::Zip);
  const Walk w = walk_path(path("t.zip"), ArchiveFormat::Zip, true);
  EXPECT_FALSE(w.error.has_value());
  ASSERT_EQ(names(w), (Names{"games/", "games/a.pgn", "empty.pgn", "notes.txt", "b.pgn"}));
  EXPECT_EQ(w.members[0].entry.type, EntryType::Directory);
  EXPECT_EQ(w.members[0].bytes, "");
  EXPECT_EQ(w.members[1].entry.type, EntryType::Regular);
  EXPECT_TRUE(same(w.members[1].bytes, a_));
  EXPECT_EQ(w.members[1].entry.size, a_.size());
  EXPECT_EQ(w.members[2].bytes, "");
  EXPECT_EQ(w.members[2].entry.size, 0u);
  EXPECT_EQ(w.members[3].bytes, "not a game\n");
  EXPECT_TRUE(same(w.members[4].bytes, b_));
  for (const Member& m : w.members) {
    EXPECT_FALSE(m.entry.encrypted) << m.entry.name;
    EXPECT_FALSE(m.member_error.has_value()) << m.entry.name;
  }
  // The same through a Pull (libarchive's streaming zip reader), in big and in tiny pieces.
  expect_same(w, walk_path(path("t.zip"), ArchiveFormat::Zip, false));
  expect_same(w, walk_path(path("t.zip"), ArchiveFormat::Zip, false, 7));
}

TEST_F(ArchiveZip, PartlyReadMemberIsSkipped) {
  ASSERT_TRUE(run(dir_, "zip -q t.zip a.pgn b.pgn"));
  for (const bool from_file : {true, false}) {
    auto reader = open_either(path("t.zip"), ArchiveFormat::Zip, from_file);
    ASSERT_NE(reader, nullptr);
    ASSERT_EQ(reader->next()->name, "a.pgn");
    char head[5];
    ASSERT_EQ(reader->read(head, sizeof head), sizeof head);  // then leave the rest unread
    ASSERT_EQ(reader->next()->name, "b.pgn");
    const Walk rest = walk(*reader);
    EXPECT_TRUE(rest.members.empty());
    EXPECT_FALSE(rest.error.has_value());
  }
}

TEST_F(ArchiveZip, DataDescriptorsWrittenToAPipe) {
  // zip writing to a pipe cannot seek back: sizes and CRCs follow each member's data.
  ASSERT_TRUE(
      run(dir_, "zip -q - a.pgn b.pgn | cat > d.zip && zip -q -0 - a.pgn b.pgn | cat > s.zip"));
  for (const char* name : {"d.zip", "s.zip"}) {
    ASSERT_NE(le16(read_file(path(name)), 6) & 8, 0) << name;  // bit 3: a descriptor follows
    for (const Walk& w : both(path(name), ArchiveFormat::Zip)) expect_a_b(w);
  }
}

TEST_F(ArchiveZip, EncryptedMemberIsUnreadableAndTheNextOneReads) {
  ASSERT_TRUE(run(dir_, "zip -q -e -P secret e.zip a.pgn && zip -q e.zip b.pgn"));
  for (const Walk& w : both(path("e.zip"), ArchiveFormat::Zip)) {
    expect_first_fails(w, IoErrorCode::MemberUnreadable, "Passphrase required for this entry");
    EXPECT_TRUE(w.members[0].entry.encrypted);
    EXPECT_EQ(w.members[0].bytes, "");
    EXPECT_FALSE(w.members[1].entry.encrypted);
  }
}

TEST_F(ArchiveZip, Zip64AndBzip2Read) {
  ASSERT_TRUE(run(dir_, "zip -q -fz z.zip a.pgn b.pgn"));
  ASSERT_NE(read_file(path("z.zip")).find(std::string("PK\x06\x06", 4)), std::string::npos);
  for (const Walk& w : both(path("z.zip"), ArchiveFormat::Zip)) expect_a_b(w);
  if (!run(dir_, "zip -q -Z bzip2 j.zip a.pgn b.pgn"))
    GTEST_SKIP() << "zip lacks bzip2 (zip64 was checked)";
  ASSERT_EQ(le16(read_file(path("j.zip")), 8), 12);  // the method: bzip2
  for (const Walk& w : both(path("j.zip"), ArchiveFormat::Zip)) expect_a_b(w);
}

TEST_F(ArchiveZip, UnknownMethodIsUnreadableAndTheNextOneReads) {
  // Method 6 (implode), which libarchive does not decode, in the local and central headers.
  const std::string p = patched_zip("-0", [](std::string& z, std::size_t) {
    z[8] = 6;
    z[z.find(std::string("PK\x01\x02", 4)) + 10] = 6;
  });
  for (const Walk& w : both(p, ArchiveFormat::Zip)) {
    expect_first_fails(w, IoErrorCode::MemberUnreadable, "Unsupported ZIP compression method");
    EXPECT_EQ(w.members[0].bytes, "");
  }
}

TEST_F(ArchiveZip, CrcMismatchIsACorruptMemberAndTheNextOneReads) {
  const std::string p =
      patched_zip("-0", [](std::string& z, std::size_t data) { z[data + 1000] ^= 0x20; });
  std::string flipped = a_;  // stored: the bytes come as they are in the archive
  flipped[1000] ^= 0x20;
  for (const Walk& w : both(p, ArchiveFormat::Zip)) {
    expect_first_fails(w, IoErrorCode::ArchiveCorrupt, "ZIP bad CRC");
    // Found at the end: the last read's bytes are held back, those before were delivered.
    EXPECT_LT(w.members[0].bytes.size(), a_.size());
    EXPECT_TRUE(same(w.members[0].bytes, flipped.substr(0, w.members[0].bytes.size())));
    EXPECT_EQ(w.members[0].member_error->offset, w.members[0].bytes.size());
  }
}

TEST_F(ArchiveZip, BadDeflateDataEndsTheArchive) {
  // A reserved block type in the first deflate block header: inflate fails, and libarchive
  // gives up on the whole archive.
  const std::string p = patched_zip("", [](std::string& z, std::size_t data) { z[data] = 7; });
  for (const Walk& w : both(p, ArchiveFormat::Zip)) {
    ASSERT_EQ(names(w), (Names{"a.pgn"}));
    ASSERT_TRUE(w.members[0].member_error.has_value());
    EXPECT_EQ(w.members[0].member_error->code, IoErrorCode::ArchiveCorrupt);
    EXPECT_NE(w.members[0].member_error->text.find("ZIP decompression failed"), std::string::npos);
    ASSERT_TRUE(w.error.has_value());
    EXPECT_EQ(w.error->code, IoErrorCode::ArchiveCorrupt);
  }
}

TEST_F(ArchiveZip, TruncatedGivesTheMembersBeforeTheCut) {
  write_file(dir_ / "c.pgn", "1. e4 1-0\n");
  ASSERT_TRUE(run(dir_, "zip -q t.zip c.pgn a.pgn b.pgn"));
  const std::string z = read_file(dir_ / "t.zip");
  const std::string p = dir_.file("cut.zip", z.substr(0, z.size() / 2));
  // Without its central directory the file is read front to back, like the stream.
  expect_cut(p, ArchiveFormat::Zip, {"c.pgn", "a.pgn"}, "1. e4 1-0\n", a_);
}

TEST_F(ArchiveZip, EmptyArchive) {
  const std::string p =
      dir_.file("empty.zip", std::string("PK\x05\x06", 4) + std::string(18, '\0'));
  for (const Walk& w : both(p, ArchiveFormat::Zip)) {
    EXPECT_TRUE(w.members.empty());
    EXPECT_FALSE(w.error.has_value());
  }
}

class ArchiveTar : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!have("tar")) GTEST_SKIP() << "tar is not installed";
    ASSERT_TRUE(dir_.ok());
    a_ = games(120000, 4);
    std::filesystem::create_directory(dir_ / "d");
    write_file(dir_ / "d/a.pgn", a_);
    write_file(dir_ / "d/b.pgn", "1. d4 0-1\n");
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  TempDir dir_;
  std::string a_;
};

TEST_F(ArchiveTar, EntriesOfEachType) {
  ASSERT_TRUE(run(dir_,
                  "ln -s d/a.pgn link.pgn && ln d/a.pgn hard.pgn && "
                  "tar cf t.tar --format=gnu --no-recursion d d/a.pgn link.pgn hard.pgn d/b.pgn"));
  EXPECT_EQ(detect_archive(read_file(path("t.tar"))), ArchiveFormat::Tar);  // GNU's "ustar  "
  const Walk w = walk_path(path("t.tar"), ArchiveFormat::Tar, true);
  EXPECT_FALSE(w.error.has_value());
  ASSERT_EQ(names(w), (Names{"d/", "d/a.pgn", "link.pgn", "hard.pgn", "d/b.pgn"}));
  const std::vector<EntryType> types{EntryType::Directory, EntryType::Regular, EntryType::Symlink,
                                     EntryType::Hardlink, EntryType::Regular};
  const Names bytes{"", a_, "", "", "1. d4 0-1\n"};  // links have no data
  for (std::size_t i = 0; i < types.size(); ++i) {
    EXPECT_EQ(w.members[i].entry.type, types[i]) << w.members[i].entry.name;
    EXPECT_TRUE(same(w.members[i].bytes, bytes[i])) << w.members[i].entry.name;
    EXPECT_FALSE(w.members[i].member_error.has_value()) << w.members[i].entry.name;
  }
  EXPECT_EQ(w.members[1].entry.size, a_.size());
  expect_same(w, walk_path(path("t.tar"), ArchiveFormat::Tar, false));
  expect_same(w, walk_path(path("t.tar"), ArchiveFormat::Tar, false, 7));
}

TEST_F(ArchiveTar, PosixFormatHidesItsExtendedHeaders) {
  ASSERT_TRUE(run(dir_, "tar cf p.tar --format=posix d/a.pgn d/b.pgn"));
  EXPECT_EQ(detect_archive(read_file(path("p.tar"))), ArchiveFormat::Tar);  // "ustar\0"
  for (const Walk& w : both(path("p.tar"), ArchiveFormat::Tar)) {
    EXPECT_FALSE(w.error.has_value());
    ASSERT_EQ(names(w), (Names{"d/a.pgn", "d/b.pgn"}));
    EXPECT_TRUE(same(w.members[0].bytes, a_));
  }
}

TEST_F(ArchiveTar, TruncatedGivesTheMembersBeforeTheCut) {
  ASSERT_TRUE(run(dir_, "tar cf t.tar d/b.pgn d/a.pgn"));
  const std::string t = read_file(dir_ / "t.tar");
  const std::string p = dir_.file("cut.tar", t.substr(0, t.size() / 2));
  expect_cut(p, ArchiveFormat::Tar, {"d/b.pgn", "d/a.pgn"}, "1. d4 0-1\n", a_);
}

// libarchive tells the format when it opens the archive: bytes of another format, or none,
// fail there.
TEST_F(ArchiveTar, WrongFormatFailsToOpen) {
  ASSERT_TRUE(run(dir_, "tar cf t.tar d/b.pgn"));
  const std::string empty = dir_.file("empty", "");
  for (const auto& [p, format] :
       {std::pair{path("t.tar"), ArchiveFormat::Zip}, std::pair{empty, ArchiveFormat::Tar},
        std::pair{empty, ArchiveFormat::Zip}}) {
    for (const bool from_file : {true, false}) {
      IoError err;
      EXPECT_EQ(from_file ? ArchiveReader::open_file(p, format, &err)
                          : ArchiveReader::open(format, fd_pull(p), &err),
                nullptr);
      EXPECT_EQ(err.code, IoErrorCode::ArchiveCorrupt) << describe(err, p);
      EXPECT_EQ(err.sys_errno, 0);
      EXPECT_NE(err.text.find("Unrecognized archive format"), std::string::npos) << err.text;
    }
  }
}

TEST(ArchiveOpen, FileErrors) {
  TempDir dir;
  IoError err;
  EXPECT_EQ(ArchiveReader::open_file((dir / "none.zip").string(), ArchiveFormat::Zip, &err),
            nullptr);
  EXPECT_EQ(err.code, IoErrorCode::NotFound);
  EXPECT_EQ(err.sys_errno, ENOENT);
  EXPECT_EQ(ArchiveReader::open_file(dir.path(), ArchiveFormat::Tar, &err), nullptr);
  EXPECT_EQ(err.code, IoErrorCode::IsDirectory);
}

TEST(ArchiveDetect, ZipTarTextAndShortInput) {
  using namespace std::string_literals;
  EXPECT_EQ(detect_archive("PK\x03\x04rest"s), ArchiveFormat::Zip);
  EXPECT_EQ(detect_archive("PK\x05\x06"s + std::string(18, '\0')), ArchiveFormat::Zip);
  EXPECT_EQ(detect_archive("PK\x01\x02"s), std::nullopt);
  EXPECT_EQ(detect_archive("PK\x03"s), std::nullopt);
  EXPECT_EQ(detect_archive(""), std::nullopt);
  EXPECT_EQ(detect_archive(games(2000, 5)), std::nullopt);
  std::string header(512, '\0');
  header.replace(257, 6, "ustar\0"s);
  EXPECT_EQ(detect_archive(header), ArchiveFormat::Tar);
  EXPECT_EQ(detect_archive(std::string_view(header).substr(0, 262)), std::nullopt);
  header.replace(257, 8, "ustar  \0"s);
  EXPECT_EQ(detect_archive(header), ArchiveFormat::Tar);
  EXPECT_EQ(detect_archive(std::string_view(header).substr(0, 264)), std::nullopt);
  header.replace(257, 8, "ustax  \0"s);
  EXPECT_EQ(detect_archive(header), std::nullopt);
}

}  // namespace pgnkit::io::archive_reader_test

// io::FileMap and Source::map_rest: the bytes of a plain file without a copy, pages given back
// behind the reader, and a file truncated under the map read as zeros and reported, not a
// SIGBUS.
#include "io/file_map.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <string>

#include "io/compression.h"
#include "io/source.h"
#include "io/temp_files.h"
#include "io/zstd_frames.h"
#include "support/files.h"

namespace pgnkit::io::file_map_test {

using test::compress;
using test::read_all;
using test::TempDir;
namespace {

constexpr std::size_t kPage = 4096;

class FileMapTest : public ::testing::Test {
 protected:
  TempDir dir;
  std::string write(const std::string& name, const std::string& bytes) const {
    return dir.file(name, bytes);
  }
};

// The resident KiB of the mapping that holds `address` (/proc/self/smaps).
std::size_t resident_kib(const void* address) {
  std::ifstream smaps("/proc/self/smaps");
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx ", &begin, &end) == 2 && line.find(' ') < 30) {
      inside = begin <= at && at < end;
    } else if (inside && line.rfind("Rss:", 0) == 0) {
      return std::stoul(line.substr(4));
    }
  }
  return 0;
}

// Bytes that differ from page to page, so that a page in the wrong place shows.
std::string pattern(std::size_t n) {
  std::string s(n, '\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i / 7 + i / kPage) % 26);
  return s;
}

TEST_F(FileMapTest, MapsTheBytesFromAnOffsetThenZeroPadding) {
  const std::string bytes = pattern(3 * kPage + 100);
  const std::string path = write("f.pgn", bytes);
  const int fd = ::open(path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  for (const std::uint64_t offset :
       {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{kPage}, std::uint64_t{kPage + 17}}) {
    const std::uint64_t size = bytes.size() - offset;
    std::optional<FileMap> m = FileMap::map(fd, offset, size, 64);
    ASSERT_TRUE(m.has_value()) << offset;
    ASSERT_EQ(m->size(), size);
    EXPECT_EQ(std::string(m->data(), m->size()), bytes.substr(offset)) << offset;
    for (std::size_t i = 0; i < 64; ++i) ASSERT_EQ(m->data()[size + i], '\0') << offset;
    m->data()[size] = 'x';  // the padding is writable
    m->data()[0] = 'y';     // and so are the bytes, privately: the file keeps its own
    EXPECT_FALSE(m->zeros_from().has_value());
  }
  ::close(fd);
  EXPECT_EQ(pgnkit::testing::read_file(path), bytes);
}

// Exactly a page: the padding lies wholly after the file's pages, in zero pages of the map.
TEST_F(FileMapTest, AFileOfWholePagesHasItsPadding) {
  const std::string bytes = pattern(2 * kPage);
  const int fd = ::open(write("p.pgn", bytes).c_str(), O_RDONLY);
  std::optional<FileMap> m = FileMap::map(fd, 0, bytes.size(), 64);
  ::close(fd);  // the map keeps the file
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(std::string(m->data(), m->size()), bytes);
  for (std::size_t i = 0; i < 64; ++i) ASSERT_EQ(m->data()[bytes.size() + i], '\0');
  m->data()[bytes.size() + 63] = 'z';
}

TEST_F(FileMapTest, NothingToMap) {
  const int fd = ::open(write("e.pgn", "").c_str(), O_RDONLY);
  EXPECT_FALSE(FileMap::map(fd, 0, 0, 64).has_value());
  ::close(fd);
}

// Pages behind the reader go back to the kernel; touched again they read the file's bytes.
// The counter gets each byte once, but those read(2) counted already.
TEST_F(FileMapTest, PassedGivesPagesBackAndCountsTheBytes) {
  const std::string bytes = pattern(64 * kPage + 5);
  const int fd = ::open(write("g.pgn", bytes).c_str(), O_RDONLY);
  std::atomic<std::uint64_t> counter{1000};
  std::optional<FileMap> m = FileMap::map(fd, 0, bytes.size(), 64, &counter, 300);
  ::close(fd);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(std::string(m->data(), m->size()), bytes);  // every page touched
  m->passed(m->data() + 200);                           // counted already
  EXPECT_EQ(counter.load(), 1000u);
  m->passed(m->data() + 40 * kPage + 3);
  EXPECT_EQ(counter.load(), 1000u + 40 * kPage + 3 - 300);
  m->passed(m->data() + 10);  // never backwards
  EXPECT_EQ(counter.load(), 1000u + 40 * kPage + 3 - 300);
  // Pages 0 to 39 are out of the process; the rest (and the padding's page) are in.
  EXPECT_EQ(resident_kib(m->data()), (64 - 40 + 1) * kPage / 1024);
  EXPECT_EQ(std::string(m->data(), m->size()), bytes);  // and the bytes still read
  m->passed(m->data() + m->size());
  EXPECT_EQ(counter.load(), 1000u + bytes.size() - 300);
}

// The file shrinks under the map: the pages past its new end read as zeros, and the map says
// from where, where a bare map would have ended the process with SIGBUS.
TEST_F(FileMapTest, AFileTruncatedUnderTheMapReadsAsZeros) {
  const std::string bytes = pattern(4 * kPage);
  const std::string path = write("t.pgn", bytes);
  const int fd = ::open(path.c_str(), O_RDONLY);
  std::optional<FileMap> m = FileMap::map(fd, 0, bytes.size(), 64);
  ::close(fd);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->data()[10], bytes[10]);  // the first page is in
  ASSERT_EQ(::truncate(path.c_str(), kPage + 10), 0);
  EXPECT_EQ(std::string(m->data(), kPage + 10), bytes.substr(0, kPage + 10));
  // The second page holds the new end: its tail is zeros, as in any last page.
  EXPECT_EQ(m->data()[kPage + 11], '\0');
  EXPECT_FALSE(m->zeros_from().has_value());
  EXPECT_EQ(m->data()[2 * kPage + 5], '\0');  // a page the file no longer has
  ASSERT_TRUE(m->zeros_from().has_value());
  EXPECT_EQ(*m->zeros_from(), 2 * kPage);
  EXPECT_EQ(m->data()[4 * kPage - 1], '\0');
  EXPECT_EQ(m->data()[4 * kPage + 63], '\0');  // the padding is still there
}

// A SIGBUS that is not a map's meets the disposition it had before the handler came: the
// default, which ends the process; under AddressSanitizer, its own handler, which reports it.
TEST_F(FileMapTest, OtherBusErrorsKeepTheirDisposition) {
  const std::string path = write("o.pgn", pattern(3 * kPage));
  const auto bus_error = [&path] {
    const int fd = ::open(path.c_str(), O_RDONLY);
    std::optional<FileMap> m = FileMap::map(fd, 0, 3 * kPage, 64);  // the handler is in
    auto* bare =
        static_cast<volatile char*>(::mmap(nullptr, 3 * kPage, PROT_READ, MAP_SHARED, fd, 0));
    if (!m || bare == MAP_FAILED || ::truncate(path.c_str(), 10) != 0) std::_Exit(3);
    std::_Exit(bare[2 * kPage] == 0 ? 4 : 5);  // SIGBUS before either
  };
#ifdef PGNKIT_TEST_SANITIZED
  EXPECT_EXIT(bus_error(), ::testing::ExitedWithCode(1), "AddressSanitizer:DEADLYSIGNAL");
#else
  EXPECT_EXIT(bus_error(), ::testing::KilledBySignal(SIGBUS), "");
#endif
}

TEST_F(FileMapTest, SourceMapsAPlainFileWhenAsked) {
  const std::string bytes = pattern(5 * kPage + 3);
  const std::string path = write("s.pgn", bytes);
  std::optional<Source> plain = Source::open(path);
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->map_rest(64), nullptr) << "map_files is off by default";
  EXPECT_EQ(read_all(*plain), bytes);

  std::optional<Source> src = Source::open(path, nullptr, {.map_files = true});
  ASSERT_TRUE(src.has_value());
  EXPECT_EQ(src->peek(3), bytes.substr(0, 3));
  char first[5];
  ASSERT_EQ(src->read(first, sizeof first), 3u);  // peek()'s bytes first
  ASSERT_EQ(src->read(first, 2), 2u);
  FileMap* m = src->map_rest(64);
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(src->mapped());
  EXPECT_EQ(std::string(m->data(), m->size()), bytes.substr(5));  // from offset() on
  EXPECT_EQ(src->offset(), bytes.size());
  char more[8];
  EXPECT_EQ(src->read(more, sizeof more), 0u);  // the map has the rest
  EXPECT_FALSE(src->error().has_value());
  EXPECT_EQ(src->map_rest(64), nullptr) << "once";
}

// The progress counter gets every byte once: the sniff's read(2), then the map as it is passed.
TEST_F(FileMapTest, SourceCountsEveryByteOnceForProgress) {
  const std::string bytes = pattern(300 * 1024 + 7);  // more than the sniff reads
  std::atomic<std::uint64_t> counter{0};
  std::optional<Source> src =
      Source::open(write("c.pgn", bytes), nullptr, {.bytes_read = &counter, .map_files = true});
  ASSERT_TRUE(src.has_value());
  EXPECT_EQ(src->peek(3), bytes.substr(0, 3));
  const std::uint64_t sniffed = counter.load();
  EXPECT_GT(sniffed, 0u);
  EXPECT_LT(sniffed, bytes.size());
  FileMap* m = src->map_rest(64);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(counter.load(), sniffed);
  m->passed(m->data() + m->size());
  EXPECT_EQ(counter.load(), bytes.size());
}

TEST_F(FileMapTest, SourceMapsNoCompressedOrEmptyInput) {
  const std::string zst = write("c.pgn.zst", compress(pattern(3 * kPage)));
  std::optional<Source> packed = Source::open(zst, nullptr, {.map_files = true});
  ASSERT_TRUE(packed.has_value());
  EXPECT_EQ(packed->compression(), Compression::Zstd);
  EXPECT_EQ(packed->map_rest(64), nullptr);
  EXPECT_EQ(read_all(*packed), pattern(3 * kPage));

  std::optional<Source> empty = Source::open(write("e.pgn", ""), nullptr, {.map_files = true});
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(empty->map_rest(64), nullptr);

  const std::string bytes = pattern(100);
  Source memory = Source::from_memory(bytes, "m", {.map_files = true});
  EXPECT_EQ(memory.map_rest(64), nullptr);
  EXPECT_EQ(read_all(memory), bytes);
}

// A truncation under a Source's map is the Source's read error, at the first byte lost.
TEST_F(FileMapTest, SourceReportsAFileThatShrankUnderItsMap) {
  const std::string bytes = pattern(6 * kPage);
  const std::string path = write("shrink.pgn", bytes);
  std::optional<Source> src = Source::open(path, nullptr, {.map_files = true});
  ASSERT_TRUE(src.has_value());
  FileMap* m = src->map_rest(64);
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(::truncate(path.c_str(), 2 * kPage), 0);
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < m->size(); ++i) zeros += m->data()[i] == '\0';
  EXPECT_EQ(zeros, 4 * kPage);
  char none[1];
  EXPECT_EQ(src->read(none, 1), 0u);
  ASSERT_TRUE(src->error().has_value());
  EXPECT_EQ(describe(*src->error(), src->name()),
            path + ": read error: the file shrank while it was read (at byte 8192)");
}

}  // namespace
}  // namespace pgnkit::io::file_map_test

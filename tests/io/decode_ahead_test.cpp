// zstd decoded on a second thread (io::DecodeAhead behind io::Source): the same bytes and the
// same errors at the same offsets as decoding on the reader's thread, and a clean stop
// wherever the reader leaves off.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "io/decode_ahead.h"
#include "io/source.h"
#include "temp_files.h"
#include "zstd_frames.h"

namespace pgnkit::io {
namespace {

using test::compress;
using test::sample_text;
using test::skippable;
using test::TempDir;

constexpr SourceOptions kSameThread{.decode_ahead = false};
constexpr SourceOptions kAhead{.decode_ahead = true};
constexpr std::size_t kRing = DecodeAhead::kBlockCount * DecodeAhead::kBlockSize;

// Everything a reader can observe of a source read to its end.
struct Decoded {
  std::string bytes;
  std::optional<IoError> error;
  std::uint64_t offset = 0;
};

Decoded decode(Source& src, std::size_t chunk) {
  Decoded d;
  std::string buf(chunk, '\0');
  while (std::size_t n = src.read(buf.data(), chunk)) d.bytes.append(buf.data(), n);
  d.error = src.error();
  d.offset = src.offset();
  return d;
}

Decoded decode_memory(std::string_view packed, SourceOptions options, std::size_t chunk) {
  Source src = Source::from_memory(packed, "mem", options);
  EXPECT_EQ(src.compression(), Compression::Zstd);
  EXPECT_EQ(src.decoding_ahead(), options.decode_ahead);
  return decode(src, chunk);
}

Decoded decode_file(const std::string& path, SourceOptions options, std::size_t chunk) {
  auto src = Source::open(path, nullptr, options);
  if (!src) {
    ADD_FAILURE() << "cannot open " << path;
    return {};
  }
  EXPECT_EQ(src->decoding_ahead(), options.decode_ahead);
  return decode(*src, chunk);
}

void expect_same(const Decoded& ahead, const Decoded& same_thread, const std::string& what) {
  EXPECT_EQ(ahead.bytes.size(), same_thread.bytes.size()) << what;
  EXPECT_TRUE(ahead.bytes == same_thread.bytes) << what;
  EXPECT_EQ(ahead.offset, same_thread.offset) << what;
  ASSERT_EQ(ahead.error.has_value(), same_thread.error.has_value()) << what;
  if (!ahead.error) return;
  EXPECT_EQ(ahead.error->code, same_thread.error->code) << what;
  EXPECT_EQ(ahead.error->offset, same_thread.error->offset) << what;
  EXPECT_EQ(ahead.error->sys_errno, same_thread.error->sys_errno) << what;
  EXPECT_EQ(describe(*ahead.error, "x"), describe(*same_thread.error, "x")) << what;
}

// Decodes `packed` from memory and from a file, on both paths, in several chunk sizes, and
// checks every way gives what one reference way gives. Returns that.
Decoded expect_both_paths_agree(const std::string& packed, const std::string& what) {
  const Decoded reference = decode_memory(packed, kSameThread, 1 << 16);
  TempDir dir;
  const std::string path = dir.file("input.zst", packed);
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{4093}, std::size_t{1} << 20}) {
    if (chunk == 1 && reference.bytes.size() > (std::size_t{1} << 21)) continue;  // slow
    const std::string how = what + ", chunk " + std::to_string(chunk);
    expect_same(decode_memory(packed, kAhead, chunk), reference, how + ", memory");
    expect_same(decode_file(path, kAhead, chunk), reference, how + ", file");
    expect_same(decode_file(path, kSameThread, chunk), reference, how + ", file, same thread");
  }
  return reference;
}

// Text that compresses about 2:1, so that frames span many zstd blocks and ring blocks.
std::string varied_text(std::size_t n) {
  std::string s;
  std::uint32_t x = 12345;
  while (s.size() < n) {
    x = x * 1103515245u + 12345u;
    s += static_cast<char>('a' + (x >> 16) % 26);
    if ((x >> 8) % 7 == 0) s += ' ';
  }
  s.resize(n);
  return s;
}

TEST(DecodeAhead, TestFixturesGiveTheSameBytes) {
  const std::filesystem::path data = std::filesystem::path(PGNKIT_SOURCE_DIR) / "tests/data";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(data)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  ASSERT_GE(files.size(), 10u);
  std::string all;
  for (const auto& file : files) {
    const std::string bytes = pgnkit::testing::read_file(file);
    const bool zst = file.extension() == ".zst";
    const std::string packed = zst ? bytes : compress(bytes);
    const Decoded got = expect_both_paths_agree(packed, file.string());
    if (!zst) {
      EXPECT_EQ(got.bytes, bytes) << file;
    }
    // All of them, one frame each, with skippable frames between some.
    all += compress(bytes, 19, true);
    if (all.size() % 2 == 0) all += skippable(3, file.filename().string());
  }
  expect_both_paths_agree(all, "all fixtures");
}

TEST(DecodeAhead, FramesAndSkippableFramesLargerThanTheRing) {
  const std::string a = varied_text(kRing + 12345);
  const std::string b = sample_text(3 * kRing);
  // The stream ends exactly on a ring block boundary: the end comes with an empty block.
  const std::string c = varied_text(DecodeAhead::kBlockSize - 12345);
  const std::string packed = skippable(0, "lead") + compress(a) +
                             skippable(15, std::string(70000, 'x')) + compress("") +
                             compress(b, 1, true) + compress(c) + skippable(7, "");
  const Decoded got = expect_both_paths_agree(packed, "multi-frame");
  EXPECT_EQ(got.bytes.size() % DecodeAhead::kBlockSize, 0u);
  EXPECT_TRUE(got.bytes == a + b + c);
  EXPECT_FALSE(got.error.has_value());
}

TEST(DecodeAhead, TruncatedFramesFailAtTheSameOffset) {
  const std::string fixture = pgnkit::testing::read_file(std::filesystem::path(PGNKIT_SOURCE_DIR) /
                                                         "tests/data/check/truncated.pgn.zst");
  const Decoded cut_fixture = expect_both_paths_agree(fixture, "truncated.pgn.zst");
  ASSERT_TRUE(cut_fixture.error.has_value());
  EXPECT_EQ(cut_fixture.error->code, IoErrorCode::Truncated);

  const std::string text = varied_text(3 * kRing);
  const std::string packed = compress(sample_text(5000)) + compress(text);
  for (const std::size_t keep : {std::size_t{6}, packed.size() / 3, packed.size() - 1}) {
    const Decoded got =
        expect_both_paths_agree(packed.substr(0, keep), "cut at " + std::to_string(keep));
    ASSERT_TRUE(got.error.has_value());
    EXPECT_EQ(got.error->code, IoErrorCode::Truncated);
    EXPECT_EQ(got.error->offset, got.bytes.size());
  }
}

TEST(DecodeAhead, CorruptDataFailsAtTheSameOffset) {
  // Damage in the middle of a frame, found there (sequences) or only by the checksum at the
  // end (literals): either way, every byte before the error first.
  for (const std::string& text : {sample_text(3 * kRing), varied_text(3 * kRing)}) {
    std::string corrupt = compress(text, 3, true);
    for (std::size_t i = corrupt.size() / 2; i < corrupt.size() / 2 + 64; ++i) corrupt[i] ^= 0x5A;
    const Decoded got = expect_both_paths_agree(corrupt, "corrupt");
    ASSERT_TRUE(got.error.has_value());
    EXPECT_EQ(got.error->code, IoErrorCode::Corrupt);
    EXPECT_EQ(got.error->offset, got.bytes.size());
  }
  const std::string text = varied_text(3 * kRing);
  std::string bad_checksum = compress(text, 3, true);
  bad_checksum[bad_checksum.size() - 1] ^= 1;  // the last byte is in the XXH64 checksum
  const Decoded checked = expect_both_paths_agree(bad_checksum, "checksum");
  ASSERT_TRUE(checked.error.has_value());
  EXPECT_EQ(checked.error->code, IoErrorCode::Corrupt);
  EXPECT_TRUE(checked.bytes == text);  // the checksum is verified after the last byte

  const Decoded garbage = expect_both_paths_agree(compress(text) + "garbage", "garbage after");
  ASSERT_TRUE(garbage.error.has_value());
  EXPECT_EQ(garbage.error->offset, text.size());
}

// Opens, reads `stop` bytes and lets the source go, many ways: no deadlock, no leak (under
// the sanitizers), and the producer thread joined wherever it was.
TEST(DecodeAhead, StopsCleanlyWhereverTheReaderLeavesOff) {
  const std::string text = varied_text(4 * kRing);
  const std::string packed = compress(text);
  TempDir dir;
  const std::string path = dir.file("stop.zst", packed);
  for (const std::size_t stop : {std::size_t{0}, std::size_t{1}, DecodeAhead::kBlockSize,
                                 DecodeAhead::kBlockSize + 1, kRing, 2 * kRing + 7}) {
    for (int round = 0; round < 5; ++round) {
      auto src = Source::open(path, nullptr, kAhead);
      ASSERT_TRUE(src.has_value());
      ASSERT_TRUE(src->decoding_ahead());
      std::string got(stop, '\0');
      std::size_t done = 0;
      while (done < stop) {
        const std::size_t n = src->read(got.data() + done, stop - done);
        ASSERT_GT(n, 0u);
        done += n;
      }
      EXPECT_TRUE(got == text.substr(0, stop)) << stop;
      if (round % 2 == 1) std::this_thread::sleep_for(std::chrono::milliseconds(2));  // let it fill
    }
  }
}

TEST(DecodeAhead, MovedAndReplacedSourcesKeepReading) {
  const std::string a = varied_text(2 * kRing);
  const std::string b = varied_text(kRing / 2);
  const std::string packed_a = compress(a), packed_b = compress(b);
  Source src = Source::from_memory(packed_a);
  std::string head(1000, '\0');
  ASSERT_EQ(src.read(head.data(), head.size()), head.size());
  Source moved = std::move(src);  // the producer runs on; it does not depend on where we are
  EXPECT_EQ(head + test::read_all(moved, 5000), a);
  Source other = Source::from_memory(packed_b);
  ASSERT_EQ(other.read(head.data(), 1), 1u);
  other = Source::from_memory(packed_a);  // stops and joins the first producer
  EXPECT_EQ(test::read_all(other), a);
  other = Source::from_memory(packed_b);  // after a finished one
  EXPECT_EQ(test::read_all(other), b);
}

TEST(DecodeAhead, OnlyZstdStartsAThread) {
  TempDir dir;
  const std::string plain = sample_text(100000);
  auto src = Source::open(dir.file("plain.pgn", plain), nullptr, kAhead);
  ASSERT_TRUE(src.has_value());
  EXPECT_FALSE(src->decoding_ahead());
  EXPECT_EQ(test::read_all(*src), plain);
  EXPECT_FALSE(Source::from_memory(plain, "plain", kAhead).decoding_ahead());
  const std::string packed = compress(plain);
  EXPECT_TRUE(Source::from_memory(packed).decoding_ahead());  // the default
}

// A pipe delivering a frame a little at a time: bytes reach the reader as they come, not
// once a whole ring block is full.
TEST(DecodeAhead, PipeThatTrickles) {
  const std::string text = varied_text(kRing + 1000);
  const std::string packed = compress(text);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&packed, fd = fds[1]] {
    for (std::size_t done = 0; done < packed.size();) {
      const ssize_t n =
          ::write(fd, packed.data() + done, std::min<std::size_t>(4096, packed.size() - done));
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  });
  auto src = Source::open("/dev/fd/" + std::to_string(fds[0]), nullptr, kAhead);
  ::close(fds[0]);
  ASSERT_TRUE(src.has_value());
  EXPECT_TRUE(src->decoding_ahead());
  EXPECT_EQ(test::read_all(*src, 3000), text);
  EXPECT_FALSE(src->error().has_value());
  writer.join();
}

// The producer waits for a pipe whose writer stays silent and open: destroying the source
// must still return (SIGALRM ends the test if it hangs).
TEST(DecodeAhead, StopsWhileWaitingForASilentPipe) {
  const std::string text = sample_text(4 << 20);  // compresses well: half a frame fits a pipe
  const std::string packed = compress(text);
  const std::size_t half = packed.size() / 2;
  ASSERT_LT(half, 60000u);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], packed.data(), half), static_cast<ssize_t>(half));
  {
    auto src = Source::open("/dev/fd/" + std::to_string(fds[0]), nullptr, kAhead);
    ASSERT_TRUE(src.has_value());
    ASSERT_TRUE(src->decoding_ahead());
    char buf[1000];
    ASSERT_EQ(src->read(buf, sizeof buf), sizeof buf);  // bytes arrive before the frame ends
    EXPECT_EQ(std::string_view(buf, sizeof buf), text.substr(0, sizeof buf));
    ::alarm(30);
  }
  ::alarm(0);
  ::close(fds[0]);
  ::close(fds[1]);
}

}  // namespace
}  // namespace pgnkit::io

// Plain sources: files, stdin, memory, and open errors.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

#include "io/source.h"
#include "temp_files.h"
#include "zstd_frames.h"

namespace pgnkit::io {
namespace {

using test::read_all;
using test::sample_text;
using test::TempDir;

TEST(Source, MissingFile) {
  TempDir dir;
  IoError err;
  std::string path = dir.path();
  path += "/absent.pgn";
  EXPECT_FALSE(Source::open(path, &err).has_value());
  EXPECT_EQ(err.code, IoErrorCode::NotFound);
  EXPECT_EQ(err.sys_errno, ENOENT);
  EXPECT_EQ(describe(err, path).substr(path.size()), ": no such file or directory");
}

TEST(Source, DirectoryIsAnError) {
  TempDir dir;
  IoError err;
  EXPECT_FALSE(Source::open(dir.path(), &err).has_value());
  EXPECT_EQ(err.code, IoErrorCode::IsDirectory);
  EXPECT_EQ(io_error_message(err.code), "is a directory");
}

// Opens path without read permission, as an unprivileged user: root ignores permissions,
// so then a child process drops to "nobody" first. Returns the IoErrorCode as an int, or -1
// if the open succeeded.
int open_code_without_permission(const std::string& path) {
  if (::geteuid() != 0) {
    IoError err;
    return Source::open(path, &err) ? -1 : static_cast<int>(err.code);
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(100);
    IoError err;
    ::_exit(Source::open(path, &err) ? 101 : static_cast<int>(err.code));
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 102;
  EXPECT_LT(code, 100) << "child failed: " << code;
  return code == 101 ? -1 : code;
}

TEST(Source, PermissionDenied) {
  TempDir dir;
  ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
  const std::string path = dir.file("secret.pgn", "1. e4 *\n");
  ASSERT_EQ(::chmod(path.c_str(), 0), 0);
  EXPECT_EQ(open_code_without_permission(path), static_cast<int>(IoErrorCode::PermissionDenied));
}

TEST(Source, NullErrorPointerIsAllowed) {
  EXPECT_FALSE(Source::open("/nonexistent/dir/file.pgn").has_value());
}

TEST(Source, EmptyFile) {
  TempDir dir;
  auto src = Source::open(dir.file("empty.pgn", ""));
  ASSERT_TRUE(src.has_value());
  char buf[16];
  EXPECT_EQ(src->read(buf, sizeof buf), 0u);
  EXPECT_EQ(src->read(buf, sizeof buf), 0u);
  EXPECT_FALSE(src->error().has_value());
  EXPECT_EQ(src->compression(), Compression::None);
  EXPECT_EQ(src->offset(), 0u);
}

TEST(Source, ShortFileShorterThanAnyMagic) {
  TempDir dir;
  auto src = Source::open(dir.file("short.pgn", "*"));
  ASSERT_TRUE(src.has_value());
  EXPECT_EQ(read_all(*src), "*");
}

TEST(Source, PlainFileInAnyChunkSize) {
  TempDir dir;
  const std::string text = sample_text(300000);
  const std::string path = dir.file("plain.pgn", text);
  for (std::size_t chunk : {1, 7, 4096, 1 << 20}) {
    auto src = Source::open(path);
    ASSERT_TRUE(src.has_value());
    EXPECT_EQ(src->name(), path);
    EXPECT_EQ(read_all(*src, chunk), text) << chunk;
    EXPECT_EQ(src->offset(), text.size());
    EXPECT_FALSE(src->error().has_value());
  }
}

TEST(Source, MemorySource) {
  Source src = Source::from_memory("[Event \"x\"]\n*\n", "sample");
  EXPECT_EQ(src.name(), "sample");
  EXPECT_EQ(read_all(src, 3), "[Event \"x\"]\n*\n");
}

TEST(Source, MovedSourceKeepsReading) {
  TempDir dir;
  const std::string text = sample_text(10000);
  auto opened = Source::open(dir.file("move.pgn", text));
  ASSERT_TRUE(opened.has_value());
  std::string got(100, '\0');
  ASSERT_EQ(opened->read(got.data(), 100), 100u);
  Source moved = std::move(*opened);
  opened.reset();  // the moved-from source must not close the moved file
  got += read_all(moved);
  EXPECT_EQ(got, text);
}

TEST(Source, MagicLikeTextIsPlain) {
  TempDir dir;
  // "BZh" alone, or gzip's magic with a method other than deflate, is not compressed.
  for (const std::string text : {"BZh? no", "\x1F\x8B\x07 no"}) {
    auto src = Source::open(dir.file("magic.pgn", text));
    ASSERT_TRUE(src.has_value());
    EXPECT_EQ(src->compression(), Compression::None);
    EXPECT_EQ(read_all(*src), text);
  }
}

TEST(Source, PeekGivesTheFirstBytesAndReadStillDeliversThem) {
  TempDir dir;
  const std::string text = sample_text(5000);
  auto src = Source::open(dir.file("peek.pgn", text));
  ASSERT_TRUE(src.has_value());
  EXPECT_EQ(src->peek(512), text.substr(0, 512));
  EXPECT_EQ(src->peek(10), text.substr(0, 10));
  EXPECT_EQ(src->offset(), 0u);  // nothing delivered yet
  EXPECT_TRUE(src->skip(100));
  EXPECT_EQ(src->offset(), 100u);
  std::string rest = read_all(*src, 100);
  EXPECT_EQ(rest, text.substr(100));
  Source short_one = Source::from_memory("[E", "short");
  EXPECT_EQ(short_one.peek(512), "[E");
  EXPECT_EQ(read_all(short_one), "[E");
}

// Replaces stdin with a pipe fed by a thread for the lifetime of the object.
class PipedStdin {
 public:
  explicit PipedStdin(std::string data) {
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    saved_ = ::dup(STDIN_FILENO);
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    writer_ = std::thread([fd = fds[1], data = std::move(data)] {
      std::size_t done = 0;
      while (done < data.size()) {
        const ssize_t n =
            ::write(fd, data.data() + done, std::min<std::size_t>(4096, data.size() - done));
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
      }
      ::close(fd);
    });
  }
  ~PipedStdin() {
    writer_.join();
    ::dup2(saved_, STDIN_FILENO);
    ::close(saved_);
  }
  PipedStdin(const PipedStdin&) = delete;
  PipedStdin& operator=(const PipedStdin&) = delete;

 private:
  int saved_ = -1;
  std::thread writer_;
};

TEST(Source, StdinDash) {
  const std::string text = sample_text(200000);
  PipedStdin in(text);
  auto src = Source::open("-");
  ASSERT_TRUE(src.has_value());
  EXPECT_EQ(src->name(), "<stdin>");
  EXPECT_EQ(read_all(*src, 5000), text);
  EXPECT_FALSE(src->error().has_value());
}

// The progress line counts bytes as stored: the file's size for plain and for zstd input,
// whether zstd is decoded ahead on a second thread or not.
TEST(Source, BytesReadCountsTheInputAsStored) {
  TempDir dir;
  const std::string text = sample_text(3'000'000);
  const std::string packed = test::compress(text);
  const std::string plain = dir.file("plain.pgn", text);
  const std::string zst = dir.file("packed.pgn.zst", packed);
  for (const bool ahead : {false, true}) {
    for (const auto& [path, stored] : {std::pair{plain, text.size()}, {zst, packed.size()}}) {
      std::atomic<std::uint64_t> counter{0};
      auto src = Source::open(path, nullptr, {.decode_ahead = ahead, .bytes_read = &counter});
      ASSERT_TRUE(src.has_value());
      EXPECT_EQ(read_all(*src), text);
      src.reset();  // the decoder thread, if any, has stopped reading
      EXPECT_EQ(counter.load(), stored) << path << " ahead=" << ahead;
    }
  }
}

}  // namespace
}  // namespace pgnkit::io

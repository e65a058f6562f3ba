// ReaderOptions::in_memory: a reader that lexes bytes in place must give exactly what a reader
// that copies them from a source gives (with a buffer that holds them all, as lib/pipeline's
// speculative reads had), and write nothing but the padding after them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "pgn/recorder.h"
#include "support/files.h"

namespace pgnkit::pgn::test {
namespace {

struct Read {
  std::string log;
  ReadStats stats;
};

Read copied(std::string_view text, const Location& start) {
  Recorder r;
  r.locations = true;
  ReaderOptions options;
  options.start = start;
  options.buffer_size = text.size() + 1;
  Read out;
  record(text, r, options, &out.stats);
  out.log = r.log;
  return out;
}

// In place over a copy of text with kReaderPadding bytes of room, and a guard after them
// that must stay untouched; the source gives no bytes, only its end.
Read in_place(std::string_view text, const Location& start) {
  constexpr char kGuard = '\x5a';
  std::vector<char> storage(text.size() + kReaderPadding + 64, kGuard);
  std::copy(text.begin(), text.end(), storage.begin());
  io::Source src = io::Source::from_memory("");
  Recorder r;
  r.locations = true;
  ReaderOptions options;
  options.start = start;
  options.in_memory = storage.data();
  options.in_memory_size = text.size();
  Read out;
  out.stats = read_pgn(src, r, options);
  out.log = r.log;
  EXPECT_TRUE(std::equal(text.begin(), text.end(), storage.begin())) << "the bytes changed";
  EXPECT_TRUE(
      std::all_of(storage.begin() + static_cast<std::ptrdiff_t>(text.size() + kReaderPadding),
                  storage.end(), [](char c) { return c == kGuard; }))
      << "written past the padding";
  return out;
}

void expect_same(std::string_view text, const std::string& what, const Location& start = {}) {
  const Read a = copied(text, start), b = in_place(text, start);
  EXPECT_EQ(b.log, a.log) << what;
  expect_same_stats(b.stats, a.stats, what);
}

TEST(InPlace, EveryFixtureReadsAsFromACopy) {
  for (const std::string& file : plain_pgn_fixtures()) expect_same(testing::read_file(file), file);
}

TEST(InPlace, TrickyCorpusReadsAsFromACopy) {
  if (!std::filesystem::exists(tricky_root())) GTEST_SKIP() << tricky_root() << " is absent";
  for (const std::string& file : tricky_pgn_files()) expect_same(testing::read_file(file), file);
}

TEST(InPlace, EdgesOfTheBuffer) {
  const std::string games = "[Event \"a\"]\n\n1. e4 e5 {c} 2. Nf3 1-0\n\n";
  expect_same("", "empty");
  expect_same("1. e4", "ends inside a token");
  expect_same("1. e4 {open", "ends inside a comment");
  expect_same("[Event \"a", "ends inside a tag");
  expect_same("1. e4 e5\r", "ends with a lone CR");
  expect_same(games + "%esc", "ends inside an escape line");
  expect_same(games + "\x01\x02 junk", "junk at the end");
  expect_same(std::string(3000, 'x') + "\n" + games, "a long line first");
  expect_same("1. e4 {" + std::string(1 << 21, 'c') + "} 1-0\n", "a comment of 2 MiB");
  // Mid-stream: the start location carries over, as for a chunk of a larger file.
  expect_same(games + games, "mid-stream", Location{1000, 41, 1});
}

TEST(InPlace, TheSourceOnlyEndsTheInput) {
  // A source that fails after the bytes: its error is reported where the bytes end, exactly
  // as by a reader that copies the same bytes from it.
  const std::string text = "[Event \"a\"]\n\n1. e4 e5";
  const auto failing = [&](bool give_bytes) {
    return io::Source::from_pull(
        "x.pgn", [&text, give_bytes, pos = std::size_t{0}](
                     char* dst, std::size_t cap, std::optional<io::IoError>& error) mutable {
          const std::size_t n = give_bytes ? std::min(cap, text.size() - pos) : 0;
          if (n == 0) {
            error = io::IoError{io::IoErrorCode::Truncated, 0, text.size(), nullptr};
            return std::size_t{0};
          }
          std::copy_n(text.data() + pos, n, dst);
          pos += n;
          return n;
        });
  };
  Recorder a, b;
  a.locations = b.locations = true;
  io::Source from_copy = failing(true);
  read_pgn(from_copy, a, ReaderOptions{});
  std::vector<char> storage(text.size() + kReaderPadding);
  std::copy(text.begin(), text.end(), storage.begin());
  io::Source ending = failing(false);
  ReaderOptions options;
  options.in_memory = storage.data();
  options.in_memory_size = text.size();
  read_pgn(ending, b, options);
  EXPECT_NE(a.log.find("input_error"), std::string::npos) << a.log;
  EXPECT_EQ(b.log, a.log);
}

}  // namespace
}  // namespace pgnkit::pgn::test

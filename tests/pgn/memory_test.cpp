// The reader's memory is one buffer, whatever the input: measured by counting the bytes
// that operator new hands out while read_pgn() runs (this executable replaces it).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "io/source.h"
#include "pgn/reader.h"

namespace {
std::atomic<std::size_t> g_allocated{0};
std::atomic<std::size_t> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  g_allocated += size;
  ++g_allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace pgnkit::pgn {
namespace {

struct Count : Visitor {
  std::size_t tokens = 0;
  void san(std::string_view, Location) { ++tokens; }
  void comment(std::string_view, Location) { ++tokens; }
  void syntax_error(const SyntaxIssue&) { ++tokens; }
};

// Bytes and allocations made by read_pgn over text with the default 1 MiB buffer.
std::pair<std::size_t, std::size_t> measure(const std::string& text) {
  io::Source src = io::Source::from_memory(text);
  Count v;
  const std::size_t bytes0 = g_allocated;
  const std::size_t count0 = g_allocations;
  read_pgn(src, v);
  EXPECT_GT(v.tokens, 0u);
  return {g_allocated - bytes0, g_allocations - count0};
}

constexpr std::size_t kLimit = (std::size_t{1} << 20) + 4096;  // the buffer plus slack

TEST(Memory, TwentyMegabyteCommentUsesOnlyTheBuffer) {
  std::string text = "1. e4 {";
  text.append(20u << 20, 'x').append("} e5 *\n");
  const auto [bytes, count] = measure(text);
  EXPECT_LE(bytes, kLimit);
  EXPECT_LE(count, 2u);
}

TEST(Memory, ManyGamesAllocateNothingPerToken) {
  std::string text;
  for (int i = 0; i < 20000; ++i) {
    text += "[Event \"g\"]\n[Site \"s\"]\n\n1. e4 {c} e5 (1... c5 $1) 2. Nf3 Nc6 1-0\n\n";
  }
  const auto [bytes, count] = measure(text);
  EXPECT_LE(bytes, kLimit);
  EXPECT_LE(count, 2u);
}

TEST(Memory, DeepNestingUsesNoStack) {
  std::string text = "1. e4 ";
  text.append(1000000, '(').append(" *\n");
  const auto [bytes, count] = measure(text);
  EXPECT_LE(bytes, kLimit);
  EXPECT_LE(count, 2u);
}

}  // namespace
}  // namespace pgnkit::pgn

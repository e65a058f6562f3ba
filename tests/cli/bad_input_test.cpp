// Hostile input for the real `pgnkit check` binary (PGNKIT_BINARY), generated here into a
// temporary directory: binary junk, NUL bytes, 100 MB lines, 100,000 nested '(' and '{', a
// truncated zstd file, an empty file, a directory, a missing file, games after junk. Each
// case checks the exact exit status (docs/exit-codes.md: 0 clean, 1 errors, 2 I/O), that
// the output names the problem (problems go to stdout, the summary and I/O errors to
// stderr), the game count of the summary line, and the child's peak RSS (wait4) for the
// 100 MB cases. A child still running after kHangSeconds is killed and reported as a hang.
// Last, an in-process mutation smoke test runs the replayer over 2,000 seeded mutations of
// two fixtures.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "io/source.h"
#include "io/zstd_frames.h"
#include "pgn/reader.h"
#include "replay/replayer.h"
#include "support/child.h"
#include "support/files.h"
#include "support/regex.h"
#include "support/sanitized.h"
#include "support/timings.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using namespace std::string_literals;

using testing::kSanitized;

constexpr double kHangSeconds = 120;
constexpr long kRssLimitKiB = 64L * 1024;  // 64 MiB
constexpr std::size_t kMiB = std::size_t{1} << 20;

using pgnkit::testing::TempDir;
const auto& slurp = pgnkit::testing::read_file;

// Streams a file: big inputs are written chunk by chunk, never held whole.
class Writer {
 public:
  explicit Writer(const fs::path& p) : f_(std::fopen(p.c_str(), "wb")) {}
  ~Writer() { close(); }
  Writer& operator<<(std::string_view s) {
    if (f_ && !s.empty()) ok_ &= std::fwrite(s.data(), 1, s.size(), f_) == s.size();
    return *this;
  }
  // n bytes, repeating `unit`.
  Writer& repeat(std::string_view unit, std::size_t n) {
    std::string chunk;
    while (chunk.size() < kMiB) chunk += unit;
    chunk.resize(kMiB - kMiB % unit.size());
    while (n >= chunk.size()) {
      *this << chunk;
      n -= chunk.size();
    }
    std::string rest;
    while (rest.size() < n) rest += unit;
    rest.resize(n);
    return *this << rest;
  }
  // n bytes from a fixed-seed generator.
  Writer& random(std::uint64_t seed, std::size_t n) {
    std::mt19937_64 rng(seed);
    std::string chunk(kMiB, '\0');
    while (n > 0) {
      const std::size_t k = std::min(n, chunk.size());
      for (std::size_t i = 0; i < k; i += 8) {
        const std::uint64_t r = rng();
        std::memcpy(chunk.data() + i, &r, std::min<std::size_t>(8, k - i));
      }
      *this << std::string_view(chunk.data(), k);
      n -= k;
    }
    return *this;
  }
  bool close() {
    if (f_) ok_ &= std::fclose(f_) == 0;
    f_ = nullptr;
    return ok_;
  }

 private:
  std::FILE* f_;
  bool ok_ = true;
};

// A complete, clean game (the Seven Tag Roster, 4 plies, a result).
std::string game(int round, const std::string& movetext = "1. e4 e5 2. Nf3 Nc6 *") {
  return "[Event \"Bad input\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"" +
         std::to_string(round) + "\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n" +
         movetext + "\n\n";
}

// Game `round`'s tag section and the blank line after it: its movetext comes next.
std::string game_head(int round) {
  const std::string g = game(round, "");
  return g.substr(0, g.size() - 2);
}

// A run and the counts of its summary line (all ones when it printed none).
struct CliRun : testing::ChildRun {
  std::uint64_t games = ~std::uint64_t{0}, errors = ~std::uint64_t{0}, warnings = ~std::uint64_t{0};
};

// Runs `pgnkit check ARGS...` with stdin from /dev/null and NO_COLOR=1, killed as hung after
// kHangSeconds; a child that exits with 127 could not be executed.
CliRun check(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), "check");
  testing::ChildIo io;
  io.limit = std::chrono::milliseconds(static_cast<long>(kHangSeconds * 1000));
  CliRun r;
  static_cast<testing::ChildRun&>(r) = testing::run_pgnkit(dir, args, {}, io);
  static const testing::Regex summary(R"((\d+) games, \d+ plies, (\d+) errors, (\d+) warnings)");
  if (const testing::RegexMatch m = summary.search(r.err)) {
    r.games = m.number(1);
    r.errors = m.number(2);
    r.warnings = m.number(3);
  }
  std::printf("    pgnkit check %s: status %d, %.2f s, peak RSS %ld KiB\n",
              args.empty() ? "" : fs::path(args.back()).filename().c_str(), r.status, r.seconds,
              r.max_rss_kib);
  return r;
}

// Every run: it ended by itself (no hang, no signal) and printed its summary line.
#define EXPECT_FINISHED(r)                                                               \
  do {                                                                                   \
    ASSERT_FALSE((r).hung) << "pgnkit check did not finish in " << kHangSeconds << " s"; \
    ASSERT_EQ((r).signal, 0) << "pgnkit check was killed by signal " << (r).signal       \
                             << "\nstderr: " << (r).err;                                 \
  } while (0)

void expect_small_rss(const CliRun& r, const char* what) {
  ::testing::Test::RecordProperty(std::string("peak_rss_kib_") + what,
                                  std::to_string(r.max_rss_kib));
  if (kSanitized) return;  // ASan's shadow memory says nothing about pgnkit's own use
  EXPECT_LT(r.max_rss_kib, kRssLimitKiB) << what << ": peak RSS " << r.max_rss_kib << " KiB";
}

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1))
    ++n;
  return n;
}

class BadInput : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir.ok());
    ASSERT_TRUE(fs::exists(PGNKIT_BINARY)) << PGNKIT_BINARY;
  }
  // `pgnkit check` on the file `name` of dir, written by write(Writer&).
  template <class Write>
  CliRun check_written(const std::string& name, Write write) {
    const fs::path p = dir / name;
    {
      Writer w(p);
      write(w);
      EXPECT_TRUE(w.close()) << p;
    }
    return check(dir, {p.string()});
  }
  TempDir dir;
};

// 10 MB of random bytes after a NUL (binary files often start with one): one binary_data
// error between games, and the rest is skipped looking for a tag section.
TEST_F(BadInput, RandomBinaryJunk) {
  const CliRun r = check_written("junk.bin", [](Writer& w) {
    w << "\0"s;
    w.random(20240101, 10 * kMiB);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.games, 0u) << r.err;  // junk never starts a game
  EXPECT_EQ(r.errors, 1u) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("junk.bin:1:1: error[binary_data]"), std::string::npos)
      << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("[between games]"), std::string::npos) << r.out.substr(0, 2000);
  expect_small_rss(r, "random_junk_10MB");
}

TEST_F(BadInput, NulBytesInsideAGame) {
  const CliRun r = check_written(
      "nul.pgn", [](Writer& w) { w << game(1, "1. e4 e5 2. Nf3\0\0 Nc6 *"s) << game(2); });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.games, 2u) << r.err;  // the game after the cut is still read
  EXPECT_EQ(r.errors, 1u) << r.out;
  // Line 9 of the file, column 16: the first NUL, right after "Nf3".
  EXPECT_NE(r.out.find(":9:16: error[binary_data]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[game 1"), std::string::npos) << r.out;
}

TEST_F(BadInput, NulByteInsideACommentIsAWarning) {
  const CliRun r =
      check_written("nul_comment.pgn", [](Writer& w) { w << game(1, "1. e4 { a \0 b } e5 *"s); });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.games, 1u);
  EXPECT_NE(r.out.find("warning[binary_data]"), std::string::npos) << r.out;
}

// A comment of 100 MB on one line: skipped with a warning; the game goes on after it.
TEST_F(BadInput, HundredMegabyteComment) {
  const CliRun r = check_written("long_comment.pgn", [](Writer& w) {
    w << game_head(1) << "1. e4 { ";
    w.repeat("comment ", 100 * kMiB);
    w << "} e5 2. Nf3 *\n\n" << game(2);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 0) << r.out << r.err;  // a warning only
  EXPECT_EQ(r.games, 2u) << r.err;
  EXPECT_EQ(r.errors, 0u) << r.out;
  EXPECT_EQ(r.warnings, 1u) << r.out;
  EXPECT_NE(r.out.find(":9:7: warning[token_too_long]"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("2 games, 7 plies"), std::string::npos) << r.err;  // e4 e5 Nf3 + 4
  expect_small_rss(r, "comment_100MB");
}

// 100 MB of symbol characters without a blank: a move token over 255 bytes cuts the game;
// the next game is read.
TEST_F(BadInput, HundredMegabyteToken) {
  const CliRun r = check_written("long_token.pgn", [](Writer& w) {
    w << game_head(1) << "1. e4 ";
    w.repeat("Nf3", 100 * kMiB);
    w << " e5 *\n\n" << game(2);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.games, 2u) << r.err;
  EXPECT_EQ(r.errors, 1u) << r.out;
  EXPECT_NE(r.out.find(":9:7: error[token_too_long]"), std::string::npos) << r.out;
  expect_small_rss(r, "token_100MB");
}

// 100,000 nested variations: the ones deeper than the limit (256) are skipped with one
// nesting_too_deep error; the main line goes on after the last ')'.
TEST_F(BadInput, HundredThousandNestedVariations) {
  const CliRun r = check_written("parens.pgn", [](Writer& w) {
    w << game_head(1) << "1. e4 ";
    w.repeat("( e4 ", std::size_t{100000} * 5);
    w.repeat(")", 100000);
    w << " e5 *\n\n" << game(2);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.games, 2u) << r.err;
  EXPECT_EQ(count(r.out, "error[nesting_too_deep]"), 1u) << r.out.substr(0, 2000);
  EXPECT_EQ(r.errors, 1u) << r.out.substr(0, 2000);
  EXPECT_NE(r.err.find("2 games, 6 plies"), std::string::npos) << r.err;  // e4 e5 + 4
  expect_small_rss(r, "parens_100k");
}

// The same, never closed: also one unterminated_variation at the outermost '('.
TEST_F(BadInput, HundredThousandUnclosedVariations) {
  const CliRun r = check_written("open_parens.pgn", [](Writer& w) {
    w << game_head(1) << "1. e4 ";
    w.repeat("(", 100000);
    w << "\n\n" << game(2);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.games, 2u) << r.err;
  EXPECT_EQ(count(r.out, "error[nesting_too_deep]"), 1u) << r.out.substr(0, 2000);
  EXPECT_EQ(count(r.out, ":9:7: error[unterminated_variation]"), 1u) << r.out.substr(0, 2000);
}

// Braces do not nest in PGN: 100,000 '{' are one comment, closed by the first '}'.
TEST_F(BadInput, HundredThousandOpeningBracesAreOneComment) {
  const CliRun r = check_written("braces.pgn", [](Writer& w) {
    w << game_head(1) << "1. e4 ";
    w.repeat("{", 100000);
    w << " still one comment } e5 *\n";
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 2000);
  EXPECT_NE(r.err.find("1 games, 2 plies, 0 errors, 0 warnings"), std::string::npos) << r.err;
}

// A zstd file cut in the middle: an I/O error (status 2), with the games before the cut read.
TEST_F(BadInput, TruncatedZstd) {
  std::string text;  // 2.5 MB: ~20 zstd blocks, so the first half of the frame decodes
  for (int i = 1; i <= 20000; ++i) text += game(i);
  const std::string packed = io::test::compress(text);
  ASSERT_GT(packed.size(), 1000u);
  const fs::path whole = dir / "whole.pgn.zst", cut = dir / "cut.pgn.zst";
  ASSERT_TRUE((Writer(whole) << packed).close());
  ASSERT_TRUE((Writer(cut) << std::string_view(packed).substr(0, packed.size() / 2)).close());

  const CliRun ok = check(dir, {whole.string()});
  EXPECT_FINISHED(ok);
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.games, 20000u) << ok.err;

  const CliRun r = check(dir, {cut.string()});
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("cut.pgn.zst: the input ended inside a zstd frame (truncated file)"),
            std::string::npos)
      << r.err;
  EXPECT_GT(r.games, 0u) << r.err;  // what was decoded before the cut is read
  EXPECT_LT(r.games, 20000u) << r.err;
}

// PGNKIT_DECODE_AHEAD=0 decodes zstd on the reading thread: the same output, byte for byte
// but for the timing on the summary line, and the same exit status, cut file or whole.
TEST_F(BadInput, ZstdOnOneThreadGivesTheSameOutput) {
  std::string text;
  for (int i = 1; i <= 20000; ++i) text += game(i, i % 7 ? "1. e4 e5 2. Nf3 Nc6 *" : "1. e5 *");
  const std::string packed = io::test::compress(text);
  const fs::path whole = dir / "whole.pgn.zst", cut = dir / "cut.pgn.zst";
  ASSERT_TRUE((Writer(whole) << packed).close());
  ASSERT_TRUE((Writer(cut) << std::string_view(packed).substr(0, packed.size() * 2 / 3)).close());
  for (const fs::path& file : {whole, cut}) {
    const CliRun ahead = check(dir, {file.string()});
    ASSERT_EQ(::setenv("PGNKIT_DECODE_AHEAD", "0", 1), 0);
    const CliRun one_thread = check(dir, {file.string()});
    ASSERT_EQ(::unsetenv("PGNKIT_DECODE_AHEAD"), 0);
    EXPECT_FINISHED(ahead);
    EXPECT_FINISHED(one_thread);
    EXPECT_EQ(ahead.status, file == cut ? 2 : 1) << ahead.err;
    EXPECT_EQ(ahead.status, one_thread.status);
    EXPECT_GT(ahead.errors, 0u) << ahead.err;
    EXPECT_TRUE(ahead.out == one_thread.out) << file;
    EXPECT_EQ(testing::mask_timings(ahead.err), testing::mask_timings(one_thread.err));
  }
}

TEST_F(BadInput, EmptyFile) {
  const fs::path p = dir / "empty.pgn";
  ASSERT_TRUE(Writer(p).close());
  const CliRun r = check(dir, {p.string()});
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("0 games, 0 plies, 0 errors, 0 warnings"), std::string::npos) << r.err;
}

// A directory is read as the PGN files under it (docs/formats.md): none, a note.
TEST_F(BadInput, Directory) {
  const fs::path p = dir / "a_directory";
  fs::create_directory(p);
  const CliRun r = check(dir, {p.string()});
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("a_directory: skipped: no PGN file found under it"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.games, 0u) << r.err;
}

TEST_F(BadInput, MissingFile) {
  const fs::path p = dir / "no_such_file.pgn";
  const CliRun r = check(dir, {p.string()});
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("no_such_file.pgn: no such file or directory"), std::string::npos) << r.err;
}

// An I/O error in one file does not stop the others: status 2, the good file still read.
TEST_F(BadInput, MissingFileAmongGoodOnes) {
  const fs::path good = dir / "good.pgn";
  ASSERT_TRUE((Writer(good) << game(1) << game(2)).close());
  const CliRun r = check(dir, {(dir / "missing.pgn").string(), good.string()});
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.games, 2u) << r.err;
}

// Binary junk, then 50 games: all 50 are read (the junk is one error between games).
TEST_F(BadInput, GamesAfterBinaryJunk) {
  const CliRun r = check_written("junk_then_games.pgn", [](Writer& w) {
    w << "\0"s;
    w.random(7, kMiB);
    w << "\n\n";
    for (int i = 1; i <= 50; ++i) w << game(i);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.games, 50u) << r.err;
  EXPECT_NE(r.out.find("error[binary_data]"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_EQ(count(r.out, "[game "), 0u) << "the junk is between games\n" << r.out.substr(0, 2000);
}

// Text junk (a web page's leftovers), then 50 games: warnings only, all games read.
TEST_F(BadInput, GamesAfterTextJunk) {
  const CliRun r = check_written("text_then_games.pgn", [](Writer& w) {
    w << "n/a\nDownloaded from some site, 50 games follow\n\n";
    for (int i = 1; i <= 50; ++i) w << game(i);
  });
  EXPECT_FINISHED(r);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.games, 50u) << r.err;
  EXPECT_NE(r.out.find("warning[text_between_games]"), std::string::npos) << r.out;
}

// ---- Mutation smoke test (in-process) ----

class CheckingSink : public replay::ReplaySink {
 public:
  explicit CheckingSink(std::size_t size) : size_(size) {}
  void problem(const replay::Problem& p) override {
    ok_ &= p.where.line >= 1 && p.where.column >= 1 && p.where.offset <= size_;
    ok_ &= !p.code_name().empty() && !p.message.empty();
  }
  void game_end(const replay::GameReport& r) override {
    ok_ &= r.game == games + 1;
    ++games;
  }
  bool ok() const { return ok_; }
  std::uint64_t games = 0;

 private:
  std::size_t size_;
  bool ok_ = true;
};

// Every game after the first starts after a result marker or at a tag section ('['); every
// marker holds '*', '-', '/' or the first byte of an en/em dash. So a game count above
// 1 + (those bytes) would mean the reader invented games.
std::uint64_t game_bound(const std::string& s) {
  std::uint64_t n = 1;
  for (const char c : s) n += c == '[' || c == '*' || c == '-' || c == '/' || c == '\xE2';
  return n;
}

TEST(MutationSmoke, TwoThousandMutationsOfTheFixtures) {
  std::vector<std::string> seeds;
  for (const char* name : {"problems.pgn", "clean.pgn"}) {
    const fs::path p = fs::path(PGNKIT_SOURCE_DIR) / "tests/data/check" / name;
    seeds.push_back(slurp(p));
    ASSERT_FALSE(seeds.back().empty()) << p;
  }
  const std::string alphabet =
      "[]{}()\"\\;%$.*-/ \n\r\t0123456789KQRBNPabcdefghx+#=!?O\0\x1a\xe2\xbd"s;
  std::mt19937 rng(4242);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 2000; ++i) {
    std::string s = seeds[i % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 8);
    for (int k = 0; k < edits && !s.empty(); ++k) {
      const std::size_t at = rng() % s.size();
      const char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 4) {
        case 0: s[at] = static_cast<char>(s[at] ^ (1u << (rng() % 8))); break;  // bit flip
        case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c); break;
        case 2: s.erase(at, 1 + rng() % 4); break;
        case 3: s[at] = c; break;
      }
    }
    for (const std::size_t buffer : {std::size_t{1} << 20, std::size_t{512}}) {
      io::Source src = io::Source::from_memory(s, "mutant");
      CheckingSink sink(s.size());
      replay::ReplayOptions opt;
      opt.allow_null = buffer == 512;
      replay::Replayer replayer(sink, opt);
      pgn::ReaderOptions ropt;
      ropt.buffer_size = buffer;
      const pgn::ReadStats stats = pgn::read_pgn(src, replayer, ropt);
      ASSERT_TRUE(sink.ok()) << "mutant " << i << ":\n" << s;
      ASSERT_EQ(stats.games, sink.games) << "mutant " << i;
      ASSERT_EQ(stats.bytes, s.size()) << "mutant " << i;
      ASSERT_LE(stats.games, game_bound(s)) << "mutant " << i << ":\n" << s;
    }
  }
  std::printf("    2000 mutants x 2 buffer sizes in %.2f s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

}  // namespace
}  // namespace pgnkit

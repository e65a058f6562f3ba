// ndjson::scan_line_starts (pgnkit index --from ndjson): every line start with the line
// number and the game number that ndjson::read_ndjson gives the line, checked two ways: against
// the reader itself (every non-blank line made a bad line, so that the reader reports each
// one's game number and line), and against a count made the plain way (support/ndjson_lines.h).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "convert/convert_util.h"
#include "io/source.h"
#include "ndjson/line_starts.h"
#include "support/ndjson_lines.h"

namespace pgnkit::convert_test::ndjson_line_starts_test {  // its own: the sanitizer tree joins the
                                                           // files
namespace {

struct Starts : ndjson::LineStartVisitor {
  std::vector<ndjson::LineStart> all;
  void line_start(const ndjson::LineStart& s) override { all.push_back(s); }
};

struct Scan {
  std::vector<ndjson::LineStart> starts;
  std::uint64_t games = 0, bytes = 0;
};

// Read in pieces of `piece` bytes, so that lines and the byte order mark cross reads.
Scan scan(const std::string& text, std::size_t piece) {
  std::size_t at = 0;
  io::Source source = io::Source::from_pull(
      "text", [&](char* dst, std::size_t cap, std::optional<io::IoError>&) -> std::size_t {
        const std::size_t n = std::min({cap, piece, text.size() - at});
        text.copy(dst, n, at);
        at += n;
        return n;
      });
  Starts starts;
  const ndjson::LineScanStats stats = ndjson::scan_line_starts(source, starts);
  return Scan{starts.all, stats.games, stats.bytes};
}

// The count made the plain way (support/ndjson_lines.h).
Scan counted(const std::string& text) {
  const testing::CountedLines c = testing::count_ndjson_lines(text);
  return Scan{c.starts, c.games, text.size()};
}

void expect_same(const Scan& got, const Scan& want) {
  EXPECT_EQ(got.games, want.games);
  EXPECT_EQ(got.bytes, want.bytes);
  ASSERT_EQ(got.starts.size(), want.starts.size());
  for (std::size_t i = 0; i < got.starts.size(); ++i) {
    EXPECT_EQ(got.starts[i].offset, want.starts[i].offset) << i;
    EXPECT_EQ(got.starts[i].game, want.starts[i].game) << i;
    EXPECT_EQ(got.starts[i].line, want.starts[i].line) << i;
  }
}

TEST(NdjsonLineStarts, BlankLinesByteOrderMarksAndTheLastLine) {
  const std::string bom = "\xEF\xBB\xBF";
  // text, then the expected (offset, game, line) of each line start and the games.
  struct Case {
    std::string text;
    std::vector<ndjson::LineStart> starts;
    std::uint64_t games;
  };
  const std::vector<Case> cases = {
      {"", {}, 0},
      {"\n", {{0, 1, 1}}, 0},
      {"{}\n{}", {{0, 1, 1}, {3, 2, 2}}, 2},
      {"{}\n \t\r\n{}\n", {{0, 1, 1}, {3, 2, 2}, {7, 2, 3}}, 2},
      {bom + "\n{}\n", {{0, 1, 1}, {4, 1, 2}}, 1},  // a whole BOM is not content
      {bom + " \r\n", {{0, 1, 1}}, 0},
      {bom, {{0, 1, 1}}, 0},
      {"\xEF\xBB\n{}\n", {{0, 1, 1}, {3, 2, 2}}, 2},  // half a BOM is
      {"\xEF\xBB", {{0, 1, 1}}, 1},
      {"x\n" + bom + "\n", {{0, 1, 1}, {2, 2, 2}}, 2},  // and so is a BOM later on
      {"  {}", {{0, 1, 1}}, 1},
      {"\r", {{0, 1, 1}}, 0},  // a lone CR ends no line
      {"a\rb\n", {{0, 1, 1}}, 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(::testing::PrintToString(c.text));
    for (const std::size_t piece : {1, 2, 3, 1000}) {
      SCOPED_TRACE(piece);
      expect_same(scan(c.text, piece), Scan{c.starts, c.games, c.text.size()});
    }
    expect_same(counted(c.text), Scan{c.starts, c.games, c.text.size()});
  }
}

TEST(NdjsonLineStarts, AgreesWithTheReaderAndTheCountOnRandomLines) {
  std::mt19937 rng(17);
  const std::vector<std::string> parts = {"x",  " ",  "\t",           "\r",   "\n", "\n",
                                          "\n", "{}", "\xEF\xBB\xBF", "\xEF", "yy"};
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int n = static_cast<int>(rng() % 60);
    for (int i = 0; i < n; ++i) text += parts[rng() % parts.size()];
    if (round % 50 == 0) text += std::string(3u << 20, 'z') + "\n \n";  // over one 1 MiB read
    SCOPED_TRACE(::testing::PrintToString(text.size() < 200 ? text : "(long)"));
    const Scan want = counted(text);
    expect_same(scan(text, 1 + rng() % 7), want);
    expect_same(scan(text, 1 << 20), want);
    // The reader: each non-blank line here is bad JSON or no game, so each is reported with
    // the game number and line it has; the line's start must carry the same ones.
    const Collected read = read_ndjson_text(text);
    ASSERT_TRUE(read.games.empty());
    ASSERT_EQ(read.line_errors.size(), want.games);
    for (const ndjson::LineError& e : read.line_errors) {
      ASSERT_GE(e.where.line, 1u);
      ASSERT_LE(e.where.line, want.starts.size());
      const ndjson::LineStart& s = want.starts[e.where.line - 1];
      EXPECT_EQ(s.game, e.game) << e.where.line;
    }
  }
}

}  // namespace
}  // namespace pgnkit::convert_test::ndjson_line_starts_test

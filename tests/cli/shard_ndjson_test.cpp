// Shards of NDJSON input (pgnkit index --from ndjson; convert --from ndjson --range;
// docs/scale-out.md): a shard starts at a line start, its first game is the count of the
// non-blank lines before it plus 1 (read_ndjson's numbering, bad lines included), and the
// shards' outputs concatenate to the one-run output in every --to format, in plain files and
// in a .zst of many frames cut mid-line. A range may end anywhere: the line that holds its
// last byte is its last.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "io/zstd_frames.h"
#include "shard_support.h"
#include "support/ndjson_lines.h"

namespace pgnkit {
namespace {

using namespace shard_testing;

// The fixtures' games as NDJSON, with what real files hold around them: a byte order mark,
// blank lines (spaces, tabs, CRs), CRLF line ends, bad lines (not JSON, not a game), lichess
// export lines, and no LF after the last line.
std::string messy_ndjson() {
  std::string files;
  for (const char* f : {"data/sample.pgn", "data/famous.pgn", "tests/data/check/problems.pgn"})
    files += " " + sh_quoted((fs::path(PGNKIT_SOURCE_DIR) / f).string());
  const CommandRun r = pgnkit("convert -j 1 --to ndjson" + files);
  EXPECT_LE(r.status, 1) << r.err;
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < r.out.size();) {
    const std::size_t lf = r.out.find('\n', at);
    lines.push_back(r.out.substr(at, lf - at));
    at = lf + 1;
  }
  EXPECT_GT(lines.size(), 100u);
  const std::string lichess =
      testing::read_file((fs::path(PGNKIT_SOURCE_DIR) / "tests/data/convert/lichess.ndjson"));
  const std::string broken =
      testing::read_file((fs::path(PGNKIT_SOURCE_DIR) / "tests/data/convert/broken.ndjson"));
  std::string text = "\xEF\xBB\xBF";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    text += lines[i] + (i % 7 == 3 ? "\r\n" : "\n");
    if (i % 11 == 5) text += " \t\r\n\n";
    if (i % 23 == 9) text += "not json at all\n{\"not\": \"a game\"}\n";
    if (i == 40) text += lichess;
    if (i == 80) text += broken;
  }
  text += "{\"tags\": {\"Result\": \"*\"}, \"moves\": []}";  // no LF at the end
  return text;
}

class NdjsonShards : public ::testing::Test {
 protected:
  void SetUp() override {
    text_ = messy_ndjson();
    path_ = tmp_.file("messy.ndjson", text_);
  }
  // `pgnkit convert --from ndjson OPTIONS` on `path` whole, and as the shards of its plan.
  void expect_shards_concatenate(const std::string& path, const std::string& options,
                                 const std::vector<Shard>& shards) {
    const std::string whole_args =
        "convert -j 1 --from ndjson " + options + " --summary-format ndjson " + sh_quoted(path);
    if (!whole_.contains(whole_args)) whole_.emplace(whole_args, pgnkit(whole_args));
    const CommandRun& whole = whole_.at(whole_args);
    ASSERT_LE(whole.status, 1) << whole.err;
    std::string out, err;
    int status = 0;
    std::map<std::string, std::uint64_t> sums;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      const bool csv = options.find("--to csv") != std::string::npos;
      const CommandRun r = pgnkit("convert -j 1 --from ndjson " + options + range_args(shards[i]) +
                                  (csv && i > 0 ? "--no-header " : "") +
                                  "--summary-format ndjson " + sh_quoted(path));
      ASSERT_LE(r.status, 1) << r.err;
      status = std::max(status, r.status);
      out += r.out;
      err += without_summary(r.err);
      for (const auto& [key, value] : json_summary(r.err)) sums[key] += value;
    }
    EXPECT_EQ(out, whole.out);
    EXPECT_EQ(err, without_summary(whole.err));
    EXPECT_EQ(sums, json_summary(whole.err));
    EXPECT_EQ(status, whole.status);
  }
  testing::TempDir tmp_;
  std::string text_, path_;
  std::map<std::string, CommandRun> whole_;  // the one-run outputs, by command line
};

// Every line start, with the game number and line read_ndjson gives it, as shards.
std::vector<Shard> line_starts(const std::string& text) {
  std::vector<Shard> starts;
  for (const ndjson::LineStart& l : testing::count_ndjson_lines(text).starts)
    starts.push_back(Shard{l.offset, 0, l.game, l.line, 0});
  return starts;
}

TEST_F(NdjsonShards, PlanStartsAtLineStartsWithTheirGameAndLine) {
  const std::vector<Shard> starts = line_starts(text_);
  const std::uint64_t games = starts.empty() ? 0 : starts.back().first_game;  // last is a game
  for (const std::string n : {"1", "2", "5", "13"}) {
    SCOPED_TRACE(n);
    const std::vector<Shard> shards = plan_with("--from ndjson --shards " + n, path_);
    ASSERT_EQ(shards.size(), std::stoul(n));
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      const Shard& s = shards[i];
      const auto at = std::find_if(starts.begin(), starts.end(),
                                   [&](const Shard& l) { return l.start == s.start; });
      ASSERT_NE(at, starts.end()) << "shard " << i << " starts mid-line at " << s.start;
      EXPECT_EQ(s.first_game, at->first_game) << i;
      EXPECT_EQ(s.first_line, at->first_line) << i;
      EXPECT_EQ(s.end, i + 1 < shards.size() ? shards[i + 1].start : text_.size()) << i;
      // Each share of the bytes starts at the first line start at or after it.
      const std::uint64_t target = text_.size() / shards.size() * i;
      EXPECT_TRUE(at == starts.begin() || (at - 1)->start < target) << i;
      EXPECT_GE(s.start, target) << i;
      sum += s.games;
    }
    EXPECT_EQ(sum, games);
  }
}

TEST_F(NdjsonShards, ConcatenateToTheOneRunOutputInEveryFormat) {
  for (const char* to : {"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}) {
    for (const int n : {2, 7}) {
      SCOPED_TRACE(std::string(to) + " " + std::to_string(n));
      const std::vector<Shard> shards =
          plan_with("--from ndjson --shards " + std::to_string(n), path_);
      ASSERT_EQ(shards.size(), static_cast<std::size_t>(n));
      expect_shards_concatenate(path_, std::string("--to ") + to, shards);
    }
  }
}

TEST_F(NdjsonShards, ARangeEndsWithTheLineThatHoldsItsLastByte) {
  const std::vector<Shard> starts = line_starts(text_);
  // Ends on a line start, on an LF, one past an LF, mid-line, on the last byte, past it.
  std::vector<std::uint64_t> ends;
  for (std::size_t i = 1; i < starts.size(); i += 37) {
    const std::uint64_t s = starts[i].start;
    ends.insert(ends.end(), {s - 1, s, s + 1, s + 17});
  }
  ends.insert(ends.end(), {text_.size() - 1, text_.size(), text_.size() + 100});
  for (const std::uint64_t end : ends) {
    if (end == 0 || end > text_.size() + 100) continue;
    SCOPED_TRACE(end);
    // The first shard ends at END; the second starts at the first line start at or after it.
    const auto next =
        std::find_if(starts.begin(), starts.end(), [&](const Shard& l) { return l.start >= end; });
    std::vector<Shard> two{Shard{0, end, 1, 1, 0}};
    if (next != starts.end())
      two.push_back(Shard{next->start, text_.size(), next->first_game, next->first_line, 0});
    expect_shards_concatenate(path_, "--to uci", two);
    if (HasFatalFailure()) return;
  }
}

TEST_F(NdjsonShards, MultiFrameZstdCutMidLine) {
  using io::test::FrameLayout;
  for (const FrameLayout layout : {FrameLayout::Sized, FrameLayout::Pzstd, FrameLayout::Seekable}) {
    const std::string name = "layout" + std::to_string(static_cast<int>(layout)) + ".ndjson.zst";
    SCOPED_TRACE(name);
    const std::string zst = tmp_.file(name, io::test::multi_frame(text_, 9000, layout));
    const std::vector<Shard> shards = plan_with("--from ndjson --shards 6", zst);
    ASSERT_GE(shards.size(), 5u);
    // The same line starts, numbers and lines as the plain file allows.
    const std::vector<Shard> starts = line_starts(text_);
    for (const Shard& s : shards) {
      const auto at = std::find_if(starts.begin(), starts.end(),
                                   [&](const Shard& l) { return l.start == s.start; });
      ASSERT_NE(at, starts.end()) << s.start;
      EXPECT_EQ(s.first_game, at->first_game);
      EXPECT_EQ(s.first_line, at->first_line);
    }
    expect_shards_concatenate(zst, "--to ndjson", shards);
  }
}

}  // namespace
}  // namespace pgnkit

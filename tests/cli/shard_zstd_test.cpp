// Shards of a multi-frame .zst (pgnkit index, --range; docs/scale-out.md): files of many
// independent frames are made here with libzstd from the joined fixtures, cut into frames
// every kChunk bytes (mid-game too), with content sizes in the frame headers, without them
// (as pzstd writes them, a skippable frame before each), and in zstd's seekable format
// (frames without sizes, a seek table after them). The plan must start its shards
// at the first game start after a frame start, with the numbers and lines of the plain file's
// plan; the shards must concatenate to the one-run output; a file of one frame is one shard;
// a truncated last frame gives the one-run message from the last shard.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "io/zstd_frames.h"
#include "shard_support.h"

namespace pgnkit {
namespace {

using namespace shard_testing;

constexpr std::size_t kChunk = 6000;

std::string joined_fixtures() {
  std::string text;
  std::vector<std::string> files;
  for (const char* dir : {"data", "tests/data/check"}) {
    for (const auto& e : fs::directory_iterator(fs::path(PGNKIT_SOURCE_DIR) / dir))
      if (e.path().extension() == ".pgn") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) text += testing::read_file(f);
  return text;
}

using io::test::FrameLayout;

class MultiFrameZstd : public ::testing::TestWithParam<FrameLayout> {
 protected:
  void SetUp() override {
    text_ = joined_fixtures();
    ASSERT_GT(text_.size(), 8 * kChunk);
    plain_ = tmp_.file("joined.pgn", text_);
    zst_ = tmp_.file("joined.pgn.zst", io::test::multi_frame(text_, kChunk, GetParam()));
  }
  testing::TempDir tmp_;
  std::string text_, plain_, zst_;
};

TEST_P(MultiFrameZstd, ShardsStartAtTheFirstGameOfAFrame) {
  // Every shard start the plain file allows, with its game number and line.
  const std::vector<Shard> starts = plan_with("--shard-size 1", plain_);
  std::map<std::uint64_t, Shard> by_start;
  for (const Shard& s : starts) by_start[s.start] = s;
  for (const int n : {2, 3, 7}) {
    SCOPED_TRACE(n);
    const std::vector<Shard> shards = plan(zst_, n);
    ASSERT_GE(shards.size(), static_cast<std::size_t>(n) - 1);
    std::uint64_t games = 0;
    for (std::size_t i = 0; i < shards.size(); ++i) {
      games += shards[i].games;
      if (i == 0) continue;
      EXPECT_EQ(shards[i].start, shards[i - 1].end);
      const auto at = by_start.find(shards[i].start);
      ASSERT_NE(at, by_start.end()) << shards[i].start;
      EXPECT_EQ(shards[i].first_game, at->second.first_game);
      EXPECT_EQ(shards[i].first_line, at->second.first_line);
      // No game start between the frame's first byte and the shard's.
      const std::uint64_t frame_start = shards[i].start / kChunk * kChunk;
      const auto first = by_start.lower_bound(frame_start);
      EXPECT_EQ(first->first, shards[i].start) << "frame at " << frame_start;
    }
    EXPECT_EQ(shards.back().end, text_.size());
    EXPECT_EQ(games, plan(plain_, 1).at(0).games);
  }
}

TEST_P(MultiFrameZstd, ShardsConcatenateToTheOneRunOutput) {
  const std::vector<Shard> shards = plan(zst_, 5);
  ASSERT_GE(shards.size(), 4u);
  for (const char* args :
       {"check --format ndjson", "convert --to ndjson", "status --format csv --no-header"}) {
    SCOPED_TRACE(args);
    const CommandRun whole = pgnkit(std::string(args) + " " + sh_quoted(zst_));
    std::string out, err;
    for (const Shard& s : shards) {
      const CommandRun part = pgnkit(std::string(args) + range_args(s) + sh_quoted(zst_));
      out += part.out;
      err += without_summary(part.err);
    }
    EXPECT_EQ(out, whole.out);
    EXPECT_EQ(err, without_summary(whole.err));
  }
}

TEST_P(MultiFrameZstd, ATruncatedLastFrameGivesTheOneRunMessage) {
  const std::string bytes = testing::read_file(zst_);
  const std::string cut = tmp_.file("cut.pgn.zst", bytes.substr(0, bytes.size() - 40));
  const CommandRun whole = pgnkit("check --format ndjson " + sh_quoted(cut));
  ASSERT_EQ(whole.status, 2);
  const std::string message = "pgnkit: " + cut + ": ";
  ASSERT_NE(whole.err.find(message), std::string::npos) << whole.err;
  int index_status = 0;
  const std::vector<Shard> shards = plan_with("--shards 5", cut, &index_status);
  EXPECT_EQ(index_status, 2);
  ASSERT_GE(shards.size(), 4u);
  std::string out, err;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const CommandRun part =
        pgnkit("check --format ndjson" + range_args(shards[i]) + sh_quoted(cut));
    out += part.out;
    err += without_summary(part.err);
    EXPECT_EQ(part.status == 2, i + 1 == shards.size()) << part.err;
  }
  EXPECT_EQ(out, whole.out);
  EXPECT_EQ(err, without_summary(whole.err));
}

// A shard decodes from its own frame on: damage in the first frame (its checksum fails) does
// not reach a later shard of a file whose frames record their sizes. Where they do not, the
// first frame must be decoded to be counted: the shard then fails as the whole run does.
TEST_P(MultiFrameZstd, ALaterShardDoesNotDecodeTheFirstFrame) {
  std::string bytes = testing::read_file(zst_);
  const std::string damaged = tmp_.file("damaged.pgn.zst", bytes);  // intact for now
  const std::vector<Shard> shards = plan(damaged, 3);
  ASSERT_GE(shards.size(), 2u);
  const std::string intact =
      pgnkit("check --format ndjson" + range_args(shards.back()) + sh_quoted(damaged)).out;
  bytes[GetParam() == FrameLayout::Pzstd ? 212 : 200] ^= 0x55;  // inside the first frame's block
  tmp_.file("damaged.pgn.zst", bytes);
  const CommandRun whole = pgnkit("check --format ndjson " + sh_quoted(damaged));
  ASSERT_EQ(whole.status, 2) << "the damage must be seen by a whole read";
  const CommandRun part =
      pgnkit("check --format ndjson" + range_args(shards.back()) + sh_quoted(damaged));
  if (GetParam() == FrameLayout::Sized) {
    EXPECT_NE(part.status, 2) << part.err;
    EXPECT_EQ(part.out, intact);
  } else {
    EXPECT_EQ(part.status, 2);
    EXPECT_EQ(part.out, "");
    EXPECT_EQ(without_summary(part.err),
              without_summary(whole.err).substr(without_summary(whole.err).rfind("pgnkit: ")));
  }
}

// The frame that holds each shard's start, as index prints it ("frame_offset":C,
// "frame_start":D), in plan order: the --zstd-frame C:D of that shard.
std::vector<std::string> zstd_frame_args(const std::string& index_out) {
  std::vector<std::string> args;
  const auto number_after = [&](const std::string& key, std::size_t from) {
    const std::size_t at = index_out.find("\"" + key + "\":", from) + key.size() + 3;
    return index_out.substr(at, index_out.find_first_not_of("0123456789", at) - at);
  };
  for (std::size_t line = 0; line < index_out.size(); line = index_out.find('\n', line) + 1) {
    if (index_out.find("\"frame_offset\":", line) > index_out.find('\n', line)) break;
    args.push_back(" --zstd-frame " + number_after("frame_offset", line) + ":" +
                   number_after("frame_start", line) + " ");
  }
  return args;
}

// With the frame index found (--zstd-frame), a later shard decodes nothing before its own
// frame, whether or not the frames record their sizes: damage in the first frame does not
// reach it, and the shards still concatenate to the one-run output.
TEST_P(MultiFrameZstd, WithItsFrameALaterShardDecodesNothingBeforeIt) {
  const std::vector<Shard> shards = plan(zst_, 4);
  const std::vector<std::string> frames =
      zstd_frame_args(pgnkit("index --shards 4 " + sh_quoted(zst_)).out);
  ASSERT_GE(shards.size(), 3u);
  ASSERT_EQ(frames.size(), shards.size());
  EXPECT_EQ(frames.front().substr(frames.front().size() - 3), ":0 ");  // the first frame
  const CommandRun whole = pgnkit("check --format ndjson " + sh_quoted(zst_));
  std::string out;
  for (std::size_t i = 0; i < shards.size(); ++i)
    out +=
        pgnkit("check --format ndjson" + range_args(shards[i]) + frames[i] + sh_quoted(zst_)).out;
  EXPECT_EQ(out, whole.out);
  std::string bytes = testing::read_file(zst_);
  const std::string damaged = tmp_.file("damaged.pgn.zst", bytes);  // intact for now
  const std::string last = range_args(shards.back()) + frames.back();
  const std::string intact = pgnkit("check --format ndjson" + last + sh_quoted(damaged)).out;
  bytes[GetParam() == FrameLayout::Pzstd ? 212 : 200] ^= 0x55;  // inside the first frame's block
  tmp_.file("damaged.pgn.zst", bytes);
  ASSERT_EQ(pgnkit("check --format ndjson " + sh_quoted(damaged)).status, 2);
  const CommandRun part = pgnkit("check --format ndjson" + last + sh_quoted(damaged));
  EXPECT_NE(part.status, 2) << part.err;
  EXPECT_EQ(part.out, intact);
  // Not a frame start: refused with the reason.
  const CommandRun wrong = pgnkit("check --range " + std::to_string(shards.back().start) +
                                  ": --zstd-frame 1:1 " + sh_quoted(zst_));
  EXPECT_EQ(wrong.status, 2);
}

INSTANTIATE_TEST_SUITE_P(Layout, MultiFrameZstd,
                         ::testing::Values(FrameLayout::Sized, FrameLayout::Pzstd,
                                           FrameLayout::Seekable),
                         [](const auto& info) {
                           return info.param == FrameLayout::Sized   ? "Sized"
                                  : info.param == FrameLayout::Pzstd ? "PzstdLike"
                                                                     : "Seekable";
                         });

TEST(SingleFrameZstd, IsOneShard) {
  testing::TempDir tmp;
  const std::string zst = tmp.file("one.pgn.zst", io::test::compress(joined_fixtures(), 3, true));
  const std::vector<Shard> shards = plan(zst, 6);
  ASSERT_EQ(shards.size(), 1u);
  EXPECT_EQ(shards[0].start, 0u);
}

}  // namespace
}  // namespace pgnkit

// split's frames (commands/split_job.h) and its merging thread (commands/split_merge.h) in-process:
// a frame read back is the frame written (a TooLong frame's number through a hole filled as
// the merger fills it), and the pieces SplitMerge writes are the same whether the frames come
// whole or cut into pieces of any size (a frame cut between two out() calls waits for its rest).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "commands/split_job.h"
#include "commands/split_merge.h"
#include "support/files.h"

namespace pgnkit {
namespace {

namespace fs = std::filesystem;
using commands::SplitFrame;

SplitFrame kept(std::string_view bytes, std::optional<std::string_view> value) {
  SplitFrame f;
  f.bytes = bytes;
  f.has_value = value.has_value();
  f.value = value.value_or("");
  return f;
}

TEST(SplitFrames, ReadBackAsWrittenWithTheNumberFilled) {
  pipeline::Output out;  // no base: the TooLong frame's number is a hole
  commands::append_split_frame(out, kept("[Event \"a\"]\n\n1. e4 *\n", "a b"));
  commands::append_split_frame(out, kept("1. d4 *", std::nullopt));
  SplitFrame big;
  big.status = pgn::GameBytes::Status::TooLong;
  big.number = 3;
  big.line = 41;
  big.column = 2;
  big.size = 33554433;
  commands::append_split_frame(out, big);
  commands::append_split_frame(out, kept("", ""));
  ASSERT_EQ(out.holes().size(), 1u);
  std::string filled;
  pipeline::fill_holes(filled, out.view(), out.holes(), 1000);  // 1000 games before the chunk

  std::string_view in = filled;
  SplitFrame f;
  ASSERT_TRUE(commands::take_split_frame(in, f));
  EXPECT_EQ(f.status, pgn::GameBytes::Status::Kept);
  EXPECT_EQ(f.bytes, "[Event \"a\"]\n\n1. e4 *\n");
  EXPECT_TRUE(f.has_value);
  EXPECT_EQ(f.value, "a b");
  ASSERT_TRUE(commands::take_split_frame(in, f));
  EXPECT_EQ(f.bytes, "1. d4 *");
  EXPECT_FALSE(f.has_value);
  ASSERT_TRUE(commands::take_split_frame(in, f));
  EXPECT_EQ(f.status, pgn::GameBytes::Status::TooLong);
  EXPECT_EQ(f.number, 1003u);
  EXPECT_EQ(f.line, 41u);
  EXPECT_EQ(f.column, 2u);
  EXPECT_EQ(f.size, 33554433u);
  ASSERT_TRUE(commands::take_split_frame(in, f));
  EXPECT_TRUE(f.has_value);  // an empty value is not a missing tag
  EXPECT_EQ(f.value, "");
  EXPECT_TRUE(in.empty());
  EXPECT_FALSE(commands::take_split_frame(in, f));

  // A cut frame is not taken, and `in` is left as it was.
  std::string_view cut = std::string_view(filled).substr(0, 10);
  EXPECT_FALSE(commands::take_split_frame(cut, f));
  EXPECT_EQ(cut.size(), 10u);
}

std::map<std::string, std::string> files_in(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) files[e.path().filename().string()] = testing::read_file(e.path());
  return files;
}

// Splits the frames of 50 games (--by Event, 40 values: more than the open files) fed to
// SplitMerge::out() in pieces of `step` bytes (0: all at once) into dir/<step>/.
std::map<std::string, std::string> split_by_event(const testing::TempDir& dir, std::size_t step,
                                                  const std::vector<std::string>& games) {
  pipeline::Output out;
  out.set_base(0);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string value = "e" + std::to_string(i % 40);
    commands::append_split_frame(out, kept(games[i], value));
  }
  const std::string root = (dir / std::to_string(step)).string();
  commands::SplitSettings settings;
  std::string error;
  settings.pattern = *commands::parse_split_pattern(root + "/{Event}.pgn", &error);
  settings.by = "Event";
  commands::MemoryConsole console;
  commands::SplitMerge merge(settings, console);
  merge.input_begin("in.pgn");
  const std::string_view all = out.view();
  if (step == 0) {
    EXPECT_TRUE(merge.out(all).empty());
  } else {
    for (std::size_t at = 0; at < all.size(); at += step) merge.out(all.substr(at, step));
  }
  EXPECT_TRUE(merge.finish());
  EXPECT_EQ(merge.games(), games.size());
  EXPECT_EQ(merge.pieces(), 40u);
  return files_in(root);
}

TEST(SplitMerge, FramesCutAnywhereGiveTheSamePieces) {
  const testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  std::vector<std::string> games;
  games.reserve(50);
  for (int i = 0; i < 50; ++i) {
    games.push_back("[Event \"e" + std::to_string(i % 40) + "\"]\n[Round \"" + std::to_string(i) +
                    "\"]\n\n1. e4 *\n");
  }
  const auto whole = split_by_event(dir, 0, games);
  ASSERT_EQ(whole.size(), 40u);
  EXPECT_EQ(whole.at("e3.pgn"), games[3] + "\n" + games[43] + "\n");  // select's tail: a blank line
  EXPECT_EQ(whole.at("e39.pgn"), games[39] + "\n");
  for (const std::size_t step : {1u, 3u, 64u, 1000u}) {
    EXPECT_EQ(split_by_event(dir, step, games), whole) << "pieces of " << step << " bytes";
  }
}

}  // namespace
}  // namespace pgnkit

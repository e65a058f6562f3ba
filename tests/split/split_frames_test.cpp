// split's records (commands/split_job.h) and its merging thread (commands/split_merge.h)
// in-process: a record read back is the frame added (a TooLong game's number plus the base the
// merger passes, its bytes not kept), and the pieces SplitMerge writes are the same whether
// the records come in one batch or in batches of any size.
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

TEST(SplitRecords, ReadBackAsAddedWithTheNumberBased) {
  commands::SplitRecords records;
  records.add(kept("[Event \"a\"]\n\n1. e4 *\n", "a b"));
  records.add(kept("1. d4 *", std::nullopt));
  SplitFrame big;
  big.status = pgn::GameBytes::Status::TooLong;
  big.number = 3;
  big.line = 41;
  big.column = 2;
  big.size = 33554433;
  big.bytes = "the part read: not kept";
  records.add(big);
  records.add(kept("", ""));
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records.text_bytes(), 3u + 21u + 7u);  // the values and bytes of the Kept games

  std::vector<SplitFrame> frames;
  records.for_each(1000, [&frames](const SplitFrame& f) { frames.push_back(f); });  // 1000 before
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[0].status, pgn::GameBytes::Status::Kept);
  EXPECT_EQ(frames[0].bytes, "[Event \"a\"]\n\n1. e4 *\n");
  EXPECT_TRUE(frames[0].has_value);
  EXPECT_EQ(frames[0].value, "a b");
  EXPECT_EQ(frames[1].bytes, "1. d4 *");
  EXPECT_FALSE(frames[1].has_value);
  EXPECT_EQ(frames[2].status, pgn::GameBytes::Status::TooLong);
  EXPECT_EQ(frames[2].number, 1003u);
  EXPECT_EQ(frames[2].line, 41u);
  EXPECT_EQ(frames[2].column, 2u);
  EXPECT_EQ(frames[2].size, 33554433u);
  EXPECT_EQ(frames[2].bytes, "");
  EXPECT_TRUE(frames[3].has_value);  // an empty value is not a missing tag
  EXPECT_EQ(frames[3].value, "");
  EXPECT_EQ(frames[3].bytes, "");

  records.clear();
  EXPECT_TRUE(records.empty());
  EXPECT_EQ(records.text_bytes(), 0u);
}

std::map<std::string, std::string> files_in(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) files[e.path().filename().string()] = testing::read_file(e.path());
  return files;
}

// Splits 50 games (--by Event, 40 values: more than the open files) handed to
// SplitMerge::records() in batches of `batch` games (0: all at once) into dir/<batch>/.
std::map<std::string, std::string> split_by_event(const testing::TempDir& dir, std::size_t batch,
                                                  const std::vector<std::string>& games) {
  const std::string root = (dir / std::to_string(batch)).string();
  commands::SplitSettings settings;
  std::string error;
  settings.pattern = *commands::parse_split_pattern(root + "/{Event}.pgn", &error);
  settings.by = "Event";
  commands::MemoryConsole console;
  commands::SplitMerge merge(settings, console);
  merge.input_begin("in.pgn");
  commands::SplitRecords records;
  for (std::size_t i = 0; i < games.size(); ++i) {
    records.add(kept(games[i], "e" + std::to_string(i % 40)));
    if ((batch != 0 && records.size() == batch) || i + 1 == games.size()) {
      merge.records(records, 0);
      records.clear();
    }
  }
  EXPECT_TRUE(merge.finish());
  EXPECT_EQ(merge.games(), games.size());
  EXPECT_EQ(merge.pieces(), 40u);
  EXPECT_TRUE(console.messages.empty());
  return files_in(root);
}

TEST(SplitMerge, RecordsInBatchesOfAnySizeGiveTheSamePieces) {
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
  for (const std::size_t batch : {1u, 3u, 49u}) {
    EXPECT_EQ(split_by_event(dir, batch, games), whole) << "batches of " << batch << " games";
  }
}

}  // namespace
}  // namespace pgnkit

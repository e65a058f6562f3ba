// select --eco-classify through the binary: games are selected by the opening their moves
// reach, not by their ECO tags; select and select --invert partition the input; and the
// selection agrees game for game with the classification `status --eco` gives (a second code
// path: eco::Classifying over the replayer, where select feeds eco::Classifier from its
// replayer's move events).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "support/files.h"

namespace pgnkit {
namespace {

const std::string kData = std::string(PGNKIT_SOURCE_DIR) + "/tests/data/";
const std::string kSmallBook = kData + "eco/small_eco.pgn";
const std::string kMislabelled = kData + "eco/mislabelled.pgn";
const std::string kDebianBook = "/usr/share/pgn-extract/eco.pgn";

struct Result {
  int status = -1;
  std::string out;
};

// Runs pgnkit with `args` (already quoted for sh); stdout in `out`, stderr dropped.
Result pgnkit(const std::string& args) {
  Result r;
  const std::string command = "'" + std::string(PGNKIT_BINARY) + "' " + args + " 2>/dev/null";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int raw = ::pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
  return r;
}

std::string q(const std::string& s) {
  return "'" + s + "'";
}

// The fields of one CSV record (RFC 4180 quoting, as pgnkit writes it).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// One game as `status --eco --format csv` reports it: what identifies it (players, result tag,
// plies, final position) and its classification.
struct Row {
  std::string identity, eco;
};

std::vector<Row> status_rows(const std::string& book, const std::string& file) {
  const Result r = pgnkit("status --eco --eco-file " + q(book) + " --format csv " + q(file));
  EXPECT_LE(r.status, 1) << file;
  std::vector<Row> rows;
  std::size_t start = r.out.find('\n') + 1;  // after the header
  while (start < r.out.size()) {
    const std::size_t end = r.out.find('\n', start);
    const std::vector<std::string> f = csv_fields(r.out.substr(start, end - start));
    EXPECT_EQ(f.size(), 17u) << r.out.substr(start, end - start);
    if (f.size() == 17)
      rows.push_back({f[2] + "|" + f[3] + "|" + f[4] + "|" + f[5] + "|" + f[11], f[15]});
    start = end + 1;
  }
  return rows;
}

bool in_ranges(const std::string& eco, const std::vector<std::pair<std::string, std::string>>& r) {
  return std::any_of(
             r.begin(), r.end(),
             [&](const auto& range) { return eco >= range.first && eco <= range.second; }) &&
         !eco.empty();
}

std::vector<std::string> identities(const std::vector<Row>& rows) {
  std::vector<std::string> out;
  for (const Row& r : rows) out.push_back(r.identity);
  std::sort(out.begin(), out.end());
  return out;
}

// select with `ranges` and with --invert against status --eco on the same file and book.
void expect_partition_and_agreement(const std::string& book, const std::string& file,
                                    const std::string& spec,
                                    const std::vector<std::pair<std::string, std::string>>& ranges,
                                    std::size_t expected_games, std::size_t expected_selected) {
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string selected = (dir / "selected.pgn").string();
  const std::string rest = (dir / "rest.pgn").string();
  const std::string select = "select --eco " + spec + " --eco-classify --eco-file " + q(book) + " ";
  EXPECT_EQ(pgnkit(select + q(file) + " -o " + q(selected)).status, expected_selected ? 0 : 1);
  EXPECT_EQ(pgnkit(select + "--invert " + q(file) + " -o " + q(rest)).status,
            expected_selected < expected_games ? 0 : 1);

  const std::vector<Row> all = status_rows(book, file);
  const std::vector<Row> in = status_rows(book, selected);
  const std::vector<Row> out = status_rows(book, rest);
  ASSERT_EQ(all.size(), expected_games);
  std::size_t classified_in_range = 0;
  for (const Row& r : all) classified_in_range += in_ranges(r.eco, ranges);
  EXPECT_EQ(classified_in_range, expected_selected);
  EXPECT_EQ(in.size(), expected_selected);
  EXPECT_EQ(in.size() + out.size(), all.size());
  for (const Row& r : in) EXPECT_TRUE(in_ranges(r.eco, ranges)) << r.identity << " " << r.eco;
  for (const Row& r : out) EXPECT_FALSE(in_ranges(r.eco, ranges)) << r.identity << " " << r.eco;
  // Every game is in exactly one of the two outputs.
  std::vector<std::string> both = identities(in), rest_ids = identities(out);
  both.insert(both.end(), rest_ids.begin(), rest_ids.end());
  std::sort(both.begin(), both.end());
  EXPECT_EQ(both, identities(all));
  // The selected games' bytes are the input's: selecting the output again changes nothing.
  const Result again = pgnkit(select + q(selected));
  EXPECT_EQ(again.out, testing::read_file(selected));
}

// The Event tags of the games in select's output, in order.
std::vector<std::string> events(const std::string& pgn) {
  std::vector<std::string> out;
  for (std::size_t at = pgn.find("[Event \""); at != std::string::npos;
       at = pgn.find("[Event \"", at + 1)) {
    const std::size_t start = at + 8;
    out.push_back(pgn.substr(start, pgn.find("\"]", start) - start));
  }
  return out;
}

TEST(SelectEcoClassify, SelectsByTheMovesNotTheTags) {
  const std::string book = " --eco-file " + q(kSmallBook) + " ";
  const Result classified = pgnkit("select --eco B00-B99 --eco-classify" + book + q(kMislabelled));
  EXPECT_EQ(classified.status, 0);
  EXPECT_EQ(events(classified.out),
            (std::vector<std::string>{"tag C00, moves B90 (the Najdorf, 6.Be2)",
                                      "tag E00, moves B12", "tag A00, B27 then an illegal move"}));
  // The tags say otherwise: B20 (really D00) and B00 (a FEN start, never classified).
  const Result by_tag = pgnkit("select --eco B00-B99 " + q(kMislabelled));
  EXPECT_EQ(events(by_tag.out), (std::vector<std::string>{"tag B20, moves D00",
                                                          "tag B00, FEN start: never classified"}));
  // --eco-file implies --eco-classify.
  EXPECT_EQ(pgnkit("select --eco B00-B99" + book + q(kMislabelled)).out, classified.out);
  // A code, a list, and the games no range can match (unclassified) under --invert.
  EXPECT_EQ(pgnkit("select --count --eco C00,E00 --eco-classify" + book + q(kMislabelled)).out,
            "2\n");
  const Result unclassified =
      pgnkit("select --invert --eco A00-E99 --eco-classify" + book + q(kMislabelled));
  EXPECT_EQ(events(unclassified.out),
            (std::vector<std::string>{"tag B00, FEN start: never classified",
                                      "no tag, out of the book at move 1"}));
}

TEST(SelectEcoClassify, PartitionsAndAgreesWithStatusOnTheFixture) {
  expect_partition_and_agreement(kSmallBook, kMislabelled, "B00-B99", {{"B00", "B99"}}, 8, 3);
  expect_partition_and_agreement(kSmallBook, kMislabelled, "C00,D00-E99",
                                 {{"C00", "C00"}, {"D00", "E99"}}, 8, 3);
}

TEST(SelectEcoClassify, PartitionsAndAgreesWithStatusOnTheSampleWithDebiansBook) {
  if (!std::filesystem::exists(kDebianBook))
    GTEST_SKIP() << kDebianBook << " absent (apt-get install pgn-extract)";
  const std::string sample = std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn";
  // The counts are status --eco's (checked inside), written here so that a change shows.
  expect_partition_and_agreement(kDebianBook, sample, "B00-B99", {{"B00", "B99"}}, 315, 74);
  expect_partition_and_agreement(kDebianBook, sample, "A00-A99,C20-C99",
                                 {{"A00", "A99"}, {"C20", "C99"}}, 315, 136);
}

// With --eco-classify alone, select stops replaying a game past the book's deepest line; with
// --verbose it replays every move. Both select the same games, and --to pgn converts them
// whole (the converter sees every move) as convert does.
TEST(SelectEcoClassify, StoppingPastTheBookChangesNothing) {
  if (!std::filesystem::exists(kDebianBook))
    GTEST_SKIP() << kDebianBook << " absent (apt-get install pgn-extract)";
  const std::string sample = q(std::string(PGNKIT_SOURCE_DIR) + "/data/sample.pgn");
  const std::string select = "select --eco C00-C99 --eco-classify ";
  const Result fast = pgnkit(select + sample);
  EXPECT_EQ(fast.status, 0);
  EXPECT_EQ(pgnkit(select + "--verbose " + sample).out, fast.out);
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  const std::string selected = dir.file("selected.pgn", fast.out);
  const Result converted = pgnkit(select + "--to pgn " + sample);
  EXPECT_EQ(converted.out, pgnkit("convert --to pgn " + q(selected)).out);
  EXPECT_GT(converted.out.size(), 10000u);
}

TEST(SelectEcoClassify, ABadBookIsAUsageError) {
  const Result bad =
      pgnkit("select --eco A00 --eco-file " + q(kData + "eco/bad_eco.pgn") + " " + q(kMislabelled));
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(
      pgnkit("select --eco A00 --eco-classify --eco-file /nonexistent/eco.pgn " + q(kMislabelled))
          .status,
      2);
  EXPECT_EQ(pgnkit("select --eco-classify " + q(kMislabelled)).status, 2);  // needs --eco
}

}  // namespace
}  // namespace pgnkit

// annotate properties that golden files cannot show: idempotence over many inputs, in-place
// safety, and zstd output.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "support/files.h"
#include "support/sanitized.h"

namespace fs = std::filesystem;

namespace {

using pgnkit::testing::read_file;

int run(const std::string& args) {
  const std::string cmd = std::string("'") + PGNKIT_BINARY + "' " + args + " 2>/dev/null";
  const int raw = std::system(cmd.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
}

fs::path temp_dir(const std::string& name) {
  // The pid keeps concurrent runs of the suite (several build trees) apart.
  const fs::path dir =
      fs::temp_directory_path() / ("pgnkit_annotate_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<fs::path> inputs() {
  std::vector<fs::path> files;
  for (const char* sub : {"tests/data/check", "tests/data/annotate", "tests/data/pgn"}) {
    const fs::path dir = fs::path(PGNKIT_SOURCE_DIR) / sub;
    if (!fs::exists(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".pgn") files.push_back(e.path());
  }
  const fs::path tricky = fs::path(PGNKIT_SHARED_DIR) / "corpus/tricky";
  if (fs::exists(tricky))
    for (const auto& e : fs::recursive_directory_iterator(tricky))
      if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path());
  return files;
}

// Annotating twice gives the same output as annotating once, for every option set (in a
// sanitized build each input with one option set, in turn: support/sanitized.h).
TEST(Annotate, Idempotent) {
  const fs::path dir = temp_dir("idempotent");
  const std::vector<std::string> option_sets = {
      "", "--fix-results --end-tags --claim-comments --fen-comments",
      "--on-error truncate --end-tags", "--on-error skip --fix-results",
      "--line-length 40 --claim-comments"};
  int checked = 0;
  const std::vector<fs::path> files = inputs();
  for (std::size_t i = 0; i < files.size(); ++i) {
    const fs::path& input = files[i];
    for (const std::string& opts : pgnkit::testing::in_turn_when_sanitized(option_sets, i)) {
      const fs::path once = dir / "once.pgn", twice = dir / "twice.pgn";
      run("annotate " + opts + " '" + input.string() + "' -o '" + once.string() + "'");
      run("annotate " + opts + " '" + once.string() + "' -o '" + twice.string() + "'");
      ASSERT_EQ(read_file(once), read_file(twice)) << input << " with options: " << opts;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10);
}

// Whether the writer could have broken `line` (docs/annotate.md): at a space outside a
// `[%...]` command, not before '[' or '%' (no line inside a comment starts with either), not
// after a move number (it stays with its move); never inside a ';' comment, which ends its line.
bool breakable(const std::string& line) {
  if (line.starts_with(";")) return false;
  const std::size_t digits = line.find_first_not_of("0123456789");
  const bool numbered = digits > 0 && digits != std::string::npos && line[digits] == '.';
  std::size_t i = numbered ? line.find(' ') + 1 : 0;
  for (; i < line.size(); ++i) {
    if (line.compare(i, 2, "[%") == 0) {
      const std::size_t close = line.find(']', i + 2);
      if (close != std::string::npos) i = close;
      continue;
    }
    if (line[i] == ';') return false;  // the rest of the line is one comment
    if (line[i] == ' ' && i + 1 < line.size() && line[i + 1] != '[' && line[i + 1] != '%')
      return true;
  }
  return false;
}

// Every written line fits in the line length (tags aside, which cannot be broken), unless the
// writer had no place to break it (a run of commands, a ';' comment).
TEST(Annotate, LinesFitTheWidth) {
  const fs::path dir = temp_dir("width");
  for (const fs::path& input : inputs()) {
    run("annotate --fen-comments '" + input.string() + "' -o '" + (dir / "out.pgn").string() + "'");
    std::istringstream lines(read_file(dir / "out.pgn"));
    std::string line;
    while (std::getline(lines, line)) {
      if (!line.empty() && line[0] == '[') continue;
      // A unit longer than the width (a long FEN comment word cannot be) stays whole.
      if (!breakable(line)) continue;
      EXPECT_LE(line.size(), 80u) << input << ": " << line;
    }
  }
}

// A failing --in-place run leaves the original byte-identical and no temporary file behind.
TEST(Annotate, InPlaceFailureLeavesOriginalUntouched) {
  const fs::path dir = temp_dir("inplace_fail");
  const fs::path file = dir / "broken.pgn.zst";
  fs::copy_file(fs::path(PGNKIT_SOURCE_DIR) / "tests/data/check/truncated.pgn.zst", file);
  const std::string before = read_file(file);
  EXPECT_EQ(run("annotate --in-place --fix-results '" + file.string() + "'"), 2);
  EXPECT_EQ(read_file(file), before);
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++entries;
  EXPECT_EQ(entries, 1);
}

TEST(Annotate, InPlaceSuccessRewritesTheFile) {
  const fs::path dir = temp_dir("inplace_ok");
  const fs::path file = dir / "endings.pgn";
  fs::copy_file(fs::path(PGNKIT_SOURCE_DIR) / "tests/data/annotate/endings.pgn", file);
  EXPECT_EQ(run("annotate --in-place --fix-results '" + file.string() + "'"), 0);
  const fs::path expected = dir / "expected.pgn";
  run("annotate --fix-results '" +
      (fs::path(PGNKIT_SOURCE_DIR) / "tests/data/annotate/endings.pgn").string() + "' -o '" +
      expected.string() + "'");
  EXPECT_EQ(read_file(file), read_file(expected));
}

// A .zst output name gives a zstd stream that reads back as the plain output.
TEST(Annotate, ZstdOutput) {
  const fs::path dir = temp_dir("zstd");
  const std::string input =
      (fs::path(PGNKIT_SOURCE_DIR) / "tests/data/annotate/endings.pgn").string();
  run("annotate '" + input + "' -o '" + (dir / "out.pgn.zst").string() + "'");
  run("annotate '" + input + "' -o '" + (dir / "out.pgn").string() + "'");
  const std::string zst = read_file(dir / "out.pgn.zst");
  ASSERT_GE(zst.size(), 4u);
  EXPECT_EQ(static_cast<unsigned char>(zst[0]), 0x28);  // zstd magic 28 B5 2F FD
  // Reading the .zst back through pgnkit gives the same games.
  run("annotate '" + (dir / "out.pgn.zst").string() + "' -o '" + (dir / "back.pgn").string() + "'");
  EXPECT_EQ(read_file(dir / "back.pgn"), read_file(dir / "out.pgn"));
}

}  // namespace

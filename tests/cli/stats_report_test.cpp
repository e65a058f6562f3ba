// `pgnkit stats --format html` (issue 32, docs/stats.md): hostile tag values escaped (the
// page holds no script but its own), tables only without the charting library, and the page
// in Debian's headless chromium with the network off: no console errors, every chart drawn,
// a screenshot (skipped with a message where chromium is absent).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit::cli_stats_report_test {
namespace {

using testing::ChildRun;
using testing::read_file;
using testing::run_pgnkit;
using testing::run_shell;
using testing::TempDir;
using testing::write_file;

const std::string kData = std::string(PGNKIT_SOURCE_DIR) + "/data/";
const std::string kChromium = "/usr/bin/chromium";
const std::string kChartJs = "/usr/share/javascript/chart.js/chart.min.js";

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Games whose tags, names and moves try to get markup into the page.
std::string hostile_pgn() {
  const std::string long_name(5000, 'W');
  std::string pgn;
  pgn += "[Event \"<script>alert(1)</script>\"]\n[Site \"\\\"><img src=x onerror=alert(2)>\"]\n";
  pgn += "[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"" + long_name + "\"]\n";
  pgn += "[Black \"Bad \xff\xfe UTF-8 \xc3\x28 </td></tr></table><script>alert(3)</script>\"]\n";
  pgn += "[Result \"1-0\"]\n[TimeControl \"'><svg onload=alert(4)>\"]\n\n";
  pgn += "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  pgn += "[Event \"</script><script>alert(5)</script>\"]\n[White \"&amp; <b>bold</b>\"]\n";
  pgn += "[Black \"x\"]\n[Result \"*\"]\n[ECO \"<E>\"]\n\n1. e4 <script>alert(6)</script> *\n";
  return pgn;
}

ChildRun report(const TempDir& dir, const std::vector<std::string>& args) {
  std::vector<std::string> all = {"stats", "--format", "html", "--no-progress"};
  all.insert(all.end(), args.begin(), args.end());
  return run_pgnkit(dir, all);
}

TEST(StatsReport, HostileValuesAreEscaped) {
  const TempDir dir;
  ASSERT_TRUE(dir.ok());
  write_file(dir / "hostile.pgn", hostile_pgn());
  for (const bool charts : {true, false}) {
    std::vector<std::string> args = {(dir / "hostile.pgn").string()};
    if (!charts) args.insert(args.begin(), "--no-charts");
    const ChildRun r = report(dir, args);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string& page = r.out;
    // The page's own scripts only: the data, the library (when present), its own code.
    const bool library = charts && std::filesystem::exists(kChartJs);
    EXPECT_EQ(occurrences(page, "<script"), library ? 3u : 2u);
    EXPECT_EQ(occurrences(page, "</script>"), library ? 3u : 2u);
    for (const char* bad : {"<script>alert", "<img", "<b>bold", "<svg onload", "<E>"})
      EXPECT_EQ(page.find(bad), std::string::npos) << bad;
    EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(page.find("&amp;amp; &lt;b&gt;bold&lt;/b&gt;"), std::string::npos);
    // The long name is cut; the invalid bytes are read as Windows-1252 (valid UTF-8 out).
    EXPECT_EQ(page.find(std::string(200, 'W')), std::string::npos);
    EXPECT_NE(page.find("Bad \xc3\xbf\xc3\xbe UTF-8"), std::string::npos);
  }
}

TEST(StatsReport, TablesOnlyWithoutTheLibrary) {
  const TempDir dir;
  const ChildRun r = report(dir, {"--chart-js", "/nonexistent/chart.js", kData + "broken.pgn"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Tables only: the charts need Chart.js"), std::string::npos);
  EXPECT_EQ(r.out.find("<canvas"), std::string::npos);
  EXPECT_NE(r.out.find("<table"), std::string::npos);
}

TEST(StatsReport, ProblemsHaveBoardsAndArrows) {
  const TempDir dir;
  const ChildRun r = report(dir, {kData + "broken.pgn"});
  ASSERT_EQ(r.status, 0) << r.err;
  // broken.pgn's first problem: game 1, 3. Nd5, which no knight can reach.
  EXPECT_NE(r.out.find("{&quot;file&quot;:&quot;"), std::string::npos);
  EXPECT_GE(occurrences(r.out, "<svg class=\"board\""), 20u);
  EXPECT_GE(occurrences(r.out, "<g class=\"arrow\">"), 10u);
}

// The page in chromium, headless, the network off: what its DOM says after its script ran.
struct Browser {
  ChildRun dom, shot;
};
Browser open_in_chromium(const TempDir& dir, const std::string& page, const std::string& png) {
  const std::string flags =
      "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-extensions "
      "--proxy-server=127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND' "
      "--virtual-time-budget=5000 --user-data-dir='" +
      (dir / "profile").string() + "' ";
  Browser b;
  b.dom = run_shell("timeout 120 " + kChromium + " " + flags +
                    "--enable-logging=stderr --v=0 --dump-dom 'file://" + page + "'");
  b.shot = run_shell("timeout 120 " + kChromium + " " + flags +
                     "--hide-scrollbars --window-size=1000,2600 --screenshot='" + png +
                     "' 'file://" + page + "' 2>/dev/null");
  return b;
}

TEST(StatsReport, DrawsInChromium) {
  if (!std::filesystem::exists(kChromium)) GTEST_SKIP() << "chromium is not installed";
  if (!std::filesystem::exists(kChartJs)) GTEST_SKIP() << kChartJs << " is absent (libjs-chart.js)";
  const TempDir dir;
  ASSERT_TRUE(dir.ok());
  write_file(dir / "hostile.pgn", hostile_pgn());
  for (const std::string& input : {kData + "broken.pgn", (dir / "hostile.pgn").string()}) {
    const ChildRun r = report(dir, {input});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string page = (dir / "report.html").string(), png = (dir / "report.png").string();
    write_file(page, r.out);
    const Browser b = open_in_chromium(dir, page, png);
    ASSERT_EQ(b.dom.status, 0) << b.dom.err;
    // Every chart drew (its canvas holds ink), and the page's script ran to its end.
    EXPECT_NE(b.dom.out.find("data-charts=\"6/6\""), std::string::npos) << input;
    EXPECT_EQ(occurrences(b.dom.out, "data-drawn=\"yes\""), 6u) << input;
    EXPECT_EQ(b.dom.out.find("data-drawn=\"no\""), std::string::npos);
    // No console message (errors are logged as CONSOLE lines), and no script but the page's.
    EXPECT_EQ(b.dom.err.find("CONSOLE"), std::string::npos) << b.dom.err;
    EXPECT_EQ(b.dom.out.find("<img"), std::string::npos);
    EXPECT_EQ(occurrences(b.dom.out, "<script"), 3u);
    EXPECT_GT(std::filesystem::file_size(png), 10'000u) << b.shot.err;
  }
}

TEST(StatsReport, TablesOnlyPageRunsInChromium) {
  if (!std::filesystem::exists(kChromium)) GTEST_SKIP() << "chromium is not installed";
  const TempDir dir;
  const ChildRun r = report(dir, {"--no-charts", kData + "broken.pgn"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = (dir / "report.html").string();
  write_file(page, r.out);
  const Browser b = open_in_chromium(dir, page, (dir / "report.png").string());
  EXPECT_NE(b.dom.out.find("data-charts=\"absent\""), std::string::npos);
  EXPECT_EQ(b.dom.err.find("CONSOLE"), std::string::npos) << b.dom.err;
}

}  // namespace
}  // namespace pgnkit::cli_stats_report_test

// Every input users have, through the real binary (issue 29, docs/formats.md): data/ fixtures
// compressed and archived by the real tools read back to the plain file's output at -j 1 and
// -j 2; a directory tree reads as its PGN files listed by hand in sorted order; an archive's
// members are named in diagnostics, its other members noted; truncation, corruption and
// encrypted members fail clearly with the games before them kept; index and --range refuse
// what they cannot shard.
#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit::cli_inputs_test {
namespace {

namespace fs = std::filesystem;
using testing::ChildRun;
using testing::run_pgnkit;
using testing::TempDir;

const std::string kData = std::string(PGNKIT_SOURCE_DIR) + "/data/";

bool have(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

// Runs a shell command in `dir`; true when it exits 0.
bool sh(const TempDir& dir, const std::string& command) {
  return std::system(("cd '" + dir.path() + "' && " + command).c_str()) == 0;
}

// The pieces one after another (one string, no temporaries).
std::string cat(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (const std::string_view p : pieces) out += p;
  return out;
}

// `text` with every "from" replaced by "to" (diagnostics name their input).
std::string renamed(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
  return text;
}

struct Packed {
  std::string tool, file, command;  // what makes `file` in the directory from x.pgn
  std::string member;               // the stream's name in diagnostics: file or file:member
};

std::vector<Packed> formats() {
  return {
      {"gzip", "x.pgn.gz", "gzip -c x.pgn > x.pgn.gz", "x.pgn.gz"},
      {"bgzip", "x.pgn.bgz", "bgzip -c x.pgn > x.pgn.bgz", "x.pgn.bgz"},
      {"pigz", "x.pgn.pz", "pigz -c -b 64 x.pgn > x.pgn.pz", "x.pgn.pz"},
      {"bzip2", "x.pgn.bz2", "bzip2 -c x.pgn > x.pgn.bz2", "x.pgn.bz2"},
      {"xz", "x.pgn.xz", "xz -c x.pgn > x.pgn.xz", "x.pgn.xz"},
      {"zstd", "x.pgn.zst", "zstd -q -c x.pgn > x.pgn.zst", "x.pgn.zst"},
      {"zip", "x.zip", "zip -q x.zip x.pgn", "x.zip:x.pgn"},
      {"tar", "x.tar", "tar cf x.tar x.pgn", "x.tar:x.pgn"},
      {"tar", "x.tgz", "tar czf x.tgz x.pgn", "x.tgz:x.pgn"},
      {"xz", "x.tar.xz", "tar cJf x.tar.xz x.pgn", "x.tar.xz:x.pgn"},
      {"zstd", "x.tar.zst", "tar cf - x.pgn | zstd -q -c > x.tar.zst", "x.tar.zst:x.pgn"},
      {"zip", "x.gz.zip", "gzip -c x.pgn > y.pgn.gz && zip -q x.gz.zip y.pgn.gz",
       "x.gz.zip:y.pgn.gz"},
  };
}

TEST(Inputs, EveryFormatReadsBackToThePlainFilesOutput) {
  for (const std::string fixture : {"sample.pgn", "broken.pgn"}) {
    TempDir dir;
    fs::copy_file(kData + fixture, dir / "x.pgn");
    for (const std::string jobs : {"1", "2"}) {
      const ChildRun plain = run_pgnkit(dir, {"check", "-j", jobs, (dir / "x.pgn").string()});
      const ChildRun converted =
          run_pgnkit(dir, {"convert", "--to", "pgn", "-j", jobs, (dir / "x.pgn").string()});
      ASSERT_NE(converted.status, 2) << converted.err;
      for (const Packed& p : formats()) {
        if (!have(p.tool) || !sh(dir, p.command)) continue;
        const std::string path = (dir / p.file).string();
        const std::string what = cat({fixture, " ", p.file, " -j ", jobs});
        const ChildRun check = run_pgnkit(dir, {"check", "-j", jobs, path});
        EXPECT_EQ(check.status, plain.status) << what << "\n" << check.err;
        EXPECT_EQ(check.out,
                  renamed(plain.out, (dir / "x.pgn").string(), (dir / p.member).string()))
            << what;
        const ChildRun convert = run_pgnkit(dir, {"convert", "--to", "pgn", "-j", jobs, path});
        EXPECT_EQ(convert.status, converted.status) << what << "\n" << convert.err;
        EXPECT_TRUE(convert.out == converted.out) << what;
      }
    }
  }
}

TEST(Inputs, ADirectoryReadsAsItsPgnFilesInSortedOrder) {
  TempDir dir;
  const fs::path games = dir / "games";
  fs::create_directories(games / "b" / "deep");
  fs::create_directories(games / ".git");
  fs::create_directories(games / "a");
  fs::copy_file(kData + "sample.pgn", games / "b" / "deep" / "z.pgn");
  fs::copy_file(kData + "broken.pgn", games / "a" / "m.pgn");
  fs::copy_file(kData + "sample.pgn", games / ".git" / "hidden.pgn");
  testing::write_file(games / "notes.txt", "not games\n");
  fs::copy_file(kData + "broken.pgn", games / "c.pgn");
  if (!sh(dir, "gzip -c games/c.pgn > games/b/x.pgn.gz && rm games/c.pgn")) GTEST_SKIP();
  fs::copy_file(kData + "sample.pgn", dir / "top.pgn");
  if (!sh(dir, "zip -q games/w.zip top.pgn")) GTEST_SKIP() << "zip is not installed";
  const std::vector<std::string> by_hand = {"games/a/m.pgn", "games/b/deep/z.pgn",
                                            "games/b/x.pgn.gz", "games/w.zip"};
  for (const std::string jobs : {"1", "2"}) {
    for (const std::string command : {"check", "convert", "status"}) {
      const ChildRun whole =
          testing::run_pgnkit_line(cat({command, " -j ", jobs, " games/"}), dir.path());
      std::string hand_line;
      for (const std::string& p : by_hand) hand_line += " " + p;
      const ChildRun hand =
          testing::run_pgnkit_line(cat({command, " -j ", jobs, hand_line}), dir.path());
      EXPECT_EQ(whole.status, hand.status) << command << " -j " << jobs << "\n" << whole.err;
      EXPECT_TRUE(whole.out == hand.out) << command << " -j " << jobs;
      EXPECT_NE(whole.out.find(command == "check" ? "games/a/m.pgn:" : ""), std::string::npos);
    }
  }
  fs::create_directories(dir / "none" / "sub");
  const ChildRun none = testing::run_pgnkit_line("check none", dir.path());
  EXPECT_EQ(none.status, 0) << none.err;
  EXPECT_NE(none.err.find("none: skipped: no PGN file found under it"), std::string::npos)
      << none.err;
}

TEST(Inputs, ArchiveMembersAreNamedAndOtherMembersNoted) {
  TempDir dir;
  if (!have("zip")) GTEST_SKIP() << "zip is not installed";
  fs::create_directories(dir / "in" / "folder");
  fs::copy_file(kData + "broken.pgn", dir / "in" / "one.pgn");
  fs::copy_file(kData + "sample.pgn", dir / "in" / "two.pgn");
  testing::write_file(dir / "in" / "readme.txt", "hello\n");
  testing::write_file(dir / "in" / "empty.pgn", "");
  testing::write_file(dir / "in" / "GAMES", "[Event \"x\"]\n\n1. e4 *\n");
  testing::write_file(dir / "in" / "LICENSE", "MIT\n");
  ASSERT_TRUE(sh(dir,
                 "cd in && zip -q -r ../t.zip one.pgn folder readme.txt empty.pgn "
                 "GAMES LICENSE two.pgn"));
  // The members read, in archive order, as files.
  const ChildRun plain =
      testing::run_pgnkit_line("check in/one.pgn in/empty.pgn in/GAMES in/two.pgn", dir.path());
  const std::string summary = plain.err.substr(0, plain.err.find(" plies"));
  for (const std::string jobs : {"1", "2"}) {
    const ChildRun r = testing::run_pgnkit_line("check -j " + jobs + " t.zip", dir.path());
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.out, renamed(plain.out, "in/", "t.zip:"));
    EXPECT_NE(r.err.find("pgnkit: t.zip:readme.txt: skipped: not PGN (by its name)\n"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("pgnkit: t.zip:LICENSE: skipped: not PGN (by its content)\n"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("folder"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\n" + summary + " plies"), std::string::npos) << r.err << summary;
    const ChildRun quiet = testing::run_pgnkit_line("check -q -j " + jobs + " t.zip", dir.path());
    EXPECT_EQ(quiet.err.find("skipped"), std::string::npos) << quiet.err;
    const ChildRun nd =
        testing::run_pgnkit_line("check --format ndjson -j " + jobs + " t.zip", dir.path());
    EXPECT_NE(nd.out.find("{\"file\":\"t.zip:one.pgn\",\"game\":1,\"line\":14,"),
              std::string::npos);
  }
}

TEST(Inputs, EncryptedMembersAndLinksFailAloneTheRestIsRead) {
  TempDir dir;
  if (!have("zip") || !have("tar")) GTEST_SKIP() << "zip or tar is not installed";
  fs::copy_file(kData + "sample.pgn", dir / "a.pgn");
  fs::copy_file(kData + "sample.pgn", dir / "b.pgn");
  ASSERT_TRUE(sh(dir, "zip -q -P secret s.zip a.pgn && zip -q s.zip b.pgn"));
  const ChildRun z = testing::run_pgnkit_line("check s.zip", dir.path());
  EXPECT_EQ(z.status, 2);
  EXPECT_NE(z.err.find("pgnkit: s.zip:a.pgn: cannot read the archive member: the member is "
                       "encrypted"),
            std::string::npos)
      << z.err;
  EXPECT_NE(z.err.find("\n315 games,"), std::string::npos) << z.err;
  ASSERT_TRUE(sh(dir, "ln -s a.pgn link.pgn && tar cf l.tar link.pgn b.pgn"));
  const ChildRun t = testing::run_pgnkit_line("check l.tar", dir.path());
  EXPECT_EQ(t.status, 0) << t.err;
  EXPECT_NE(t.err.find("pgnkit: l.tar:link.pgn: skipped: a symbolic link\n"), std::string::npos)
      << t.err;
  EXPECT_NE(t.err.find("\n315 games,"), std::string::npos) << t.err;
}

// The games before the damage, then an error naming the file and the byte: exit 2.
TEST(Inputs, TruncatedAndCorruptStreamsKeepTheGamesBefore) {
  TempDir dir;
  fs::copy_file(kData + "sample.pgn", dir / "x.pgn");
  const ChildRun whole = run_pgnkit(dir, {"convert", "--to", "pgn", (dir / "x.pgn").string()});
  for (const Packed& p : formats()) {
    if (!have(p.tool) || !sh(dir, p.command)) continue;
    const std::string packed = testing::read_file(dir / p.file);
    for (int tenth = 1; tenth < 10; ++tenth) {
      const std::string cut = (dir / ("cut-" + p.file)).string();
      testing::write_file(cut, packed.substr(0, packed.size() * tenth / 10));
      for (const std::string jobs : {"1", "2"}) {
        const std::string what = p.file + " cut at " + std::to_string(tenth) + "/10 -j " + jobs;
        const ChildRun r = run_pgnkit(dir, {"convert", "--to", "pgn", "-j", jobs, cut});
        EXPECT_EQ(r.status, 2) << what << "\n" << r.err;
        EXPECT_NE(r.err.find("cut-" + p.file.substr(0, p.file.find('.'))), std::string::npos)
            << what << "\n"
            << r.err;
        // Every game written before the last is one of the whole file's, in order.
        const std::size_t last = r.out.rfind("\n[Event ");
        const std::string kept = last == std::string::npos ? "" : r.out.substr(0, last);
        EXPECT_TRUE(whole.out.starts_with(kept)) << what;
      }
    }
  }
}

TEST(Inputs, IndexAndRangeRefuseArchivesAndPlanOneShardForGzip) {
  TempDir dir;
  if (!have("gzip") || !have("zip")) GTEST_SKIP() << "gzip or zip is not installed";
  fs::copy_file(kData + "sample.pgn", dir / "x.pgn");
  ASSERT_TRUE(sh(dir, "gzip -k x.pgn && zip -q x.zip x.pgn"));
  const ChildRun idx = testing::run_pgnkit_line("index --shards 4 x.pgn.gz", dir.path());
  EXPECT_EQ(idx.status, 0) << idx.err;
  EXPECT_EQ(idx.out.find("\"shard\":1"), std::string::npos) << idx.out;
  EXPECT_NE(idx.out.find("\"games\":315"), std::string::npos) << idx.out;
  EXPECT_NE(idx.err.find("x.pgn.gz: note: cannot be entered mid-stream"), std::string::npos);
  // The one shard reads everything, as the whole run does.
  const ChildRun range = testing::run_pgnkit_line("check --range 1000:2000 x.pgn.gz", dir.path());
  const ChildRun plain_range =
      testing::run_pgnkit_line("check --range 1000:2000 x.pgn", dir.path());
  EXPECT_EQ(range.status, plain_range.status);
  EXPECT_EQ(range.out, renamed(plain_range.out, "x.pgn:", "x.pgn.gz:"));
  for (const std::string command : {"index x.zip", "check --range 0:100 x.zip"}) {
    const ChildRun r = testing::run_pgnkit_line(command, dir.path());
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_NE(r.err.find("x.zip: a zip archive is not one stream"), std::string::npos) << r.err;
  }
}

TEST(Inputs, AGzipBombIsReadInBoundedMemory) {
  TempDir dir;
  if (!have("gzip")) GTEST_SKIP() << "gzip is not installed";
  // A game, then 256 MiB of zero bytes: a file of about 1 MB.
  ASSERT_TRUE(sh(dir,
                 "(printf '[Event \"bomb\"]\\n\\n1. e4 *\\n\\n'; head -c 268435456 "
                 "/dev/zero) | gzip -1 > bomb.pgn.gz"));
  testing::ChildIo io;
  io.limit = std::chrono::minutes(5);
  const ChildRun r = run_pgnkit(dir, {"check", "-q", (dir / "bomb.pgn.gz").string()}, {}, io);
  EXPECT_FALSE(r.hung);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_LT(r.max_rss_kib, 96 * 1024) << "KiB";
}

}  // namespace
}  // namespace pgnkit::cli_inputs_test

// list_inputs(): directory arguments expanded to the input files under them, in byte-wise
// order of the full path, hidden entries and other files skipped, symlinks to files followed
// and to directories not; every other argument passed through as given. is_input_name(): the
// suffix rule, for PGN and for NDJSON (lines) jobs.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "io/input_list.h"
#include "support/files.h"

namespace pgnkit::io::input_list_test {
namespace {

using pgnkit::testing::TempDir;
namespace fs = std::filesystem;

std::vector<std::string> paths_of(const std::vector<ListedInput>& listed) {
  std::vector<std::string> out;
  out.reserve(listed.size());
  for (const ListedInput& in : listed) out.push_back(in.path);
  return out;
}

// A tree with every kind of entry list_inputs() tells apart.
class InputListTree : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir_.ok());
    root_ = dir_.path();
    for (const char* d :
         {"games/b/deeper", "games/.git", "games/folder.pgn", "other", "empty/sub"}) {
      fs::create_directories(root_ + "/" + d);
    }
    for (const char* f : {"games/a.pgn",
                          "games/b.pgn",
                          "games/Z.pgn",
                          "games/b/c.PGN",
                          "games/b/d.pgn.gz",
                          "games/b/deeper/e.pgn.bz2",
                          "games/f.pgn.xz",
                          "games/g.pgn.zst",
                          "games/h.zip",
                          "games/i.tar.gz",
                          "games/j.tgz",
                          "games/k.ndjson",
                          "games/l.jsonl.zst",
                          "games/notes.txt",
                          "games/.hidden.pgn",
                          "games/.git/x.pgn",
                          "games/folder.pgn/m.pgn",
                          "other/real.pgn",
                          "other/n.ndjson",
                          "empty/sub/notes.txt",
                          "single.pgn",
                          "notes.txt"}) {
      dir_.file(f, "[Event \"?\"]\n\n*\n");
    }
    fs::create_symlink(root_ + "/other/real.pgn", root_ + "/games/link.pgn");
    fs::create_symlink(root_ + "/other", root_ + "/games/linkdir");
    fs::create_symlink(root_ + "/other", root_ + "/games/linkdir.pgn");
    fs::create_symlink(root_ + "/nowhere.pgn", root_ + "/games/dangling.pgn");
  }

  TempDir dir_;
  std::string root_;
};

TEST_F(InputListTree, ExpandsDirectoriesAndPassesTheRestThrough) {
  const std::string g = root_ + "/games/";
  const std::vector<ListedInput> listed =
      list_inputs({g, root_ + "/empty", root_ + "/single.pgn", "-", root_ + "/missing.pgn",
                   root_ + "/notes.txt"});
  const std::vector<std::string> expected = {
      g + "Z.pgn",  // upper case sorts first: by bytes, not by locale
      g + "a.pgn",
      g + "b.pgn",  // before b/...: '.' < '/'
      g + "b/c.PGN",
      g + "b/d.pgn.gz",
      g + "b/deeper/e.pgn.bz2",
      g + "dangling.pgn",  // opening reports it
      g + "f.pgn.xz",
      g + "folder.pgn/m.pgn",  // a directory with an input file's name is entered, not listed
      g + "g.pgn.zst",
      g + "h.zip",
      g + "i.tar.gz",
      g + "j.tgz",
      g + "link.pgn",  // the link's path, not its target's
      root_ + "/empty",
      root_ + "/single.pgn",
      "-",
      root_ + "/missing.pgn",
      root_ + "/notes.txt",  // an argument is taken whatever its name
  };
  EXPECT_EQ(paths_of(listed), expected);
  ASSERT_EQ(listed.size(), expected.size());
  for (const ListedInput& in : listed) {
    EXPECT_FALSE(in.error) << in.path;
    EXPECT_EQ(in.empty_directory, in.path == root_ + "/empty") << in.path;
  }
}

TEST_F(InputListTree, LinesJobsListNdjsonAndArchives) {
  const std::string g = root_ + "/games";  // no trailing slash: one is added
  const std::vector<ListedInput> listed = list_inputs({g}, /*lines=*/true);
  const std::vector<std::string> expected = {g + "/h.zip", g + "/i.tar.gz", g + "/j.tgz",
                                             g + "/k.ndjson", g + "/l.jsonl.zst"};
  EXPECT_EQ(paths_of(listed), expected);
}

TEST_F(InputListTree, DoubledTrailingSlashIsKeptOnce) {
  const std::vector<ListedInput> listed = list_inputs({root_ + "/other//"});
  EXPECT_EQ(paths_of(listed), std::vector<std::string>{root_ + "/other/real.pgn"});
}

TEST_F(InputListTree, SymlinkArgumentToADirectoryIsListed) {
  const std::vector<ListedInput> listed = list_inputs({root_ + "/games/linkdir"});
  EXPECT_EQ(paths_of(listed), std::vector<std::string>{root_ + "/games/linkdir/real.pgn"});
}

TEST_F(InputListTree, HiddenDirectoryGivenAsArgumentIsListed) {
  const std::vector<ListedInput> listed = list_inputs({root_ + "/games/.git"});
  EXPECT_EQ(paths_of(listed), std::vector<std::string>{root_ + "/games/.git/x.pgn"});
}

TEST(InputList, EmptyArgumentListGivesNothing) {
  EXPECT_TRUE(list_inputs({}).empty());
}

// A subdirectory that cannot be opened: one entry with its error at its place in the order,
// and the rest still listed. The path is made longer than PATH_MAX (ENAMETOOLONG), which no
// permission bits are needed for, so the test also runs as root.
TEST(InputList, UnlistableSubdirectoryIsAnEntryWithItsError) {
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  dir.file("a.pgn", "*\n");
  dir.file("z.pgn", "*\n");
  const std::string part(200, 'x');
  std::vector<int> fds{::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  ASSERT_GE(fds.back(), 0);
  std::string deep = dir.path();
  for (const std::string& name : {std::string("m"), part}) {
    ASSERT_EQ(::mkdirat(fds.back(), name.c_str(), 0755), 0);
    fds.push_back(::openat(fds.back(), name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    ASSERT_GE(fds.back(), 0);
    deep += "/" + name;
  }
  std::string too_long;  // the first directory whose path is too long to open
  while (too_long.empty()) {
    ASSERT_EQ(::mkdirat(fds.back(), part.c_str(), 0755), 0);
    deep += "/" + part;
    if (deep.size() >= PATH_MAX) too_long = deep;
    fds.push_back(::openat(fds.back(), part.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    ASSERT_GE(fds.back(), 0);
  }

  const std::vector<ListedInput> listed = list_inputs({dir.path()});

  // Removed bottom up through the descriptors: TempDir's remove_all goes by path.
  for (std::size_t i = fds.size() - 1; i > 0; --i) {
    ::close(fds[i]);
    ::unlinkat(fds[i - 1], i == 1 ? "m" : part.c_str(), AT_REMOVEDIR);
  }
  ::close(fds[0]);

  ASSERT_EQ(listed.size(), 3u);
  EXPECT_EQ(listed[0].path, dir.path() + "/a.pgn");
  EXPECT_EQ(listed[1].path, too_long);
  ASSERT_TRUE(listed[1].error);
  EXPECT_EQ(listed[1].error->code, IoErrorCode::OpenFailed);
  EXPECT_EQ(listed[1].error->sys_errno, ENAMETOOLONG);
  EXPECT_EQ(listed[2].path, dir.path() + "/z.pgn");
  EXPECT_FALSE(listed[0].error);
  EXPECT_FALSE(listed[2].error);
}

// The same through permissions, where they apply (not as root).
TEST(InputList, UnreadableSubdirectoryIsPermissionDenied) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every directory";
  TempDir dir;
  ASSERT_TRUE(dir.ok());
  fs::create_directories(dir / "locked");
  dir.file("locked/x.pgn", "*\n");
  dir.file("b.pgn", "*\n");
  ASSERT_EQ(::chmod((dir / "locked").c_str(), 0), 0);
  const std::vector<ListedInput> listed = list_inputs({dir.path()});
  ::chmod((dir / "locked").c_str(), 0755);  // so that TempDir can remove it
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].path, dir.path() + "/b.pgn");
  EXPECT_EQ(listed[1].path, dir.path() + "/locked");
  ASSERT_TRUE(listed[1].error);
  EXPECT_EQ(listed[1].error->code, IoErrorCode::PermissionDenied);
  EXPECT_EQ(listed[1].error->sys_errno, EACCES);
}

TEST(InputList, PgnNames) {
  for (const char* name :
       {"a.pgn",    "a.PGN",    "a.Pgn", "a.pgn.gz",  "a.pgn.bz2", "a.pgn.xz",       "a.pgn.zst",
        "A.PGN.GZ", "a.zip",    "a.tar", "a.tar.gz",  "a.tgz",     "a.tar.bz2",      "a.tbz2",
        "a.tbz",    "a.tar.xz", "a.txz", "a.tar.zst", "a.tzst",    "dir/member.pgn", "x.y.pgn"}) {
    EXPECT_TRUE(is_input_name(name)) << name;
  }
  for (const char* name :
       {"", "pgn", ".pgn", "a.pgnx", "a.pgn.txt", "a.gz", "a.zst", "a.txt", "a.ndjson",
        "a.jsonl.gz", "a.pgn.gz.bak", "a.pgn.lz4", "a.7z", "a.pgn.gz.gz", "apgn"}) {
    EXPECT_FALSE(is_input_name(name)) << name;
  }
}

TEST(InputList, LinesNames) {
  for (const char* name : {"a.ndjson", "a.jsonl", "a.ndjson.gz", "a.jsonl.bz2", "a.ndjson.xz",
                           "a.jsonl.zst", "A.NDJSON", "a.zip", "a.tar.zst", "a.tgz"}) {
    EXPECT_TRUE(is_input_name(name, /*lines=*/true)) << name;
  }
  for (const char* name : {"a.pgn", "a.pgn.gz", "a.json", "a.gz", ".ndjson", "a.ndjson.txt"}) {
    EXPECT_FALSE(is_input_name(name, /*lines=*/true)) << name;
  }
}

}  // namespace
}  // namespace pgnkit::io::input_list_test

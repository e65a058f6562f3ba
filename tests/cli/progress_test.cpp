// The progress line (tools/progress.h): its text, and the real binary on a pseudo-terminal.
//
// The binary cases run `pgnkit check` on a FIFO that the test fills slowly, so that the run
// lasts long enough to draw the line several times (PGNKIT_PROGRESS_DELAY_MS=0 takes away
// the one-second wait before the first draw). On a pseudo-terminal (forkpty) the line must
// appear, be erased before the summary, and the summary must follow; with stderr a pipe it
// must not appear unless --progress forces it; --no-progress hides it on a terminal. The same
// for `select`, `dedup` and `split` at -j 2, through the pipeline (tiny chunks, so that games
// are merged while the FIFO is still being filled).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "progress.h"
#include "support/files.h"

namespace pgnkit {
namespace {

using tools::Progress;

TEST(ProgressLine, ShowsBytesOfTotalGamesRateAndEta) {
  EXPECT_EQ(Progress::format_line(412'500'000, 1'230'000'000, 1'203'113, 205e6, 2.0),
            "pgnkit: 412.5 MB of 1.23 GB (33%), 1,203,113 games, 205.0 MB/s, ETA 0:04");
  EXPECT_EQ(Progress::format_line(999, 0, 1, 999, 75.0), "pgnkit: 999 B, 1 game, 999 B/s, 1:15");
  EXPECT_EQ(Progress::format_line(12'345, 12'345, 0, 1e3, 3725.0),
            "pgnkit: 12.3 kB of 12.3 kB (100%), 0 games, 1.0 kB/s, 1:02:05");
  // More read than the size said (a file that grew): 100%, no ETA.
  EXPECT_EQ(Progress::format_line(2'000, 1'000, 5, 0, 9.0),
            "pgnkit: 2.0 kB of 1.0 kB (100%), 5 games, 0 B/s, 0:09");
}

TEST(ProgressLine, CountsPositionsForAnalyse) {
  // analyse: positions and their rate; the ETA from the share of the input read.
  EXPECT_EQ(Progress::format_positions_line(250, 1'000, 12, 3'456, 812.4, 30.0),
            "pgnkit: 25% of 1.0 kB, 12 games, 3,456 positions, 812/s, ETA 1:30");
  EXPECT_EQ(Progress::format_positions_line(5, 0, 1, 1, 0.5, 61.0),
            "pgnkit: 1 game, 1 position, 0/s, 1:01");
}

constexpr const char* kErase = "\r\033[K";

// A clean game, or (odd i when `warnings`) one without five of the Seven Tag Roster, which
// gives five warning lines on stdout.
std::string game(int i, bool warnings = false) {
  const std::string roster = warnings && i % 2 == 1 ? ""
                                                    : "[Site \"?\"]\n[Date \"2020.01.01\"]\n"
                                                      "[Round \"1\"]\n[White \"a\"]\n"
                                                      "[Black \"b\"]\n";
  return "[Event \"g" + std::to_string(i) + "\"]\n" + roster +
         "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
}

// Writes 40 games into `fifo`, one every 15 ms, then closes it.
void feed_slowly(const std::string& fifo, bool warnings) {
  const int fd = ::open(fifo.c_str(), O_WRONLY);
  if (fd < 0) return;
  for (int i = 0; i < 40; ++i) {
    const std::string g = game(i, warnings);
    if (::write(fd, g.data(), g.size()) != static_cast<ssize_t>(g.size())) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(15));
  }
  ::close(fd);
}

struct ChildRun {
  std::string output;  // what the terminal or the stderr pipe received
  int status = -1;
};

std::vector<char*> argv_of(std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return argv;
}

// Reads fd until end of file (EIO on a pty master whose child has gone).
std::string read_all(int fd) {
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      out.append(buf, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return out;
    }
  }
}

enum class Screen { Terminal, Pipe };

// `pgnkit <command> FIFO` (command: the words after pgnkit, where "DIR" stands for a temporary
// directory of the run's own) with stdin, stdout and stderr on a pseudo-terminal (forkpty), or
// with stdout and stderr on one pipe. Not support/child.h: the output is read while the child
// runs, and a pseudo-terminal needs forkpty.
ChildRun run_on_fifo(Screen screen, const std::vector<std::string>& command,
                     bool warnings = false) {
  testing::TempDir dir;
  const std::string fifo = dir.path() + "/games.pgn";
  EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::vector<std::string> args{PGNKIT_BINARY};
  for (std::string word : command) {
    for (std::size_t at = word.find("DIR"); at != std::string::npos; at = word.find("DIR"))
      word.replace(at, 3, dir.path());
    args.push_back(word);
  }
  args.push_back(fifo);
  int reader = -1, pipe_fds[2] = {-1, -1};
  pid_t pid = -1;
  if (screen == Screen::Terminal) {
    pid = ::forkpty(&reader, nullptr, nullptr, nullptr);
  } else {
    EXPECT_EQ(::pipe(pipe_fds), 0);
    reader = pipe_fds[0];
    pid = ::fork();
  }
  if (pid == 0) {
    if (screen == Screen::Pipe) {
      ::dup2(pipe_fds[1], STDOUT_FILENO);
      ::dup2(pipe_fds[1], STDERR_FILENO);
      ::close(pipe_fds[0]);
      ::close(pipe_fds[1]);
    }
    ::setenv("PGNKIT_PROGRESS_DELAY_MS", "0", 1);
    ::setenv("PGNKIT_CHUNK_SIZE", "300", 1);  // the pipeline's (-j 2): many chunks
    auto argv = argv_of(args);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  if (pipe_fds[1] >= 0) ::close(pipe_fds[1]);
  std::thread feeder(feed_slowly, fifo, warnings);
  ChildRun run;
  run.output = read_all(reader);
  feeder.join();
  ::waitpid(pid, &run.status, 0);
  ::close(reader);
  return run;
}

ChildRun run_check(Screen screen, const std::vector<std::string>& extra, bool warnings = false) {
  std::vector<std::string> command{"check"};
  command.insert(command.end(), extra.begin(), extra.end());
  return run_on_fifo(screen, command, warnings);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ProgressBinary, DrawnOnATerminalAndErasedBeforeTheSummary) {
  const ChildRun run = run_check(Screen::Terminal, {});
  ASSERT_TRUE(WIFEXITED(run.status)) << run.output;
  EXPECT_EQ(WEXITSTATUS(run.status), 0) << run.output;
  // 40 games over ~0.6 s, redrawn every 250 ms: at least two lines.
  EXPECT_GE(count(run.output, std::string(kErase) + "pgnkit: "), 2u) << run.output;
  const std::size_t summary = run.output.find("40 games, ");
  ASSERT_NE(summary, std::string::npos) << run.output;
  // The last thing before the summary is the erase; no line is drawn after it.
  const std::size_t last_erase = run.output.rfind(kErase);
  ASSERT_NE(last_erase, std::string::npos);
  EXPECT_EQ(last_erase + std::string(kErase).size(), summary) << run.output;
  EXPECT_EQ(run.output.find("pgnkit: ", summary), std::string::npos) << run.output;
  // The input is a FIFO: no size, so no percentage.
  EXPECT_EQ(run.output.find('%'), std::string::npos) << run.output;
}

TEST(ProgressBinary, ProblemLinesOnTheSameTerminalStartOnAClearedLine) {
  const ChildRun run = run_check(Screen::Terminal, {}, true);
  ASSERT_TRUE(WIFEXITED(run.status)) << run.output;
  EXPECT_EQ(WEXITSTATUS(run.status), 0) << run.output;
  std::size_t problems = 0;
  for (std::size_t at = run.output.find("games.pgn:"); at != std::string::npos;
       at = run.output.find("games.pgn:", at + 1)) {
    const std::size_t line_start = run.output.rfind('/', at);  // the temporary directory
    const std::size_t path_start = run.output.rfind("/tmp", line_start);
    ASSERT_NE(path_start, std::string::npos);
    ++problems;
    // What precedes the problem line: a line break, or the erase of the progress line.
    const std::size_t n = std::string(kErase).size();
    const std::string before =
        run.output.substr(path_start >= n ? path_start - n : 0, path_start >= n ? n : path_start);
    EXPECT_TRUE(before.ends_with("\n") || before == kErase)
        << "before: " << ::testing::PrintToString(before);
  }
  EXPECT_EQ(problems, 20u * 5u) << run.output;  // 20 games lack five tags each
  EXPECT_GE(count(run.output, std::string(kErase) + "pgnkit: "), 2u) << run.output;
}

TEST(ProgressBinary, NoProgressHidesItOnATerminal) {
  const ChildRun run = run_check(Screen::Terminal, {"--no-progress"});
  ASSERT_TRUE(WIFEXITED(run.status));
  EXPECT_EQ(WEXITSTATUS(run.status), 0);
  EXPECT_NE(run.output.find("40 games, "), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find(kErase), std::string::npos) << run.output;
}

TEST(ProgressBinary, NotShownWhenStderrIsAPipeUnlessForced) {
  const ChildRun plain = run_check(Screen::Pipe, {});
  ASSERT_TRUE(WIFEXITED(plain.status));
  EXPECT_NE(plain.output.find("40 games, "), std::string::npos) << plain.output;
  EXPECT_EQ(plain.output.find(kErase), std::string::npos) << plain.output;

  const ChildRun forced = run_check(Screen::Pipe, {"--progress"});
  ASSERT_TRUE(WIFEXITED(forced.status));
  EXPECT_GE(count(forced.output, std::string(kErase) + "pgnkit: "), 2u) << forced.output;
  EXPECT_NE(forced.output.find("40 games, "), std::string::npos) << forced.output;
}

// select, dedup and split at -j 2 (each writing into DIR, so that only stderr is on the
// terminal), and the start of the summary each prints last ("": select prints none).
struct PipelinedCommand {
  std::vector<std::string> words;
  std::string summary;
};

class ProgressPipelined : public ::testing::TestWithParam<PipelinedCommand> {
 protected:
  std::vector<std::string> command(const std::vector<std::string>& extra) const {
    std::vector<std::string> words = GetParam().words;
    words.insert(words.end(), extra.begin(), extra.end());
    return words;
  }
};

TEST_P(ProgressPipelined, DrawnOnATerminalAndErasedAtTheEnd) {
  const ChildRun run = run_on_fifo(Screen::Terminal, command({}));
  ASSERT_TRUE(WIFEXITED(run.status)) << run.output;
  EXPECT_EQ(WEXITSTATUS(run.status), 0) << run.output;
  EXPECT_GE(count(run.output, std::string(kErase) + "pgnkit: "), 2u) << run.output;
  // The last thing written is the erase, or the erase and then the summary: no line is left
  // drawn after it.
  const std::size_t last_erase = run.output.rfind(kErase);
  ASSERT_NE(last_erase, std::string::npos) << run.output;
  const std::string after = run.output.substr(last_erase + std::string(kErase).size());
  const std::string& summary = GetParam().summary;
  if (summary.empty()) {
    EXPECT_EQ(after, "") << run.output;
  } else {
    EXPECT_TRUE(after.starts_with(summary)) << ::testing::PrintToString(after);
    EXPECT_EQ(count(run.output, summary), 1u) << run.output;
  }
  EXPECT_EQ(after.find("pgnkit: "), std::string::npos) << run.output;
}

TEST_P(ProgressPipelined, NoProgressHidesItOnATerminal) {
  const ChildRun run = run_on_fifo(Screen::Terminal, command({"--no-progress"}));
  ASSERT_TRUE(WIFEXITED(run.status));
  EXPECT_EQ(WEXITSTATUS(run.status), 0) << run.output;
  EXPECT_EQ(run.output.find(kErase), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("pgnkit: "), std::string::npos) << run.output;
  if (!GetParam().summary.empty()) {
    EXPECT_EQ(count(run.output, GetParam().summary), 1u) << run.output;
  }
}

TEST_P(ProgressPipelined, NotShownWhenStderrIsAPipeUnlessForced) {
  const ChildRun plain = run_on_fifo(Screen::Pipe, command({}));
  ASSERT_TRUE(WIFEXITED(plain.status));
  EXPECT_EQ(WEXITSTATUS(plain.status), 0) << plain.output;
  EXPECT_EQ(plain.output.find(kErase), std::string::npos) << plain.output;
  EXPECT_EQ(plain.output.find("pgnkit: "), std::string::npos) << plain.output;

  const ChildRun forced = run_on_fifo(Screen::Pipe, command({"--progress"}));
  ASSERT_TRUE(WIFEXITED(forced.status));
  EXPECT_EQ(WEXITSTATUS(forced.status), 0) << forced.output;
  EXPECT_GE(count(forced.output, std::string(kErase) + "pgnkit: "), 2u) << forced.output;
  const std::string& summary = GetParam().summary;
  if (!summary.empty()) {
    const std::size_t last_erase = forced.output.rfind(kErase);
    EXPECT_EQ(forced.output.find(summary), last_erase + std::string(kErase).size())
        << forced.output;
  }
}

INSTANTIATE_TEST_SUITE_P(
    SelectDedupSplit, ProgressPipelined,
    ::testing::Values(
        PipelinedCommand{{"select", "-j", "2", "--result", "1-0", "-o", "DIR/selected.pgn"}, ""},
        PipelinedCommand{{"dedup", "-j", "2", "-o", "DIR/unique.pgn"}, "40 games: 1 written"},
        PipelinedCommand{{"split", "-j", "2", "--games", "5", "-o", "DIR/out/%d.pgn"},
                         "40 games in 8 files"}),
    [](const ::testing::TestParamInfo<PipelinedCommand>& info) { return info.param.words[0]; });

TEST(ProgressLine, TotalIsKnownForRegularFilesOnly) {
  testing::TempDir dir;
  const std::string a = dir.path() + "/a.pgn", b = dir.path() + "/b.pgn";
  testing::write_file(a, game(1));
  testing::write_file(b, game(2) + game(3));
  EXPECT_EQ(tools::input_bytes({a, b}), game(1).size() + game(2).size() + game(3).size());
  const std::string fifo = dir.path() + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(tools::input_bytes({a, fifo}), 0u);  // a pipe has no size: no percentage
  EXPECT_EQ(tools::input_bytes({a, dir.path() + "/missing"}), 0u);
}

}  // namespace
}  // namespace pgnkit

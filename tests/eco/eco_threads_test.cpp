// annotate --eco on the thread pipeline: the tags it writes, replaces and removes (SubVariation
// included) are the same for every thread count, with chunks small enough that each holds a
// game or two, and equal the one-thread golden output (tests/cli/cases/annotate_eco_subvariation).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "support/files.h"

namespace pgnkit {
namespace {

const std::string kSource = PGNKIT_SOURCE_DIR;

struct Output {
  int status = -1;
  std::string out, err;
};

Output annotate(unsigned threads) {
  testing::TempDir dir;
  const std::string err = (dir / "err").string();
  const std::string command = "cd '" + kSource +
                              "/tests/data' && PGNKIT_CHUNK_SIZE=256 PGNKIT_PIPELINE_STATS=1 '" +
                              PGNKIT_BINARY + "' annotate -j " + std::to_string(threads) +
                              " --eco-file eco/sub_eco.pgn eco/stale_tags.pgn 2>'" + err + "'";
  Output r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int raw = ::pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
  r.err = testing::read_file(err);
  return r;
}

TEST(EcoThreads, AnnotateSubVariationOnEveryThreadCount) {
  const std::string golden =
      testing::read_file(kSource + "/tests/cli/cases/annotate_eco_subvariation/stdout");
  ASSERT_NE(golden.find("[SubVariation \"Opovcensky variation\"]"), std::string::npos);
  for (const unsigned threads : {1u, 2u, 3u}) {
    const Output r = annotate(threads);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, golden) << "-j " << threads;
    // The five games were read in three chunks (the pipeline's own count).
    if (threads > 1) {
      EXPECT_NE(r.err.find("pipeline: 3 chunks"), std::string::npos) << r.err;
    }
  }
}

}  // namespace
}  // namespace pgnkit

// annotate --eco on the thread pipeline: the tags it writes, replaces and removes (SubVariation
// included) are the same for every thread count, with chunks small enough that each holds a
// game or two, and equal the one-thread golden output (tests/cli/cases/annotate_eco_subvariation).
#include <gtest/gtest.h>

#include <string>

#include "support/child.h"
#include "support/files.h"

namespace pgnkit {
namespace {

const std::string kSource = PGNKIT_SOURCE_DIR;

testing::ChildRun annotate(unsigned threads) {
  const testing::TempDir dir;
  const std::string data = kSource + "/tests/data/eco/";
  return testing::run_pgnkit(dir,
                             {"annotate", "-j", std::to_string(threads), "--eco-file",
                              data + "sub_eco.pgn", data + "stale_tags.pgn"},
                             {"PGNKIT_CHUNK_SIZE=256", "PGNKIT_PIPELINE_STATS=1"});
}

TEST(EcoThreads, AnnotateSubVariationOnEveryThreadCount) {
  const std::string golden =
      testing::read_file(kSource + "/tests/cli/cases/annotate_eco_subvariation/stdout");
  ASSERT_NE(golden.find("[SubVariation \"Opovcensky variation\"]"), std::string::npos);
  for (const unsigned threads : {1u, 2u, 3u}) {
    const testing::ChildRun r = annotate(threads);
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

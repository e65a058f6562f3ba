// The CI formats in-process: escapes, the separator contract, and documents that parse.
#include <gtest/gtest.h>

#include <simdjson.h>

#include "diag/codes.h"
#include "diag/format.h"

namespace pgnkit::diag {
namespace {

replay::Problem problem(std::string message, std::string san = "Nf1") {
  replay::Problem p;
  p.code = replay::ProblemCode::IllegalMove;
  p.san_error = chess::SanError::PinnedPiece;
  p.game = 4;
  p.ply = 11;
  p.san = std::move(san);
  p.message = std::move(message);
  p.where.line = 10;
  p.where.column = 58;
  return p;
}

Placed at(std::string_view path, replay::Severity s = replay::Severity::Error) {
  return Placed{path, 0x00000000000000abULL, s, *find_code("pinned_piece")};
}

const ToolInfo kTool{"pgnkit", "0.1.0", "https://example.org/pgnkit", "https://example.org/codes"};

TEST(Github, EscapesAsDocumented) {
  std::string out;
  append_github_command(out, problem("50% of a\r\nline: a, b"), at("dir/a,b:c%.pgn"));
  EXPECT_EQ(out,
            "::error file=dir/a%2Cb%3Ac%25.pgn,line=10,col=58,title=pinned_piece::50%25 of "
            "a%0D%0Aline: a, b [game 4, ply 11, move 'Nf1']\n");
  out.clear();
  append_github_command(out, problem("m", ""), at("a.pgn", replay::Severity::Warning));
  EXPECT_EQ(out, "::warning file=a.pgn,line=10,col=58,title=pinned_piece::m [game 4, ply 11]\n");
}

TEST(Uri, PercentEncodesAllButUnreservedAndSlash) {
  std::string out;
  append_uri_path(out, "games/2019 open/\xc3\xa9t\xc3\xa9#1.pgn");
  EXPECT_EQ(out, "games/2019%20open/%C3%A9t%C3%A9%231.pgn");
}

// Results formatted into separate buffers (as worker threads would) join into one document.
TEST(Sarif, BuffersJoinIntoOneValidDocument) {
  std::string head, chunk1, chunk2, tail;
  append_header(head, Format::Sarif, kTool);
  append_problem(chunk1, Format::Sarif, problem("first"), at("a.pgn"), true);
  append_problem(chunk2, Format::Sarif, problem("second \"quoted\""), at("b c.pgn"), false);
  append_problem(chunk2, Format::Sarif, problem("third"), at("c.pgn"), false);
  append_footer(tail, Format::Sarif);
  const std::string doc = head + chunk1 + chunk2 + tail;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(doc).get(root), simdjson::SUCCESS) << doc;
  EXPECT_EQ(std::string_view(root["version"]), "2.1.0");
  const auto run = root["runs"].at(0);
  EXPECT_EQ(simdjson::dom::array(run["tool"]["driver"]["rules"]).size(), all_codes().size());
  const simdjson::dom::array results = run["results"];
  ASSERT_EQ(results.size(), 3u);
  const auto second = results.at(1);
  EXPECT_EQ(std::string_view(second["ruleId"]), "pinned_piece");
  EXPECT_EQ(std::string_view(second["message"]["text"]),
            "second \"quoted\" [game 4, ply 11, move 'Nf1']");
  const auto loc = second["locations"].at(0)["physicalLocation"];
  EXPECT_EQ(std::string_view(loc["artifactLocation"]["uri"]), "b%20c.pgn");
  EXPECT_EQ(std::int64_t(loc["region"]["startLine"]), 10);
  EXPECT_EQ(std::int64_t(loc["region"]["startColumn"]), 58);
  EXPECT_EQ(std::string_view(second["partialFingerprints"]["pgnkitProblem/v1"]),
            "00000000000000ab");
  EXPECT_EQ(std::int64_t(second["ruleIndex"]),
            static_cast<std::int64_t>(*find_code("pinned_piece")));
}

// Workers that do not know which result is first format all with first = false; the merger
// drops the separator from the first non-empty buffer it writes.
TEST(Sarif, MergerDropsTheFirstSeparator) {
  for (const Format f : {Format::Sarif, Format::Gitlab}) {
    std::string empty_chunk, chunk1, chunk2;
    append_problem(chunk1, f, problem("a"), at("a.pgn"), false);
    append_problem(chunk2, f, problem("b"), at("b.pgn"), false);
    append_problem(chunk2, f, problem("c"), at("c.pgn"), false);
    std::string doc;
    append_header(doc, f, kTool);
    bool written = false;
    for (const std::string* chunk : {&empty_chunk, &chunk1, &chunk2}) {
      doc += written ? std::string_view(*chunk) : drop_leading_separator(*chunk);
      written = written || !chunk->empty();
    }
    append_footer(doc, f);
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    ASSERT_EQ(parser.parse(doc).get(root), simdjson::SUCCESS) << doc;
    const simdjson::dom::array results = f == Format::Sarif ? root["runs"].at(0)["results"] : root;
    EXPECT_EQ(results.size(), 3u);
  }
  EXPECT_EQ(drop_leading_separator("x"), "x");
}

TEST(Sarif, EmptyDocumentIsValid) {
  std::string doc;
  append_header(doc, Format::Sarif, kTool);
  append_footer(doc, Format::Sarif);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(doc).get(root), simdjson::SUCCESS);
  EXPECT_EQ(simdjson::dom::array(root["runs"].at(0)["results"]).size(), 0u);
}

TEST(Gitlab, ArrayOfIssues) {
  std::string doc;
  append_header(doc, Format::Gitlab, kTool);
  append_problem(doc, Format::Gitlab, problem("one"), at("a.pgn"), true);
  append_problem(doc, Format::Gitlab, problem("two"), at("a.pgn", replay::Severity::Warning),
                 false);
  append_footer(doc, Format::Gitlab);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  ASSERT_EQ(parser.parse(doc).get(root), simdjson::SUCCESS) << doc;
  const simdjson::dom::array issues = root;
  ASSERT_EQ(issues.size(), 2u);
  EXPECT_EQ(std::string_view(issues.at(0)["check_name"]), "pinned_piece");
  EXPECT_EQ(std::string_view(issues.at(0)["severity"]), "major");
  EXPECT_EQ(std::string_view(issues.at(1)["severity"]), "minor");
  EXPECT_EQ(std::string_view(issues.at(1)["location"]["path"]), "a.pgn");
  EXPECT_EQ(std::int64_t(issues.at(1)["location"]["lines"]["begin"]), 10);
  EXPECT_EQ(std::string_view(issues.at(0)["fingerprint"]).size(), 16u);
  // Unique per problem and file: the same fingerprint in another file is another issue.
  std::string other;
  append_gitlab_issue(other, problem("one"), at("b.pgn"), true);
  EXPECT_EQ(other.find(std::string(std::string_view(issues.at(0)["fingerprint"]))),
            std::string::npos);
}

}  // namespace
}  // namespace pgnkit::diag

// A visitor that logs every callback as one line of text, for exact expectations.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"

namespace pgnkit::pgn::test {

// Concatenation by append (GCC 12 gives false -Wrestrict warnings for operator+ chains).
inline std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

inline std::string where(const Location& l) {
  return cat(
      {"@", std::to_string(l.line), ":", std::to_string(l.column), "#", std::to_string(l.offset)});
}

class Recorder : public Visitor {
 public:
  bool locations = false;        // append @line:column#offset to token lines
  std::string stop_at_san;       // return StopGame from san() for this text
  std::string stop_at_tag;       // return StopGame from tag() with this name
  bool stop_at_issue = false;    // return StopGame from syntax_error()
  bool skip_variations = false;  // return Skip::Yes from begin_variation()
  std::string log;

  void begin_game(const GameInfo& g) { add({"game ", std::to_string(g.number)}, g.where, true); }
  Control tag(std::string_view name, std::string_view value, Location l) {
    add({"tag ", name, "=", value}, l);
    return name == stop_at_tag ? Control::StopGame : Control::Continue;
  }
  Control begin_movetext() {
    log += "movetext\n";
    return Control::Continue;
  }
  Control move_number(std::uint32_t n, Location l) {
    add({"num ", std::to_string(n)}, l);
    return Control::Continue;
  }
  Control san(std::string_view text, Location l) {
    add({"san ", text}, l);
    return text == stop_at_san ? Control::StopGame : Control::Continue;
  }
  Control nag(std::uint32_t code, Location l) {
    add({"nag ", std::to_string(code)}, l);
    return Control::Continue;
  }
  Control comment(std::string_view text, Location l) {
    add({"comment {", text, "}"}, l);
    return Control::Continue;
  }
  Skip begin_variation(Location l) {
    add({"("}, l);
    return skip_variations ? Skip::Yes : Skip::No;
  }
  Control end_variation(Location l) {
    add({")"}, l);
    return Control::Continue;
  }
  void termination(Outcome o, std::string_view text, Location l) {
    add({"result ", text, " = ", outcome_text(o)}, l);
  }
  void end_game(const EndInfo& e) {
    log += cat({"end ", std::to_string(e.number), e.has_result ? "" : " no-result",
                e.cut ? " cut" : "", e.stopped ? " stopped" : "", " e=", std::to_string(e.errors),
                " w=", std::to_string(e.warnings), " to=", std::to_string(e.end_offset), "\n"});
  }
  Control syntax_error(const SyntaxIssue& i) {
    add({i.severity == Severity::Error ? "ERROR " : "WARNING ", syntax_code_name(i.code), " '",
         i.text, "'"},
        i.where, true);
    return stop_at_issue ? Control::StopGame : Control::Continue;
  }
  void escape_line(std::string_view text, Location l) { add({"escape ", text}, l); }

 private:
  void add(std::initializer_list<std::string_view> parts, const Location& l, bool always = false) {
    log += cat(parts);
    if (locations || always) log += cat({" ", where(l)});
    log += "\n";
  }
};

// The plain .pgn files under tests/data and data, the fixtures every reading path is compared
// on; at least 20 of them.
inline std::vector<std::string> plain_pgn_fixtures() {
  std::vector<std::string> files;
  for (const char* dir : {"/tests/data", "/data"}) {
    for (const auto& e :
         std::filesystem::recursive_directory_iterator(std::string(PGNKIT_SOURCE_DIR) + dir)) {
      if (e.path().extension() == ".pgn") files.push_back(e.path().string());
    }
  }
  EXPECT_GT(files.size(), 20u);
  return files;
}

// The .pgn files of ../shared/corpus/tricky (none where it is absent: the caller skips).
inline std::filesystem::path tricky_root() {
  return std::filesystem::path(PGNKIT_SHARED_DIR) / "corpus" / "tricky";
}
inline std::vector<std::string> tricky_pgn_files() {
  std::vector<std::string> files;
  if (!std::filesystem::exists(tricky_root())) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(tricky_root()))
    if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path().string());
  return files;
}

// Two reads of the same bytes by two paths: the same counts (their logs are compared apart).
inline void expect_same_stats(const ReadStats& got, const ReadStats& want,
                              const std::string& what) {
  EXPECT_EQ(got.games, want.games) << what;
  EXPECT_EQ(got.bytes, want.bytes) << what;
  EXPECT_EQ(got.errors, want.errors) << what;
  EXPECT_EQ(got.warnings, want.warnings) << what;
  EXPECT_EQ(got.clean_end, want.clean_end) << what;
}

// Reads text (plain or zstd) from memory and returns the log.
inline std::string record(std::string_view text, Recorder& r, ReaderOptions options = {},
                          ReadStats* stats = nullptr) {
  io::Source src = io::Source::from_memory(text);
  ReadStats s = read_pgn(src, r, options);
  if (stats != nullptr) *stats = s;
  return r.log;
}

inline std::string record(std::string_view text, bool locations = false,
                          ReaderOptions options = {}) {
  Recorder r;
  r.locations = locations;
  return record(text, r, options);
}

}  // namespace pgnkit::pgn::test

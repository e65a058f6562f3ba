// The CI formats of `pgnkit check`: SARIF 2.1.0, GitHub Actions workflow commands and a GitLab
// Code Quality report. Pure functions that append to a caller's buffer, so that workers can
// format their own problems into their own buffers and a merger can concatenate them.
//
// A document is header + results + footer. JSON arrays need commas between results: the
// caller says whether a result is the document's first (`first`); every other result is
// preceded by kResultSeparator. Workers that cannot know can format every result with
// first = false; the merger, writing their buffers in order, drops the separator from the
// front of the first non-empty buffer (drop_leading_separator). Nor do they know game
// numbers (a worker counts games within its chunk): given a GameNumbers list, a result leaves
// its game number out of the text and lists where it goes, for the merger to fill in. Text
// and NDJSON stay in tools/diagnostic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "replay/problem.h"

namespace pgnkit::diag {

enum class Format : std::uint8_t { Sarif, Github, Gitlab };
// What precedes every result but the first in Sarif and Gitlab documents (Github: nothing).
inline constexpr std::string_view kResultSeparator = ",\n";
// `chunk` without a leading kResultSeparator (for the first results of a document).
constexpr std::string_view drop_leading_separator(std::string_view chunk) {
  return chunk.starts_with(kResultSeparator) ? chunk.substr(kResultSeparator.size()) : chunk;
}
// "sarif", "github", "gitlab".
std::optional<Format> find_format(std::string_view name);

// A game number left out of a result: where it goes in `out` and the number the problem
// has (Problem::game).
struct GameNumberAt {
  std::size_t at = 0;
  std::uint64_t game = 0;
};
using GameNumbers = std::vector<GameNumberAt>;
// Appends `game`, or with `numbers` set lists its place instead.
void append_game_number(std::string& out, std::uint64_t game, GameNumbers* numbers);

struct ToolInfo {
  std::string_view name;             // "pgnkit"
  std::string_view version;          // e.g. "0.1.0"
  std::string_view information_uri;  // the project's home page
  std::string_view help_uri;         // where the codes are documented (docs/check.md)
};

// Where a problem goes in a report, and how it is counted.
struct Placed {
  std::string_view path;  // relative to the report's root, '/'-separated
  std::uint64_t fingerprint;
  replay::Severity severity;  // after rule selection and --strict
  std::size_t code;           // index in all_codes()
};

// Header and footer of a document (nothing for Github).
void append_header(std::string& out, Format f, const ToolInfo& tool);
void append_footer(std::string& out, Format f);
// One problem; `first`: no separator before it (ignored by Github). numbers: null, or where
// the game numbers were left out (above).
void append_problem(std::string& out, Format f, const replay::Problem& p, const Placed& where,
                    bool first, GameNumbers* numbers = nullptr);

// The pieces, for tests and for callers that know the format statically.
void append_sarif_header(std::string& out, const ToolInfo& tool);
void append_sarif_result(std::string& out, const replay::Problem& p, const Placed& where,
                         bool first, GameNumbers* numbers = nullptr);
void append_sarif_footer(std::string& out);
void append_github_command(std::string& out, const replay::Problem& p, const Placed& where,
                           GameNumbers* numbers = nullptr);
void append_gitlab_issue(std::string& out, const replay::Problem& p, const Placed& where,
                         bool first, GameNumbers* numbers = nullptr);

// The message as people read it, with its context, as UTF-8:
// "MESSAGE [game N, ply P, in a variation, move 'SAN']" (the parts that apply; between games
// "MESSAGE [between games, ...]"). The one text of a problem's message, here and in the
// text and NDJSON output of tools/diagnostic.
void append_message_with_context(std::string& out, const replay::Problem& p);
// The same in two parts around the game number N, for callers that write N themselves (or
// leave its place): the head "MESSAGE [game " (or "MESSAGE [between games", and then no N)
// and the tail ", ply P, ...]".
void append_message_head(std::string& out, const replay::Problem& p);
void append_message_tail(std::string& out, const replay::Problem& p);
// The same, escaped as a quoted JSON string or as a GitHub workflow command's message.
enum class MessageEscape : std::uint8_t { JsonString, GithubMessage };
void append_escaped_message(std::string& out, const replay::Problem& p, MessageEscape escape,
                            GameNumbers* numbers);
// `path` as a relative URI reference: bytes other than unreserved characters and '/' are
// percent-encoded (RFC 3986).
void append_uri_path(std::string& out, std::string_view path);

}  // namespace pgnkit::diag

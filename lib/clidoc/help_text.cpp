#include "clidoc/help_text.h"

namespace pgnkit::clidoc {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// "Text lines: ...", "NDJSON keys: ...": a few words and a colon start a new paragraph.
bool starts_with_label(std::string_view line) {
  const std::size_t colon = line.find(": ");
  if (colon == std::string_view::npos || colon == 0 || colon > 24) return false;
  for (const char c : line.substr(0, colon))
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == ' ')) return false;
  return true;
}

constexpr std::string_view kExamples = "Examples:";
constexpr std::string_view kExitStatus = "Exit status:";

}  // namespace

HelpParts split_help_text(std::string_view text) {
  enum class In { Paragraph, Examples, ExitStatus };
  HelpParts parts;
  In in = In::Paragraph;
  bool open_paragraph = false;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view raw = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    const std::string_view line = trim(raw);
    if (line.empty()) {
      open_paragraph = false;
      continue;
    }
    const bool indented = raw.front() == ' ' || raw.front() == '\t';
    if (!indented && line == kExamples) {
      in = In::Examples;
      continue;
    }
    if (!indented && line.starts_with(kExitStatus)) {
      in = In::ExitStatus;
      parts.exit_status = trim(line.substr(kExitStatus.size()));
      continue;
    }
    if (in == In::ExitStatus) {  // runs to the end of the text (or the next heading)
      parts.exit_status += ' ';
      parts.exit_status += line;
      continue;
    }
    if (in == In::Examples && indented) {
      parts.examples.emplace_back(line);
      continue;
    }
    // A paragraph: a label or a new sentence starts one; other lines continue it.
    const bool continues =
        open_paragraph && in == In::Paragraph &&
        (indented || (!starts_with_label(line) && !parts.paragraphs.back().ends_with('.')));
    in = In::Paragraph;
    if (continues) {
      parts.paragraphs.back() += '\n';
      parts.paragraphs.back() += line;
    } else {
      parts.paragraphs.emplace_back(line);
      open_paragraph = true;
    }
  }
  return parts;
}

}  // namespace pgnkit::clidoc

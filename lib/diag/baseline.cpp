#include "diag/baseline.h"

#include <algorithm>

#include "diag/fingerprint.h"
#include "write/json.h"

namespace pgnkit::diag {
namespace {

constexpr std::string_view kHeader =
    "# pgnkit baseline v1: fingerprint<TAB>code<TAB>file<TAB>ply<TAB>move; only the fingerprint "
    "is matched\n";

// A field of the informational columns: tabs and line ends would break the line format.
void append_field(std::string& out, std::string_view text) {
  std::string utf8;
  write::append_utf8(utf8, text);
  for (const char c : utf8) out += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
}

}  // namespace

std::optional<Baseline> Baseline::parse(std::string_view text, std::string& why) {
  Baseline b;
  std::size_t line_no = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    std::uint64_t fp = 0;
    if (!parse_fingerprint_hex(line.substr(0, line.find('\t')), fp)) {
      why = "line " + std::to_string(line_no) +
            ": expected 16 hex digits (a fingerprint) before the first tab";
      return std::nullopt;
    }
    b.fingerprints_.push_back(fp);
  }
  std::sort(b.fingerprints_.begin(), b.fingerprints_.end());
  b.fingerprints_.erase(std::unique(b.fingerprints_.begin(), b.fingerprints_.end()),
                        b.fingerprints_.end());
  return b;
}

bool Baseline::contains(std::uint64_t fingerprint) const {
  return std::binary_search(fingerprints_.begin(), fingerprints_.end(), fingerprint);
}

void append_baseline_line(std::string& line, const BaselineEntry& e) {
  append_fingerprint_hex(line, e.fingerprint);
  line += '\t';
  append_field(line, e.code);
  line += '\t';
  append_field(line, e.file);
  line += '\t';
  line += std::to_string(e.ply);
  line += '\t';
  append_field(line, e.san);
  line += '\n';
}

std::string write_baseline(const std::vector<BaselineEntry>& entries) {
  std::vector<std::string> lines;
  lines.reserve(entries.size());
  for (const BaselineEntry& e : entries) {
    std::string line;
    append_baseline_line(line, e);
    lines.push_back(std::move(line));
  }
  return baseline_text(std::move(lines));
}

std::string baseline_text(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  std::string out(kHeader);
  for (const std::string& line : lines) out += line;
  return out;
}

}  // namespace pgnkit::diag

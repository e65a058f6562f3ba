#include "chess/perft_suite.h"

#include <charconv>

#include "chess/fen.h"

namespace pgnkit::chess {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<SuiteLineError> parse_perft_line(std::string_view line, bool force_chess960,
                                               PerftCase& out) {
  out = PerftCase{};
  std::vector<std::string_view> fields;
  for (std::size_t start = 0;;) {
    const std::size_t semi = line.find(';', start);
    fields.push_back(
        trim(line.substr(start, semi == std::string_view::npos ? semi : semi - start)));
    if (semi == std::string_view::npos) break;
    start = semi + 1;
  }
  out.fen = std::string(fields[0]);
  bool chess960 = force_chess960;
  auto problem = parse_fen(fields[0], out.position, chess960);
  if (problem && !chess960 && problem->error == FenError::CastlingMismatch) {
    chess960 = true;
    problem = parse_fen(fields[0], out.position, true);
  }
  if (problem)
    return SuiteLineError{1, "invalid FEN \"" + out.fen + "\" (field " +
                                 std::to_string(problem->field) +
                                 "): " + std::string(fen_error_message(problem->error))};
  out.chess960 = chess960;
  for (std::size_t i = 1; i < fields.size(); ++i) {
    const std::string_view f = fields[i];
    const int field = static_cast<int>(i) + 1;
    if (f.empty()) continue;
    if (f.substr(0, 3) == "id " || f.substr(0, 3) == "id\t") {
      out.id = std::string(trim(f.substr(3)));
      continue;
    }
    if (f[0] != 'D')
      return SuiteLineError{field, "expected \"D<depth> <nodes>\", got \"" + std::string(f) + "\""};
    const std::size_t space = f.find_first_of(" \t");
    if (space == std::string_view::npos)
      return SuiteLineError{field, "missing node count in \"" + std::string(f) + "\""};
    int depth = 0;
    std::uint64_t nodes = 0;
    const std::string_view d = f.substr(1, space - 1), n = trim(f.substr(space));
    auto [dend, dec] = std::from_chars(d.data(), d.data() + d.size(), depth);
    if (dec != std::errc{} || dend != d.data() + d.size() || depth < 1 || depth > 20)
      return SuiteLineError{field, "bad depth \"" + std::string(d) + "\" (expected 1 to 20)"};
    auto [nend, nec] = std::from_chars(n.data(), n.data() + n.size(), nodes);
    if (nec != std::errc{} || nend != n.data() + n.size())
      return SuiteLineError{field, "bad node count \"" + std::string(n) + "\""};
    if (!out.expected.empty() && out.expected.back().depth >= depth)
      return SuiteLineError{field, "depths must increase along the line"};
    out.expected.push_back({depth, nodes});
  }
  if (out.expected.empty()) return SuiteLineError{2, "no \";D<depth> <nodes>\" counts on the line"};
  return std::nullopt;
}

}  // namespace pgnkit::chess

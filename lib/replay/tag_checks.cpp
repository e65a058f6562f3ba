#include "replay/tag_checks.h"

namespace pgnkit::replay {

namespace {
constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

int seven_tag_roster_index(std::string_view name) {
  for (int i = 0; i < 7; ++i)
    if (kRoster[i] == name) return i;
  return -1;
}

std::string_view seven_tag_roster_name(int index) {
  return kRoster[index];
}

bool valid_date(std::string_view v) {
  if (v.size() != 10 || v[4] != '.' || v[7] != '.') return false;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (i != 4 && i != 7 && !is_digit(v[i]) && v[i] != '?') return false;
  return true;
}

bool valid_round(std::string_view v) {
  if (v == "?" || v == "-") return true;
  if (v.empty() || v.front() == '.' || v.back() == '.') return false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (is_digit(v[i])) continue;
    if (v[i] != '.' || v[i - 1] == '.') return false;
  }
  return true;
}

std::optional<pgn::Outcome> parse_result(std::string_view v) {
  if (v == "1-0") return pgn::Outcome::WhiteWins;
  if (v == "0-1") return pgn::Outcome::BlackWins;
  if (v == "1/2-1/2") return pgn::Outcome::Draw;
  if (v == "*") return pgn::Outcome::Unknown;
  return std::nullopt;
}

VariantKind classify_variant(std::string_view value) {
  std::string k;
  for (const char c : value) {
    if (c == ' ' || c == '-' || c == '_') continue;
    k += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  }
  if (k.empty() || k == "standard" || k == "fromposition" || k == "normal" || k == "chess" ||
      k == "classical")
    return VariantKind::Standard;
  if (k == "chess960" || k == "fischerandom" || k == "fischerrandom" || k == "fischerrandomchess" ||
      k == "960")
    return VariantKind::Chess960;
  return VariantKind::Unsupported;
}

bool mentions_time(std::string_view termination) {
  constexpr std::string_view kTime = "time";
  for (std::size_t i = 0; i + kTime.size() <= termination.size(); ++i) {
    std::size_t k = 0;
    while (k < kTime.size() && (termination[i + k] | 0x20) == kTime[k]) ++k;
    if (k == kTime.size()) return true;
  }
  return false;
}

void append_printable(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  auto escape = [&out](unsigned char c) {
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      escape(c);
      ++i;
      continue;
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    // Validate one UTF-8 sequence; copy it whole or escape its first byte.
    const int len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    bool ok = len > 0 && i + static_cast<std::size_t>(len) <= text.size();
    for (int k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (!ok) {
      escape(c);
      ++i;
      continue;
    }
    out.append(text.substr(i, static_cast<std::size_t>(len)));
    i += static_cast<std::size_t>(len);
  }
}

}  // namespace pgnkit::replay

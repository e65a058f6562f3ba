#include "replay/tag_checks.h"

#include <cstring>
#include <iterator>

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

namespace {

// The standard spelling of each KnownTag, in the enum's order.
constexpr std::string_view kKnownNames[] = {
    "",          "Event",        "Site",       "Date",       "Round",       "White",
    "Black",     "Result",       "WhiteTitle", "BlackTitle", "WhiteElo",    "BlackElo",
    "WhiteUSCF", "BlackUSCF",    "WhiteNA",    "BlackNA",    "WhiteType",   "BlackType",
    "EventDate", "EventSponsor", "Section",    "Stage",      "Board",       "Opening",
    "Variation", "SubVariation", "ECO",        "NIC",        "Time",        "UTCTime",
    "UTCDate",   "TimeControl",  "SetUp",      "FEN",        "Termination", "Annotator",
    "Mode",      "PlyCount",     "Variant"};
static_assert(std::size(kKnownNames) == static_cast<std::size_t>(KnownTag::Variant) + 1);

// A known name packed for comparison: its bytes as two little-endian words (bytes 0-7 and
// 8-15, zero-padded), in lower case and as spelled. Names are ASCII letters only, so OR-ing
// the case bit (0x20) into a name's bytes maps both cases of each letter, and nothing else,
// onto the lower-case word.
struct Known {
  std::uint64_t lower[2], exact[2];
  KnownTag tag;
};

constexpr std::uint64_t pack(std::string_view s, std::size_t from, bool lower) {
  std::uint64_t w = 0;
  for (std::size_t i = from; i < s.size() && i < from + 8; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    w |= static_cast<std::uint64_t>(lower ? c | 0x20 : c) << (8 * (i - from));
  }
  return w;
}

constexpr Known known(KnownTag tag) {
  const std::string_view name = kKnownNames[static_cast<std::size_t>(tag)];
  return {{pack(name, 0, true), pack(name, 8, true)},
          {pack(name, 0, false), pack(name, 8, false)},
          tag};
}

// The known names by length, the common ones first.
using K = KnownTag;
constexpr Known k3[] = {known(K::FEN), known(K::ECO), known(K::NIC)};
constexpr Known k4[] = {known(K::Site), known(K::Date), known(K::Time), known(K::Mode)};
constexpr Known k5[] = {known(K::White), known(K::Black), known(K::Event), known(K::Round),
                        known(K::SetUp), known(K::Stage), known(K::Board)};
constexpr Known k6[] = {known(K::Result)};
constexpr Known k7[] = {known(K::UTCDate), known(K::UTCTime), known(K::Opening), known(K::Variant),
                        known(K::WhiteNA), known(K::BlackNA), known(K::Section)};
constexpr Known k8[] = {known(K::WhiteElo), known(K::BlackElo), known(K::PlyCount)};
constexpr Known k9[] = {known(K::EventDate), known(K::Annotator), known(K::Variation),
                        known(K::WhiteUSCF), known(K::BlackUSCF), known(K::WhiteType),
                        known(K::BlackType)};
constexpr Known k10[] = {known(K::WhiteTitle), known(K::BlackTitle)};
constexpr Known k11[] = {known(K::TimeControl), known(K::Termination)};
constexpr Known k12[] = {known(K::EventSponsor), known(K::SubVariation)};

// Among the known names of length N: `name` (of that length) loaded as one or two words, then
// one compare per name (two from 9 letters on).
template <std::size_t N, std::size_t Count>
KnownTagName find_in(const Known (&list)[Count], const char* name) {
  constexpr std::size_t kLo = N < 8 ? N : 8;
  constexpr std::uint64_t kCase = 0x2020202020202020u;
  std::uint64_t lo = 0;
  std::memcpy(&lo, name, kLo);
  if constexpr (N <= 8) {
    const std::uint64_t lower = lo | (kCase >> (8 * (8 - kLo)));
    for (const Known& k : list)
      if (lower == k.lower[0]) return {k.tag, lo == k.exact[0]};
  } else {
    std::uint64_t hi = 0;
    std::memcpy(&hi, name + 8, N - 8);
    const std::uint64_t lower_lo = lo | kCase, lower_hi = hi | (kCase >> (8 * (16 - N)));
    for (const Known& k : list)
      if (lower_lo == k.lower[0] && lower_hi == k.lower[1])
        return {k.tag, lo == k.exact[0] && hi == k.exact[1]};
  }
  return {};
}

}  // namespace

KnownTagName find_known_tag(std::string_view name) {
  // Two known names never differ only in case, so the first match is the only one.
  const char* p = name.data();
  switch (name.size()) {
    case 3: return find_in<3>(k3, p);
    case 4: return find_in<4>(k4, p);
    case 5: return find_in<5>(k5, p);
    case 6: return find_in<6>(k6, p);
    case 7: return find_in<7>(k7, p);
    case 8: return find_in<8>(k8, p);
    case 9: return find_in<9>(k9, p);
    case 10: return find_in<10>(k10, p);
    case 11: return find_in<11>(k11, p);
    case 12: return find_in<12>(k12, p);
    default: return {};
  }
}

std::string_view standard_tag_name(KnownTag tag) {
  return kKnownNames[static_cast<std::size_t>(tag)];
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

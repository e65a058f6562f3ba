// The Replayer's tag section: each tag as it comes (the tags it reads, their names in any
// case, duplicates, Date and Round forms) and the roster and Result checks once it ends.
// tag() runs for every tag of every game: it keeps the values it reads in reused strings.
#include <algorithm>

#include "pgn/tag.h"
#include "replay/concat.h"
#include "replay/replayer.h"
#include "replay/tag_checks.h"

namespace pgnkit::replay {

using detail::cat;

pgn::Control Replayer::tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
  // A known tag written in another case ([fen], [RESULT]) is read as that tag: its value is
  // used, it counts for the roster and as a duplicate of the tag in its standard case.
  const KnownTagName known = find_known_tag(name);
  tag_name_ = name;
  if (known.tag != KnownTag::None && !known.exact) [[unlikely]] {
    tag_name_ = standard_tag_name(known.tag);
    if (options_.tag_checks) {
      report_game(ProblemCode::TagNameCase, Severity::Warning, where,
                  cat("[", name, "] is the standard tag [", tag_name_,
                      "] in another case; its value is used"));
    }
  }
  // A known tag seen before is a bit; only other names are hashed and looked up.
  static_assert(static_cast<unsigned>(KnownTag::Variant) < 64, "one bit per known tag");
  bool duplicate = false;
  if (known.tag != KnownTag::None) {
    const std::uint64_t bit = std::uint64_t{1} << static_cast<unsigned>(known.tag);
    duplicate = (known_seen_ & bit) != 0;
    known_seen_ |= bit;
  } else {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the name
    for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    duplicate = std::find(tag_hashes_.begin(), tag_hashes_.end(), h) != tag_hashes_.end();
    tag_hashes_.push_back(h);
  }
  if (duplicate && options_.tag_checks) {
    report_game(ProblemCode::DuplicateTag, Severity::Warning, where,
                "duplicate tag [" + std::string(name) + "]; the last value is used");
  }
  if (const int roster = roster_index(known.tag); roster >= 0)
    tags_.roster_seen |= static_cast<std::uint8_t>(1u << roster);
  std::string* target = nullptr;
  switch (known.tag) {
    case KnownTag::FEN:
      target = &tags_.fen;
      tags_.has_fen = true;
      break;
    case KnownTag::Date:
      target = &tags_.date;
      tags_.has_date = true;
      break;
    case KnownTag::White: target = &tags_.white; break;
    case KnownTag::Black: target = &tags_.black; break;
    case KnownTag::SetUp:
      target = &tags_.setup;
      tags_.has_setup = true;
      break;
    case KnownTag::Result:
      target = &tags_.result;
      tags_.has_result = true;
      break;
    case KnownTag::Variant:
      target = &tags_.variant;
      tags_.has_variant = true;
      break;
    case KnownTag::UTCDate:
      target = &tags_.utc_date;
      tags_.has_utc_date = true;
      break;
    case KnownTag::Termination: target = &tags_.termination; break;
    default: break;  // tags the replayer does not read
  }
  const bool date = known.tag == KnownTag::Date;
  if (target) pgn::unescape_tag(value_raw, *target);
  if (options_.tag_checks && (date || known.tag == KnownTag::Round)) {
    if (!date) pgn::unescape_tag(value_raw, scratch_);
    const std::string& value = date ? tags_.date : scratch_;
    if (!(date ? valid_date(value) : valid_round(value))) {
      report_game(
          ProblemCode::BadTagValue, Severity::Warning, where,
          cat("[", name, " \"", value, "\"] is not in the standard form (",
              date ? "YYYY.MM.DD, '?' for unknown digits" : "digits and '.', or '?' or '-'", ")"));
    }
  }
  return pgn::Control::Continue;
}

void Replayer::check_tags() {
  for (int i = 0; i < 7; ++i) {
    if (tags_.roster_seen & (1u << i)) continue;
    report_game(ProblemCode::MissingTag, Severity::Warning, game_where_,
                "missing Seven Tag Roster tag [" + std::string(seven_tag_roster_name(i)) + "]");
  }
  if (tags_.has_result && !parse_result(tags_.result)) {
    report_game(ProblemCode::BadTagValue, Severity::Warning, game_where_,
                "[Result \"" + tags_.result + "\"] is not 1-0, 0-1, 1/2-1/2 or *");
  }
}

}  // namespace pgnkit::replay

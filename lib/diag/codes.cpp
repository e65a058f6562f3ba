#include "diag/codes.h"

#include <algorithm>
#include <array>

namespace pgnkit::diag {
namespace {

using replay::Severity;
constexpr Severity E = Severity::Error;
constexpr Severity W = Severity::Warning;

// A row of the table; its group is the section it stands in.
struct Row {
  std::string_view name;
  Severity severity;
  std::string_view summary;
};

// syntax: the reader's codes (lib/pgn/syntax.h), text in the movetext (the replayer's: it
// tells a word from a move it cannot read), and the replayer's limit on what one game reports
// (a flood of problems always comes from a game's text: a token or more each)
constexpr Row kSyntax[] = {
    {"unexpected_char", E, "a byte that cannot start a token here"},
    {"unexpected_token", E, "a malformed token in movetext"},
    {"unterminated_comment", E, "'{' without '}'"},
    {"unterminated_variation", E, "'(' still open at the end of the game"},
    {"unmatched_paren", E, "')' without an open variation"},
    {"unterminated_tag_string", E, "a tag value without its closing '\"'"},
    {"malformed_tag", E, "'[' not followed by Name \"value\" ']'"},
    {"tag_after_movetext", E, "'[' inside movetext"},
    {"token_too_long", E, "a token longer than the read buffer"},
    {"nesting_too_deep", E, "variations nested too deeply"},
    {"missing_result", W, "the game has no termination marker"},
    {"text_between_games", W, "text outside any game"},
    {"result_in_variation", W, "a result marker inside a variation"},
    {"no_movetext", W, "a tag section without movetext (no moves, no result)"},
    {"unicode_dash", W, "a Unicode dash or minus read as '-'"},
    {"unicode_space", W, "a Unicode space read as a blank (once per game)"},
    {"nag_glyph", W, "an annotation glyph (+-, =, ...) read as its NAG"},
    {"unicode_char", W, "a character that is not PGN in movetext, skipped alone"},
    {"glued_result", W, "a result marker glued to the move before it"},
    {"text_in_movetext", W, "a word where a move stands ('mat', 'resigns'); skipped"},
    {"too_many_problems", W, "more problems in one game than are reported; the rest are counted"},
};
// illegal: moves that cannot be played (chess::SanError)
constexpr Row kIllegal[] = {
    {"san_syntax", E, "the move text is not SAN"},
    {"no_piece_can_move", E, "no piece of that kind can reach the square"},
    {"ambiguous_move", E, "several pieces can make the move"},
    {"pinned_piece", E, "the piece is pinned to its own king"},
    {"king_into_check", E, "the king would move onto an attacked square"},
    {"leaves_king_in_check", E, "the move does not answer a check"},
    {"castling_without_rights", E, "the king or that rook has moved"},
    {"castling_blocked", E, "pieces stand between king and rook"},
    {"castling_out_of_check", E, "castling while in check"},
    {"castling_through_check", E, "the king would cross an attacked square"},
    {"castling_into_check", E, "the king would land on an attacked square"},
    {"en_passant_not_available", E, "no en-passant capture is possible"},
    {"missing_promotion", E, "a pawn on the last rank must promote"},
    {"bad_promotion", E, "promotion only to Q, R, B or N"},
    {"wrong_side", E, "only the other side could make that move"},
    {"null_move", E, "a null move (without --allow-null)"},
    {"not_canonical", E, "not export-format SAN"},
};
// end: moves after the end, results
constexpr Row kEnd[] = {
    {"move_after_game_end", E, "a move after the game ended"},
    {"result_mismatch", E, "the termination marker differs from [Result]"},
    {"result_contradicted", E, "the result contradicts the final position"},
    {"result_unset_after_end", W, "'*' although a rule ended the game"},
    {"bare_king_win", W, "a win credited to a bare king, not on time: only a resignation gives it"},
};
// lint: non-canonical SAN (chess::SanNote)
constexpr Row kLint[] = {
    {"missing_check", W, "'+' missing"},
    {"missing_mate", W, "'#' missing"},
    {"wrong_check", W, "'+' or '#' where the move does not give it"},
    {"over_disambiguated", W, "superfluous disambiguation"},
    {"long_algebraic", W, "long algebraic notation (e2-e4)"},
    {"castling_zeros", W, "castling written with zeros (0-0)"},
    {"lowercase_castling", W, "castling written in lower case (o-o)"},
    {"missing_capture", W, "a capture without 'x'"},
    {"spurious_capture", W, "'x' on a move that captures nothing"},
    {"colon_capture", W, "a capture written with ':'"},
    {"en_passant_suffix", W, "'e.p.' after an en-passant capture"},
    {"stray_en_passant_suffix", W, "'e.p.' after a move that is not an en-passant capture"},
    {"double_plus", W, "'++' for mate or double check"},
    {"promotion_without_equals", W, "a promotion without '='"},
    {"lowercase_piece", W, "a piece letter in lower case"},
    {"null_move_notation", W, "a null move, accepted"},
};
// tags: the tag section and the set-up
constexpr Row kTags[] = {
    {"missing_tag", W, "one of the Seven Tag Roster is absent"},
    {"bad_tag_value", W, "Date, Round or Result not in the standard form"},
    {"duplicate_tag", W, "the same tag twice in a game"},
    {"tag_name_case", W, "a standard tag name in another case ([fen]); its value is used"},
    {"invalid_fen", E, "the FEN tag does not parse"},
    {"fen_without_setup", W, "[FEN] without [SetUp \"1\"]"},
    {"setup_without_fen", E, "[SetUp \"1\"] without [FEN]"},
    {"impossible_castling_rights", W,
     "the FEN grants castling rights the position cannot have; dropped"},
    {"impossible_en_passant", W,
     "the FEN's en-passant square cannot follow a double push; dropped"},
    {"bad_fullmove_number", W, "the FEN's fullmove number is 0 or less; read as 1"},
};
// encoding: the bytes
constexpr Row kEncoding[] = {
    {"non_utf8", W, "a tag value or comment is not UTF-8"},
    {"binary_data", E, "NUL or control bytes: binary data"},
};
// variant
constexpr Row kVariant[] = {
    {"unsupported_variant", W, "not standard chess or Chess960; not replayed"},
    {"chess960_without_variant", W, "the FEN only fits Chess960; replayed as Chess960"},
};

// The sections in Group order, each row given its section's group.
template <std::size_t... N>
constexpr auto with_groups(const Row (&... sections)[N]) {
  static_assert(sizeof...(N) == kGroupCount, "one section per group");
  std::array<CodeInfo, (N + ...)> codes{};
  std::size_t i = 0, group = 0;
  const auto add = [&](const auto& rows) {
    for (const Row& r : rows)
      codes[i++] = CodeInfo{r.name, static_cast<Group>(group), r.severity, r.summary};
    ++group;
  };
  (add(sections), ...);
  return codes;
}

constexpr auto kCodes = with_groups(kSyntax, kIllegal, kEnd, kLint, kTags, kEncoding, kVariant);

constexpr std::array<std::string_view, kGroupCount> kGroupNames{
    "syntax", "illegal", "end", "lint", "tags", "encoding", "variant"};

// Names sorted, with their table index, for find_code.
struct NameIndex {
  std::array<std::pair<std::string_view, std::size_t>, kCodes.size()> sorted;
  NameIndex() {
    for (std::size_t i = 0; i < kCodes.size(); ++i) sorted[i] = {kCodes[i].name, i};
    std::sort(sorted.begin(), sorted.end());
  }
};

const NameIndex& name_index() {
  static const NameIndex index;
  return index;
}

}  // namespace

std::string_view group_name(Group g) {
  return kGroupNames[static_cast<std::size_t>(g)];
}

std::optional<Group> find_group(std::string_view name) {
  for (std::size_t i = 0; i < kGroupNames.size(); ++i)
    if (kGroupNames[i] == name) return static_cast<Group>(i);
  return std::nullopt;
}

std::span<const CodeInfo> all_codes() {
  return kCodes;
}

std::optional<std::size_t> find_code(std::string_view name) {
  const auto& sorted = name_index().sorted;
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), name,
                                   [](const auto& e, std::string_view n) { return e.first < n; });
  if (it == sorted.end() || it->first != name) return std::nullopt;
  return it->second;
}

std::size_t code_index(const replay::Problem& p) {
  return find_code(p.code_name()).value_or(0);
}

}  // namespace pgnkit::diag

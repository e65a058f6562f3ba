#include "diag/codes.h"

#include <algorithm>
#include <array>

namespace pgnkit::diag {
namespace {

using replay::Severity;
constexpr Severity E = Severity::Error;
constexpr Severity W = Severity::Warning;

constexpr std::array kCodes{
    // syntax: the reader's codes (lib/pgn/syntax.h)
    CodeInfo{"unexpected_char", Group::Syntax, E, "a byte that cannot start a token here"},
    CodeInfo{"unexpected_token", Group::Syntax, E, "a malformed token in movetext"},
    CodeInfo{"unterminated_comment", Group::Syntax, E, "'{' without '}'"},
    CodeInfo{"unterminated_variation", Group::Syntax, E, "'(' still open at the end of the game"},
    CodeInfo{"unmatched_paren", Group::Syntax, E, "')' without an open variation"},
    CodeInfo{"unterminated_tag_string", Group::Syntax, E, "a tag value without its closing '\"'"},
    CodeInfo{"malformed_tag", Group::Syntax, E, "'[' not followed by Name \"value\" ']'"},
    CodeInfo{"tag_after_movetext", Group::Syntax, E, "'[' inside movetext"},
    CodeInfo{"token_too_long", Group::Syntax, E, "a token longer than the read buffer"},
    CodeInfo{"nesting_too_deep", Group::Syntax, E, "variations nested too deeply"},
    CodeInfo{"missing_result", Group::Syntax, W, "the game has no termination marker"},
    CodeInfo{"text_between_games", Group::Syntax, W, "text outside any game"},
    CodeInfo{"result_in_variation", Group::Syntax, W, "a result marker inside a variation"},
    // illegal: moves that cannot be played (chess::SanError)
    CodeInfo{"san_syntax", Group::Illegal, E, "the move text is not SAN"},
    CodeInfo{"no_piece_can_move", Group::Illegal, E, "no piece of that kind can reach the square"},
    CodeInfo{"ambiguous_move", Group::Illegal, E, "several pieces can make the move"},
    CodeInfo{"pinned_piece", Group::Illegal, E, "the piece is pinned to its own king"},
    CodeInfo{"king_into_check", Group::Illegal, E, "the king would move onto an attacked square"},
    CodeInfo{"leaves_king_in_check", Group::Illegal, E, "the move does not answer a check"},
    CodeInfo{"castling_without_rights", Group::Illegal, E, "the king or that rook has moved"},
    CodeInfo{"castling_blocked", Group::Illegal, E, "pieces stand between king and rook"},
    CodeInfo{"castling_out_of_check", Group::Illegal, E, "castling while in check"},
    CodeInfo{"castling_through_check", Group::Illegal, E,
             "the king would cross an attacked square"},
    CodeInfo{"castling_into_check", Group::Illegal, E, "the king would land on an attacked square"},
    CodeInfo{"en_passant_not_available", Group::Illegal, E, "no en-passant capture is possible"},
    CodeInfo{"missing_promotion", Group::Illegal, E, "a pawn on the last rank must promote"},
    CodeInfo{"bad_promotion", Group::Illegal, E, "promotion only to Q, R, B or N"},
    CodeInfo{"wrong_side", Group::Illegal, E, "only the other side could make that move"},
    CodeInfo{"null_move", Group::Illegal, E, "a null move (without --allow-null)"},
    CodeInfo{"not_canonical", Group::Illegal, E, "not export-format SAN"},
    // end: moves after the end, results
    CodeInfo{"move_after_game_end", Group::End, E, "a move after the game ended"},
    CodeInfo{"result_mismatch", Group::End, E, "the termination marker differs from [Result]"},
    CodeInfo{"result_contradicted", Group::End, E, "the result contradicts the final position"},
    CodeInfo{"result_unset_after_end", Group::End, W, "'*' although a rule ended the game"},
    CodeInfo{"bare_king_win", Group::End, W,
             "a win credited to a bare king, not on time: only a resignation gives it"},
    // lint: non-canonical SAN (chess::SanNote)
    CodeInfo{"missing_check", Group::Lint, W, "'+' missing"},
    CodeInfo{"missing_mate", Group::Lint, W, "'#' missing"},
    CodeInfo{"wrong_check", Group::Lint, W, "'+' or '#' where the move does not give it"},
    CodeInfo{"over_disambiguated", Group::Lint, W, "superfluous disambiguation"},
    CodeInfo{"long_algebraic", Group::Lint, W, "long algebraic notation (e2-e4)"},
    CodeInfo{"castling_zeros", Group::Lint, W, "castling written with zeros (0-0)"},
    CodeInfo{"missing_capture", Group::Lint, W, "a capture without 'x'"},
    CodeInfo{"spurious_capture", Group::Lint, W, "'x' on a move that captures nothing"},
    CodeInfo{"colon_capture", Group::Lint, W, "a capture written with ':'"},
    CodeInfo{"en_passant_suffix", Group::Lint, W, "'e.p.' after an en-passant capture"},
    CodeInfo{"stray_en_passant_suffix", Group::Lint, W,
             "'e.p.' after a move that is not an en-passant capture"},
    CodeInfo{"double_plus", Group::Lint, W, "'++' for mate or double check"},
    CodeInfo{"promotion_without_equals", Group::Lint, W, "a promotion without '='"},
    CodeInfo{"lowercase_piece", Group::Lint, W, "a piece letter in lower case"},
    CodeInfo{"null_move_notation", Group::Lint, W, "a null move, accepted"},
    // tags: the tag section and the set-up
    CodeInfo{"missing_tag", Group::Tags, W, "one of the Seven Tag Roster is absent"},
    CodeInfo{"bad_tag_value", Group::Tags, W, "Date, Round or Result not in the standard form"},
    CodeInfo{"duplicate_tag", Group::Tags, W, "the same tag twice in a game"},
    CodeInfo{"invalid_fen", Group::Tags, E, "the FEN tag does not parse"},
    CodeInfo{"fen_without_setup", Group::Tags, E, "[FEN] without [SetUp \"1\"]"},
    CodeInfo{"setup_without_fen", Group::Tags, E, "[SetUp \"1\"] without [FEN]"},
    CodeInfo{"impossible_castling_rights", Group::Tags, W,
             "the FEN grants castling rights the position cannot have; dropped"},
    CodeInfo{"bad_fullmove_number", Group::Tags, W,
             "the FEN's fullmove number is 0 or less; read as 1"},
    // encoding: the bytes
    CodeInfo{"non_utf8", Group::Encoding, W, "a tag value or comment is not UTF-8"},
    CodeInfo{"binary_data", Group::Encoding, E, "NUL or control bytes: binary data"},
    // variant
    CodeInfo{"unsupported_variant", Group::Variant, W,
             "not standard chess or Chess960; not replayed"},
    CodeInfo{"chess960_without_variant", Group::Variant, W,
             "the FEN only fits Chess960; replayed as Chess960"},
};

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

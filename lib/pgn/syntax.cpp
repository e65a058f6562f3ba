#include "pgn/syntax.h"

#include "pgn/unicode.h"

namespace pgnkit::pgn {

std::string_view outcome_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::WhiteWins: return "1-0";
    case Outcome::BlackWins: return "0-1";
    case Outcome::Draw: return "1/2-1/2";
    case Outcome::Unknown: return "*";
  }
  return "*";
}

std::string_view syntax_message(SyntaxCode code) {
  switch (code) {
    case SyntaxCode::UnexpectedChar:
      return "unexpected character in movetext; rest of the game skipped";
    case SyntaxCode::UnexpectedToken:
      return "malformed token in movetext; rest of the game skipped";
    case SyntaxCode::UnterminatedComment:
      return "unterminated comment: '{' without '}' before the next game or end of input";
    case SyntaxCode::UnterminatedVariation:
      return "unterminated variation: '(' still open at the end of the game";
    case SyntaxCode::UnmatchedParen: return "')' without an open variation; ignored";
    case SyntaxCode::UnterminatedTagString:
      return "tag value without a closing '\"'; the rest of the line was taken as the value";
    case SyntaxCode::MalformedTag: return "malformed tag pair; expected [Name \"value\"]";
    case SyntaxCode::TagAfterMovetext:
      return "'[' inside movetext that does not start a new game; skipped to ']'";
    case SyntaxCode::MissingResult:
      return "missing result: the game ended without 1-0, 0-1, 1/2-1/2 or *";
    case SyntaxCode::BinaryData: return "NUL or control byte: binary data in a text file";
    case SyntaxCode::TokenTooLong: return "token too long for the read buffer; skipped";
    case SyntaxCode::NestingTooDeep:
      return "variations nested too deeply; the inner variation was skipped";
    case SyntaxCode::NonUtf8: return "text is not UTF-8 (bytes look like Latin-1/CP1252)";
    case SyntaxCode::InputError:
      return "the input could not be read to the end (I/O or decompression error)";
    case SyntaxCode::TextBetweenGames:
      return "text between games that does not start a game; skipped";
    case SyntaxCode::ResultInVariation:
      return "result marker inside a variation; ignored (only the main line ends a game)";
    case SyntaxCode::NoMovetext:
      return "a tag section without movetext: the game has no moves and no result";
    case SyntaxCode::UnicodeDash: return "Unicode dash or minus sign read as '-'";
    case SyntaxCode::UnicodeSpace: return "Unicode space character read as a blank";
    case SyntaxCode::NagGlyph: return "annotation glyph read as its NAG";
    case SyntaxCode::UnicodeChar: return "character that is not PGN in movetext; skipped";
    case SyntaxCode::GluedResult:
      return "result marker glued to the move before it; read as the move and the result";
  }
  return "unknown syntax issue";
}

std::string_view syntax_code_name(SyntaxCode code) {
  switch (code) {
    case SyntaxCode::UnexpectedChar: return "unexpected_char";
    case SyntaxCode::UnexpectedToken: return "unexpected_token";
    case SyntaxCode::UnterminatedComment: return "unterminated_comment";
    case SyntaxCode::UnterminatedVariation: return "unterminated_variation";
    case SyntaxCode::UnmatchedParen: return "unmatched_paren";
    case SyntaxCode::UnterminatedTagString: return "unterminated_tag_string";
    case SyntaxCode::MalformedTag: return "malformed_tag";
    case SyntaxCode::TagAfterMovetext: return "tag_after_movetext";
    case SyntaxCode::MissingResult: return "missing_result";
    case SyntaxCode::BinaryData: return "binary_data";
    case SyntaxCode::TokenTooLong: return "token_too_long";
    case SyntaxCode::NestingTooDeep: return "nesting_too_deep";
    case SyntaxCode::NonUtf8: return "non_utf8";
    case SyntaxCode::InputError: return "input_error";
    case SyntaxCode::TextBetweenGames: return "text_between_games";
    case SyntaxCode::ResultInVariation: return "result_in_variation";
    case SyntaxCode::NoMovetext: return "no_movetext";
    case SyntaxCode::UnicodeDash: return "unicode_dash";
    case SyntaxCode::UnicodeSpace: return "unicode_space";
    case SyntaxCode::NagGlyph: return "nag_glyph";
    case SyntaxCode::UnicodeChar: return "unicode_char";
    case SyntaxCode::GluedResult: return "glued_result";
  }
  return "unknown";
}

std::string issue_detail(SyntaxCode code, std::string_view text) {
  if (text.empty()) return {};
  std::string out;
  auto quoted = [&out](std::string_view s) {
    // The lexer's copy of the text may end inside a UTF-8 sequence: drop such a tail.
    std::size_t keep = s.size();
    for (std::size_t back = 1; back <= 3 && back <= s.size(); ++back) {
      const auto c = static_cast<unsigned char>(s[s.size() - back]);
      if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
      const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      if (len > back) keep = s.size() - back;
      break;
    }
    out += '\'';
    out += s.substr(0, keep);
    out += '\'';
  };
  if (code == SyntaxCode::UnicodeDash) {
    // The first dash in the token: the text starts with the token.
    std::size_t i = 0;
    while (i < text.size() && static_cast<unsigned char>(text[i]) != 0xE2) ++i;
    out = " (" + detail::code_point_name(text.substr(i)) + " in ";
    quoted(text);
    out += ")";
  } else if (code == SyntaxCode::UnicodeSpace) {
    out = " (" + detail::code_point_name(text) + ")";
  } else if (code == SyntaxCode::UnicodeChar) {
    out = " (" + detail::code_point_name(text) + " ";
    quoted(text);
    out += ")";
  } else if (code == SyntaxCode::NagGlyph) {
    out = " (";
    quoted(text);
    out += " read as $" + std::to_string(detail::glyph_nag(text)) + ")";
  }
  return out;
}

}  // namespace pgnkit::pgn

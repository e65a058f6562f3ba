#include "pgn/syntax.h"

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
  }
  return "unknown";
}

}  // namespace pgnkit::pgn

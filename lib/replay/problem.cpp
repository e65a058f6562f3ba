#include "replay/problem.h"

namespace pgnkit::replay {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
  }
  return "error";
}

std::string_view problem_code_name(ProblemCode c) {
  switch (c) {
    case ProblemCode::Syntax: return "syntax";
    case ProblemCode::IllegalMove: return "illegal_move";
    case ProblemCode::MoveAfterGameEnd: return "move_after_game_end";
    case ProblemCode::TextInMovetext: return "text_in_movetext";
    case ProblemCode::NonCanonicalSan: return "non_canonical_san";
    case ProblemCode::ResultMismatch: return "result_mismatch";
    case ProblemCode::ResultContradicted: return "result_contradicted";
    case ProblemCode::ResultUnsetAfterEnd: return "result_unset_after_end";
    case ProblemCode::BareKingWin: return "bare_king_win";
    case ProblemCode::InvalidFen: return "invalid_fen";
    case ProblemCode::FenWithoutSetUp: return "fen_without_setup";
    case ProblemCode::SetUpWithoutFen: return "setup_without_fen";
    case ProblemCode::Chess960WithoutVariant: return "chess960_without_variant";
    case ProblemCode::UnsupportedVariant: return "unsupported_variant";
    case ProblemCode::ImpossibleCastling: return "impossible_castling_rights";
    case ProblemCode::ImpossibleEnPassant: return "impossible_en_passant";
    case ProblemCode::BadFullmoveNumber: return "bad_fullmove_number";
    case ProblemCode::MissingTag: return "missing_tag";
    case ProblemCode::BadTagValue: return "bad_tag_value";
    case ProblemCode::DuplicateTag: return "duplicate_tag";
    case ProblemCode::TagNameCase: return "tag_name_case";
    case ProblemCode::TooManyProblems: return "too_many_problems";
  }
  return "unknown";
}

std::string_view san_error_name(chess::SanError e) {
  using chess::SanError;
  switch (e) {
    case SanError::Syntax: return "san_syntax";
    case SanError::NoPieceCanMove: return "no_piece_can_move";
    case SanError::Ambiguous: return "ambiguous_move";
    case SanError::PinnedPiece: return "pinned_piece";
    case SanError::KingIntoCheck: return "king_into_check";
    case SanError::LeavesKingInCheck: return "leaves_king_in_check";
    case SanError::CastlingNoRights: return "castling_without_rights";
    case SanError::CastlingBlocked: return "castling_blocked";
    case SanError::CastlingOutOfCheck: return "castling_out_of_check";
    case SanError::CastlingThroughCheck: return "castling_through_check";
    case SanError::CastlingIntoCheck: return "castling_into_check";
    case SanError::EnPassantNotAvailable: return "en_passant_not_available";
    case SanError::MissingPromotion: return "missing_promotion";
    case SanError::BadPromotion: return "bad_promotion";
    case SanError::WrongSide: return "wrong_side";
    case SanError::NullMove: return "null_move";
    case SanError::NotCanonical: return "not_canonical";
  }
  return "illegal_move";
}

std::string_view san_note_name(chess::SanNote n) {
  using chess::SanNote;
  switch (n) {
    case SanNote::CastlingZeros: return "castling_zeros";
    case SanNote::LongAlgebraic: return "long_algebraic";
    case SanNote::ColonCapture: return "colon_capture";
    case SanNote::MissingCapture: return "missing_capture";
    case SanNote::SpuriousCapture: return "spurious_capture";
    case SanNote::OverDisambiguated: return "over_disambiguated";
    case SanNote::MissingCheck: return "missing_check";
    case SanNote::MissingMate: return "missing_mate";
    case SanNote::WrongCheck: return "wrong_check";
    case SanNote::EnPassantSuffix: return "en_passant_suffix";
    case SanNote::PromotionNoEquals: return "promotion_without_equals";
    case SanNote::LowercasePiece: return "lowercase_piece";
    case SanNote::NullMoveNotation: return "null_move_notation";
    case SanNote::StrayEnPassantSuffix: return "stray_en_passant_suffix";
    case SanNote::DoublePlus: return "double_plus";
    case SanNote::LowercaseCastling: return "lowercase_castling";
  }
  return "non_canonical_san";
}

std::string_view Problem::code_name() const {
  switch (code) {
    case ProblemCode::Syntax: return pgn::syntax_code_name(syntax);
    case ProblemCode::IllegalMove: return san_error_name(san_error);
    case ProblemCode::NonCanonicalSan: return san_note_name(note);
    case ProblemCode::MoveAfterGameEnd:
    case ProblemCode::TextInMovetext:
    case ProblemCode::ResultMismatch:
    case ProblemCode::ResultContradicted:
    case ProblemCode::ResultUnsetAfterEnd:
    case ProblemCode::BareKingWin:
    case ProblemCode::InvalidFen:
    case ProblemCode::FenWithoutSetUp:
    case ProblemCode::SetUpWithoutFen:
    case ProblemCode::Chess960WithoutVariant:
    case ProblemCode::UnsupportedVariant:
    case ProblemCode::ImpossibleCastling:
    case ProblemCode::ImpossibleEnPassant:
    case ProblemCode::BadFullmoveNumber:
    case ProblemCode::MissingTag:
    case ProblemCode::BadTagValue:
    case ProblemCode::DuplicateTag:
    case ProblemCode::TagNameCase: break;
    case ProblemCode::TooManyProblems: break;
  }
  return problem_code_name(code);
}

}  // namespace pgnkit::replay

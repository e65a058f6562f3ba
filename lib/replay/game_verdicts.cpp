// The Replayer's work on a game as a whole: the start position (the FEN set-up and the
// defects it repairs), the edition of the Laws that judges the game, how the main line ended
// and whether the result agrees. Once per game; the per-move work is in replayer.cpp.
#include "chess/fen.h"
#include "chess/fide_limits.h"
#include "chess/outcome.h"
#include "replay/concat.h"
#include "replay/replayer.h"
#include "replay/tag_checks.h"

namespace pgnkit::replay {

using detail::cat;

// Once per game, from the tags: nothing per move depends on more than one flag.
void Replayer::choose_laws() {
  Laws laws = Laws::Current;
  switch (options_.laws) {
    case LawsChoice::Current: break;
    case LawsChoice::Pre2014: laws = Laws::Pre2014; break;
    case LawsChoice::ByDate:
      // A Date with no known year ("????.??.??", which the PGN writer puts for a missing one)
      // gives way to UTCDate as a missing Date does: a game written back is judged the same.
      if (tags_.has_date && (earliest_day(tags_.date) != 0 || !tags_.has_utc_date)) {
        laws = laws_for_date(tags_.date);
      } else if (tags_.has_utc_date) {
        laws = laws_for_date(tags_.utc_date);
      }
      break;
  }
  report_.laws = laws;
  automatic_draws_ = laws == Laws::Current;
}

namespace {

std::string square_name(chess::Square sq) {
  return {static_cast<char>('a' + chess::file_of(sq)), static_cast<char>('1' + chess::rank_of(sq))};
}

// Why the en-passant square dropped by the FEN repairs cannot be, for the warning. The side to
// move is the one that would capture; the other side's pawn would just have advanced.
std::string en_passant_flaw_text(const chess::FenRepairs& repairs, chess::Color to_move) {
  const chess::Square ep = repairs.dropped_en_passant;
  const bool white_to_move = to_move == chess::Color::White;
  const int dir = white_to_move ? -8 : 8;  // towards the pawn that would just have advanced
  switch (repairs.en_passant_flaw) {
    case chess::EnPassantFlaw::WrongRank:
      return white_to_move ? "White is to move, so it must be on rank 6"
                           : "Black is to move, so it must be on rank 3";
    case chess::EnPassantFlaw::NoPawn:
      return cat("no ", white_to_move ? "black" : "white", " pawn stands on ",
                 square_name(static_cast<chess::Square>(ep + dir)),
                 " to have just advanced two squares past it");
    case chess::EnPassantFlaw::Occupied:
      return "it is occupied, so no pawn has just advanced two squares past it";
    case chess::EnPassantFlaw::StartOccupied:
      return cat(square_name(static_cast<chess::Square>(ep - dir)),
                 ", where the pawn would have started, is occupied");
    case chess::EnPassantFlaw::None: break;
  }
  return "no double pawn push can have left it";
}

}  // namespace

void Replayer::report_fen_repairs(const chess::FenRepairs& repairs, chess::Color to_move) {
  if (repairs.dropped_castling) {
    static constexpr struct {
      std::uint8_t bit;
      std::string_view letter, needs;
    } kRights[] = {
        {chess::kCastlingWhiteKing, "K", "king on e1, rook on h1"},
        {chess::kCastlingWhiteQueen, "Q", "king on e1, rook on a1"},
        {chess::kCastlingBlackKing, "k", "king on e8, rook on h8"},
        {chess::kCastlingBlackQueen, "q", "king on e8, rook on a8"},
    };
    std::string named;
    for (const auto& r : kRights) {
      if (repairs.dropped_castling & r.bit)
        named += cat(named.empty() ? "" : ", ", r.letter, " (needs ", r.needs, ")");
    }
    report_game(ProblemCode::ImpossibleCastling, Severity::Warning, game_where_,
                cat("the FEN grants castling rights the position cannot have: ", named,
                    "; dropped, the game is replayed without them"));
  }
  if (repairs.dropped_en_passant != chess::kNoSquare) {
    report_game(ProblemCode::ImpossibleEnPassant, Severity::Warning, game_where_,
                cat("the FEN's en-passant square ", square_name(repairs.dropped_en_passant),
                    " cannot be (", en_passant_flaw_text(repairs, to_move), ")",
                    "; dropped, the game is replayed without it"));
  }
  if (repairs.fullmove_repaired) {
    report_game(ProblemCode::BadFullmoveNumber, Severity::Warning, game_where_,
                cat("the FEN's fullmove number ", std::to_string(repairs.fullmove_written),
                    " is not positive; read as 1"));
  }
}

bool Replayer::set_up_start() {
  const VariantKind variant =
      tags_.has_variant ? classify_variant(tags_.variant) : VariantKind::Standard;
  if (variant == VariantKind::Unsupported) {
    report_.unsupported_variant = true;
    report_game(ProblemCode::UnsupportedVariant, Severity::Warning, game_where_,
                "unsupported variant \"" + tags_.variant + "\": the game is not replayed");
    return false;
  }
  bool chess960 = variant == VariantKind::Chess960;
  PlayLine main;
  main.cur = chess::Position::start();
  const bool setup = tags_.has_setup && tags_.setup == "1";
  if (tags_.has_fen && !setup) {
    // Most readers use such a FEN: a warning (an error under check --strict).
    report_game(ProblemCode::FenWithoutSetUp, Severity::Warning, game_where_,
                "[FEN] without [SetUp \"1\"]; the FEN is used");
  }
  if (setup && !tags_.has_fen) {
    report_game(ProblemCode::SetUpWithoutFen, Severity::Error, game_where_,
                "[SetUp \"1\"] without a [FEN] tag; replaying from the initial position");
  }
  if (tags_.has_fen) {
    chess::FenRepairs repairs;
    repairs.drop_impossible_en_passant = true;
    auto problem = chess::parse_fen(tags_.fen, main.cur, chess960, &repairs);
    if (problem && !chess960 && problem->error == chess::FenError::CastlingMismatch) {
      if (!chess::parse_fen(tags_.fen, main.cur, true, &repairs)) {
        chess960 = true;
        problem.reset();
        report_game(ProblemCode::Chess960WithoutVariant, Severity::Warning, game_where_,
                    "the FEN's castling rights only fit Chess960 but there is no [Variant "
                    "\"Chess960\"]; replayed as Chess960");
      } else {
        // Odds games are often written with the standard KQkq: drop what cannot be.
        repairs = chess::FenRepairs{};
        repairs.drop_impossible_castling = true;
        repairs.drop_impossible_en_passant = true;
        problem = chess::parse_fen(tags_.fen, main.cur, false, &repairs);
      }
    }
    if (!problem) report_fen_repairs(repairs, main.cur.side_to_move());
    if (problem) {
      report_game(ProblemCode::InvalidFen, Severity::Error, game_where_,
                  "invalid [FEN \"" + tags_.fen + "\"]" +
                      (problem->field ? " (field " + std::to_string(problem->field) + ")" : "") +
                      ": " + std::string(chess::fen_error_message(problem->error)));
      return false;
    }
  } else {
    main.cur.set_chess960(chess960);
  }
  report_.chess960 = chess960;
  const chess::Position& start = main.cur;
  if (start.halfmove_clock() >= chess::kClaimHalfmoveClock) report_.fifty_ply = 0;
  // Only a set-up position can already be over.
  switch (tags_.has_fen ? chess::position_end(start) : chess::PositionEnd::None) {
    case chess::PositionEnd::Checkmate: main.end = GameEnd::Checkmate; break;
    case chess::PositionEnd::Stalemate: main.end = GameEnd::Stalemate; break;
    case chess::PositionEnd::InsufficientMaterial: main.end = GameEnd::InsufficientMaterial; break;
    case chess::PositionEnd::None:
      if (automatic_draws_ && start.halfmove_clock() >= chess::kAutomaticDrawHalfmoveClock)
        main.end = GameEnd::SeventyFiveMoveRule;
      break;
  }
  history_.push_back(start.key());
  lines_.push_back(main);
  start_ = start;
  has_start_ = true;
  return true;
}

void Replayer::finish_main_line() {
  PlayLine& main = lines_.front();
  if (!main.dead && main.end == GameEnd::None) {
    switch (chess::position_end(main.cur)) {
      case chess::PositionEnd::Checkmate: main.end = GameEnd::Checkmate; break;
      case chess::PositionEnd::Stalemate: main.end = GameEnd::Stalemate; break;
      case chess::PositionEnd::InsufficientMaterial:
        main.end = GameEnd::InsufficientMaterial;
        break;
      case chess::PositionEnd::None: break;
    }
    main.end_ply = main.ply;
  }
  report_.plies = main.ply;
  report_.final_position = &main.cur;
  switch (main.end) {
    case GameEnd::None: report_.status = GameStatus::Ongoing; break;
    case GameEnd::Checkmate: report_.status = GameStatus::Checkmate; break;
    case GameEnd::Stalemate: report_.status = GameStatus::Stalemate; break;
    case GameEnd::InsufficientMaterial: report_.status = GameStatus::InsufficientMaterial; break;
    case GameEnd::FivefoldRepetition: report_.status = GameStatus::FivefoldRepetition; break;
    case GameEnd::SeventyFiveMoveRule: report_.status = GameStatus::SeventyFiveMoveRule; break;
  }
  if (main.end == GameEnd::Checkmate) {
    report_.rules_result = main.cur.side_to_move() == chess::Color::Black ? pgn::Outcome::WhiteWins
                                                                          : pgn::Outcome::BlackWins;
  } else if (main.end != GameEnd::None) {
    report_.rules_result = pgn::Outcome::Draw;
    report_.auto_draw_ply = main.end_ply;
  }
  // An illegal move in the main line makes the game illegal, whatever happened before.
  if (main.dead && main.end == GameEnd::None) report_.status = GameStatus::Illegal;
}

void Replayer::check_result() {
  const std::optional<pgn::Outcome> tag =
      tags_.has_result ? parse_result(tags_.result) : std::nullopt;
  const pgn::Location where = marker_ ? marker_where_ : game_where_;
  auto inconsistent = [this, where](ProblemCode code, Severity severity, std::string message) {
    report_.consistent = false;
    report_.inconsistencies.push_back(code);
    Problem p;
    p.code = code;
    p.severity = severity;
    p.game = game_;
    p.where = where;
    p.ply = report_.plies;
    p.message = std::move(message);
    if (report_.final_position) p.fen = chess::write_fen(*report_.final_position);
    report(p);
  };
  if (marker_ && tag && *marker_ != *tag) {
    inconsistent(ProblemCode::ResultMismatch, Severity::Error,
                 "termination marker " + std::string(pgn::outcome_text(*marker_)) +
                     " differs from [Result \"" + tags_.result + "\"]");
  }
  report_.result = tag ? tag : marker_;
  // A game cut short by a syntax error or stopped by an illegal move has no final position
  // to judge the result by.
  if (!report_.final_position || report_.cut || report_.status == GameStatus::Illegal) return;
  const auto result = report_.result;
  if (report_.rules_result) {
    const std::string ended = std::string(game_status_name(report_.status));
    if (!result || *result == pgn::Outcome::Unknown) {
      inconsistent(ProblemCode::ResultUnsetAfterEnd, Severity::Warning,
                   "the game ended by " + ended + " (" +
                       std::string(pgn::outcome_text(*report_.rules_result)) +
                       ") but the result is not set");
    } else if (*result != *report_.rules_result) {
      inconsistent(ProblemCode::ResultContradicted, Severity::Error,
                   "result " + std::string(pgn::outcome_text(*result)) +
                       " contradicts the final position: " + ended + " decides " +
                       std::string(pgn::outcome_text(*report_.rules_result)));
    }
    return;
  }
  if (result == pgn::Outcome::WhiteWins || result == pgn::Outcome::BlackWins) {
    const chess::Color winner =
        *result == pgn::Outcome::WhiteWins ? chess::Color::White : chess::Color::Black;
    if (!chess::bare_king(*report_.final_position, winner)) return;
    const std::string credited = "result " + std::string(pgn::outcome_text(*result)) +
                                 " credits a win to a side with a bare king";
    // A loss on time against a side that cannot mate is a draw (FIDE 6.9): an error. A
    // resignation gave the win under the Laws before 2023; since 1 January 2023 Art. 5.1.2
    // scores it a draw too, but servers (lichess) still score it a win, so by any date it
    // is a warning, not an error (docs/laws.md).
    if (mentions_time(tags_.termination)) {
      inconsistent(ProblemCode::ResultContradicted, Severity::Error,
                   credited + ", which can never checkmate: a loss on time is a draw");
    } else {
      Problem p;
      p.code = ProblemCode::BareKingWin;
      p.severity = Severity::Warning;
      p.game = game_;
      p.where = where;
      p.ply = report_.plies;
      p.message = credited +
                  ": only a resignation can give that result, and FIDE's Laws "
                  "since 2023 (Art. 5.1.2) score even that a draw";
      p.fen = chess::write_fen(*report_.final_position);
      report(p);
    }
  }
}

}  // namespace pgnkit::replay

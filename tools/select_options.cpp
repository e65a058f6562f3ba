#include "select_options.h"

#include <string>

#include "eco_option.h"

namespace pgnkit::tools {

void add_filter_options(CLI::App& cmd, commands::FilterFlags& a, bool with_fen) {
  a.eco_default = kDefaultEcoFile;
  const char* tags = "Tag filters (no replay)";
  const char* play = "Play filters (replay the main line)";
  cmd.add_option("--tag", a.tag,
                 "NAME=VALUE, NAME~REGEX, or NAME op VALUE with op != < <= > >= (numbers as "
                 "numbers, Date/UTCDate/EventDate as dates); quote it for the shell")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--player", a.player,
                 "White or Black contains TEXT (ASCII case-insensitive); ~REGEX for a regex")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--white", a.white, "White contains TEXT; ~REGEX for a regex")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--black", a.black, "Black contains TEXT; ~REGEX for a regex")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--result", a.result, "Result tag: 1-0, 0-1, 1/2-1/2 or *")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--eco", a.eco,
                 "ECO tag in codes or ranges: B90, A00-B99, A00-A09,C20 (with --eco-classify: "
                 "the code classified from the moves)")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--variant", a.variant,
                 "Variant tag (case-insensitive); 'standard' also matches games without one")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--termination", a.termination, "Termination tag (case-insensitive)")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--elo", a.elo, "MIN[..MAX]: both WhiteElo and BlackElo in range")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--date", a.date,
                 "FROM..TO (YYYY[.MM[.DD]], either end may be left out): Date, else UTCDate, "
                 "wholly inside")
      ->allow_extra_args(false)
      ->group(tags);
  cmd.add_option("--plies", a.plies, "MIN..MAX main-line plies (or N, MIN.., ..MAX)")
      ->allow_extra_args(false)
      ->group(play);
  cmd.add_option("--ends", a.ends,
                 "How the rules end the main line: checkmate, stalemate, insufficient_material, "
                 "fivefold_repetition, seventy_five_move_rule, ongoing (comma-separated)")
      ->allow_extra_args(false)
      ->group(play);
  cmd.add_flag("--consistent", a.consistent, "The Result agrees with the rules")->group(play);
  cmd.add_flag("--inconsistent", a.inconsistent, "The Result disagrees with the rules")
      ->group(play);
  cmd.add_flag("--legal", a.legal, "Replayed with no move error")->group(play);
  cmd.add_flag("--illegal", a.illegal, "At least one move error")->group(play);
  if (with_fen) {  // tree's --fen is the position it asks about
    cmd.add_option("--fen", a.fen,
                   "The main line reaches this position (placement, side to move, castling, legal "
                   "en passant; the clocks are ignored)")
        ->allow_extra_args(false)
        ->group(play);
    cmd.add_flag("--fen-placement", a.fen_placement, "--fen compares the placement only")
        ->group(play);
    cmd.add_option("--tree", a.tree,
                   "With --fen: only the games this saved tree (pgnkit tree --save) lists through "
                   "the position, found without replaying; no files: the tree's inputs")
        ->group(play);
  }
  cmd.add_option("--material", a.material,
                 "WHITE:BLACK pieces exactly, e.g. KRP:KR, at some main-line position")
      ->allow_extra_args(false)
      ->group(play);
  cmd.add_flag("--material-final", a.material_final,
               "--material and --imbalance in the final position only")
      ->group(play);
  cmd.add_option("--imbalance", a.imbalance,
                 "A material imbalance at some main-line position, either colour: what one side "
                 "has more of, 'v', what the other has more of (QvRR, RvB, RvBN, BvN, Nv); pawns "
                 "and the rest equal")
      ->allow_extra_args(false)
      ->group(play);
  cmd.add_flag("--imbalance-any-pawns", a.imbalance_any_pawns, "--imbalance does not compare pawns")
      ->group(play);
  cmd.add_option("--imbalance-plies", a.imbalance_plies,
                 "--imbalance holds in N consecutive main-line positions (default 1; 2 skips "
                 "the middle of an exchange)")
      ->check(CLI::Range(1u, 1000000u))
      ->group(play);
  cmd.add_option("--position-pattern", a.position_pattern,
                 "A main-line position fits this board pattern (pgn-extract's FEN patterns: "
                 "? any square, ! a piece, A/a a White/Black piece, m not a pawn, _ empty, * any "
                 "run, [..] [^..] sets), optionally ' w' or ' b'")
      ->allow_extra_args(false)
      ->group(play);
  cmd.add_flag("--eco-classify", a.eco_classify,
               "--eco tests the opening classified from the main line (as annotate --eco; "
               "docs/eco.md), not the ECO tag; an unclassified game matches no range")
      ->group(play);
  cmd.add_option("--eco-file", a.eco_file,
                 std::string("ECO classification file in PGN for --eco-classify (implies it; "
                             "default ") +
                     kDefaultEcoFile + ")")
      ->group(play);
  cmd.add_flag("--invert", a.invert, "Select the games that do not pass");
}

}  // namespace pgnkit::tools

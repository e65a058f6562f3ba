// Which edition of the FIDE Laws of Chess judges a game.
//
// Fivefold repetition and the 75-move rule end a game automatically only under the Laws in
// force since 1 July 2014 (FIDE Laws of Chess, edition effective 1 July 2014, Art. 9.6);
// before, both were claim-only and play could go on. Every other ending (checkmate,
// stalemate, a dead position) and the threefold and 50-move claim points are the same under
// every edition.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnkit::replay {

// The edition that judged a game.
enum class Laws : std::uint8_t {
  Current,  // in force since 1 July 2014: fivefold repetition and 75 moves end the game
  Pre2014,  // before: fivefold repetition and 75 moves are claim-only, play may go on
};
// "current" or "pre-2014" (the `laws` field of `pgnkit status`).
std::string_view laws_name(Laws laws);

// How the replayer picks the edition (the --laws option).
enum class LawsChoice : std::uint8_t {
  ByDate,   // each game by the edition in force on its date (laws_for_date)
  Current,  // every game by the current Laws
  Pre2014,  // every game by the Laws before 1 July 2014
};
// "by-date", "current" or "pre-2014"; nullopt for any other name.
std::optional<LawsChoice> parse_laws_choice(std::string_view name);

// The first day of the current Laws' automatic fivefold and 75-move endings, as YYYYMMDD.
inline constexpr std::uint32_t kAutomaticDrawsSince = 20140701;

// The earliest day a PGN date allows, as YYYYMMDD, or 0 when it has no known year. The date
// is YYYY.MM.DD ('-' or '/' also separate; a missing or unknown month or day counts as the
// first); each '?' digit takes the smallest value that keeps the day valid ("2014.??.??" is
// 20140101, "19??.??.??" is 19000101, "????.??.??" is 0).
std::uint32_t earliest_day(std::string_view date);

// The edition in force on the earliest day `date` allows; a date with no known year is judged
// by the current Laws.
Laws laws_for_date(std::string_view date);

}  // namespace pgnkit::replay

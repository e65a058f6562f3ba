// The draw limits of the FIDE Laws of Chess (Art. 9), named once for every module.
//
// The claim limits let a player claim a draw; the automatic ones end the game by themselves
// under the Laws in force since 1 July 2014 (replay/laws.h says which edition judges a game).
// Repetitions count occurrences of one position; the move rules count plies (half-moves)
// without a pawn move or a capture, as a position's halfmove clock does.
#pragma once

namespace pgnkit::chess {

// Art. 9.2: a draw can be claimed when the same position has appeared three times.
inline constexpr int kClaimRepetitions = 3;
// Art. 9.3 (the 50-move rule): a draw can be claimed after 50 moves by each player.
inline constexpr int kClaimHalfmoveClock = 100;
// Art. 9.6.1: the game is drawn when the same position has appeared five times.
inline constexpr int kAutomaticDrawRepetitions = 5;
// Art. 9.6.2 (the 75-move rule): the game is drawn after 75 moves by each player, unless the
// last move mates.
inline constexpr int kAutomaticDrawHalfmoveClock = 150;

}  // namespace pgnkit::chess

// The plain C reference loop of `duo-bench limit`: classic Broadside (10 x 10,
// fleet 5-4-3-3-2) played by the `random` and `hunt` bots' rules, written the
// way a C programmer would write it for this one game: bitboards in one
// 128-bit word, a ship number per cell, no allocation, no generic code.
//
// It draws from the engine's generator (xoshiro256** seeded through
// SplitMix64, Lemire's bounded draws) with the engine's seeds, so a batch
// gives exactly the engine's numbers: the benchmark checks that the two loops
// played the same games before it compares their speeds.
#ifndef BROADSIDE_LIMIT_H
#define BROADSIDE_LIMIT_H

#include <stdint.h>

/// The sums of a batch, as the engine's batch tally counts them.
typedef struct {
    /// Matches played.
    int64_t games;
    /// Matches won by seat 0 and by seat 1.
    int64_t wins[2];
    /// Matches won by the seat that fired first.
    int64_t firstSeatWins;
    /// Moves made (placements, resets and shots) over all matches.
    int64_t moves;
    /// The winner's shots, summed over all matches.
    int64_t winnerShots;
} DuoLimitTally;

/// The shooters of the reference loop.
typedef enum { DuoLimitRandom = 0, DuoLimitHunt = 1 } DuoLimitShooter;

/// Plays matches `first ..< first + count` of the batch seeded with `seed`,
/// `shooter` against itself, each bot placing its fleet at random.
DuoLimitTally duo_limit_play(uint64_t seed, int64_t first, int64_t count, DuoLimitShooter shooter);

#endif

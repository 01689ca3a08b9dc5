// The plain C reference loop of `duo-bench limit` (see BroadsideLimit.h).
// Cells are numbered row * 10 + column, so bit order is row-major order, as
// the engine's cell order is; a set of cells is one unsigned __int128.
#include "BroadsideLimit.h"

#include <string.h>

enum { SIDE = 10, CELLS = 100, SHIPS = 5, MAX_SHAPES = 2 * SIDE * SIDE };

typedef unsigned __int128 cells_t;

static const int lengths[SHIPS] = {5, 4, 3, 3, 2};

// ---- The engine's generator: xoshiro256** seeded by SplitMix64 ----

static const uint64_t golden = 0x9E3779B97F4A7C15ull;

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Output `index` of the SplitMix64 stream seeded with `seed`.
static inline uint64_t splitmix_output(uint64_t seed, uint64_t index) { return mix(seed + golden * (index + 1)); }

typedef struct {
    uint64_t s[4];
} rng_t;

static inline void rng_seed(rng_t *rng, uint64_t seed) {
    for (int i = 0; i < 4; i++) {
        seed += golden;
        rng->s[i] = mix(seed);
    }
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_t *rng) {
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

// A uniform number below `bound` (Lemire's multiply-and-reject).
static inline int rng_below(rng_t *rng, uint64_t bound) {
    unsigned __int128 product = (unsigned __int128)rng_next(rng) * bound;
    if ((uint64_t)product < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while ((uint64_t)product < threshold) product = (unsigned __int128)rng_next(rng) * bound;
    }
    return (int)(product >> 64);
}

// ---- Cell sets ----

static inline int count(cells_t set) {
    return __builtin_popcountll((uint64_t)set) + __builtin_popcountll((uint64_t)(set >> 64));
}

static inline cells_t bit(int cell) { return (cells_t)1 << cell; }

// The cell of rank `rank` in row-major order.
static inline int cell_at_rank(cells_t set, int rank) {
    uint64_t low = (uint64_t)set;
    int lowCount = __builtin_popcountll(low);
    uint64_t word = low;
    int base = 0;
    if (rank >= lowCount) {
        rank -= lowCount;
        word = (uint64_t)(set >> 64);
        base = 64;
    }
    for (int i = 0; i < rank; i++) word &= word - 1;
    return base + __builtin_ctzll(word);
}

static inline int random_cell(cells_t set, rng_t *rng) { return cell_at_rank(set, rng_below(rng, (uint64_t)count(set))); }

// ---- Tables, built once ----

typedef struct {
    cells_t mask;
} shape_t;

static shape_t shapes[SIDE + 1][MAX_SHAPES];
static int shapeCount[SIDE + 1];
static cells_t board, firstColumn, lastColumn;
static cells_t diagonals[SIDE + 1][SIDE];

static void build_tables(void) {
    static int built = 0;
    if (built) return;
    board = ((cells_t)1 << CELLS) - 1;
    for (int row = 0; row < SIDE; row++) {
        firstColumn |= bit(row * SIDE);
        lastColumn |= bit(row * SIDE + SIDE - 1);
    }
    // The engine's order: every position across, row by row, then every position down.
    for (int length = 1; length <= SIDE; length++) {
        int n = 0;
        for (int heading = 0; heading < 2; heading++) {
            if (length == 1 && heading == 1) continue;
            for (int row = 0; row < SIDE; row++) {
                for (int column = 0; column < SIDE; column++) {
                    if (heading == 0 ? column + length > SIDE : row + length > SIDE) continue;
                    cells_t mask = 0;
                    for (int k = 0; k < length; k++) mask |= bit(heading == 0 ? row * SIDE + column + k : (row + k) * SIDE + column);
                    shapes[length][n++].mask = mask;
                }
            }
        }
        shapeCount[length] = n;
    }
    for (int modulus = 1; modulus <= SIDE; modulus++) {
        for (int cell = 0; cell < CELLS; cell++) diagonals[modulus][(cell / SIDE + cell % SIDE) % modulus] |= bit(cell);
    }
    built = 1;
}

static inline cells_t moved_left(cells_t set) { return (set >> 1) & ~lastColumn; }
static inline cells_t moved_right(cells_t set) { return (set << 1) & ~firstColumn & board; }
static inline cells_t moved_up(cells_t set) { return set >> SIDE; }
static inline cells_t moved_down(cells_t set) { return (set << SIDE) & board; }

// ---- One seat: its fleet, what it took, its bot ----

typedef struct {
    rng_t rng;
    int latticeOffset;
    // The random shooter's firing order, drawn at its first shot.
    uint8_t order[CELLS];
    int cursor;
    int shuffled;
    // The fleet.
    int8_t shipAt[CELLS];
    cells_t shipMask[SHIPS];
    int placed;
    cells_t occupied;
    // The shots it received, their hits, its sunk ships' cells.
    cells_t shots, hits, sunkCells;
    int hitsOn[SHIPS];
    int afloat;
    int fired;
} seat_t;

static void seat_start(seat_t *seat, uint64_t seed) {
    rng_seed(&seat->rng, seed);
    seat->latticeOffset = rng_below(&seat->rng, 16);
    seat->cursor = 0;
    seat->shuffled = 0;
    memset(seat->shipAt, -1, sizeof seat->shipAt);
    seat->placed = 0;
    seat->occupied = 0;
    seat->shots = seat->hits = seat->sunkCells = 0;
    memset(seat->hitsOn, 0, sizeof seat->hitsOn);
    seat->afloat = (1 << SHIPS) - 1;
    seat->fired = 0;
}

// One placement move: the next ship (the fleet is listed longest first) at a
// random position clear of the others, or a reset when none is left.
static void place_next(seat_t *seat) {
    int ship = seat->placed;
    int length = lengths[ship];
    const shape_t *table = shapes[length];
    int n = shapeCount[length];
    int chosen = -1;
    for (int attempt = 0; attempt < 24 && chosen < 0; attempt++) {
        int index = rng_below(&seat->rng, (uint64_t)n);
        if (!(table[index].mask & seat->occupied)) chosen = index;
    }
    if (chosen < 0) {
        int clear = 0;
        for (int i = 0; i < n; i++) clear += !(table[i].mask & seat->occupied);
        if (clear > 0) {
            int rank = rng_below(&seat->rng, (uint64_t)clear);
            for (int i = 0; i < n && chosen < 0; i++) {
                if (!(table[i].mask & seat->occupied) && rank-- == 0) chosen = i;
            }
        }
    }
    if (chosen < 0) {
        memset(seat->shipAt, -1, sizeof seat->shipAt);
        seat->placed = 0;
        seat->occupied = 0;
        return;
    }
    cells_t mask = table[chosen].mask;
    seat->shipMask[ship] = mask;
    seat->occupied |= mask;
    for (cells_t left = mask; left; left &= left - 1) {
        uint64_t low = (uint64_t)left;
        int cell = low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(left >> 64));
        seat->shipAt[cell] = (int8_t)ship;
    }
    seat->placed++;
}

static int random_shot(seat_t *shooter, const seat_t *target) {
    if (!shooter->shuffled) {
        for (int cell = 0; cell < CELLS; cell++) shooter->order[cell] = (uint8_t)cell;
        for (int index = CELLS - 1; index > 0; index--) {
            int other = rng_below(&shooter->rng, (uint64_t)index + 1);
            uint8_t swap = shooter->order[index];
            shooter->order[index] = shooter->order[other];
            shooter->order[other] = swap;
        }
        shooter->shuffled = 1;
    }
    for (;;) {
        int cell = shooter->order[shooter->cursor++];
        if (!(target->shots & bit(cell))) return cell;
    }
}

// Finish a hit ship (the open ends of a line of hits, else around a hit),
// else search one diagonal class spaced by the shortest ship afloat.
static int hunt_shot(seat_t *shooter, const seat_t *target) {
    cells_t open = board & ~target->shots;
    cells_t hits = target->hits & ~target->sunkCells;
    if (hits) {
        cells_t inRow = hits & (moved_left(hits) | moved_right(hits));
        cells_t inColumn = hits & (moved_up(hits) | moved_down(hits));
        cells_t ends = (moved_left(inRow) | moved_right(inRow) | moved_up(inColumn) | moved_down(inColumn)) & open;
        if (ends) return random_cell(ends, &shooter->rng);
        cells_t around = (moved_left(hits) | moved_right(hits) | moved_up(hits) | moved_down(hits)) & ~hits & open;
        if (around) return random_cell(around, &shooter->rng);
    }
    int spacing = SIDE + 1;
    for (int ship = 0; ship < SHIPS; ship++) {
        if ((target->afloat >> ship & 1) && lengths[ship] < spacing) spacing = lengths[ship];
    }
    if (spacing > SIDE) spacing = 1;
    cells_t lattice = diagonals[spacing][shooter->latticeOffset % spacing] & open;
    return random_cell(lattice ? lattice : open, &shooter->rng);
}

DuoLimitTally duo_limit_play(uint64_t seed, int64_t first, int64_t count, DuoLimitShooter shooter) {
    build_tables();
    DuoLimitTally tally = {0};
    seat_t seats[2];
    for (int64_t match = first; match < first + count; match++) {
        uint64_t matchSeed = splitmix_output(seed, (uint64_t)match);
        int firstSeat = (int)(match % 2);
        for (int s = 0; s < 2; s++) seat_start(&seats[s], splitmix_output(matchSeed ^ 0xB075EEDB075EEDull, (uint64_t)s));
        int64_t moves = 0;
        // Both seats place at once, one ship each in turn.
        while (seats[0].placed < SHIPS || seats[1].placed < SHIPS) {
            for (int s = 0; s < 2; s++) {
                if (seats[s].placed < SHIPS) {
                    place_next(&seats[s]);
                    moves++;
                }
            }
        }
        int turn = firstSeat;
        for (;;) {
            seat_t *self = &seats[turn];
            seat_t *target = &seats[1 - turn];
            int cell = shooter == DuoLimitRandom ? random_shot(self, target) : hunt_shot(self, target);
            moves++;
            self->fired++;
            target->shots |= bit(cell);
            int ship = target->shipAt[cell];
            if (ship >= 0) {
                target->hits |= bit(cell);
                if (++target->hitsOn[ship] == lengths[ship]) {
                    target->afloat &= ~(1 << ship);
                    target->sunkCells |= target->shipMask[ship];
                    if (!target->afloat) break;
                }
            }
            turn = 1 - turn;
        }
        tally.games++;
        tally.wins[turn]++;
        if (turn == firstSeat) tally.firstSeatWins++;
        tally.moves += moves;
        tally.winnerShots += seats[turn].fired;
    }
    return tally;
}

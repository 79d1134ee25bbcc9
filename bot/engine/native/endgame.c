/* The exact endgame solver: the final disc difference with perfect play from both sides.
 *
 * Scores are official final scores from the side to move's view: discs minus the opponent's
 * discs, the empty squares going to the winner (so always even, from -64 to 64).
 *
 * Above SMALL empties a node generates its moves, orders them fastest-first (fewest replies for
 * the opponent, corners counted twice), tries the table's move first, and searches with a
 * principal-variation (null-window) scheme. At SMALL empties and below it is cheaper to try each
 * empty square directly in parity order (squares of odd quadrants first), with no table; the
 * last empty square is scored by counting flips alone. bot/engine/ai/endgame.py is the same
 * search in Python, and the reference: change both together.
 */
#include "endgame.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SMALL 6
#define INFINITE_SCORE 65
#define TABLE_FIRST ((size_t)1 << 10)
/* How often (in interior nodes) the clock and `interrupted` are consulted. */
#define CLOCK_EVERY 16
#define INTERRUPT_EVERY 65536

static const board_t QUADRANTS[4] = {
    UINT64_C(0x000000000F0F0F0F), UINT64_C(0x00000000F0F0F0F0),
    UINT64_C(0x0F0F0F0F00000000), UINT64_C(0xF0F0F0F000000000),
};

/* The parity bit of a square's quadrant: bit i for quadrant i of QUADRANTS. */
static inline int quadrant_bit(int square) {
    return 1 << (((square >> 5) << 1) | ((square & 7) >> 2));
}

/* The parity word of a set of empty squares: bit i set when quadrant i has an odd count. */
static inline int parity_of(board_t empties) {
    int parity = 0;
    for (int i = 0; i < 4; i++) {
        if (board_popcount(empties & QUADRANTS[i]) & 1) parity |= 1 << i;
    }
    return parity;
}

/* The squares of the quadrants whose bit is set in `parity`. */
static inline board_t odd_regions(int parity) {
    board_t regions = 0;
    for (int i = 0; i < 4; i++) {
        if (parity >> i & 1) regions |= QUADRANTS[i];
    }
    return regions;
}

double endgame_now(void) {
    struct timespec now;
#ifdef CLOCK_MONOTONIC
    clock_gettime(CLOCK_MONOTONIC, &now);
#else
    timespec_get(&now, TIME_UTC);
#endif
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

void endgame_init(endgame_search *search) { memset(search, 0, sizeof *search); }

void endgame_free(endgame_search *search) {
    free(search->table);
    search->table = NULL;
    search->capacity = search->used = 0;
}

/* --- the table of bounds: open addressing, linear probing, doubled when half full ---------- */

static inline size_t slot_of(const endgame_search *search, board_t player, board_t opponent) {
    uint64_t hash = player * UINT64_C(0x9E3779B97F4A7C15) ^ opponent * UINT64_C(0xC2B2AE3D27D4EB4F);
    hash ^= hash >> 29;
    size_t slot = (size_t)hash & (search->capacity - 1);
    for (;;) {
        const endgame_entry *entry = &search->table[slot];
        if ((entry->player == player && entry->opponent == opponent) ||
            !(entry->player | entry->opponent))
            return slot;
        slot = (slot + 1) & (search->capacity - 1);
    }
}

static const endgame_entry *table_find(const endgame_search *search, board_t player,
                                       board_t opponent) {
    if (!search->capacity) return NULL;
    const endgame_entry *entry = &search->table[slot_of(search, player, opponent)];
    return entry->player | entry->opponent ? entry : NULL;
}

/* Moves every entry into a table of `capacity` slots; false if there is no memory for it. */
static int table_resize(endgame_search *search, size_t capacity) {
    endgame_entry *old = search->table;
    size_t old_capacity = search->capacity;
    endgame_entry *table = calloc(capacity, sizeof *table);
    if (!table) return 0;
    search->table = table;
    search->capacity = capacity;
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i].player | old[i].opponent)
            search->table[slot_of(search, old[i].player, old[i].opponent)] = old[i];
    }
    free(old);
    return 1;
}

static void table_store(endgame_search *search, board_t player, board_t opponent, int lower,
                        int upper, int square) {
    if (2 * (search->used + 1) > search->capacity) {
        size_t capacity = search->capacity ? 2 * search->capacity : TABLE_FIRST;
        if (capacity <= ENDGAME_TABLE_MAX) {
            if (!table_resize(search, capacity)) {
                search->stopped = ENDGAME_OUT_OF_MEMORY;
                return;
            }
        }
    }
    endgame_entry *entry = &search->table[slot_of(search, player, opponent)];
    if (!(entry->player | entry->opponent)) {
        if (4 * (search->used + 1) > 3 * search->capacity) return; /* full: keep what it has */
        search->used++;
    }
    entry->player = player;
    entry->opponent = opponent;
    entry->lower = (int8_t)lower;
    entry->upper = (int8_t)upper;
    entry->square = (int8_t)square;
}

/* --- the search ------------------------------------------------------------------------------ */

/* Counts an interior node against the limits, as `Deadline.check` does in Python; true if the
 * search must stop. */
static int out_of_limits(endgame_search *search) {
    if (search->has_budget && --search->nodes_left < 0) {
        search->stopped = ENDGAME_OUT_OF_TIME;
        return 1;
    }
    uint64_t tick = search->interior++; /* the first node looks at the clock too */
    if (search->has_deadline && tick % CLOCK_EVERY == 0 &&
        endgame_now() > search->deadline) {
        search->stopped = ENDGAME_OUT_OF_TIME;
        return 1;
    }
    if (search->interrupted && tick % INTERRUPT_EVERY == 0 && search->interrupted()) {
        search->stopped = ENDGAME_INTERRUPTED;
        return 1;
    }
    return 0;
}

/* The final score with one empty square left, whoever can play it. */
static int last_square(board_t player, board_t opponent, int square) {
    board_t flipped = board_flips(player, opponent, square);
    if (flipped) return 2 * (board_popcount(player) + board_popcount(flipped)) - 62;
    flipped = board_flips(opponent, player, square);
    if (flipped) return 62 - 2 * (board_popcount(opponent) + board_popcount(flipped));
    int diff = 2 * board_popcount(player) - 63;
    return diff > 0 ? diff + 1 : diff - 1;
}

/* Few empties: each empty square tried in parity order, odd quadrants first, no table. */
static int search_small(endgame_search *search, board_t player, board_t opponent, int alpha,
                        int beta, board_t empties, int count, int parity) {
    search->nodes++;
    if (count == 1) return last_square(player, opponent, board_lowest_square(empties));
    int best = -INFINITE_SCORE;
    board_t odd = odd_regions(parity);
    board_t regions[2] = {empties & odd, empties & ~odd};
    for (int r = 0; r < 2; r++) {
        board_t region = regions[r];
        while (region) {
            board_t bit = region & -region;
            region ^= bit;
            int square = board_lowest_square(bit);
            board_t flipped = board_flips(player, opponent, square);
            if (!flipped) continue;
            int value = -search_small(search, opponent ^ flipped, player | flipped | bit, -beta,
                                      -alpha, empties ^ bit, count - 1,
                                      parity ^ quadrant_bit(square));
            if (value > best) {
                best = value;
                if (value > alpha) {
                    alpha = value;
                    if (value >= beta) return value;
                }
            }
        }
    }
    if (best == -INFINITE_SCORE) {
        if (board_legal_moves(opponent, player))
            return -search_small(search, opponent, player, -beta, -alpha, empties, count, parity);
        return board_final_score(player, opponent);
    }
    return best;
}

/* A child of a deep node, with the key it is ordered by. */
typedef struct {
    int key;
    int square;
    board_t player; /* the child's side to move: the parent's opponent */
    board_t opponent;
} child;

/* The children of `moves`, best candidates first: the table's move (`hint`), then fewest replies
 * (corners counted twice); ties in square order, as Python's sort of (key, square) gives. */
static int ordered_children(board_t player, board_t opponent, board_t moves, int hint,
                            child *children) {
    int count = 0;
    while (moves) {
        board_t bit = moves & -moves;
        moves ^= bit;
        int square = board_lowest_square(bit);
        board_t flipped = board_flips(player, opponent, square);
        child next = {-1, square, opponent ^ flipped, player | flipped | bit};
        if (square != hint) {
            board_t replies = board_legal_moves(next.player, next.opponent);
            next.key = board_popcount(replies) + board_popcount(replies & BOARD_CORNERS);
        }
        int at = count++;
        while (at > 0 && children[at - 1].key > next.key) {  /* insertion sort, stable */
            children[at] = children[at - 1];
            at--;
        }
        children[at] = next;
    }
    return count;
}

static int search_deep(endgame_search *search, board_t player, board_t opponent, int alpha,
                       int beta, int count, int parity) {
    search->nodes++;
    if (out_of_limits(search)) return 0;
    const endgame_entry *entry = table_find(search, player, opponent);
    int hint = -1;
    int lower = -INFINITE_SCORE, upper = INFINITE_SCORE;
    if (entry) {
        lower = entry->lower;
        upper = entry->upper;
        hint = entry->square;
        if (lower >= beta) return lower;
        if (upper <= alpha || lower == upper) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
    }
    board_t moves = board_legal_moves(player, opponent);
    if (!moves) {
        if (!board_legal_moves(opponent, player)) return board_final_score(player, opponent);
        return -search_deep(search, opponent, player, -beta, -alpha, count, parity);
    }
    count--;
    int small = count <= SMALL;
    board_t empties = ~(player | opponent);
    child children[64];
    int n = ordered_children(player, opponent, moves, hint, children);
    int best = -INFINITE_SCORE, best_square = -1, low = alpha;
    for (int i = 0; i < n; i++) {
        const child *c = &children[i];
        int child_parity = parity ^ quadrant_bit(c->square);
        board_t child_empties = empties ^ ((board_t)1 << c->square);
        int value;
        /* the first child with the full window, the others with a null window around the best
         * so far, searched again in full only when they beat it */
        if (small) {
            if (i == 0) {
                value = -search_small(search, c->player, c->opponent, -beta, -low, child_empties,
                                      count, child_parity);
            } else {
                value = -search_small(search, c->player, c->opponent, -low - 1, -low,
                                      child_empties, count, child_parity);
                if (low < value && value < beta)
                    value = -search_small(search, c->player, c->opponent, -beta, -value,
                                          child_empties, count, child_parity);
            }
        } else if (i == 0) {
            value = -search_deep(search, c->player, c->opponent, -beta, -low, count, child_parity);
        } else {
            value = -search_deep(search, c->player, c->opponent, -low - 1, -low, count,
                                 child_parity);
            if (search->stopped) return 0;
            if (low < value && value < beta)
                value = -search_deep(search, c->player, c->opponent, -beta, -value, count,
                                     child_parity);
        }
        if (search->stopped) return 0;
        if (value > best) {
            best = value;
            best_square = c->square;
            if (value > low) {
                low = value;
                if (value >= beta) break;
            }
        }
    }
    if (best >= beta) {
        if (best > lower) lower = best;
    } else if (best <= alpha) {
        if (best < upper) upper = best;
    } else {
        lower = upper = best;
    }
    table_store(search, player, opponent, lower, upper, best_square);
    return best;
}

int endgame_score(endgame_search *search, board_t player, board_t opponent, int alpha, int beta) {
    board_t empties = ~(player | opponent);
    int count = board_popcount(empties);
    if (count <= SMALL) {
        if (count == 0) return board_final_score(player, opponent);
        return search_small(search, player, opponent, alpha, beta, empties, count,
                            parity_of(empties));
    }
    return search_deep(search, player, opponent, alpha, beta, count, parity_of(empties));
}

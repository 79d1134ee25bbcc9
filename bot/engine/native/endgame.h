/* The exact endgame solver of the native core: the C twin of bot/engine/ai/endgame.py.
 *
 * It is the same search, move for move: the same move ordering, the same principal-variation
 * windows, the same parity order near the end and the same table of bounds, so it visits the
 * same nodes and returns the same scores as the Python `EndgameSearch` (the differential tests
 * compare both, node counts included). Only the table is bounded here (`ENDGAME_TABLE_MAX`);
 * the two part ways only in searches that outgrow it.
 */
#ifndef REVERSI_ENDGAME_H
#define REVERSI_ENDGAME_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

/* The table stops taking new positions at this many slots (2**21, 48 MB) three quarters full. */
#define ENDGAME_TABLE_MAX ((size_t)1 << 21)

/* What the table knows of a position: its score lies in [lower, upper], and `square` was the
 * best move found (-1 for none). An all-zero `player | opponent` marks an empty slot. */
typedef struct {
    board_t player;
    board_t opponent;
    int8_t lower;
    int8_t upper;
    int8_t square;
} endgame_entry;

/* Why a search stopped before its answer. */
typedef enum {
    ENDGAME_RUNNING = 0,
    ENDGAME_OUT_OF_TIME,  /* the deadline passed or the node budget ran out */
    ENDGAME_INTERRUPTED,  /* `interrupted` said so (the binding: a signal such as Ctrl-C) */
    ENDGAME_OUT_OF_MEMORY,
} endgame_stop;

/* One exact search. Set the limits, call `endgame_score` (as often as needed: the table
 * carries over), then `endgame_free`. */
typedef struct {
    endgame_entry *table;
    size_t capacity; /* slots, a power of two (0 before the first store) */
    size_t used;
    uint64_t nodes;        /* every node, as the Python search counts them */
    uint64_t interior;     /* the interior nodes (above SMALL empties), where limits are checked */
    int has_deadline;      /* whether `deadline` (seconds of `endgame_now`) applies */
    double deadline;
    int has_budget;        /* whether `nodes_left` applies: the review's node budget */
    int64_t nodes_left;    /* interior nodes still allowed; the search stops below 0 */
    int (*interrupted)(void); /* asked now and then whether to give up; may be NULL */
    endgame_stop stopped;
} endgame_search;

/* Seconds on a monotonic clock, for `deadline`. */
double endgame_now(void);

/* A search with no limits and an empty table. */
void endgame_init(endgame_search *search);

/* Frees the table. */
void endgame_free(endgame_search *search);

/* The exact score if it lies strictly between alpha and beta, else a bound beyond, from the
 * view of the side to move (`player`). Meaningless when the search has `stopped`. */
int endgame_score(endgame_search *search, board_t player, board_t opponent, int alpha, int beta);

#endif /* REVERSI_ENDGAME_H */

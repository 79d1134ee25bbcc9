/* The midgame search of the native engine core: the C twin of `Negamax.value` in
 * bot/engine/ai/search.py.
 *
 * It is the same algorithm, node for node: negamax with alpha-beta, null-window (PVS)
 * re-searches, a transposition table of bounds, the same move ordering and, when asked, the
 * same multi-ProbCut cuts (probcut.py's margins, handed over by `search_configure_probcut`), so
 * that with the same evaluation it visits the same nodes and returns the same values as the
 * Python search. The root (iterative deepening, the levels' noise, the reviews' played move)
 * stays in Python, which calls `search_value` once per root move and depth.
 */
#ifndef REVERSI_SEARCH_H
#define REVERSI_SEARCH_H

#include <stdint.h>

#include "board.h"
#include "eval.h"

#define SEARCH_INFINITY 1000000 /* search.py's INFINITY: beyond any evaluation */
#define SEARCH_MAX_DEPTH 60
/* The most moves a position can have: no reachable one has more than 33, but the Python binding
 * accepts any board. */
#define SEARCH_MAX_MOVES 64

/* One search's limits and counters, kept across its calls of `search_value`.
 *
 * With `budgeted`, `checks` counts down at every interior node (the node budget of reviews,
 * analysis.py's `NodeBudget`), and the search stops below 0.
 * `stop_at` is a time on `search_clock` after which the search stops (HUGE_VAL: none).
 * `interrupted`, when set, is asked now and then whether to give up (Python's Ctrl-C): it
 * returns non-zero to stop. */
typedef struct {
    uint32_t generation;
    int probcut; /* cut nodes forward by multi-ProbCut (search_configure_probcut) */
    int64_t nodes;
    int64_t checks;
    int budgeted;
    double stop_at;
    int (*interrupted)(void);
    /* set by the search */
    int stopped;          /* 1 when the budget or the time ran out, 2 when interrupted */
    unsigned until_clock; /* interior nodes until the clock is read again */
    EvalFeatures (*ordering)[SEARCH_MAX_MOVES]; /* per depth, the children's pattern indices */
} Search;

/* The multi-ProbCut margin and shallow depth at each depth 0..SEARCH_MAX_DEPTH, as probcut.py's
 * `margin` and `shallow` give them; where a margin is not 0, its shallow depth is below its depth
 * (search_module.c checks). */
void search_configure_probcut(const int *margins, const int *shallows);

/* Starts a search, zeroed before the first start: a fresh generation of the transposition table
 * (entries of earlier searches count as empty). Returns 0, or -1 when memory runs out. */
int search_start(Search *search);

/* Frees what `search_start` allocated for this search. */
void search_free(Search *search);

/* The negamax value of the position `depth` plies deep for `player`: exact inside (alpha, beta),
 * a bound outside. `features` are the position's pattern indices (`eval_features`). When the
 * search stops (see `Search.stopped`), the value is meaningless and nothing more was stored. */
int search_value(Search *search, board_t player, board_t opponent, const EvalFeatures *features,
                 int depth, int alpha, int beta);

/* Seconds on a steady clock, for `Search.stop_at`. */
double search_clock(void);

#endif /* REVERSI_SEARCH_H */

/* The midgame search: see search.h. Each step below mirrors a line of `Negamax.value` and
 * `Negamax.children` in bot/engine/ai/search.py; where the C differs (a bounded table, the clock
 * read every few hundred nodes), the comment says why the values cannot differ.
 */
#include "search.h"

#include <stdlib.h>

#ifdef __linux__
#include <sys/mman.h>
#endif

#ifdef _WIN32
#include <windows.h>
double search_clock(void) {
    LARGE_INTEGER counter, frequency;
    QueryPerformanceCounter(&counter);
    QueryPerformanceFrequency(&frequency);
    return (double)counter.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>
double search_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}
#endif

/* The transposition table. The Python search keeps every position in a dict; here a fixed
 * table of buckets, each a few entries wide (one cache line pair), keeps memory bounded. While no
 * bucket overflows it behaves exactly as the dict, so the two searches visit the same nodes
 * (the differential tests stay well below that); once one does, the shallowest entry makes
 * room. A lost entry costs nodes, never correctness: entries only hold bounds that a search of
 * the same depth proved, and hints for the order of moves. */
typedef struct {
    board_t player, opponent;
    int32_t lower, upper;
    uint32_t generation; /* the search that wrote it: any other counts as empty */
    int8_t depth;
    int8_t move;
} Entry;

#define BUCKET_WIDTH 4
#define TABLE_BITS 18 /* 2**18 buckets of 4 entries of 32 bytes: 32 MB per process */

typedef struct {
    Entry entries[BUCKET_WIDTH];
} Bucket;

/* One table per process, allocated at its first search and kept: one search runs at a time, since
 * the Python binding holds the GIL throughout (search_module.c). */
static Bucket *table;

/* The table, zeroed. On Linux it asks for huge pages (2 MB rather than 4 KB): each look-up lands
 * on a random page of 32 MB, and with small pages most also miss the processor's page cache
 * (measured: the search runs some 7% faster where the kernel grants them, its prefetches
 * included). The kernel zeroes the pages as they are first touched, as calloc's would be.
 * Elsewhere, or if the advice is refused, ordinary pages do. */
static Bucket *allocate_table(void) {
    size_t bytes = ((size_t)1 << TABLE_BITS) * sizeof(Bucket);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t huge = (size_t)1 << 21; /* bytes is a multiple of it */
    char *memory = mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                        -1, 0);
    if (memory == MAP_FAILED) return NULL;
    char *aligned = (char *)(((uintptr_t)memory + huge - 1) & ~(uintptr_t)(huge - 1));
    madvise(aligned, bytes, MADV_HUGEPAGE);
    return (Bucket *)aligned; /* kept for the life of the process, as the table is */
#else
    return calloc(1, bytes);
#endif
}

static uint32_t latest_generation;

/* The multi-ProbCut margin and shallow depth at each depth (a margin of 0: never cut there), as
 * probcut.py's `margin` and `shallow` give them (search_configure_probcut). */
static int probcut_margins[SEARCH_MAX_DEPTH + 1];
static int probcut_shallows[SEARCH_MAX_DEPTH + 1];
#define PROBCUT_LARGEST (64 * EVAL_SCALE) /* search.py's _LARGEST */

void search_configure_probcut(const int *margins, const int *shallows) {
    for (int depth = 0; depth <= SEARCH_MAX_DEPTH; depth++) {
        probcut_margins[depth] = margins[depth];
        probcut_shallows[depth] = shallows[depth];
    }
}

/* The clock (and Python, for a Ctrl-C) is asked once every this many interior nodes, a fraction
 * of a millisecond, rather than at every one as the Python search does: a node here costs less
 * than a millisecond's thousandth, and asking at each would be a noticeable share of it. */
#define CLOCK_INTERVAL 256

int search_start(Search *search) {
    if (search->ordering == NULL) {
        search->ordering = malloc((SEARCH_MAX_DEPTH + 1) * sizeof *search->ordering);
        if (search->ordering == NULL) return -1;
    }
    if (table == NULL) {
        table = allocate_table();
        if (table == NULL) return -1;
    }
    /* Generation 0 marks entries never written, so it is skipped when the count wraps (after
     * 2**32 - 1 searches in one process, when entries that old are long overwritten). */
    if (++latest_generation == 0) latest_generation = 1;
    search->generation = latest_generation;
    search->nodes = 0;
    search->stopped = 0;
    search->until_clock = 0;
    return 0;
}

void search_free(Search *search) {
    free(search->ordering);
    search->ordering = NULL;
}

static inline Bucket *bucket_of(board_t player, board_t opponent) {
    uint64_t hash = player * UINT64_C(0x9E3779B97F4A7C15) ^ opponent * UINT64_C(0xC2B2AE3D27D4EB4F);
    hash ^= hash >> 31;
    hash *= UINT64_C(0xBF58476D1CE4E5B9);
    return &table[hash >> (64 - TABLE_BITS)];
}

/* Asks the memory for a position's bucket ahead of its look-up: the table is far larger than the
 * caches, and a node waiting for its bucket was a large share of the search's time. The children
 * of a node prefetch theirs while their siblings are generated and ordered. */
static inline void prefetch_bucket(board_t player, board_t opponent) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(bucket_of(player, opponent));
#else
    (void)player;
    (void)opponent;
#endif
}

static Entry *probe(const Search *search, board_t player, board_t opponent) {
    Bucket *bucket = bucket_of(player, opponent);
    for (int i = 0; i < BUCKET_WIDTH; i++) {
        Entry *entry = &bucket->entries[i];
        if (entry->generation == search->generation && entry->player == player &&
            entry->opponent == opponent)
            return entry;
    }
    return NULL;
}

/* The entry to (over)write for a position: its own, else an empty one, else the shallowest. */
static Entry *slot_for(const Search *search, board_t player, board_t opponent) {
    Bucket *bucket = bucket_of(player, opponent);
    Entry *shallowest = &bucket->entries[0];
    for (int i = 0; i < BUCKET_WIDTH; i++) {
        Entry *entry = &bucket->entries[i];
        if (entry->generation != search->generation) return entry;
        if (entry->player == player && entry->opponent == opponent) return entry;
        if (entry->depth < shallowest->depth) shallowest = entry;
    }
    return shallowest;
}

/* Whether the search must stop here: called at every interior node, as `Deadline.check`. */
static int out_of_time(Search *search) {
    if (search->budgeted && --search->checks < 0) {
        search->stopped = 1;
        return 1;
    }
    if (search->until_clock-- == 0) {
        search->until_clock = CLOCK_INTERVAL - 1;
        if (search->interrupted != NULL && search->interrupted()) {
            search->stopped = 2;
            return 1;
        }
        if (search_clock() > search->stop_at) {
            search->stopped = 1;
            return 1;
        }
    }
    return 0;
}

typedef struct {
    int key;
    int square;
    board_t player, opponent; /* the child position, its side to move first */
    board_t flipped;
    const EvalFeatures *features; /* its indices, when the ordering needed them; else NULL */
} Child;



/* The children of a position, likeliest best first, as `Negamax.children`: the table's move,
 * then two or more plies from the horizon by their evaluation for the opponent (lowest first),
 * one ply above it by the opponent's mobility (corners counting twice), and at the horizon by
 * square. Ties keep the order of the squares, as Python's sort of (key, square) tuples. */
static int children(board_t player, board_t opponent, const EvalFeatures *features,
                    board_t moves, int depth, int hint, Child *out, EvalFeatures *child_features) {
    int count = 0;
    while (moves) {
        int square = board_lowest_square(moves);
        board_t bit = moves & -moves;
        moves ^= bit;
        board_t flipped = board_flips(player, opponent, square);
        Child child = {0, square, opponent ^ flipped, player | flipped | bit, flipped, NULL};
        if (depth >= 3) { /* the indices are needed for the key, kept for the search */
            EvalFeatures *own = &child_features[count];
            eval_play(features, square, flipped, own);
            child.features = own;
        }
        if (square == hint) {
            child.key = -SEARCH_INFINITY;
        } else if (depth >= 3) {
            child.key = eval_with(child.features, child.player, child.opponent);
        } else if (depth == 2) {
            board_t replies = board_legal_moves(child.player, child.opponent);
            child.key = board_popcount(replies) + board_popcount(replies & BOARD_CORNERS);
        }
        if (depth >= 2) prefetch_bucket(child.player, child.opponent); /* not a leaf: it looks up */
        int at = count++;
        while (at > 0 && out[at - 1].key > child.key) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = child;
    }
    return count;
}

int search_value(Search *search, board_t player, board_t opponent, const EvalFeatures *features,
                 int depth, int alpha, int beta) {
    search->nodes++;
    if (depth <= 0) return eval_with(features, player, opponent);
    if (out_of_time(search)) return 0;

    Entry *entry = probe(search, player, opponent);
    int hint = -1, found_depth = -1;
    int lower = -SEARCH_INFINITY, upper = SEARCH_INFINITY;
    if (entry != NULL) {
        hint = entry->move;
        found_depth = entry->depth;
        if (found_depth >= depth) {
            lower = entry->lower;
            upper = entry->upper;
            if (lower >= beta) return lower;
            if (upper <= alpha || lower == upper) return upper;
            if (lower > alpha) alpha = lower;
            if (upper < beta) beta = upper;
        }
    }

    board_t moves = board_legal_moves(player, opponent);
    if (!moves) {
        if (!board_legal_moves(opponent, player))
            return EVAL_SCALE * board_final_score(player, opponent);
        EvalFeatures passed;
        eval_pass(features, &passed);
        return -search_value(search, opponent, player, &passed, depth, -beta, -alpha);
    }

    /* As `Negamax.cut`. The shallow searches' frames are all shallower than this node's, so
     * they use none of the ordering arrays of the frames above (see below). */
    if (search->probcut && probcut_margins[depth] &&
        depth < 64 - board_popcount(player | opponent)) {
        int spread = probcut_margins[depth], reduced = probcut_shallows[depth];
        int bound = beta + spread;
        if (bound <= PROBCUT_LARGEST) {
            int value = search_value(search, player, opponent, features, reduced, bound - 1, bound);
            if (search->stopped) return 0;
            if (value >= bound) return beta;
        }
        bound = alpha - spread;
        if (bound >= -PROBCUT_LARGEST) {
            int value = search_value(search, player, opponent, features, reduced, bound, bound + 1);
            if (search->stopped) return 0;
            if (value <= bound) return alpha;
        }
    }

    Child list[SEARCH_MAX_MOVES];
    /* the children's indices: for all of them two or more plies from the horizon, where they
     * order the moves (kept in the search, one array per depth: the only frames that share a
     * depth are a pass and the position after it, and a pass orders no moves), else one at a
     * time as each is searched */
    EvalFeatures one;
    int count =
        children(player, opponent, features, moves, depth, hint, list, search->ordering[depth]);
    int best = -SEARCH_INFINITY, best_square = -1, low = alpha;
    for (int index = 0; index < count; index++) {
        const Child *child = &list[index];
        const EvalFeatures *next = child->features;
        if (next == NULL) {
            eval_play(features, child->square, child->flipped, &one);
            next = &one;
        }
        int value;
        if (index == 0) {
            value = -search_value(search, child->player, child->opponent, next, depth - 1, -beta,
                                  -low);
        } else {
            value = -search_value(search, child->player, child->opponent, next, depth - 1,
                                  -low - 1, -low);
            if (!search->stopped && low < value && value < beta)
                value = -search_value(search, child->player, child->opponent, next, depth - 1,
                                      -beta, -value);
        }
        if (search->stopped) return 0;
        if (value > best) {
            best = value;
            best_square = child->square;
            if (value > low) {
                low = value;
                if (value >= beta) break;
            }
        }
    }

    /* Stored as the Python search does: not over a deeper entry; merged with one of the same
     * depth (the bounds read above); replacing a shallower one. The entry read above may have
     * been moved out meanwhile by the children's stores, hence the second look-up. */
    if (found_depth <= depth) {
        if (found_depth < depth) {
            lower = -SEARCH_INFINITY;
            upper = SEARCH_INFINITY;
        }
        if (best >= beta) {
            if (best > lower) lower = best;
        } else if (best <= alpha) {
            if (best < upper) upper = best;
        } else {
            lower = upper = best;
        }
        Entry *slot = slot_for(search, player, opponent);
        slot->player = player;
        slot->opponent = opponent;
        slot->lower = lower;
        slot->upper = upper;
        slot->generation = search->generation;
        slot->depth = (int8_t)depth;
        slot->move = (int8_t)best_square;
    }
    return best;
}

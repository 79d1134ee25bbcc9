/* Bitboard primitives of the native engine core: the C twin of bot/engine/bitboard.py.
 *
 * Square `s` is bit `1 << s` with `s = row * 8 + column`, so a1 is bit 0 (top-left), h1 bit 7 and
 * h8 bit 63, as in the Python engine. `player` is the side to move, `opponent` the other side.
 * Everything here is `static inline`: each translation unit (perft, the endgame solver, the
 * evaluation and search) gets its own copy, which the compiler inlines into its hot loops.
 */
#ifndef REVERSI_BOARD_H
#define REVERSI_BOARD_H

#include <stdint.h>

typedef uint64_t board_t;

#define BOARD_FULL UINT64_C(0xFFFFFFFFFFFFFFFF)
/* No a or h column: a run of discs that crosses a row's edge must not count as a line. */
#define BOARD_INNER_COLUMNS UINT64_C(0x7E7E7E7E7E7E7E7E)
#define BOARD_CORNERS UINT64_C(0x8100000000000081)

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static inline int board_popcount(board_t x) { return (int)__popcnt64(x); }
static inline int board_lowest_square(board_t x) {
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
}
static inline int board_highest_square(board_t x) {
    unsigned long index;
    _BitScanReverse64(&index, x);
    return (int)index;
}
#else
/* The number of squares set in `x`. */
static inline int board_popcount(board_t x) { return __builtin_popcountll(x); }
/* The lowest square set in `x`, which must not be 0. */
static inline int board_lowest_square(board_t x) { return __builtin_ctzll(x); }
/* The highest square set in `x`, which must not be 0. */
static inline int board_highest_square(board_t x) { return 63 - __builtin_clzll(x); }
#endif

/* One step of a line in direction `shift`: positive shifts move to higher squares (east is +1,
 * south +8, south-west +7, south-east +9), negative ones to lower squares. Bits that leave the
 * board fall off the 64-bit word; bits that would wrap to the next row are cut by the mask the
 * caller applies to the discs a line may run over: horizontal and diagonal runs cannot cover
 * the a or h column without wrapping (BOARD_INNER_COLUMNS). */
static inline board_t board_step(board_t x, int shift) {
    return shift > 0 ? x << shift : x >> -shift;
}

/* The squares one direction's fill reaches: each of `player`'s discs grows a run over the
 * discs in `run` (the opponent's, masked for the direction), up to six long (the longest run that fits between two discs);
 * the square one step beyond a run is where a move could outflank it. Written out per shift
 * so the compiler can keep everything in registers. */
static inline board_t board_fill_beyond(board_t player, board_t run, int shift) {
    board_t fill = run & board_step(player, shift);
    fill |= run & board_step(fill, shift);
    fill |= run & board_step(fill, shift);
    fill |= run & board_step(fill, shift);
    fill |= run & board_step(fill, shift);
    fill |= run & board_step(fill, shift);
    return board_step(fill, shift);
}

/* The mask of empty squares where `player` outflanks at least one `opponent` disc: the classic
 * "dumb7fill" in each of the eight directions. */
static inline board_t board_legal_moves(board_t player, board_t opponent) {
    board_t inner = opponent & BOARD_INNER_COLUMNS;
    board_t moves = board_fill_beyond(player, inner, 1) | board_fill_beyond(player, inner, -1) |
                    board_fill_beyond(player, opponent, 8) |
                    board_fill_beyond(player, opponent, -8) |
                    board_fill_beyond(player, inner, 7) | board_fill_beyond(player, inner, -7) |
                    board_fill_beyond(player, inner, 9) | board_fill_beyond(player, inner, -9);
    return moves & ~(player | opponent);
}

/* The discs one direction's line flips for a move on `move` (a single bit): the run of `run`
 * discs (the opponent's, masked as in `board_fill_beyond`) next to it, if one of `player`'s
 * discs closes it. Six fixed steps rather than a loop: no branch to mispredict. */
static inline board_t board_flips_line(board_t player, board_t run, board_t move, int shift) {
    board_t line = run & board_step(move, shift);
    line |= run & board_step(line, shift);
    line |= run & board_step(line, shift);
    line |= run & board_step(line, shift);
    line |= run & board_step(line, shift);
    line |= run & board_step(line, shift);
    return board_step(line, shift) & player ? line : 0;
}

/* The opponent discs that `player` flips by playing `square` (0 when it flips none, which is
 * also how an illegal move shows): the union of the eight directions' lines. */
static inline board_t board_flips(board_t player, board_t opponent, int square) {
    board_t move = (board_t)1 << square;
    board_t inner = opponent & BOARD_INNER_COLUMNS;
    return board_flips_line(player, inner, move, 1) | board_flips_line(player, inner, move, -1) |
           board_flips_line(player, opponent, move, 8) |
           board_flips_line(player, opponent, move, -8) |
           board_flips_line(player, inner, move, 7) | board_flips_line(player, inner, move, -7) |
           board_flips_line(player, inner, move, 9) | board_flips_line(player, inner, move, -9);
}

/* The official score of a finished game for `player`: discs minus the opponent's, the empty
 * squares going to the winner (bot/engine/ai/endgame.py, `final_score`). */
static inline int board_final_score(board_t player, board_t opponent) {
    int ours = board_popcount(player);
    int theirs = board_popcount(opponent);
    if (ours > theirs) return 64 - 2 * theirs;
    if (ours < theirs) return 2 * ours - 64;
    return 0;
}

#endif /* REVERSI_BOARD_H */

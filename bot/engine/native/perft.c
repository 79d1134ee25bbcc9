/* Perft: the number of move sequences of a given length, with the pass rules of
 * bot/engine/perft.py: a forced pass counts as a ply, and a finished game is a leaf at whatever
 * depth it ends. The last ply is bulk-counted: each move is a leaf, and with none the pass (or
 * the game's end) is one leaf. */
#include "perft.h"

uint64_t native_perft(board_t player, board_t opponent, int depth) {
    if (depth == 0) return 1;
    board_t moves = board_legal_moves(player, opponent);
    if (depth == 1) return moves ? (uint64_t)board_popcount(moves) : 1;
    if (!moves) {
        if (!board_legal_moves(opponent, player)) return 1;
        return native_perft(opponent, player, depth - 1);
    }
    uint64_t total = 0;
    while (moves) {
        int square = board_lowest_square(moves);
        board_t bit = moves & -moves;
        moves ^= bit;
        board_t flipped = board_flips(player, opponent, square);
        total += native_perft(opponent ^ flipped, player | flipped | bit, depth - 1);
    }
    return total;
}

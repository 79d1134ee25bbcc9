/* Perft of the native core: the C twin of bot/engine/perft.py. */
#ifndef REVERSI_PERFT_H
#define REVERSI_PERFT_H

#include <stdint.h>

#include "board.h"

uint64_t native_perft(board_t player, board_t opponent, int depth);

#endif /* REVERSI_PERFT_H */

/* Reading the Python arguments every binding takes: bitboards as Python ints below 2**64, and a
 * position's two sides, checked once here so the C below never sees a board that does not fit
 * in 64 bits or two sides sharing a square. Include after Python.h. */
#ifndef REVERSI_ARGUMENTS_H
#define REVERSI_ARGUMENTS_H

#include "board.h"

/* Reads a bitboard argument; false (with TypeError or OverflowError set) if it is not a
 * non-negative int below 2**64. */
static inline int read_board(PyObject *value, board_t *board) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return 0;
    }
    unsigned long long bits = PyLong_AsUnsignedLongLong(value);
    if (bits == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *board = (board_t)bits;
    return 1;
}

/* Reads the two sides' bitboards; false with ValueError if they share a square. */
static inline int read_sides(PyObject *player_arg, PyObject *opponent_arg, board_t *player,
                             board_t *opponent) {
    if (!read_board(player_arg, player) || !read_board(opponent_arg, opponent)) return 0;
    if (*player & *opponent) {
        PyErr_SetString(PyExc_ValueError, "a square cannot hold both sides' discs");
        return 0;
    }
    return 1;
}

#endif

/* The Python binding of the native engine core, `bot.engine.native._core`.
 *
 * Every function takes and returns plain integers (bitboards as Python ints below 2**64) so the
 * Python engine can call it in place of its own code: bot/engine/native/__init__.py decides
 * whether it does. Arguments are checked here, once, so the C below never sees a board that
 * does not fit in 64 bits or two sides sharing a square.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "board.h"
#include "perft.h"
#include "search_module.h"

/* Reads a bitboard argument; false (with TypeError or OverflowError set) if it is not a
 * non-negative int below 2**64. */
static int read_board(PyObject *value, board_t *board) {
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
static int read_sides(PyObject *player_arg, PyObject *opponent_arg, board_t *player,
                      board_t *opponent) {
    if (!read_board(player_arg, player) || !read_board(opponent_arg, opponent)) return 0;
    if (*player & *opponent) {
        PyErr_SetString(PyExc_ValueError, "a square cannot hold both sides' discs");
        return 0;
    }
    return 1;
}

static PyObject *py_legal_moves(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    board_t player, opponent;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "legal_moves(player, opponent)");
        return NULL;
    }
    if (!read_sides(args[0], args[1], &player, &opponent)) return NULL;
    return PyLong_FromUnsignedLongLong(board_legal_moves(player, opponent));
}

static PyObject *py_flips(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    board_t player, opponent;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "flips(player, opponent, square)");
        return NULL;
    }
    if (!read_sides(args[0], args[1], &player, &opponent)) return NULL;
    long square = PyLong_AsLong(args[2]);
    if (square == -1 && PyErr_Occurred()) return NULL;
    if (square < 0 || square > 63) {
        PyErr_SetString(PyExc_ValueError, "a square is 0..63");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(board_flips(player, opponent, (int)square));
}

static PyObject *py_perft(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    board_t player, opponent;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "perft(player, opponent, depth)");
        return NULL;
    }
    if (!read_sides(args[0], args[1], &player, &opponent)) return NULL;
    long depth = PyLong_AsLong(args[2]);
    if (depth == -1 && PyErr_Occurred()) return NULL;
    if (depth < 0 || depth > 60) {
        PyErr_SetString(PyExc_ValueError, "depth must be 0..60");
        return NULL;
    }
    uint64_t leaves;
    /* Nothing of Python is touched while counting: other threads may run meanwhile. */
    Py_BEGIN_ALLOW_THREADS
    leaves = native_perft(player, opponent, (int)depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(leaves);
}

static PyMethodDef core_methods[] = {
    {"legal_moves", (PyCFunction)(void (*)(void))py_legal_moves, METH_FASTCALL,
     "legal_moves(player, opponent) -> the mask of player's legal moves"},
    {"flips", (PyCFunction)(void (*)(void))py_flips, METH_FASTCALL,
     "flips(player, opponent, square) -> the discs a move there flips (0: none, or illegal)"},
    {"perft", (PyCFunction)(void (*)(void))py_perft, METH_FASTCALL,
     "perft(player, opponent, depth) -> the number of leaves depth plies below"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    "_core",
    "The native engine core: bitboard moves and flips, perft and the exact endgame solver.",
    -1,
    core_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *module = PyModule_Create(&core_module);
    if (module != NULL && PyModule_AddFunctions(module, search_methods) != 0) Py_CLEAR(module);
    return module;
}

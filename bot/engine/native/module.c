/* The Python binding of the native engine core, `bot.engine.native._core`.
 *
 * Every function takes and returns plain integers (bitboards as Python ints below 2**64) so the
 * Python engine can call it in place of its own code: bot/engine/native/__init__.py decides
 * whether it does. Arguments are checked here, once, so the C below never sees a board that
 * does not fit in 64 bits or two sides sharing a square.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "arguments.h"
#include "board.h"
#include "endgame.h"
#include "perft.h"
#include "search_module.h"

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

/* --- Endgame: one exact search and its table, for bot/engine/ai/endgame.py ------------------ */

typedef struct {
    PyObject_HEAD
    endgame_search search;
} EndgameObject;

/* Whether a signal (Ctrl-C, a worker told to stop) wants the search to give up: the handler's
 * exception is then set, and `score` raises it. */
static int signal_pending(void) { return PyErr_CheckSignals() < 0; }

static PyObject *endgame_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    (void)args;
    (void)kwargs;
    EndgameObject *self = (EndgameObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    endgame_init(&self->search);
    self->search.interrupted = signal_pending;
    return (PyObject *)self;
}

static void endgame_dealloc(EndgameObject *self) {
    endgame_free(&self->search);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *endgame_score_method(EndgameObject *self, PyObject *const *args,
                                      Py_ssize_t nargs) {
    board_t player, opponent;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "score(player, opponent, alpha, beta, seconds, nodes_left)");
        return NULL;
    }
    if (!read_sides(args[0], args[1], &player, &opponent)) return NULL;
    long alpha = PyLong_AsLong(args[2]);
    if (alpha == -1 && PyErr_Occurred()) return NULL;
    long beta = PyLong_AsLong(args[3]);
    if (beta == -1 && PyErr_Occurred()) return NULL;
    if (alpha < -65 || beta > 65 || alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "the window must lie within -65..65, alpha < beta");
        return NULL;
    }
    endgame_search *search = &self->search;
    search->has_deadline = args[4] != Py_None;
    if (search->has_deadline) {
        double seconds = PyFloat_AsDouble(args[4]);
        if (seconds == -1.0 && PyErr_Occurred()) return NULL;
        search->deadline = endgame_now() + seconds;
    }
    search->has_budget = args[5] != Py_None;
    if (search->has_budget) {
        long long left = PyLong_AsLongLong(args[5]);
        if (left == -1 && PyErr_Occurred()) return NULL;
        search->nodes_left = left;
    }
    search->stopped = ENDGAME_RUNNING;
    int value = endgame_score(search, player, opponent, (int)alpha, (int)beta);
    switch (search->stopped) {
    case ENDGAME_INTERRUPTED:
        return NULL;
    case ENDGAME_OUT_OF_MEMORY:
        return PyErr_NoMemory();
    default:
        break;
    }
    PyObject *score = search->stopped ? Py_NewRef(Py_None) : PyLong_FromLong(value);
    PyObject *left = search->has_budget ? PyLong_FromLongLong(search->nodes_left)
                                        : Py_NewRef(Py_None);
    if (!score || !left) {
        Py_XDECREF(score);
        Py_XDECREF(left);
        return NULL;
    }
    return Py_BuildValue("(NN)", score, left);
}

static PyObject *endgame_nodes(EndgameObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->search.nodes);
}

static PyMethodDef endgame_methods[] = {
    {"score", (PyCFunction)(void (*)(void))endgame_score_method, METH_FASTCALL,
     "score(player, opponent, alpha, beta, seconds, nodes_left) -> (score, nodes_left)\n\n"
     "The exact score if it lies strictly between alpha and beta, else a bound beyond. "
     "`seconds` (None: no limit) and `nodes_left` (interior nodes, None: no limit) bound the "
     "search; when one runs out the score is None. The nodes left are returned."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef endgame_getset[] = {
    {"nodes", (getter)endgame_nodes, NULL, "the nodes visited so far, by every call", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EndgameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bot.engine.native._core.Endgame",
    .tp_doc = "One exact endgame search; its table of bounds carries over from call to call.",
    .tp_basicsize = sizeof(EndgameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = endgame_new,
    .tp_dealloc = (destructor)endgame_dealloc,
    .tp_methods = endgame_methods,
    .tp_getset = endgame_getset,
};

/* --- the module ------------------------------------------------------------------------------ */

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
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
    /* Built to count discs with popcnt (setup.py): on a processor without it, the first count
     * would stop the process, so the core does not load and the pure-Python engine plays. */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError,
                        "the native core needs the popcnt instruction, which this processor lacks");
        return NULL;
    }
#endif
    if (PyType_Ready(&EndgameType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&EndgameType);
    if (PyModule_AddObject(module, "Endgame", (PyObject *)&EndgameType) < 0) {
        Py_DECREF(&EndgameType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddFunctions(module, search_methods) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

/* The Python functions of the native evaluation and midgame search, listed in `_core`'s method
 * table through SEARCH_METHODS (search_module.h). bot/engine/ai/native_search.py is their one
 * caller: it hands over the patterns and weights at import and wraps a search as `Negamax`.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>

#include "arguments.h"
#include "eval.h"
#include "search.h"
#include "search_module.h"

static int evaluation_ready(void) {
    if (eval_ready()) return 1;
    PyErr_SetString(PyExc_RuntimeError, "the evaluation has no weights: call configure_evaluation");
    return 0;
}

/* configure_evaluation(instances, sizes, stage_width, weights): `instances` as patterns.py's
 * INSTANCES ((family, squares) pairs), `sizes` each family's number of configurations, and
 * `weights` the weights file's int16 values in native byte order. */
static PyObject *py_configure_evaluation(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *instance_list, *size_list;
    int stage_width;
    Py_buffer weights;
    if (!PyArg_ParseTuple(args, "OOiy*", &instance_list, &size_list, &stage_width, &weights))
        return NULL;
    EvalInstance instances[EVAL_MAX_INSTANCES];
    int sizes[EVAL_MAX_FAMILIES];
    const char *problem = NULL;
    PyObject *instance_seq = PySequence_Fast(instance_list, "instances must be a sequence");
    PyObject *size_seq = instance_seq ? PySequence_Fast(size_list, "sizes must be a sequence") : NULL;
    if (size_seq == NULL) goto done;
    Py_ssize_t instance_count = PySequence_Fast_GET_SIZE(instance_seq);
    Py_ssize_t family_count = PySequence_Fast_GET_SIZE(size_seq);
    if (instance_count > EVAL_MAX_INSTANCES || family_count > EVAL_MAX_FAMILIES) {
        problem = "too many pattern instances or families";
        goto done;
    }
    for (Py_ssize_t f = 0; f < family_count; f++) {
        sizes[f] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(size_seq, f));
        if (PyErr_Occurred()) goto done;
    }
    for (Py_ssize_t i = 0; i < instance_count; i++) {
        int family;
        PyObject *squares;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(instance_seq, i), "iO", &family, &squares))
            goto done;
        PyObject *square_seq = PySequence_Fast(squares, "an instance's squares must be a sequence");
        if (square_seq == NULL) goto done;
        Py_ssize_t length = PySequence_Fast_GET_SIZE(square_seq);
        instances[i].family = family;
        instances[i].length = (int)length;
        for (Py_ssize_t k = 0; k < length && k < EVAL_MAX_SQUARES; k++)
            instances[i].squares[k] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(square_seq, k));
        Py_DECREF(square_seq);
        if (PyErr_Occurred()) goto done;
    }
    if (weights.len % (Py_ssize_t)sizeof(int16_t) != 0) {
        problem = "the weights are not whole 16-bit integers";
        goto done;
    }
    problem = eval_configure(instances, (int)instance_count, sizes, (int)family_count, stage_width,
                             weights.buf, (size_t)weights.len / sizeof(int16_t));
done:
    Py_XDECREF(instance_seq);
    Py_XDECREF(size_seq);
    PyBuffer_Release(&weights);
    if (PyErr_Occurred()) return NULL;
    if (problem != NULL) {
        PyErr_SetString(PyExc_ValueError, problem);
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *py_evaluate(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    board_t player, opponent;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "evaluate(player, opponent)");
        return NULL;
    }
    if (!read_sides(args[0], args[1], &player, &opponent) || !evaluation_ready()) return NULL;
    return PyLong_FromLong(eval_position(player, opponent));
}

#define SEARCH_CAPSULE "bot.engine.native._core.Search"

static void free_search(PyObject *capsule) {
    Search *search = PyCapsule_GetPointer(capsule, SEARCH_CAPSULE);
    search_free(search);
    free(search);
}

/* Reads `count` ints from a sequence into `out`; 0 with an exception set when it is not that. */
static int read_ints(PyObject *sequence, int count, int *out) {
    PyObject *fast = PySequence_Fast(sequence, "expected a sequence of integers");
    if (fast == NULL) return 0;
    int ok = PySequence_Fast_GET_SIZE(fast) == count;
    for (int i = 0; ok && i < count; i++) {
        out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        ok = !PyErr_Occurred();
    }
    Py_DECREF(fast);
    if (!ok && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "expected %d integers, one per depth 0-60", count);
    return ok;
}

/* configure_probcut(margins, shallows): probcut.py's `margin` and `shallow` at each depth 0-60. */
static PyObject *py_configure_probcut(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *margin_list, *shallow_list;
    int margins[SEARCH_MAX_DEPTH + 1], shallows[SEARCH_MAX_DEPTH + 1];
    if (!PyArg_ParseTuple(args, "OO", &margin_list, &shallow_list) ||
        !read_ints(margin_list, SEARCH_MAX_DEPTH + 1, margins) ||
        !read_ints(shallow_list, SEARCH_MAX_DEPTH + 1, shallows))
        return NULL;
    for (int depth = 0; depth <= SEARCH_MAX_DEPTH; depth++) {
        if (margins[depth] && (shallows[depth] < 0 || shallows[depth] >= depth)) {
            PyErr_SetString(PyExc_ValueError, "a shallow search must be shallower than its depth");
            return NULL;
        }
    }
    search_configure_probcut(margins, shallows);
    Py_RETURN_NONE;
}

static PyObject *py_new_search(PyObject *self, PyObject *args) {
    (void)self;
    int probcut;
    if (!PyArg_ParseTuple(args, "p", &probcut)) return NULL;
    if (!evaluation_ready()) return NULL;
    Search *search = calloc(1, sizeof *search);
    if (search == NULL || search_start(search) != 0) {
        if (search != NULL) search_free(search);
        free(search);
        return PyErr_NoMemory();
    }
    search->probcut = probcut;
    PyObject *capsule = PyCapsule_New(search, SEARCH_CAPSULE, free_search);
    if (capsule == NULL) {
        search_free(search);
        free(search);
    }
    return capsule;
}

/* The search holds the GIL (it touches nothing of Python, but gives Ctrl-C its chance, as the
 * Python search does): a signal handler that raises stops it. */
static int python_interrupted(void) { return PyErr_CheckSignals() != 0; }

/* search_value(search, player, opponent, depth, alpha, beta, seconds, nodes_left) ->
 * (value or None when stopped, nodes so far, interior nodes left or None); `seconds` and
 * `nodes_left` are the deadline's limits (`Deadline.native_limits`), None for none. */
static PyObject *py_search_value(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *player_arg, *opponent_arg, *seconds_arg, *nodes_arg;
    int depth, alpha, beta;
    if (!PyArg_ParseTuple(args, "OOOiiiOO", &capsule, &player_arg, &opponent_arg, &depth, &alpha,
                          &beta, &seconds_arg, &nodes_arg))
        return NULL;
    Search *search = PyCapsule_GetPointer(capsule, SEARCH_CAPSULE);
    board_t player, opponent;
    if (search == NULL || !read_sides(player_arg, opponent_arg, &player, &opponent)) return NULL;
    if (depth > SEARCH_MAX_DEPTH || alpha < -SEARCH_INFINITY || beta > SEARCH_INFINITY ||
        alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "depth must be at most 60 and -INFINITY <= alpha < beta");
        return NULL;
    }
    double seconds = HUGE_VAL;
    if (seconds_arg != Py_None) {
        seconds = PyFloat_AsDouble(seconds_arg);
        if (seconds == -1.0 && PyErr_Occurred()) return NULL;
    }
    search->budgeted = nodes_arg != Py_None;
    if (search->budgeted) {
        search->checks = PyLong_AsLongLong(nodes_arg);
        if (search->checks == -1 && PyErr_Occurred()) return NULL;
    }
    search->stop_at = isinf(seconds) ? HUGE_VAL : search_clock() + seconds;
    search->interrupted = python_interrupted;
    search->stopped = 0;
    search->until_clock = 0; /* read the clock at the first interior node, as Python would */
    EvalFeatures features;
    eval_features(player, opponent, &features);
    int value = search_value(search, player, opponent, &features, depth, alpha, beta);
    if (search->stopped == 2) return NULL;
    PyObject *left = search->budgeted ? PyLong_FromLongLong(search->checks) : Py_NewRef(Py_None);
    if (left == NULL) return NULL;
    if (search->stopped) return Py_BuildValue("(OLN)", Py_None, (long long)search->nodes, left);
    return Py_BuildValue("(iLN)", value, (long long)search->nodes, left);
}

PyMethodDef search_methods[] = {
    {"configure_evaluation", py_configure_evaluation, METH_VARARGS,
     "configure_evaluation(instances, sizes, stage_width, weights): the patterns and weights"},
    {"evaluate", (PyCFunction)(void (*)(void))py_evaluate, METH_FASTCALL,
     "evaluate(player, opponent) -> the pattern evaluation, in hundredths of a disc"},
    {"configure_probcut", py_configure_probcut, METH_VARARGS,
     "configure_probcut(margins, shallows): the multi-ProbCut margin and shallow depth per depth"},
    {"new_search", py_new_search, METH_VARARGS,
     "new_search(probcut) -> a search with an empty transposition table"},
    {"search_value", py_search_value, METH_VARARGS,
     "search_value(search, player, opponent, depth, alpha, beta, seconds, nodes_left) -> "
     "(value or None when stopped, nodes, nodes left)"},
    {NULL, NULL, 0, NULL},
};

/* The evaluation's and the midgame search's Python functions (search_module.c), which the
 * `_core` module adds to its own at import with PyModule_AddFunctions. */
#ifndef REVERSI_SEARCH_MODULE_H
#define REVERSI_SEARCH_MODULE_H

#include <Python.h>

extern PyMethodDef search_methods[];

#endif /* REVERSI_SEARCH_MODULE_H */

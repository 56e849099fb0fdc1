/*
 * pytree.h - Python values as cJSON trees, for the CLI's pair parser.
 */
#ifndef MINK_PY_TREE_H
#define MINK_PY_TREE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cJSON.h>

#include "text/jsoncheck.h"

/**
 * The JSON value of `obj`: dict (str keys) -> object, list, tuple or any
 * other sequence (a numpy array) -> array, str -> string, bool, None,
 * int and float (and numpy's numbers) -> number.  Strings of dicts, lists
 * and tuples, and dicts' keys, are referenced, not copied, and appended to
 * the list `keep`: the tree must not outlive keep, which holds them while
 * other threads change obj.  Returns the tree, or NULL with *err filled
 * (code "bad_record": a value that JSON has no form for) or, when
 * err->code stays NULL, a Python exception set.  Needs the GIL.
 */
cJSON *mink_py_tree(PyObject *obj, PyObject *keep, cli_error *err);

#endif /* MINK_PY_TREE_H */

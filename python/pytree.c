/*
 * pytree.c - Python values as cJSON trees (pytree.h).
 *
 * cli_parse_pair reads a cJSON tree, so a dict becomes one without going
 * through text: json.dumps and the strict parser would print and read
 * every number again.  Keys and strings point into the Python objects
 * where those are sure to outlive the tree (the caller holds the pair).
 */
#include "pytree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = CLI_JSON_MAX_DEPTH };

static cJSON *bad(cli_error *err, PyObject *obj, const char *what)
{
	err->code = "bad_record";
	snprintf(err->message, sizeof err->message, "%s (a Python %s)", what,
	         Py_TYPE(obj)->tp_name);
	return NULL;
}

static cJSON *no_memory(void)
{
	PyErr_NoMemory();
	return NULL;
}

/* A string: referenced when `stable` (its owner holds it), the str then
 * held in `keep` as well, so that the tree's reference outlives the owner
 * letting go of it (another thread's d["id"] = ... while a batch answers
 * without the GIL: the id came back garbled). */
static cJSON *string(PyObject *obj, int stable, PyObject *keep, cli_error *err)
{
	Py_ssize_t n;
	const char *s = PyUnicode_AsUTF8AndSize(obj, &n);
	cJSON *item;

	if (!s) {
		/* Lone surrogates: no UTF-8, no JSON (I-JSON refuses them too). */
		if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
			return NULL;
		PyErr_Clear();
		err->code = "bad_record";
		snprintf(err->message, sizeof err->message,
		         "a string that is not valid Unicode (a lone surrogate)");
		return NULL;
	}
	if (stable && PyList_Append(keep, obj) < 0)
		return NULL;
	item = stable ? cJSON_CreateStringReference(s) : cJSON_CreateString(s);
	if (!item)
		return no_memory();
	if (strlen(s) != (size_t)n) {
		/* A NUL inside (an id "x\0y"): the whole string, counted as the
		 * fast parser counts it (see cli_json_strlen). */
		if (!stable) {
			char *copy = malloc((size_t)n + 1);

			if (!copy) {
				cJSON_Delete(item);
				return no_memory();
			}
			memcpy(copy, s, (size_t)n + 1);
			free(item->valuestring); /* cJSON's default allocator */
			item->valuestring = copy;
		}
		item->valuedouble = (double)n;
	}
	return item;
}

/* An integer: as a double, as the JSON text of it would read. */
static cJSON *integer(PyObject *obj)
{
	double d = PyLong_AsDouble(obj);
	cJSON *item;

	if (d == -1 && PyErr_Occurred()) {
		if (!PyErr_ExceptionMatches(PyExc_OverflowError))
			return NULL;
		PyErr_Clear();
		/* Beyond the doubles: strtod of its digits gives infinity. */
		PyObject *zero = PyLong_FromLong(0);
		int neg = zero ? PyObject_RichCompareBool(obj, zero, Py_LT) : -1;

		Py_XDECREF(zero);
		if (neg < 0)
			return NULL;
		d = neg ? -HUGE_VAL : HUGE_VAL;
	}
	item = cJSON_CreateNumber(d);
	return item ? item : no_memory();
}

static cJSON *tree(PyObject *obj, int depth, int stable, PyObject *keep, cli_error *err);

static cJSON *object(PyObject *obj, int depth, PyObject *keep, cli_error *err)
{
	cJSON *o = cJSON_CreateObject();
	PyObject *key, *value;
	Py_ssize_t pos = 0;

	if (!o)
		return no_memory();
	while (PyDict_Next(obj, &pos, &key, &value)) {
		const char *k;
		Py_ssize_t klen;
		cJSON *v;

		if (!PyUnicode_Check(key)) {
			cJSON_Delete(o);
			return bad(err, key, "a key that is not a string");
		}
		k = PyUnicode_AsUTF8AndSize(key, &klen);
		if (k && strlen(k) != (size_t)klen) {
			cJSON_Delete(o);
			return bad(err, key, "a key holding a NUL character");
		}
		if (!k || PyList_Append(keep, key) < 0 || !(v = tree(value, depth + 1, 1, keep, err))) {
			cJSON_Delete(o);
			return NULL;
		}
		/* The key is held in keep, with the tree. */
		cJSON_AddItemToObjectCS(o, k, v);
	}
	return o;
}

static cJSON *array(PyObject *obj, int depth, PyObject *keep, cli_error *err)
{
	/* A list or tuple keeps its items; another sequence may make them. */
	int stable = PyList_Check(obj) || PyTuple_Check(obj);
	PyObject *seq = PySequence_Fast(obj, "not a sequence");
	cJSON *a;

	if (!seq)
		return NULL;
	a = cJSON_CreateArray();
	if (!a) {
		Py_DECREF(seq);
		return no_memory();
	}
	for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
		cJSON *v = tree(PySequence_Fast_GET_ITEM(seq, i), depth + 1, stable, keep, err);

		if (!v) {
			cJSON_Delete(a);
			Py_DECREF(seq);
			return NULL;
		}
		cJSON_AddItemToArray(a, v);
	}
	Py_DECREF(seq);
	return a;
}

/* Whether the sequence obj has a length: a numpy array of no dimensions is
 * a sequence to Python's C API, but len() of it raises (it had made
 * query() and a whole batch raise TypeError). */
static int has_length(PyObject *obj)
{
	if (PySequence_Size(obj) >= 0)
		return 1;
	PyErr_Clear();
	return 0;
}

/* obj as an integer into *item, where it is one (numpy's integers); 0 where
 * its index raises (a numpy array of no dimensions holding a float: a
 * float, below). */
static int as_index(PyObject *obj, cJSON **item)
{
	PyObject *n = PyNumber_Index(obj);

	if (!n) {
		PyErr_Clear();
		return 0;
	}
	*item = integer(n);
	Py_DECREF(n);
	return 1;
}

static cJSON *tree(PyObject *obj, int depth, int stable, PyObject *keep, cli_error *err)
{
	cJSON *item;

	if (depth > MAX_DEPTH) {
		err->code = "bad_json";
		snprintf(err->message, sizeof err->message,
		         "invalid JSON: nesting deeper than %d", MAX_DEPTH);
		return NULL;
	}
	if (obj == Py_None)
		item = cJSON_CreateNull();
	else if (PyBool_Check(obj))
		item = cJSON_CreateBool(obj == Py_True);
	else if (PyFloat_Check(obj))
		item = cJSON_CreateNumber(PyFloat_AS_DOUBLE(obj));
	else if (PyLong_Check(obj))
		return integer(obj);
	else if (PyUnicode_Check(obj))
		return string(obj, stable, keep, err);
	else if (PyDict_Check(obj))
		return object(obj, depth, keep, err);
	else if (PyList_Check(obj) || PyTuple_Check(obj))
		return array(obj, depth, keep, err);
	else if (PySequence_Check(obj) && !PyBytes_Check(obj) && !PyByteArray_Check(obj) &&
	         has_length(obj))
		return array(obj, depth, keep, err); /* numpy arrays (a 0-d one is a number, below) */
	else if (PyIndex_Check(obj) && as_index(obj, &item))
		return item; /* numpy's integers */
	else if (PyNumber_Check(obj) && Py_TYPE(obj)->tp_as_number->nb_float) {
		/* numpy's floats other than float64 */
		double d = PyFloat_AsDouble(obj);

		if (d == -1 && PyErr_Occurred())
			return NULL;
		item = cJSON_CreateNumber(d);
	} else
		return bad(err, obj, "a value JSON has no form for");
	return item ? item : no_memory();
}

cJSON *mink_py_tree(PyObject *obj, PyObject *keep, cli_error *err)
{
	err->code = NULL;
	return tree(obj, 0, 1, keep, err);
}

/*
 * minkmodule.c - the Python module `mink`: pairs as dicts, results as dicts
 * or numpy arrays, computed by the library in threads without the GIL.
 *
 * A pair goes the CLI's way without its text: the dict becomes a cJSON tree
 * (pytree.c), cli_parse_pair checks it against the input contract with the
 * CLI's messages, cli_answer_pair asks the library and words its refusals.
 * The result dict has the members, in the order, of the CLI's JSON record
 * (cli/writer.c), so json.loads of the CLI's output equals what Python
 * returns.  batch_poses skips the trees: one pair of shapes checked once,
 * the poses read from arrays and checked by the contract's rules.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mink.h"
#include "obj/cache.h"
#include "parse.h"
#include "pytree.h"
#include "record.h"
#include "writer.h"

/* Pairs converted, answered and turned into Python objects per round. */
enum { CHUNK = 4096 };
/* Rows a worker takes at a time. */
enum { BLOCK = 32 };
/* A query needs up to MINK_QUERY_STACK (640 KB) of stack; the CLI gives 4 MiB. */
#define THREAD_STACK ((size_t)4 << 20)
/* Most threads a call may ask for. */
enum { MAX_THREADS = 1024 };

/* The OBJ hulls of the whole process: read once, built once, shared. */
static cli_objcache *objcache;

/* ---------------------------------------------------------------- options */

typedef struct settings {
	mink_options options;
	int dim;       /* for pairs without "dim" */
	int threads;   /* 0: all usable cores */
	int xyzw;      /* quaternion_order="xyzw": quaternions are [x, y, z, w] */
	int normalize; /* normalize_rotations: accept a norm other than 1 */
} settings;

static int usable_cores(void)
{
	cpu_set_t set;
	long n;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

/* A number >= 0 for a tolerance; -1 with ValueError "invalid NAME ...". */
static int opt_double(PyObject *v, const char *what, double *out)
{
	double d = PyFloat_AsDouble(v);

	if (d == -1 && PyErr_Occurred())
		return -1;
	if (!(d >= 0 && d <= DBL_MAX)) {
		PyErr_Format(PyExc_ValueError, "invalid %s %R (a number >= 0)", what, v);
		return -1;
	}
	*out = d;
	return 0;
}

/* An integer in [min, max]; -1 with ValueError `fmt` (of v, min, max). */
static int opt_int(PyObject *v, long min, long max, const char *fmt, int *out)
{
	long n;

	if (!PyLong_Check(v) || PyBool_Check(v)) {
		if (!PyIndex_Check(v) || PyBool_Check(v)) {
			PyErr_Format(PyExc_TypeError, "expected an integer, got %R", v);
			return -1;
		}
	}
	n = PyLong_AsLong(v);
	if (n == -1 && PyErr_Occurred()) {
		if (!PyErr_ExceptionMatches(PyExc_OverflowError))
			return -1;
		PyErr_Clear();
		n = max + 1;
	}
	if (n < min || n > max) {
		PyErr_Format(PyExc_ValueError, fmt, v, max);
		return -1;
	}
	*out = (int)n;
	return 0;
}

/*
 * The keyword options, with the CLI's names (underscores for dashes):
 * tolerance, size_tolerance, max_gjk_iterations, max_epa_iterations,
 * contacts (or max_contacts; an integer or "all"), contact_tolerance, dim,
 * quaternion_order ("wxyz" or "xyzw"), normalize_rotations (a truth value),
 * and threads where `threads_ok`.
 */
static int parse_settings(PyObject *kw, int threads_ok, settings *s)
{
	PyObject *key, *v;
	Py_ssize_t pos = 0;

	s->options = mink_default_options();
	s->dim = 3;
	s->threads = 0;
	s->xyzw = 0;
	s->normalize = 0;
	if (!kw)
		return 0;
	while (PyDict_Next(kw, &pos, &key, &v)) {
		const char *k = PyUnicode_AsUTF8(key);

		if (!k)
			return -1;
		if (strcmp(k, "tolerance") == 0) {
			if (opt_double(v, "tolerance", &s->options.tolerance) < 0)
				return -1;
		} else if (strcmp(k, "size_tolerance") == 0) {
			if (opt_double(v, "size tolerance", &s->options.size_tolerance) < 0)
				return -1;
		} else if (strcmp(k, "contact_tolerance") == 0) {
			if (opt_double(v, "contact tolerance", &s->options.contact_tolerance) < 0)
				return -1;
		} else if (strcmp(k, "max_gjk_iterations") == 0) {
			if (opt_int(v, 1, INT_MAX, "invalid iteration limit %R (a number >= 1)",
			            &s->options.max_gjk_iterations) < 0)
				return -1;
		} else if (strcmp(k, "max_epa_iterations") == 0) {
			if (opt_int(v, 1, INT_MAX, "invalid iteration limit %R (a number >= 1)",
			            &s->options.max_epa_iterations) < 0)
				return -1;
		} else if (strcmp(k, "contacts") == 0 || strcmp(k, "max_contacts") == 0) {
			if (PyUnicode_Check(v) && PyUnicode_CompareWithASCIIString(v, "all") == 0)
				s->options.max_contacts = MINK_MAX_CONTACTS;
			else if (opt_int(v, 1, MINK_MAX_CONTACTS,
			                 "invalid number of contacts %R (1 to %ld, or all)",
			                 &s->options.max_contacts) < 0)
				return -1;
		} else if (strcmp(k, "dim") == 0) {
			if (opt_int(v, 2, 3, "invalid dimension %R (2 or 3)", &s->dim) < 0)
				return -1;
		} else if (strcmp(k, "quaternion_order") == 0) {
			if (!PyUnicode_Check(v) ||
			    (PyUnicode_CompareWithASCIIString(v, "wxyz") != 0 &&
			     PyUnicode_CompareWithASCIIString(v, "xyzw") != 0)) {
				PyErr_Format(PyExc_ValueError,
				             "invalid quaternion order %R (wxyz or xyzw)", v);
				return -1;
			}
			s->xyzw = PyUnicode_CompareWithASCIIString(v, "xyzw") == 0;
		} else if (strcmp(k, "normalize_rotations") == 0) {
			int on = PyObject_IsTrue(v);

			if (on < 0)
				return -1;
			s->normalize = on;
		} else if (threads_ok && strcmp(k, "threads") == 0) {
			if (v != Py_None &&
			    opt_int(v, 1, MAX_THREADS, "invalid number of threads %R (1 to %ld)",
			            &s->threads) < 0)
				return -1;
		} else {
			PyErr_Format(PyExc_TypeError, "unexpected keyword argument '%s'", k);
			return -1;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------- threads */

/* Work split over threads: each calls fn(ctx, begin, end) on blocks. */
typedef struct pool {
	void (*fn)(void *ctx, long begin, long end);
	void *ctx;
	long n;
	atomic_long next;
} pool;

static void *pool_worker(void *arg)
{
	pool *p = arg;

	for (;;) {
		long b = atomic_fetch_add(&p->next, BLOCK);

		if (b >= p->n)
			break;
		p->fn(p->ctx, b, b + BLOCK < p->n ? b + BLOCK : p->n);
	}
	return NULL;
}

/*
 * Runs fn over [0, n) in `threads` threads of our own (explicit stacks: a
 * query needs more than some default stacks hold), the calling thread
 * waiting.  Called without the GIL.  Returns 0, or -1 when not even one
 * thread could be started (nothing was run).
 */
static int pool_run(long n, int threads, void (*fn)(void *, long, long),
                    void *ctx)
{
	pthread_t tid[MAX_THREADS];
	pthread_attr_t attr;
	pool p;
	int started = 0;

	if (n <= 0)
		return 0;
	p.fn = fn;
	p.ctx = ctx;
	p.n = n;
	atomic_init(&p.next, 0);
	if ((long)threads > (n + BLOCK - 1) / BLOCK)
		threads = (int)((n + BLOCK - 1) / BLOCK);
	if (pthread_attr_init(&attr) != 0)
		return -1;
	pthread_attr_setstacksize(&attr, THREAD_STACK);
	for (int i = 0; i < threads; i++)
		if (pthread_create(&tid[started], &attr, pool_worker, &p) == 0)
			started++;
	pthread_attr_destroy(&attr);
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	return started ? 0 : -1;
}

static int thread_count(const settings *s)
{
	return s->threads > 0 ? s->threads : usable_cores();
}

/* ------------------------------------------------------- results as dicts */

/* Interned member names and values, made once. */
enum {
	K_ID, K_STATUS, K_WARNING, K_CODE, K_MESSAGE, K_STATE, K_INTERSECTING,
	K_DISTANCE, K_DEPTH, K_NORMAL, K_POINT_A, K_POINT_B, K_LOCAL_A, K_LOCAL_B,
	K_TANGENTS, K_CONTACTS, K_ITERATIONS, K_GJK, K_EPA, K_NOTES, K_ERROR,
	K_COUNT
};
static const char *const key_names[K_COUNT] = {
	"id", "status", "warning", "code", "message", "state", "intersecting",
	"distance", "depth", "normal", "point_a", "point_b", "local_a", "local_b",
	"tangents", "contacts", "iterations", "gjk", "epa", "notes", "error",
};
static PyObject *keys[K_COUNT];

/* One pair's answer, between the computing and the Python objects. */
typedef struct answer {
	cli_id id;
	int dim;
	int failed;
	cli_error err;
	const char *const *notes[2];
	mink_result res;
} answer;

static PyObject *vec(mink_vec3 v, int dim)
{
	PyObject *l = PyList_New(dim);
	double x[3] = {v.x, v.y, v.z};

	for (int i = 0; l && i < dim; i++) {
		PyObject *f = PyFloat_FromDouble(x[i]);

		if (!f) {
			Py_CLEAR(l);
			break;
		}
		PyList_SET_ITEM(l, i, f);
	}
	return l;
}

static int set_steal(PyObject *d, int key, PyObject *v)
{
	int rc;

	if (!v)
		return -1;
	rc = PyDict_SetItem(d, keys[key], v);
	Py_DECREF(v);
	return rc;
}

static PyObject *id_object(const cli_id *id)
{
	if (id->str)
		return PyUnicode_DecodeUTF8(id->str, (Py_ssize_t)id->len, "replace");
	return PyLong_FromDouble(id->num);
}

/* An error record: {"id", "status": "error", "error": {"code", "message"}}. */
static PyObject *error_dict(const cli_id *id, const char *code, const char *message)
{
	PyObject *d = PyDict_New(), *e;

	if (!d)
		return NULL;
	if (set_steal(d, K_ID, id_object(id)) < 0 ||
	    set_steal(d, K_STATUS, PyUnicode_FromString("error")) < 0)
		goto fail;
	e = Py_BuildValue("{s:s,s:N}", "code", code, "message",
	                  PyUnicode_DecodeUTF8(message, (Py_ssize_t)strlen(message),
	                                       "replace"));
	if (set_steal(d, K_ERROR, e) < 0)
		goto fail;
	return d;
fail:
	Py_DECREF(d);
	return NULL;
}

/* The notes as the CLI writes them: "a: text", "b: text". */
static PyObject *notes_list(const char *const *const notes[2])
{
	PyObject *l = PyList_New(0);

	for (int side = 0; l && side < 2; side++)
		for (const char *const *t = notes[side]; t && *t; t++) {
			PyObject *s = PyUnicode_FromFormat("%s: %s", side ? "b" : "a", *t);

			if (!s || PyList_Append(l, s) < 0) {
				Py_XDECREF(s);
				Py_CLEAR(l);
				break;
			}
			Py_DECREF(s);
		}
	return l;
}

/* The result dict: the members of cli/writer.c's json_result, in its order. */
static PyObject *result_dict(const answer *a)
{
	const mink_result *r = &a->res;
	int dim = a->dim, n;
	PyObject *d, *l;
	static const int vec_keys[5] = {K_NORMAL, K_POINT_A, K_POINT_B, K_LOCAL_A,
	                                K_LOCAL_B};
	const mink_vec3 *vecs[5] = {&r->normal, &r->point_a, &r->point_b,
	                            &r->local_a, &r->local_b};

	if (a->failed)
		return error_dict(&a->id, a->err.code, a->err.message);
	d = PyDict_New();
	if (!d)
		return NULL;
	if (set_steal(d, K_ID, id_object(&a->id)) < 0 ||
	    set_steal(d, K_STATUS, PyUnicode_FromString(mink_status_name(r->status))) < 0)
		goto fail;
	if (r->status == MINK_APPROXIMATE &&
	    set_steal(d, K_WARNING,
	              Py_BuildValue("{s:s,s:s}", "code", mink_warning_name(r->warning),
	                            "message", cli_warning_message(r->warning))) < 0)
		goto fail;
	if (set_steal(d, K_STATE, PyUnicode_FromString(mink_state_name(r->state))) < 0 ||
	    PyDict_SetItem(d, keys[K_INTERSECTING],
	                   r->state != MINK_SEPARATED ? Py_True : Py_False) < 0 ||
	    set_steal(d, K_DISTANCE, PyFloat_FromDouble(r->distance)) < 0 ||
	    set_steal(d, K_DEPTH, PyFloat_FromDouble(r->depth)) < 0)
		goto fail;
	for (int i = 0; i < 5; i++)
		if (set_steal(d, vec_keys[i], vec(*vecs[i], dim)) < 0)
			goto fail;
	l = dim == 3 ? Py_BuildValue("[NN]", vec(r->tangent[0], 3), vec(r->tangent[1], 3))
	             : Py_BuildValue("[N]", vec(r->tangent[0], 2));
	if (set_steal(d, K_TANGENTS, l) < 0)
		goto fail;
	n = r->contact_count < 0 ? 0
	    : r->contact_count > MINK_MAX_CONTACTS ? MINK_MAX_CONTACTS : r->contact_count;
	l = PyList_New(n);
	if (!l)
		goto fail;
	for (int i = 0; i < n; i++) {
		const mink_contact *c = &r->contacts[i];
		PyObject *cd = PyDict_New();

		if (!cd) {
			Py_DECREF(l);
			goto fail;
		}
		PyList_SET_ITEM(l, i, cd);
		if (set_steal(cd, K_DISTANCE, PyFloat_FromDouble(c->distance)) < 0 ||
		    set_steal(cd, K_POINT_A, vec(c->point_a, dim)) < 0 ||
		    set_steal(cd, K_POINT_B, vec(c->point_b, dim)) < 0 ||
		    set_steal(cd, K_LOCAL_A, vec(c->local_a, dim)) < 0 ||
		    set_steal(cd, K_LOCAL_B, vec(c->local_b, dim)) < 0) {
			Py_DECREF(l);
			goto fail;
		}
	}
	if (set_steal(d, K_CONTACTS, l) < 0 ||
	    set_steal(d, K_ITERATIONS, Py_BuildValue("{s:i,s:i}", "gjk", r->gjk_iterations,
	                                             "epa", r->epa_iterations)) < 0)
		goto fail;
	if (((a->notes[0] && a->notes[0][0]) || (a->notes[1] && a->notes[1][0])) &&
	    set_steal(d, K_NOTES, notes_list(a->notes)) < 0)
		goto fail;
	return d;
fail:
	Py_DECREF(d);
	return NULL;
}

/* ------------------------------------------------------- pairs, answered */

/* One pair's tree and what became of it. */
typedef struct job {
	cJSON *tree;     /* NULL when the conversion failed: err says why */
	PyObject *keep;  /* the strs the tree points into (mink_py_tree) */
	cli_error err;   /* the conversion's error */
	answer ans;
} job;

typedef struct jobs_ctx {
	job *jobs;
	const settings *s;
	long first_index; /* the 1-based index of jobs[0]: its default id */
} jobs_ctx;

/* Parses and answers one job, as cli_record_answer does with a record. */
static void answer_job(job *j, cli_pair *p, const settings *s, long index)
{
	answer *a = &j->ans;

	a->id.str = NULL;
	a->id.num = (double)index;
	a->dim = 0;
	a->failed = 0;
	a->notes[0] = a->notes[1] = NULL;
	if (!j->tree) {
		a->failed = 1;
		a->err = j->err;
		return;
	}
	p->xyzw = s->xyzw;
	p->normalize = s->normalize;
	if (cli_parse_pair(j->tree, s->dim, p, &a->id, &a->err) < 0 ||
	    cli_answer_pair(p, &s->options, &a->res, &a->err) < 0) {
		a->failed = 1;
		a->dim = p->dim;
		return;
	}
	a->dim = p->dim;
	a->notes[0] = p->notes[0];
	a->notes[1] = p->notes[1];
}

static void jobs_work(void *arg, long begin, long end)
{
	jobs_ctx *c = arg;
	cli_pair p;

	memset(&p, 0, sizeof p);
	p.objcache = objcache;
	for (long i = begin; i < end; i++)
		answer_job(&c->jobs[i], &p, c->s, c->first_index + i);
	cli_pair_free(&p);
}

/*
 * Whether the calling thread has room on its stack for a query
 * (MINK_QUERY_STACK) and the reading around it.  A Python thread's stack
 * may be small (threading.stack_size(), musl's 128 KB): query() ran there
 * and a deep pair overflowed it.  The stack's low end is found once per
 * thread (for the main thread glibc reads /proc/self/maps).
 */
static int stack_room(void)
{
	static _Thread_local uintptr_t low;
	static _Thread_local int known;
	if (!known) {
		pthread_attr_t attr;
		void *addr = NULL;
		size_t size = 0;
		known = 1;
		if (pthread_getattr_np(pthread_self(), &attr) == 0) {
			if (pthread_attr_getstack(&attr, &addr, &size) == 0)
				low = (uintptr_t)addr;
			pthread_attr_destroy(&attr);
		}
	}
	char here;
	uintptr_t sp = (uintptr_t)&here;
	return low != 0 && sp > low && sp - low >= MINK_QUERY_STACK + (256u << 10);
}

/*
 * Converts items[0, n) to trees (with the GIL), then answers them in
 * threads without it.  Returns 0 or -1 with an exception set.
 */
static int run_jobs(PyObject *const *items, long n, job *jobs,
                    const settings *s, long first_index, int threads)
{
	jobs_ctx c = {jobs, s, first_index};
	int rc;

	for (long i = 0; i < n; i++) {
		jobs[i].err.code = NULL;
		if (!(jobs[i].keep = PyList_New(0)))
			return -1;
		jobs[i].tree = mink_py_tree(items[i], jobs[i].keep, &jobs[i].err);
		if (!jobs[i].tree && !jobs[i].err.code)
			return -1; /* a Python exception (out of memory) */
	}
	if (threads <= 1 && n == 1 && stack_room()) {
		/* One pair in the calling thread, where its stack has room: no
		 * thread to start. */
		jobs_work(&c, 0, 1);
		return 0;
	}
	Py_BEGIN_ALLOW_THREADS
	rc = pool_run(n, threads, jobs_work, &c);
	Py_END_ALLOW_THREADS
	if (rc < 0) {
		PyErr_SetString(PyExc_RuntimeError, "mink: cannot start a thread");
		return -1;
	}
	return 0;
}

static void free_jobs(job *jobs, long n)
{
	for (long i = 0; i < n; i++) {
		cJSON_Delete(jobs[i].tree);
		jobs[i].tree = NULL;
		Py_CLEAR(jobs[i].keep);
	}
}

PyDoc_STRVAR(query_doc,
"query(pair, **options) -> dict\n"
"\n"
"Answers one pair, given as the dict a JSON record holds, e.g.\n"
"{'a': {'type': 'box', 'half_extents': [1, 1, 1]},\n"
" 'b': {'type': 'sphere', 'radius': 0.5, 'position': [1.25, 0, 0]}}.\n"
"Returns the result as a dict with the members of the mink CLI's JSON\n"
"record, in its order: id (the pair's, else 1), status, warning (when\n"
"approximate), state, intersecting, distance, depth, normal, point_a,\n"
"point_b, local_a, local_b, tangents, contacts, iterations, notes (OBJ\n"
"hulls only).  A pair the CLI would answer with an error record raises\n"
"ValueError with the CLI's message.\n"
"\n"
"Options, as the CLI's: tolerance, size_tolerance, max_gjk_iterations,\n"
"max_epa_iterations, contacts (1 to 16 or 'all'; max_contacts is the\n"
"same), contact_tolerance, dim (of pairs without 'dim', default 3),\n"
"quaternion_order ('wxyz', the default, or 'xyzw': scalar last, as scipy\n"
"and ROS write it), normalize_rotations (accept quaternions whose norm is\n"
"not 1 within 1e-6; default False: such a pair is an error).");

static PyObject *py_query(PyObject *self, PyObject *args, PyObject *kw)
{
	PyObject *pair, *out;
	settings s;
	job *j;

	(void)self;
	if (!PyArg_ParseTuple(args, "O:query", &pair) || parse_settings(kw, 0, &s) < 0)
		return NULL;
	/* A job holds a whole mink_result (about 2 KB): not on Python's stack. */
	j = PyMem_Calloc(1, sizeof *j);
	if (!j)
		return PyErr_NoMemory();
	if (run_jobs(&pair, 1, j, &s, 1, 1) < 0) {
		free_jobs(j, 1);
		PyMem_Free(j);
		return NULL;
	}
	if (j->ans.failed) {
		PyErr_SetString(PyExc_ValueError, j->ans.err.message);
		out = NULL;
	} else {
		out = result_dict(&j->ans);
	}
	free_jobs(j, 1);
	PyMem_Free(j);
	return out;
}

/* The pairs of an iterable, as a list (a sequence is taken as it is). */
static PyObject *pair_list(PyObject *pairs)
{
	return PySequence_Fast(pairs, "pairs must be an iterable of pairs");
}

PyDoc_STRVAR(batch_doc,
"batch(pairs, threads=None, **options) -> list[dict]\n"
"\n"
"Answers every pair of an iterable, in input order, as query() does, in\n"
"`threads` threads (default: every usable core) without the GIL.  A bad\n"
"pair does not raise: its place holds an error record, as in the CLI:\n"
"{'id': ..., 'status': 'error', 'error': {'code': ..., 'message': ...}}.\n"
"A pair without an id gets its 1-based position.  Options as for query().");

static PyObject *py_batch(PyObject *self, PyObject *args, PyObject *kw)
{
	PyObject *pairs, *seq, *out = NULL, *threads_obj = Py_None;
	settings s;
	job *jobs = NULL;
	Py_ssize_t n;
	int threads;
	PyObject *rest = NULL;

	(void)self;
	/* pairs and threads positionally; threads and the options by name. */
	if (!PyArg_ParseTuple(args, "O|O:batch", &pairs, &threads_obj))
		return NULL;
	if (kw) {
		rest = PyDict_Copy(kw);
		if (!rest)
			return NULL;
		if (PyTuple_GET_SIZE(args) > 1 && PyDict_GetItemString(rest, "threads")) {
			Py_DECREF(rest);
			return PyErr_Format(PyExc_TypeError,
			                    "batch() got multiple values for argument 'threads'");
		}
	} else {
		rest = PyDict_New();
		if (!rest)
			return NULL;
	}
	if (PyTuple_GET_SIZE(args) > 1 && PyDict_SetItemString(rest, "threads", threads_obj) < 0)
		goto done;
	if (parse_settings(rest, 1, &s) < 0)
		goto done;
	threads = thread_count(&s);
	seq = pair_list(pairs);
	if (!seq)
		goto done;
	n = PySequence_Fast_GET_SIZE(seq);
	jobs = PyMem_Calloc(n < CHUNK ? (n ? (size_t)n : 1) : CHUNK, sizeof *jobs);
	out = jobs ? PyList_New(n) : PyErr_NoMemory();
	for (Py_ssize_t at = 0; out && at < n; at += CHUNK) {
		long m = n - at < CHUNK ? (long)(n - at) : CHUNK;

		if (run_jobs(PySequence_Fast_ITEMS(seq) + at, m, jobs, &s, (long)at + 1,
		             threads) < 0) {
			free_jobs(jobs, m);
			Py_CLEAR(out);
			break;
		}
		for (long i = 0; i < m; i++) {
			PyObject *d = result_dict(&jobs[i].ans);

			if (!d) {
				Py_CLEAR(out);
				break;
			}
			PyList_SET_ITEM(out, at + i, d);
		}
		free_jobs(jobs, m);
	}
	Py_DECREF(seq);
done:
	PyMem_Free(jobs);
	Py_XDECREF(rest);
	return out;
}

/* ------------------------------------------------------ results as arrays */

/* The columns of batch_arrays and batch_poses. */
enum {
	C_DIM, C_DISTANCE, C_DEPTH, C_NORMAL, C_POINT_A, C_POINT_B, C_LOCAL_A,
	C_LOCAL_B, C_TANGENTS, C_INTERSECTING, C_STATE, C_STATUS, C_WARNING,
	C_CONTACT_COUNT, C_CONTACT_DISTANCE, C_CONTACT_POINT_A, C_CONTACT_POINT_B,
	C_CONTACT_LOCAL_A, C_CONTACT_LOCAL_B, C_GJK, C_EPA, C_NUMERIC
};
static const char *const column_names[C_NUMERIC] = {
	"dim", "distance", "depth", "normal", "point_a", "point_b", "local_a",
	"local_b", "tangents", "intersecting", "state", "status", "warning",
	"contact_count", "contact_distance", "contact_point_a", "contact_point_b",
	"contact_local_a", "contact_local_b", "gjk_iterations", "epa_iterations",
};
/* Characters of the fixed-width string columns. */
enum { W_STATE = 11, W_STATUS = 11, W_WARNING = 14 };

/* An error of one row, kept aside (errors are rare). */
typedef struct row_error {
	long row;
	const char *code;
	char message[CLI_MSG_MAX];
} row_error;

typedef struct columns {
	long n;
	int k; /* contacts per row */
	PyArrayObject *a[C_NUMERIC];
	/* Raw pointers into the arrays, for the workers. */
	int32_t *dim, *contact_count, *gjk, *epa;
	double *distance, *depth, *normal, *point_a, *point_b, *local_a, *local_b,
	       *tangents, *c_distance, *c_point_a, *c_point_b, *c_local_a, *c_local_b;
	npy_bool *intersecting;
	Py_UCS4 *state, *status, *warning;
	/* The errors and notes, with the lock the workers take for them. */
	pthread_mutex_t lock;
	row_error *errors;
	long n_errors, cap_errors;
	const char *const *(*notes)[2]; /* per row, or NULL when none can be */
} columns;

/*
 * The memory of large result columns comes from a small pool: an array's
 * memory goes back to it when the array dies, and the next call of the
 * same size takes it again.  New memory costs the kernel a page fault and
 * the zeroing of every page on first touch (about 0.3 s of system time for
 * the 760 MB of 10^6 box-box rows, half the queries' own time), so a loop
 * over batches of one size, the usual dataset generator, pays it once.
 * The pool keeps at most POOL_CAP bytes (POOL_SLOTS blocks) of dead
 * columns; mink.release_memory() gives them back.  Blocks and the pool
 * are touched only with the GIL held (allocation before the workers
 * start, release by the array's base capsule).
 */
enum { POOL_SLOTS = 64, POOL_MIN = 1 << 20 };
#define POOL_CAP ((size_t)2 << 30)
static struct pool_block { void *p; size_t size; } col_pool[POOL_SLOTS];
static size_t pool_bytes;

static void pool_put(void *p, size_t size)
{
	if (pool_bytes + size <= POOL_CAP)
		for (int i = 0; i < POOL_SLOTS; i++)
			if (!col_pool[i].p) {
				col_pool[i].p = p;
				col_pool[i].size = size;
				pool_bytes += size;
				return;
			}
	free(p);
}

static void *pool_take(size_t size)
{
	for (int i = 0; i < POOL_SLOTS; i++)
		if (col_pool[i].p && col_pool[i].size == size) {
			void *p = col_pool[i].p;

			col_pool[i].p = NULL;
			pool_bytes -= size;
			return p;
		}
	return malloc(size);
}

static void pool_capsule_free(PyObject *cap)
{
	pool_put(PyCapsule_GetPointer(cap, "mink.column"),
	         (size_t)(uintptr_t)PyCapsule_GetContext(cap));
}

static PyArrayObject *new_array(int nd, npy_intp *dims, int type, int itemsize)
{
	PyArray_Descr *descr;
	PyObject *base;
	PyArrayObject *a;
	size_t size;
	void *mem;

	descr = PyArray_DescrNewFromType(type);
	if (!descr)
		return NULL;
	if (itemsize)
		descr->elsize = itemsize;
	size = (size_t)descr->elsize;
	for (int d = 0; d < nd; d++)
		size *= (size_t)dims[d];
	if (size < POOL_MIN) /* numpy's own allocation */
		return (PyArrayObject *)PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims,
		                                             NULL, NULL, 0, NULL);
	size = (size + 4095) & ~(size_t)4095; /* blocks of whole pages */
	mem = pool_take(size);
	if (!mem) {
		Py_DECREF(descr);
		return (PyArrayObject *)PyErr_NoMemory();
	}
	base = PyCapsule_New(mem, "mink.column", pool_capsule_free);
	if (!base || PyCapsule_SetContext(base, (void *)(uintptr_t)size) < 0) {
		Py_XDECREF(base);
		free(mem);
		Py_DECREF(descr);
		return NULL;
	}
	a = (PyArrayObject *)PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims, NULL, mem,
	                                          NPY_ARRAY_CARRAY, NULL);
	if (!a || PyArray_SetBaseObject(a, base) < 0) { /* steals base */
		if (!a)
			Py_DECREF(base); /* gives mem back */
		Py_XDECREF(a);
		return NULL;
	}
	return a;
}

PyDoc_STRVAR(release_memory_doc,
"release_memory() -> int\n"
"\n"
"Gives back to the system the memory mink keeps from result columns that\n"
"are no longer used (kept so that the next batch of the same size does not\n"
"pay for new pages: up to 2 GiB), and returns how many bytes that was.");

static PyObject *py_release_memory(PyObject *self, PyObject *unused)
{
	size_t bytes = pool_bytes;

	(void)self;
	(void)unused;
	for (int i = 0; i < POOL_SLOTS; i++)
		if (col_pool[i].p) {
			free(col_pool[i].p);
			col_pool[i].p = NULL;
		}
	pool_bytes = 0;
	return PyLong_FromSize_t(bytes);
}

/*
 * Column i's array: made anew, or taken from `reuse` (a dict of an earlier
 * call's columns, batch_poses' out=) when that holds one of the same
 * shape and type, C-contiguous and writeable, to be filled in place.
 */
static PyArrayObject *column_array(int i, int nd, npy_intp *dims, int type,
                                   int itemsize, PyObject *reuse)
{
	PyArrayObject *a;
	PyObject *o;

	if (!reuse)
		return new_array(nd, dims, type, itemsize);
	o = PyDict_GetItemString(reuse, column_names[i]);
	if (!o || !PyArray_Check(o)) {
		PyErr_Format(PyExc_ValueError, "out: no array '%s'", column_names[i]);
		return NULL;
	}
	a = (PyArrayObject *)o;
	if (PyArray_TYPE(a) != type || (itemsize && PyArray_ITEMSIZE(a) != itemsize) ||
	    PyArray_NDIM(a) != nd || !PyArray_IS_C_CONTIGUOUS(a) ||
	    !PyArray_ISWRITEABLE(a))
		goto unfit;
	for (int d = 0; d < nd; d++)
		if (PyArray_DIM(a, d) != dims[d])
			goto unfit;
	Py_INCREF(a);
	return a;
unfit:
	PyErr_Format(PyExc_ValueError, "out: '%s' is not a writeable C-contiguous array of "
	             "this call's shape and type (an earlier result of the same rows and "
	             "contacts)", column_names[i]);
	return NULL;
}

/* A zeroed array of n items of `size` bytes, one per row (at least one). */
static void *row_calloc(long n, size_t size)
{
	return PyMem_Calloc(n > 0 ? (size_t)n : 1, size);
}

static int columns_new(columns *c, long n, int k, int with_notes, PyObject *reuse)
{
	npy_intp d1[1] = {n}, d3[2] = {n, 3}, dt[3] = {n, 2, 3}, dk[2] = {n, k},
	         dk3[3] = {n, k, 3};

	memset(c, 0, sizeof *c);
	c->n = n;
	c->k = k;
	pthread_mutex_init(&c->lock, NULL);
	for (int i = 0; i < C_NUMERIC; i++) {
		switch (i) {
		case C_DIM: case C_CONTACT_COUNT: case C_GJK: case C_EPA:
			c->a[i] = column_array(i, 1, d1, NPY_INT32, 0, reuse);
			break;
		case C_DISTANCE: case C_DEPTH:
			c->a[i] = column_array(i, 1, d1, NPY_DOUBLE, 0, reuse);
			break;
		case C_NORMAL: case C_POINT_A: case C_POINT_B: case C_LOCAL_A: case C_LOCAL_B:
			c->a[i] = column_array(i, 2, d3, NPY_DOUBLE, 0, reuse);
			break;
		case C_TANGENTS:
			c->a[i] = column_array(i, 3, dt, NPY_DOUBLE, 0, reuse);
			break;
		case C_INTERSECTING:
			c->a[i] = column_array(i, 1, d1, NPY_BOOL, 0, reuse);
			break;
		case C_STATE:
			c->a[i] = column_array(i, 1, d1, NPY_UNICODE, 4 * W_STATE, reuse);
			break;
		case C_STATUS:
			c->a[i] = column_array(i, 1, d1, NPY_UNICODE, 4 * W_STATUS, reuse);
			break;
		case C_WARNING:
			c->a[i] = column_array(i, 1, d1, NPY_UNICODE, 4 * W_WARNING, reuse);
			break;
		case C_CONTACT_DISTANCE:
			c->a[i] = column_array(i, 2, dk, NPY_DOUBLE, 0, reuse);
			break;
		default:
			c->a[i] = column_array(i, 3, dk3, NPY_DOUBLE, 0, reuse);
			break;
		}
		if (!c->a[i])
			return -1;
	}
#define P(col) PyArray_DATA(c->a[col])
	c->dim = P(C_DIM);
	c->contact_count = P(C_CONTACT_COUNT);
	c->gjk = P(C_GJK);
	c->epa = P(C_EPA);
	c->distance = P(C_DISTANCE);
	c->depth = P(C_DEPTH);
	c->normal = P(C_NORMAL);
	c->point_a = P(C_POINT_A);
	c->point_b = P(C_POINT_B);
	c->local_a = P(C_LOCAL_A);
	c->local_b = P(C_LOCAL_B);
	c->tangents = P(C_TANGENTS);
	c->intersecting = P(C_INTERSECTING);
	c->state = P(C_STATE);
	c->status = P(C_STATUS);
	c->warning = P(C_WARNING);
	c->c_distance = P(C_CONTACT_DISTANCE);
	c->c_point_a = P(C_CONTACT_POINT_A);
	c->c_point_b = P(C_CONTACT_POINT_B);
	c->c_local_a = P(C_CONTACT_LOCAL_A);
	c->c_local_b = P(C_CONTACT_LOCAL_B);
#undef P
	if (with_notes) {
		c->notes = row_calloc(n, sizeof *c->notes);
		if (!c->notes) {
			PyErr_NoMemory();
			return -1;
		}
	}
	return 0;
}

static void columns_free(columns *c)
{
	for (int i = 0; i < C_NUMERIC; i++)
		Py_CLEAR(c->a[i]);
	free(c->errors);
	c->errors = NULL;
	PyMem_Free(c->notes);
	c->notes = NULL;
	pthread_mutex_destroy(&c->lock);
}

/* An ASCII name into a fixed-width UCS4 field, zero-padded. */
static void put_name(Py_UCS4 *field, int width, const char *name)
{
	int i = 0;

	for (; name && name[i] && i < width; i++)
		field[i] = (unsigned char)name[i];
	for (; i < width; i++)
		field[i] = 0;
}

/*
 * The fields of the state, status and warning names, made once (a row
 * copies one instead of writing each character): state and status by
 * their enums, the warning by its enum + 1 (0: none, the field empty).
 */
enum { N_STATES = 3, N_STATUSES = 3, N_WARNINGS = MINK_WARN_DEGENERATE + 1 };
static Py_UCS4 state_fields[N_STATES][W_STATE], status_fields[N_STATUSES][W_STATUS],
	warning_fields[N_WARNINGS + 1][W_WARNING];

static void name_fields_init(void)
{
	for (int i = 0; i < N_STATES; i++)
		put_name(state_fields[i], W_STATE, mink_state_name((mink_state)i));
	for (int i = 0; i < N_STATUSES; i++)
		put_name(status_fields[i], W_STATUS, mink_status_name((mink_status)i));
	put_name(warning_fields[0], W_WARNING, "");
	for (int i = 0; i < N_WARNINGS; i++)
		put_name(warning_fields[i + 1], W_WARNING, mink_warning_name((mink_warning)i));
}

static inline void put_vec(double *out, mink_vec3 v, int dim)
{
	out[0] = v.x;
	out[1] = v.y;
	out[2] = dim == 3 ? v.z : 0;
}

/* The state, status and warning fields of result r at row i. */
static void put_names(columns *c, long i, const mink_result *r)
{
	if ((unsigned)r->state < N_STATES && (unsigned)r->status < N_STATUSES &&
	    (unsigned)r->warning < N_WARNINGS) {
		memcpy(c->state + (size_t)W_STATE * (size_t)i, state_fields[r->state],
		       sizeof *state_fields);
		memcpy(c->status + (size_t)W_STATUS * (size_t)i, status_fields[r->status],
		       sizeof *status_fields);
		memcpy(c->warning + (size_t)W_WARNING * (size_t)i,
		       warning_fields[r->status == MINK_APPROXIMATE ? r->warning + 1 : 0],
		       sizeof *warning_fields);
	} else {
		put_name(c->state + (size_t)W_STATE * (size_t)i, W_STATE, mink_state_name(r->state));
		put_name(c->status + (size_t)W_STATUS * (size_t)i, W_STATUS,
		         mink_status_name(r->status));
		put_name(c->warning + (size_t)W_WARNING * (size_t)i, W_WARNING,
		         r->status == MINK_APPROXIMATE ? mink_warning_name(r->warning) : "");
	}
}

static inline __attribute__((always_inline)) void
put_rows_dim(columns *c, long first, int n, const int dim, const mink_result *r,
             const unsigned char *ok)
{
	const int k = c->k;
	const mink_vec3 nan3 = {NAN, NAN, NAN};

#define ROWS for (int j = 0; j < n; j++) if (!ok || ok[j])
	ROWS c->dim[first + j] = dim;
	ROWS c->distance[first + j] = r[j].distance;
	ROWS c->depth[first + j] = r[j].depth;
	ROWS put_vec(c->normal + 3 * (first + j), r[j].normal, dim);
	ROWS put_vec(c->point_a + 3 * (first + j), r[j].point_a, dim);
	ROWS put_vec(c->point_b + 3 * (first + j), r[j].point_b, dim);
	ROWS put_vec(c->local_a + 3 * (first + j), r[j].local_a, dim);
	ROWS put_vec(c->local_b + 3 * (first + j), r[j].local_b, dim);
	ROWS {
		double *t = c->tangents + 6 * (first + j);

		put_vec(t, r[j].tangent[0], dim);
		put_vec(t + 3, dim == 3 ? r[j].tangent[1] : nan3, 3);
	}
	ROWS c->intersecting[first + j] = r[j].state != MINK_SEPARATED;
	ROWS put_names(c, first + j, &r[j]);
	ROWS c->contact_count[first + j] = r[j].contact_count < 0 ? 0 :
	                                   r[j].contact_count > k ? k : r[j].contact_count;
	ROWS c->gjk[first + j] = r[j].gjk_iterations;
	ROWS c->epa[first + j] = r[j].epa_iterations;
	/* The contacts: a row's first count slots, then NaN to the width. */
	ROWS {
		double *out = c->c_distance + (long)k * (first + j);
		int s = 0;

		for (int m = c->contact_count[first + j]; s < m; s++)
			out[s] = r[j].contacts[s].distance;
		for (; s < k; s++)
			out[s] = NAN;
	}
#define CONTACT_FIELD(col, member) \
	ROWS { \
		double *out = (col) + 3 * (long)k * (first + j); \
		int s = 0; \
		for (int m = c->contact_count[first + j]; s < m; s++) \
			put_vec(out + 3 * s, r[j].contacts[s].member, dim); \
		for (; s < k; s++) \
			put_vec(out + 3 * s, nan3, 3); \
	}
	CONTACT_FIELD(c->c_point_a, point_a)
	CONTACT_FIELD(c->c_point_b, point_b)
	CONTACT_FIELD(c->c_local_a, local_a)
	CONTACT_FIELD(c->c_local_b, local_b)
#undef CONTACT_FIELD
#undef ROWS
}

/*
 * Rows first .. first + n - 1 from results r[0 .. n-1] where ok[j] (NULL:
 * all): 2D vectors with z = 0, as in CSV; slots past the contacts and a 2D
 * result's second tangent NaN.  A column at a time: a row's 21 columns are
 * 21 streams of memory, and writing each column's rows together keeps
 * every stream sequential (batch_poses' blocks; measured: fewer cycles per
 * row).  The body is made once for each dimension, so that no vector's
 * store asks which.
 */
static void put_rows(columns *c, long first, int n, int dim, const mink_result *r,
                     const unsigned char *ok)
{
	if (dim == 3)
		put_rows_dim(c, first, n, 3, r, ok);
	else
		put_rows_dim(c, first, n, 2, r, ok);
}

/* Row i: one result. */
static void put_row(columns *c, long i, int dim, const mink_result *r)
{
	put_rows(c, i, 1, dim, r, NULL);
}

/* Row i: an error (numbers NaN, counts 0, state empty); kept aside too. */
static void put_error_row(columns *c, long i, int dim, const char *code,
                          const char *message)
{
	mink_result r;
	row_error *e;

	memset(&r, 0, sizeof r);
	r.distance = r.depth = NAN;
	r.normal = r.point_a = r.point_b = r.local_a = r.local_b =
		r.tangent[0] = r.tangent[1] = (mink_vec3){NAN, NAN, NAN};
	put_row(c, i, 3, &r);
	c->dim[i] = dim;
	c->intersecting[i] = 0;
	put_name(c->state + (size_t)W_STATE * i, W_STATE, "");
	put_name(c->status + (size_t)W_STATUS * i, W_STATUS, "error");
	pthread_mutex_lock(&c->lock);
	if (c->n_errors == c->cap_errors) {
		long cap = c->cap_errors ? 2 * c->cap_errors : 16;
		row_error *p = realloc(c->errors, (size_t)cap * sizeof *p);

		if (!p) {
			pthread_mutex_unlock(&c->lock);
			return; /* the row still says "error"; its words are lost */
		}
		c->errors = p;
		c->cap_errors = cap;
	}
	e = &c->errors[c->n_errors++];
	e->row = i;
	e->code = code;
	snprintf(e->message, sizeof e->message, "%s", message);
	pthread_mutex_unlock(&c->lock);
}

/* A string column from per-row UTF-8 texts (NULL: empty; texts NULL: all
 * empty), numpy 'U'. */
static PyObject *text_column(long n, const char *const *texts)
{
	Py_ssize_t width = 1;
	PyArrayObject *a;
	npy_intp d[1] = {n};
	Py_UCS4 *out;

	for (long i = 0; texts && i < n; i++)
		if (texts[i]) {
			PyObject *s = PyUnicode_FromString(texts[i]);

			if (!s)
				return NULL;
			if (PyUnicode_GET_LENGTH(s) > width)
				width = PyUnicode_GET_LENGTH(s);
			Py_DECREF(s);
		}
	a = new_array(1, d, NPY_UNICODE, (int)(4 * width));
	if (!a)
		return NULL;
	out = PyArray_DATA(a);
	memset(out, 0, (size_t)n * (size_t)width * 4);
	for (long i = 0; texts && i < n; i++)
		if (texts[i]) {
			PyObject *s = PyUnicode_FromString(texts[i]);

			if (!s || !PyUnicode_AsUCS4(s, out + (size_t)width * i, width, 0)) {
				Py_XDECREF(s);
				Py_DECREF(a);
				return NULL;
			}
			Py_DECREF(s);
		}
	return (PyObject *)a;
}

/*
 * The dict of arrays: the numeric and name columns, error_code and
 * error_message (empty but in error rows), notes (joined by "; " as in
 * CSV) and the "id" column `ids` when given.
 */
static PyObject *columns_dict(columns *c, PyObject *ids)
{
	PyObject *d = PyDict_New(), *col;
	const char **codes = NULL, **messages = NULL, **notes = NULL;
	char **owned = NULL;
	long n = c->n;

	if (!d)
		return NULL;
	for (int i = 0; i < C_NUMERIC; i++)
		if (PyDict_SetItemString(d, column_names[i], (PyObject *)c->a[i]) < 0)
			goto fail;
	/* Per-row texts only where a row can have one (errors are rare, and
	 * notes are an OBJ hull's): else each column is made empty at once. */
	if (c->n_errors) {
		codes = row_calloc(n, sizeof *codes);
		messages = row_calloc(n, sizeof *messages);
		if (!codes || !messages) {
			PyErr_NoMemory();
			goto fail;
		}
	}
	if (c->notes) {
		notes = row_calloc(n, sizeof *notes);
		owned = row_calloc(n, sizeof *owned);
		if (!notes || !owned) {
			PyErr_NoMemory();
			goto fail;
		}
	}
	for (long e = 0; e < c->n_errors; e++) {
		codes[c->errors[e].row] = c->errors[e].code;
		messages[c->errors[e].row] = c->errors[e].message;
	}
	for (long i = 0; c->notes && i < n; i++) {
		cli_buf b = {0};
		int count = 0;

		for (int side = 0; side < 2; side++)
			for (const char *const *t = c->notes[i][side]; t && *t; t++) {
				if (count++)
					cli_buf_puts(&b, "; ");
				cli_buf_puts(&b, side ? "b: " : "a: ");
				cli_buf_puts(&b, *t);
			}
		if (count) {
			cli_buf_putc(&b, '\0');
			owned[i] = b.data;
			notes[i] = b.data;
		}
	}
	if (!(col = text_column(n, codes)) ||
	    PyDict_SetItemString(d, "error_code", col) < 0)
		goto fail_col;
	Py_DECREF(col);
	if (!(col = text_column(n, messages)) ||
	    PyDict_SetItemString(d, "error_message", col) < 0)
		goto fail_col;
	Py_DECREF(col);
	if (!(col = text_column(n, notes)) || PyDict_SetItemString(d, "notes", col) < 0)
		goto fail_col;
	Py_DECREF(col);
	if (ids && PyDict_SetItemString(d, "id", ids) < 0)
		goto fail;
	goto done;
fail_col:
	Py_XDECREF(col);
fail:
	Py_CLEAR(d);
done:
	for (long i = 0; owned && i < n; i++)
		free(owned[i]);
	PyMem_Free(owned);
	PyMem_Free(codes);
	PyMem_Free(messages);
	PyMem_Free(notes);
	return d;
}

typedef struct arrays_ctx {
	job *jobs;
	const settings *s;
	long first; /* row of jobs[0] */
	columns *c;
} arrays_ctx;

static void arrays_work(void *arg, long begin, long end)
{
	arrays_ctx *x = arg;
	cli_pair p;

	memset(&p, 0, sizeof p);
	p.objcache = objcache;
	for (long i = begin; i < end; i++) {
		job *j = &x->jobs[i];
		long row = x->first + i;

		answer_job(j, &p, x->s, row + 1);
		if (j->ans.failed) {
			put_error_row(x->c, row, j->ans.dim, j->ans.err.code, j->ans.err.message);
		} else {
			put_row(x->c, row, j->ans.dim, &j->ans.res);
			x->c->notes[row][0] = j->ans.notes[0];
			x->c->notes[row][1] = j->ans.notes[1];
		}
	}
	cli_pair_free(&p);
}

PyDoc_STRVAR(batch_arrays_doc,
"batch_arrays(pairs, threads=None, **options) -> dict[str, numpy.ndarray]\n"
"\n"
"Answers the pairs as batch() does and returns columns, one row per pair\n"
"in input order: id (object), dim (int32), distance, depth (N,), normal,\n"
"point_a, point_b, local_a, local_b (N, 3; 2D rows have z = 0), tangents\n"
"(N, 2, 3; a 2D row's second is NaN), intersecting (bool), state, status,\n"
"warning, error_code, error_message, notes (str), contact_count,\n"
"gjk_iterations, epa_iterations (int32), contact_distance (N, K) and\n"
"contact_point_a, contact_point_b, contact_local_a, contact_local_b\n"
"(N, K, 3), K the `contacts` option (default 4), NaN past each row's\n"
"contact_count.  Error rows have NaN numbers, count 0, status 'error' and\n"
"the CLI's code and message.  pandas.DataFrame takes the 1-D columns.");

static PyObject *py_batch_arrays(PyObject *self, PyObject *args, PyObject *kw)
{
	PyObject *pairs, *seq = NULL, *out = NULL, *ids = NULL;
	settings s;
	job *jobs = NULL;
	columns c;
	Py_ssize_t n;
	int threads;

	(void)self;
	memset(&c, 0, sizeof c);
	if (!PyArg_ParseTuple(args, "O:batch_arrays", &pairs) ||
	    parse_settings(kw, 1, &s) < 0)
		return NULL;
	threads = thread_count(&s);
	seq = pair_list(pairs);
	if (!seq)
		return NULL;
	n = PySequence_Fast_GET_SIZE(seq);
	if (columns_new(&c, (long)n, s.options.max_contacts, 1, NULL) < 0)
		goto done;
	ids = PyArray_SimpleNew(1, (npy_intp[]){n}, NPY_OBJECT);
	jobs = PyMem_Calloc(n < CHUNK ? (n ? (size_t)n : 1) : CHUNK, sizeof *jobs);
	if (!ids || !jobs) {
		if (!jobs)
			PyErr_NoMemory();
		goto done;
	}
	for (Py_ssize_t at = 0; at < n; at += CHUNK) {
		long m = n - at < CHUNK ? (long)(n - at) : CHUNK;
		arrays_ctx x = {jobs, &s, (long)at, &c};
		PyObject **idp = PyArray_DATA((PyArrayObject *)ids);
		int rc;

		for (long i = 0; i < m; i++) {
			jobs[i].err.code = NULL;
			jobs[i].keep = PyList_New(0);
			jobs[i].tree = jobs[i].keep ? mink_py_tree(PySequence_Fast_GET_ITEM(seq, at + i),
			                                           jobs[i].keep, &jobs[i].err)
			                            : NULL;
			if (!jobs[i].tree && !jobs[i].err.code) {
				free_jobs(jobs, i + 1);
				goto done;
			}
		}
		Py_BEGIN_ALLOW_THREADS
		rc = pool_run(m, threads, arrays_work, &x);
		Py_END_ALLOW_THREADS
		if (rc < 0) {
			free_jobs(jobs, m);
			PyErr_SetString(PyExc_RuntimeError, "mink: cannot start a thread");
			goto done;
		}
		for (long i = 0; i < m; i++) {
			PyObject *id = id_object(&jobs[i].ans.id);

			if (!id) {
				free_jobs(jobs, m);
				goto done;
			}
			Py_XSETREF(idp[at + i], id);
		}
		free_jobs(jobs, m);
	}
	out = columns_dict(&c, ids);
done:
	Py_XDECREF(ids);
	Py_XDECREF(seq);
	PyMem_Free(jobs);
	columns_free(&c);
	return out;
}

/* ------------------------------------------------------------ batch_poses */

typedef struct poses_ctx {
	const cli_pair *pair;   /* the two shapes, checked */
	const settings *s;
	const double *pos[2];   /* dim numbers a row, or one row for all */
	const double *rot[2];   /* 4 numbers (3D) or 1 (2D) a row, or one row */
	int per_row_pos[2], per_row_rot[2];
	columns *c;
} poses_ctx;

/*
 * The contract's checks of one pose (cli/parse.c's parse_pose), the same
 * words: coordinates in range, and in 3D a quaternion in the call's order,
 * not zero, of norm 1 unless normalize_rotations.  *q gets it as [w,x,y,z].
 */
static int check_pose(int side, const cli_pair *p, const double *pos,
                      const double *rot, mink_quat *q, cli_error *err)
{
	static const char *const name[2] = {"a", "b"};
	int dim = p->dim, nr = dim == 3 ? 4 : 1;
	double norm;

	err->code = "bad_pose";
	for (int i = 0; i < dim; i++)
		if (!(fabs(pos[i]) <= MINK_MAX_COORD)) {
			snprintf(err->message, sizeof err->message,
			         "%s.position: number out of range", name[side]);
			return -1;
		}
	for (int i = 0; i < nr; i++)
		if (!(fabs(rot[i]) <= MINK_MAX_COORD)) {
			snprintf(err->message, sizeof err->message,
			         "%s.rotation: number out of range", name[side]);
			return -1;
		}
	if (dim != 3)
		return 0;
	switch (cli_parse_quaternion(p, rot, q, &norm)) {
	case -1:
		snprintf(err->message, sizeof err->message, "%s.rotation: zero quaternion",
		         name[side]);
		return -1;
	case -2:
		snprintf(err->message, sizeof err->message,
		         "%s.rotation: quaternion of norm %.9g, not 1 "
		         "(--normalize-rotations accepts it)", name[side], norm);
		return -1;
	}
	return 0;
}

static void poses_work(void *arg, long begin, long end)
{
	poses_ctx *x = arg;
	const cli_pair *p = x->pair;
	int dim = p->dim, nr = dim == 3 ? 4 : 1;
	/* The block's results, written a column at a time at the end. */
	mink_result res[BLOCK];
	unsigned char ok[BLOCK];

	if (end - begin > BLOCK) {
		poses_work(arg, begin, begin + BLOCK);
		poses_work(arg, begin + BLOCK, end);
		return;
	}
	for (long i = begin; i < end; i++) {
		mink_result *r = &res[i - begin];
		const double *pos[2], *rot[2];
		mink_quat quat[2];
		cli_error err;
		int bad = 0;

		ok[i - begin] = 0;
		for (int side = 0; side < 2; side++) {
			pos[side] = x->pos[side] + (x->per_row_pos[side] ? (long)dim * i : 0);
			rot[side] = x->rot[side] + (x->per_row_rot[side] ? (long)nr * i : 0);
		}
		/*
		 * 3D: the quaternions' order and norm, and the library's own
		 * checks of the rest (the same range for positions); only a row
		 * that fails one goes through check_pose, for the CLI's words in
		 * the CLI's order.  Under normalize_rotations the library would
		 * take quaternions of any size: their range is checked here.
		 */
		if (dim == 3) {
			double norm;

			bad = cli_parse_quaternion(p, rot[0], &quat[0], &norm) < 0 ||
			      cli_parse_quaternion(p, rot[1], &quat[1], &norm) < 0;
			for (int k = 0; p->normalize && !bad && k < 4; k++)
				bad = !(fabs(rot[0][k]) <= MINK_MAX_COORD && fabs(rot[1][k]) <= MINK_MAX_COORD);
		}
		if (dim != 3 || bad) {
			bad = 0;
			for (int side = 0; side < 2 && !bad; side++)
				bad = check_pose(side, p, pos[side], rot[side], &quat[side], &err) < 0;
			if (bad) {
				put_error_row(x->c, i, dim, err.code, err.message);
				continue;
			}
		}
		if (dim == 3) {
			mink_pose3 pa = {{pos[0][0], pos[0][1], pos[0][2]}, quat[0]};
			mink_pose3 pb = {{pos[1][0], pos[1][1], pos[1][2]}, quat[1]};

			mink_query3(&p->shape3[0], &pa, &p->shape3[1], &pb, &x->s->options, r);
			if (r->status == MINK_ERROR) {
				for (int side = 0; side < 2 && !bad; side++)
					bad = check_pose(side, p, pos[side], rot[side], &quat[side], &err) < 0;
				if (bad) {
					put_error_row(x->c, i, dim, err.code, err.message);
					continue;
				}
				/* The CLI's words for the library's refusal. */
				cli_pair q = *p;

				q.pose3[0] = pa;
				q.pose3[1] = pb;
				cli_answer_pair(&q, &x->s->options, r, &err);
			}
		} else {
			mink_pose2 pa = {{pos[0][0], pos[0][1]}, rot[0][0]};
			mink_pose2 pb = {{pos[1][0], pos[1][1]}, rot[1][0]};

			mink_query2(&p->shape2[0], &pa, &p->shape2[1], &pb, &x->s->options, r);
			if (r->status == MINK_ERROR) {
				cli_pair q = *p;

				q.pose2[0] = pa;
				q.pose2[1] = pb;
				cli_answer_pair(&q, &x->s->options, r, &err);
			}
		}
		if (r->status == MINK_ERROR)
			put_error_row(x->c, i, dim, err.code, err.message);
		else
			ok[i - begin] = 1;
	}
	put_rows(x->c, begin, (int)(end - begin), dim, res, ok);
}

/*
 * A pose array: `obj` (None: the default `dflt`) as contiguous doubles of
 * shape (N, width) or (width,) (width 1: (N,) or ()).  *n is the row count
 * so far (-1: none yet); *per_row says whether it has rows.
 */
static PyArrayObject *pose_array(PyObject *obj, const char *name, int width,
                                 const double *dflt, long *n, int *per_row,
                                 double *store)
{
	PyArrayObject *a;
	int nd;
	long rows;

	*per_row = 0;
	if (obj == Py_None) {
		memcpy(store, dflt, (size_t)width * sizeof *store);
		return NULL;
	}
	a = (PyArrayObject *)PyArray_FROM_OTF(obj, NPY_DOUBLE,
	                                      NPY_ARRAY_IN_ARRAY | NPY_ARRAY_FORCECAST);
	if (!a)
		return NULL;
	nd = PyArray_NDIM(a);
	if (width == 1 ? nd > 1 : (nd < 1 || nd > 2 || PyArray_DIM(a, nd - 1) != width)) {
		if (width == 1)
			PyErr_Format(PyExc_ValueError, "%s: expected shape (N,) or ()", name);
		else
			PyErr_Format(PyExc_ValueError, "%s: expected shape (N, %d) or (%d,)",
			             name, width, width);
		Py_DECREF(a);
		return NULL;
	}
	if ((width == 1 && nd == 1) || nd == 2) {
		rows = (long)PyArray_DIM(a, 0);
		if (*n >= 0 && rows != *n) {
			PyErr_Format(PyExc_ValueError, "%s: %ld rows, but another pose array has %ld",
			             name, rows, *n);
			Py_DECREF(a);
			return NULL;
		}
		*n = rows;
		*per_row = 1;
	}
	return a;
}

PyDoc_STRVAR(batch_poses_doc,
"batch_poses(shape_a, shape_b, pos_a=None, quat_a=None, pos_b=None,\n"
"            quat_b=None, threads=None, **options) -> dict[str, numpy.ndarray]\n"
"\n"
"One pair of shapes in many poses: the fast path of dataset generators.\n"
"shape_a and shape_b are shape dicts as in a pair, without position or\n"
"rotation; row i poses A at pos_a[i] rotated by quat_a[i] ([w, x, y, z],\n"
"or [x, y, z, w] with quaternion_order='xyzw') and B at pos_b[i] by\n"
"quat_b[i].  Positions are (N, 3) arrays, rotations\n"
"(N, 4); in 2D positions are (N, 2) and rotations angles (N,).  Any of them\n"
"may be one pose for every row ((3,), (4,), (2,) or a number) or None (the\n"
"origin, no rotation).  The dimension comes from the `dim` option, else\n"
"from the positions' width, else 3.  The shapes are checked once (a bad\n"
"one raises ValueError with the CLI's message); each row's pose is checked\n"
"as the CLI checks it and a bad one makes an error row.  Returns the\n"
"columns of batch_arrays() but id.  Threads and options as for batch().\n"
"\n"
"Columns of 1 MiB and more take their memory from a pool that dead\n"
"columns go back to: a loop over batches of one size writes into pages it\n"
"already has (new pages cost the kernel's faults and zeroing of about 760\n"
"bytes a row, about half a box-box query); mink.release_memory() empties\n"
"the pool.  out=cols, the dict of an earlier call with as many rows and\n"
"contacts, fills its arrays again in place instead of making new ones.\n"
"The result is a new dict holding those same arrays.");

static PyObject *py_batch_poses(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = {"shape_a", "shape_b", "pos_a", "quat_a", "pos_b",
	                         "quat_b", NULL};
	PyObject *shape[2], *posobj[2] = {Py_None, Py_None},
	         *rotobj[2] = {Py_None, Py_None};
	PyObject *opts = NULL, *out = NULL, *pairobj = NULL, *reuse = NULL, *keep = NULL;
	PyArrayObject *pa[2] = {NULL, NULL}, *ra[2] = {NULL, NULL};
	double pstore[2][3], rstore[2][4];
	static const double origin[3] = {0, 0, 0}, identity[4] = {1, 0, 0, 0},
	                    zero_angle[1] = {0};
	settings s;
	cli_pair pair;
	cJSON *tree = NULL;
	cli_error err = {NULL, ""};
	cli_id id = {NULL, 1, 0};
	columns c;
	poses_ctx x;
	long n = -1;
	int dim, threads, rc;

	(void)self;
	memset(&pair, 0, sizeof pair);
	memset(&c, 0, sizeof c);
	/* The named arguments; everything else in kw is an option. */
	if (kw) {
		opts = PyDict_Copy(kw);
		if (!opts)
			return NULL;
		for (int i = 0; kwlist[i]; i++)
			if (PyDict_GetItemString(opts, kwlist[i]) && PyDict_DelItemString(opts, kwlist[i]) < 0)
				goto done;
		/* out=: the columns of an earlier call, filled again in place. */
		reuse = PyDict_GetItemString(opts, "out");
		if (reuse) {
			Py_INCREF(reuse);
			if (PyDict_DelItemString(opts, "out") < 0)
				goto done;
			if (reuse == Py_None) {
				Py_CLEAR(reuse);
			} else if (!PyDict_Check(reuse)) {
				PyErr_SetString(PyExc_TypeError, "out: a dict of columns, as batch_poses returns");
				goto done;
			}
		}
	}
	{
		PyObject *named = PyDict_New();

		if (!named)
			goto done;
		for (int i = 0; kw && kwlist[i]; i++) {
			PyObject *v = PyDict_GetItemString(kw, kwlist[i]);

			if (v && PyDict_SetItemString(named, kwlist[i], v) < 0) {
				Py_DECREF(named);
				goto done;
			}
		}
		rc = PyArg_ParseTupleAndKeywords(args, named, "OO|OOOO:batch_poses", kwlist,
		                                 &shape[0], &shape[1], &posobj[0], &rotobj[0],
		                                 &posobj[1], &rotobj[1]);
		Py_DECREF(named);
		if (!rc)
			goto done;
	}
	if (parse_settings(opts, 1, &s) < 0)
		goto done;
	threads = thread_count(&s);
	/* The dimension: the option, else the positions' width, else 3. */
	dim = 3;
	if (!kw || !PyDict_GetItemString(kw, "dim")) {
		for (int side = 1; side >= 0; side--)
			if (posobj[side] != Py_None) {
				PyObject *arr = PyArray_FROM_OTF(posobj[side], NPY_DOUBLE, 0);

				if (!arr)
					goto done;
				if (PyArray_NDIM((PyArrayObject *)arr) >= 1 &&
				    PyArray_DIM((PyArrayObject *)arr,
				                PyArray_NDIM((PyArrayObject *)arr) - 1) == 2)
					dim = 2;
				Py_DECREF(arr);
			}
	} else {
		dim = s.dim;
	}
	/* The shapes, checked as a pair {"dim", "a", "b"} without poses. */
	for (int side = 0; side < 2; side++) {
		if (PyDict_Check(shape[side]) &&
		    (PyDict_GetItemString(shape[side], "position") ||
		     PyDict_GetItemString(shape[side], "rotation"))) {
			PyErr_Format(PyExc_ValueError, "%s: no position or rotation here: "
			             "the poses are pos_%s and quat_%s", side ? "b" : "a",
			             side ? "b" : "a", side ? "b" : "a");
			goto done;
		}
	}
	pairobj = Py_BuildValue("{s:O,s:O,s:i}", "a", shape[0], "b", shape[1], "dim", dim);
	if (!pairobj)
		goto done;
	keep = PyList_New(0);
	tree = keep ? mink_py_tree(pairobj, keep, &err) : NULL;
	if (!tree) {
		if (err.code)
			PyErr_SetString(PyExc_ValueError, err.message);
		goto done;
	}
	pair.objcache = objcache;
	pair.xyzw = s.xyzw;
	pair.normalize = s.normalize;
	if (cli_parse_pair(tree, dim, &pair, &id, &err) < 0) {
		PyErr_SetString(PyExc_ValueError, err.message);
		goto done;
	}
	/* The poses. */
	for (int side = 0; side < 2; side++) {
		char pname[8], rname[8];

		snprintf(pname, sizeof pname, "pos_%c", side ? 'b' : 'a');
		snprintf(rname, sizeof rname, "quat_%c", side ? 'b' : 'a');
		pa[side] = pose_array(posobj[side], pname, dim, origin, &n,
		                      &x.per_row_pos[side], pstore[side]);
		if (!pa[side] && PyErr_Occurred())
			goto done;
		ra[side] = pose_array(rotobj[side], rname, dim == 3 ? 4 : 1,
		                      dim == 3 ? identity : zero_angle, &n,
		                      &x.per_row_rot[side], rstore[side]);
		if (!ra[side] && PyErr_Occurred())
			goto done;
		x.pos[side] = pa[side] ? PyArray_DATA(pa[side]) : pstore[side];
		x.rot[side] = ra[side] ? PyArray_DATA(ra[side]) : rstore[side];
	}
	if (n < 0)
		n = 1;
	/* The shapes' notes (an OBJ hull's: non-convex, flat) are every
	 * answered row's, as batch_arrays gives them (they had been dropped) */
	int with_notes = (pair.notes[0] && pair.notes[0][0]) || (pair.notes[1] && pair.notes[1][0]);
	if (columns_new(&c, n, s.options.max_contacts, with_notes, reuse) < 0)
		goto done;
	x.pair = &pair;
	x.s = &s;
	x.c = &c;
	Py_BEGIN_ALLOW_THREADS
	rc = pool_run(n, threads, poses_work, &x);
	Py_END_ALLOW_THREADS
	if (rc < 0) {
		PyErr_SetString(PyExc_RuntimeError, "mink: cannot start a thread");
		goto done;
	}
	for (long i = 0; with_notes && i < n; i++) {
		const Py_UCS4 *st = c.status + (size_t)W_STATUS * (size_t)i;
		if (st[0] == 'e') /* an error row, which has none */
			continue;
		c.notes[i][0] = pair.notes[0];
		c.notes[i][1] = pair.notes[1];
	}
	out = columns_dict(&c, NULL);
done:
	for (int side = 0; side < 2; side++) {
		Py_XDECREF(pa[side]);
		Py_XDECREF(ra[side]);
	}
	cJSON_Delete(tree);
	Py_XDECREF(keep);
	cli_pair_free(&pair);
	columns_free(&c);
	Py_XDECREF(pairobj);
	Py_XDECREF(opts);
	Py_XDECREF(reuse);
	return out;
}

/* ---------------------------------------------------------------- OBJ hulls */

PyDoc_STRVAR(hull_from_obj_doc,
"hull_from_obj(path, object=None) -> dict\n"
"\n"
"The convex hull of an OBJ file (of its part `object`, an o or g name;\n"
"None: every vertex) as a shape for pairs:\n"
"{'type': 'hull', 'obj': ABSOLUTE_PATH[, 'object': NAME]}.  The file is\n"
"read and the hull built now, once per process, and shared by every pair\n"
"that names it; add 'position', 'rotation' or 'margin' to the dict (e.g.\n"
"dict(shape, position=[0, 0, 1])).  An unreadable or invalid file raises\n"
"ValueError with the CLI's message.");

static PyObject *py_hull_from_obj(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = {"path", "object", NULL};
	PyObject *path_obj, *bytes = NULL, *object_obj = Py_None, *out = NULL;
	const char *object = NULL;
	char *abs = NULL;
	cli_objcache_error e;
	const cli_objhull *h;

	(void)self;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|O:hull_from_obj", kwlist,
	                                 &path_obj, &object_obj))
		return NULL;
	if (!PyUnicode_FSConverter(path_obj, &bytes))
		return NULL;
	if (object_obj != Py_None) {
		object = PyUnicode_AsUTF8(object_obj);
		if (!object)
			goto done;
	}
	/* The path made absolute (resolved when it exists): the dict names the
	 * same file wherever the process goes. */
	abs = realpath(PyBytes_AS_STRING(bytes), NULL);
	if (!abs) {
		const char *given = PyBytes_AS_STRING(bytes);
		char cwd[4096];

		if (given[0] == '/' || !getcwd(cwd, sizeof cwd))
			abs = strdup(given);
		else if ((abs = malloc(strlen(cwd) + strlen(given) + 2)))
			sprintf(abs, "%s/%s", cwd, given);
		if (!abs) {
			PyErr_NoMemory();
			goto done;
		}
	}
	Py_BEGIN_ALLOW_THREADS
	h = cli_objcache_get(objcache, NULL, abs, object, &e);
	Py_END_ALLOW_THREADS
	if (!h) {
		PyErr_SetString(PyExc_ValueError, e.message);
		goto done;
	}
	out = object ? Py_BuildValue("{s:s,s:N,s:s}", "type", "hull", "obj",
	                             PyUnicode_DecodeFSDefault(abs), "object", object)
	             : Py_BuildValue("{s:s,s:N}", "type", "hull", "obj",
	                             PyUnicode_DecodeFSDefault(abs));
done:
	free(abs);
	Py_XDECREF(bytes);
	return out;
}

/* ---------------------------------------------------------------- module */

static PyMethodDef methods[] = {
	{"query", (PyCFunction)(void (*)(void))py_query, METH_VARARGS | METH_KEYWORDS,
	 query_doc},
	{"batch", (PyCFunction)(void (*)(void))py_batch, METH_VARARGS | METH_KEYWORDS,
	 batch_doc},
	{"batch_arrays", (PyCFunction)(void (*)(void))py_batch_arrays,
	 METH_VARARGS | METH_KEYWORDS, batch_arrays_doc},
	{"batch_poses", (PyCFunction)(void (*)(void))py_batch_poses,
	 METH_VARARGS | METH_KEYWORDS, batch_poses_doc},
	{"hull_from_obj", (PyCFunction)(void (*)(void))py_hull_from_obj,
	 METH_VARARGS | METH_KEYWORDS, hull_from_obj_doc},
	{"release_memory", py_release_memory, METH_NOARGS, release_memory_doc},
	{NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"mink: penetration depth, distance and contact points of convex shapes.\n"
"\n"
"The mink library (GJK, EPA, exact contact patches) for Python: pairs as\n"
"dicts in the mink input format (mink(5)), results as dicts with the\n"
"members of the mink CLI's JSON records, or as numpy columns.  Batches\n"
"run on every usable core without the GIL.\n"
"\n"
"    >>> import mink\n"
"    >>> r = mink.query({'a': {'type': 'box', 'half_extents': [1, 1, 1]},\n"
"    ...                 'b': {'type': 'sphere', 'radius': 0.5,\n"
"    ...                       'position': [1.25, 0, 0]}})\n"
"    >>> r['state'], r['distance'], r['normal']\n"
"    ('penetrating', -0.25, [1.0, 0.0, 0.0])\n"
"\n"
"query, batch, batch_arrays, batch_poses, hull_from_obj; see their\n"
"docstrings and mink(3).");

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "mink", module_doc, -1, methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_mink(void);

PyMODINIT_FUNC PyInit_mink(void)
{
	PyObject *m;

	import_array();
	name_fields_init();
	for (int i = 0; i < K_COUNT; i++)
		if (!keys[i] && !(keys[i] = PyUnicode_InternFromString(key_names[i])))
			return NULL;
	if (!objcache)
		objcache = cli_objcache_new();
	m = PyModule_Create(&module);
	if (!m)
		return NULL;
	if (PyModule_AddStringConstant(m, "__version__", MINK_VERSION_STRING) < 0 ||
	    PyModule_AddIntConstant(m, "MAX_CONTACTS", MINK_MAX_CONTACTS) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}

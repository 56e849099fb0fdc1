/*
 * batch.c - reader -> workers -> ordered writer.
 *
 * A reader thread splits the input into records (text/split.c) and copies
 * them into blocks of up to BLOCK_RECORDS records; worker threads take the
 * blocks in turn and make each record's output text and stderr lines
 * (record.c); the calling thread writes the blocks out strictly in
 * sequence, and draws the progress line (progress.c).  The blocks
 * form a ring of a few per worker and the reader waits for a free one, so
 * memory stays bounded whatever the size of the input.  A record's text
 * depends only on the record and its index, so the output is the same
 * bytes for any number of workers; with one job (or a regular file of one
 * block) the same steps run in the calling thread, block by block.
 *
 * A block is handed on when it is full and also before every read(2) of
 * a pipe, socket or terminal, which may block: results keep flowing when
 * the input trickles in.  (A regular file's reads do not wait.)
 */
#include "batch.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"
#include "record.h"
#include "text/buf.h"
#include "text/sniff.h"
#include "text/instream.h"
#include "text/split.h"

enum {
	BLOCK_RECORDS = 1024,
	BLOCK_TEXT = 256 * 1024, /* a block is handed on once its text is this long */
	BLOCKS_PER_JOB = 4,
	MAX_BLOCKS = 128,
	KEEP_BYTES = 1 << 20 /* buffers a huge record grew beyond this are freed */
};

/* Where a record of a block is. */
typedef struct slot {
	size_t off, len; /* its text: at text.data + off, NUL-terminated */
	long line, col;
	long index;      /* 1-based over the run: the default id */
	unsigned long long end; /* the input's offset just past it (progress) */
	char delim;
	char oversize;
} slot;

typedef enum block_state {
	B_FREE,    /* written out (or never used) */
	B_FILLING, /* the reader's */
	B_READY,   /* handed on, waiting for a worker */
	B_BUSY,    /* a worker's */
	B_DONE     /* waiting to be written */
} block_state;

typedef struct block {
	block_state state; /* under the run's mutex */
	cli_buf text;      /* the records' text */
	slot *recs;
	size_t n, cap;
	cli_buf out;       /* their output records */
	cli_buf msgs;      /* their stderr lines */
	long errors;       /* error records among them */
	/* For --max-errors: after the i-th error record of the block, how
	 * many records, output bytes and message bytes there are. */
	struct cut { size_t n, out, msgs; } *cuts;
	size_t ncuts, cuts_cap;
} block;

typedef struct worker {
	struct cli_batch_run *run;
	cli_recorder rec; /* its writer writes to memory */
	pthread_t thread;
} worker;

struct cli_batch_run {
	cli_batch *b;
	int jobs;

	/* The file being read. */
	const char *name;
	cli_reader *reader;

	/* The ring: the s-th block of the file is blocks[s % nblocks]. */
	block *blocks;
	size_t nblocks;
	block *cur;            /* the block the reader fills, or NULL */
	long index;            /* records read, over all files (reader's) */
	int threaded;          /* reader and workers run in threads */
	int regular;           /* the input is a regular file: reads do not wait */
	int first;             /* the next record is the file's first */
	char diag[320];        /* the file is not pairs: what it looks like */
	long diag_line;

	/* Under mu. */
	pthread_mutex_t mu;
	pthread_cond_t to_reader, to_workers, to_writer;
	unsigned long filled;  /* blocks handed on */
	unsigned long taken;   /* blocks taken by workers */
	unsigned long written; /* blocks written out */
	int reader_done;
	int stop;              /* output failed: read and work no more */

	worker *workers;       /* jobs of them */

	/* Progress, the calling thread's. */
	cli_progress progress;
	long done;
};

/* Turns every record of block k into output text and messages. */
static void work(worker *w, block *k)
{
	w->rec.name = w->run->name;
	w->rec.msgs = &k->msgs;
	w->rec.errors = 0;
	k->ncuts = 0;
	for (size_t i = 0; i < k->n; i++) {
		const slot *s = &k->recs[i];
		cli_record rec;
		long before = w->rec.errors;

		rec.text = k->text.data + s->off;
		rec.len = s->len;
		rec.delim = s->delim;
		rec.line = s->line;
		rec.col = s->col;
		rec.oversize = s->oversize;
		cli_writer_set_count(w->rec.writer, s->index - 1);
		cli_record_answer(&w->rec, &rec, s->index);
		if (w->run->b->max_errors > 0 && w->rec.errors > before) {
			if (k->ncuts == k->cuts_cap) {
				k->cuts_cap = k->cuts_cap ? 2 * k->cuts_cap : 16;
				k->cuts = cli_xrealloc(k->cuts, k->cuts_cap * sizeof *k->cuts);
			}
			k->cuts[k->ncuts].n = i + 1;
			k->cuts[k->ncuts].out = cli_writer_pending(w->rec.writer);
			k->cuts[k->ncuts].msgs = k->msgs.len;
			k->ncuts++;
		}
	}
	cli_writer_swap(w->rec.writer, &k->out);
	k->errors = w->rec.errors;
}

/* --- Blocks -------------------------------------------------------------- */

static void buf_trim(cli_buf *buf)
{
	buf->len = 0;
	if (buf->cap > KEEP_BYTES)
		cli_buf_free(buf);
}

static void block_reset(block *k)
{
	k->n = 0;
	k->errors = 0;
	buf_trim(&k->text);
	buf_trim(&k->out);
	buf_trim(&k->msgs);
}

static void block_free(block *k)
{
	cli_buf_free(&k->text);
	cli_buf_free(&k->out);
	cli_buf_free(&k->msgs);
	free(k->recs);
	free(k->cuts);
}

static void append(block *k, const cli_record *rec, long index)
{
	slot *s;

	if (k->n == k->cap) {
		k->cap = k->cap ? 2 * k->cap : BLOCK_RECORDS;
		k->recs = cli_xrealloc(k->recs, k->cap * sizeof *k->recs);
	}
	s = &k->recs[k->n++];
	s->off = k->text.len;
	s->len = rec->len;
	s->line = rec->line;
	s->col = rec->col;
	s->index = index;
	s->end = rec->offset + rec->len;
	s->delim = rec->delim;
	s->oversize = (char)rec->oversize;
	cli_buf_put(&k->text, rec->text, rec->len);
	cli_buf_putc(&k->text, '\0');
}

/* Nothing more goes out: a write failed, or --max-errors was reached. */
static int output_over(const cli_batch *b)
{
	return cli_writer_error_number(b->writer) != 0 || b->stopped;
}

/* Puts block k out (the calling thread's part). */
static void write_block(struct cli_batch_run *run, block *k)
{
	cli_batch *b = run->b;

	if (output_over(b))
		return;
	if (b->max_errors > 0 && b->errors + k->errors >= b->max_errors) {
		/* The last error allowed: the block ends with it, the run too. */
		const struct cut *c = &k->cuts[b->max_errors - b->errors - 1];

		k->n = c->n;
		k->out.len = c->out;
		k->msgs.len = c->msgs;
		k->errors = b->max_errors - b->errors;
		b->stopped = 1;
	}
	if (k->msgs.len > 0) {
		cli_progress_erase(&run->progress);
		fwrite(k->msgs.data, 1, k->msgs.len, stderr);
	}
	cli_writer_raw(b->writer, k->out.data, k->out.len, (long)k->n);
	b->errors += k->errors;
	b->written += (long)k->n;
	run->done += (long)k->n;
	/* Offsets in decompressed data say nothing of the file's size. */
	cli_progress_show(&run->progress, run->done, b->errors,
	                  !k->n || cli_reader_compression(run->reader)
	                  ? CLI_PROGRESS_UNKNOWN : k->recs[k->n - 1].end);
}

/* The reader's side: the block to fill next, or NULL when stopping. */
static block *get_block(struct cli_batch_run *run)
{
	block *k;

	if (!run->threaded)
		return &run->blocks[0];
	pthread_mutex_lock(&run->mu);
	k = &run->blocks[run->filled % run->nblocks];
	while (!run->stop && k->state != B_FREE)
		pthread_cond_wait(&run->to_reader, &run->mu);
	if (run->stop)
		k = NULL;
	else
		k->state = B_FILLING;
	pthread_mutex_unlock(&run->mu);
	return k;
}

/* Hands the reader's block on to the workers (or, inline, runs it). */
static void hand_on(struct cli_batch_run *run)
{
	block *k = run->cur;

	if (!k)
		return;
	run->cur = NULL;
	if (!run->threaded) {
		work(&run->workers[0], k);
		write_block(run, k);
		block_reset(k);
		return;
	}
	pthread_mutex_lock(&run->mu);
	k->state = B_READY;
	run->filled++;
	pthread_cond_signal(&run->to_workers);
	pthread_mutex_unlock(&run->mu);
}

/* --- The reader ------------------------------------------------------------ */

/* Called by the reader before each read(2), which may block. */
static void before_read(void *ctx)
{
	struct cli_batch_run *run = ctx;

	/* A read of a regular file does not wait for data: its blocks fill
	 * (measured, 10^6 box pairs -j 2: a hand-on before every 64 KiB read
	 * made blocks of 170 records and twice the context switches). */
	if (run->cur && run->cur->n > 0 && !run->regular)
		hand_on(run);
	if (!run->threaded) {
		cli_writer_flush(run->b->writer);
		/* Output that cannot be written: no more input is waited for. */
		if (output_over(run->b))
			cli_instream_wake();
	}
}

static cli_read_status read_all(struct cli_batch_run *run)
{
	cli_record rec;
	cli_read_status st;

	while ((st = cli_reader_next(run->reader, &rec)) == CLI_READ_RECORD) {
		/* --shard cuts by the file's size: compressed, no offset fits it. */
		if (run->b->shard && cli_reader_compression(run->reader)) {
			snprintf(run->diag, sizeof run->diag, "--shard needs an uncompressed "
			         "file (this is %s data): decompress it first",
			         cli_reader_compression(run->reader));
			run->diag_line = rec.line;
			st = CLI_READ_BROKEN;
			break;
		}
		/* --shard: records before the part are counted, not answered. */
		if (run->b->shard && cli_shard_where(run->b->shard, rec.offset) != 0) {
			if (cli_shard_where(run->b->shard, rec.offset) > 0) {
				st = CLI_READ_END;
				break;
			}
			run->index++;
			continue;
		}
		/* Results given as pairs: one message, not an error per record. */
		if (run->first) {
			run->first = 0;
			if (rec.len > 0 && cli_sniff_results(rec.text, rec.len, run->diag,
			                                     sizeof run->diag)) {
				run->diag_line = rec.line;
				st = CLI_READ_BROKEN;
				break;
			}
		}
		if (!run->cur && !(run->cur = get_block(run)))
			return st; /* stopping */
		append(run->cur, &rec, ++run->index);
		if (run->cur->n == BLOCK_RECORDS || run->cur->text.len >= BLOCK_TEXT)
			hand_on(run);
		/* Output that cannot be written is not worth computing. */
		if (!run->threaded && output_over(run->b))
			return st;
	}
	hand_on(run);
	return st;
}

/* SIGINT, SIGTERM and SIGHUP (set by run_threaded). */
static sigset_t interrupts;

static void *reader_main(void *arg)
{
	struct cli_batch_run *run = arg;
	cli_read_status st;

	/* The interrupting signals reach this thread alone (the others block
	 * them): a read(2) waiting for input returns, and reading stops. */
	pthread_sigmask(SIG_UNBLOCK, &interrupts, NULL);
	st = read_all(run);
	pthread_mutex_lock(&run->mu);
	run->reader_done = 1;
	pthread_cond_broadcast(&run->to_workers);
	pthread_cond_signal(&run->to_writer);
	pthread_mutex_unlock(&run->mu);
	return (void *)(size_t)st;
}

/* --- Threads --------------------------------------------------------------- */

/*
 * Worker threads answer queries, and a 3D query keeps its EPA polytope on
 * the stack (see mink(3), THREADS): the stack size is asked for, not left
 * to the C library's default, which is 8 MiB with glibc but 128 KiB with
 * musl.  Only the pages touched are ever mapped.
 */
#define THREAD_STACK (4u << 20)

static int start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	int rc;

	if (pthread_attr_init(&attr) != 0)
		return -1;
	rc = pthread_attr_setstacksize(&attr, THREAD_STACK);
	if (rc == 0)
		rc = pthread_create(t, &attr, fn, arg);
	pthread_attr_destroy(&attr);
	return rc;
}

/* --- Workers and the ordered writer ---------------------------------------- */

static void *worker_main(void *arg)
{
	worker *w = arg;
	struct cli_batch_run *run = w->run;

	pthread_mutex_lock(&run->mu);
	for (;;) {
		block *k;
		int stop;

		while (run->taken == run->filled && !run->reader_done)
			pthread_cond_wait(&run->to_workers, &run->mu);
		if (run->taken == run->filled)
			break;
		k = &run->blocks[run->taken++ % run->nblocks];
		k->state = B_BUSY;
		stop = run->stop;
		pthread_mutex_unlock(&run->mu);
		if (!stop)
			work(w, k);
		pthread_mutex_lock(&run->mu);
		k->state = B_DONE;
		/* The writer waits only for the next block in order: a block
		 * done ahead of it would wake it for nothing. */
		if (k == &run->blocks[run->written % run->nblocks])
			pthread_cond_signal(&run->to_writer);
	}
	pthread_mutex_unlock(&run->mu);
	return NULL;
}

/*
 * The calling thread's part: writes the blocks in order until the reader
 * is done and every block it handed on is out.  On a write error it stops
 * the others, waking a reader that waits for input (cli_instream_wake).
 */
static void write_all(struct cli_batch_run *run, pthread_t reader,
                      int *reader_joined, cli_read_status *st)
{
	int dirty = 0;

	pthread_mutex_lock(&run->mu);
	for (;;) {
		block *k = &run->blocks[run->written % run->nblocks];

		if (run->written < run->filled && k->state == B_DONE) {
			pthread_mutex_unlock(&run->mu);
			write_block(run, k);
			block_reset(k);
			dirty = 1;
			pthread_mutex_lock(&run->mu);
			k->state = B_FREE;
			run->written++;
			/* The reader, far ahead of the workers, fills the free half
			 * of the ring in one go rather than one block a wake. */
			if (run->filled - run->written <= run->nblocks / 2)
				pthread_cond_signal(&run->to_reader);
		} else if (run->reader_done && run->written == run->filled) {
			break;
		} else if (dirty) {
			/* Nothing to write yet: let out what is written so far. */
			pthread_mutex_unlock(&run->mu);
			cli_writer_flush(run->b->writer);
			dirty = 0;
			pthread_mutex_lock(&run->mu);
		} else {
			pthread_cond_wait(&run->to_writer, &run->mu);
			continue;
		}
		/* A write failed (now or at the flush), or --max-errors was
		 * reached: the reader stops, even one waiting for input. */
		if (!run->stop && output_over(run->b)) {
			void *ret;

			run->stop = 1;
			pthread_cond_broadcast(&run->to_reader);
			pthread_mutex_unlock(&run->mu);
			cli_instream_wake();
			pthread_join(reader, &ret);
			*reader_joined = 1;
			/* Stopped by the wake: the run stopped early. */
			if ((cli_read_status)(size_t)ret != CLI_READ_END)
				*st = (cli_read_status)(size_t)ret;
			pthread_mutex_lock(&run->mu);
			run->reader_done = 1;
			pthread_cond_broadcast(&run->to_workers);
		}
	}
	pthread_mutex_unlock(&run->mu);
}

/* Runs the open reader through the threads; 0 when they could not start. */
static int run_threaded(struct cli_batch_run *run, cli_read_status *st)
{
	pthread_t reader;
	int started = 0, reader_joined = 0;

	sigset_t old;

	run->filled = run->taken = run->written = 0;
	run->reader_done = run->stop = 0;
	run->threaded = 1;
	/* A write that fails wakes a reader that waits for input.  Without the
	 * pipe (no descriptors left), the reader stops at its next read. */
	(void)cli_instream_wake_init();
	/* The threads inherit the blocked interrupts; the reader unblocks them. */
	sigemptyset(&interrupts);
	sigaddset(&interrupts, SIGINT);
	sigaddset(&interrupts, SIGTERM);
	sigaddset(&interrupts, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &interrupts, &old);
	for (int i = 0; i < run->jobs; i++) {
		if (start_thread(&run->workers[i].thread, worker_main,
		                 &run->workers[i]) != 0)
			break;
		started++;
	}
	if (started == 0 || start_thread(&reader, reader_main, run) != 0) {
		/* No threads to be had: stop those started, run inline. */
		pthread_mutex_lock(&run->mu);
		run->reader_done = 1;
		pthread_cond_broadcast(&run->to_workers);
		pthread_mutex_unlock(&run->mu);
		for (int i = 0; i < started; i++)
			pthread_join(run->workers[i].thread, NULL);
		run->threaded = 0;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		return 0;
	}
	*st = CLI_READ_RECORD; /* what it is when the run stops early */
	write_all(run, reader, &reader_joined, st);
	if (!reader_joined) {
		void *ret;

		pthread_join(reader, &ret);
		*st = (cli_read_status)(size_t)ret;
	}
	for (int i = 0; i < started; i++)
		pthread_join(run->workers[i].thread, NULL);
	run->threaded = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return 1;
}

/* --- Runs ------------------------------------------------------------------ */

static struct cli_batch_run *get_run(cli_batch *b)
{
	struct cli_batch_run *run = b->run;
	int jobs = b->jobs < 1 ? 1 : b->jobs > CLI_MAX_JOBS ? CLI_MAX_JOBS : b->jobs;
	cli_format format = cli_writer_format(b->writer);
	int nfields;
	const cli_field *fields = cli_writer_fields(b->writer, &nfields);

	if (run)
		return run;
	run = cli_xrealloc(NULL, sizeof *run);
	memset(run, 0, sizeof *run);
	run->b = b;
	run->jobs = jobs;
	run->nblocks = jobs == 1 ? 1 : (size_t)jobs * BLOCKS_PER_JOB;
	if (run->nblocks > MAX_BLOCKS)
		run->nblocks = MAX_BLOCKS;
	run->blocks = cli_xrealloc(NULL, run->nblocks * sizeof *run->blocks);
	memset(run->blocks, 0, run->nblocks * sizeof *run->blocks);
	run->workers = cli_xrealloc(NULL, (size_t)jobs * sizeof *run->workers);
	memset(run->workers, 0, (size_t)jobs * sizeof *run->workers);
	for (int i = 0; i < jobs; i++) {
		run->workers[i].run = run;
		run->workers[i].rec.options = &b->options;
		run->workers[i].rec.default_dim = b->default_dim;
		run->workers[i].rec.pair.xyzw = b->pair.xyzw;
		run->workers[i].rec.pair.normalize = b->pair.normalize;
		run->workers[i].rec.writer = cli_writer_new(NULL, format);
		if (fields)
			cli_writer_set_fields(run->workers[i].rec.writer, fields, nfields);
		cli_recorder_init(&run->workers[i].rec);
	}
	pthread_mutex_init(&run->mu, NULL);
	pthread_cond_init(&run->to_reader, NULL);
	pthread_cond_init(&run->to_workers, NULL);
	pthread_cond_init(&run->to_writer, NULL);
	cli_progress_start(&run->progress, b->progress);
	b->run = run;
	return run;
}

void cli_batch_finish(cli_batch *b)
{
	struct cli_batch_run *run = b->run;

	if (!run)
		return;
	cli_progress_erase(&run->progress);
	for (int i = 0; i < run->jobs; i++) {
		cli_writer_free(run->workers[i].rec.writer);
		cli_recorder_free(&run->workers[i].rec);
	}
	for (size_t i = 0; i < run->nblocks; i++)
		block_free(&run->blocks[i]);
	pthread_mutex_destroy(&run->mu);
	pthread_cond_destroy(&run->to_reader);
	pthread_cond_destroy(&run->to_workers);
	pthread_cond_destroy(&run->to_writer);
	free(run->workers);
	free(run->blocks);
	free(run);
	b->run = NULL;
}

int cli_batch_file(cli_batch *b, const char *path)
{
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : path;
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
	struct cli_batch_run *run = get_run(b);
	cli_read_status st = CLI_READ_END;
	int rc = 0, small;
	char *dir = NULL;
	struct stat info;

	if (fd < 0) {
		cli_progress_erase(&run->progress);
		fprintf(stderr, "mink: %s: %s\n", name, strerror(errno));
		return 2;
	}
	if (b->shard) {
		if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
			cli_progress_erase(&run->progress);
			fprintf(stderr, "mink: %s: --shard needs a regular file (its size "
			        "decides where the parts are cut)\n", name);
			if (!is_stdin)
				close(fd);
			return 2;
		}
		b->shard->size = (unsigned long long)info.st_size;
	}
	/* The share read, when the size is known: the file's, or the part's. */
	if (b->shard)
		cli_progress_input(&run->progress, b->shard->size * (b->shard->k - 1) / b->shard->n,
		                   b->shard->size * b->shard->k / b->shard->n);
	else if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode))
		cli_progress_input(&run->progress, 0, (unsigned long long)info.st_size);
	else
		cli_progress_input(&run->progress, 0, 0);
	/* OBJ paths in records are relative to --obj-dir, else to the file's
	 * directory (the current one for standard input). */
	if (b->obj_dir) {
		dir = strdup(b->obj_dir);
		if (!dir)
			cli_out_of_memory();
	} else if (!is_stdin)
		dir = cli_path_dir(path);
	for (int i = 0; i < run->jobs; i++) {
		run->workers[i].rec.pair.objcache = b->pair.objcache;
		run->workers[i].rec.pair.dir = dir;
		run->workers[i].rec.max_record =
			b->max_record ? b->max_record : CLI_MAX_RECORD_DEFAULT;
	}
	run->name = name;
	run->index = b->index;
	run->first = 1;
	run->diag[0] = '\0';
	run->reader = cli_reader_new(fd, before_read, run);
	if (b->max_record)
		cli_reader_set_max_record(run->reader, b->max_record);
	run->regular = fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
	/* A file of one block gains nothing from threads but their start. */
	small = run->regular && info.st_size <= BLOCK_TEXT;
	if (run->jobs == 1 || small || !run_threaded(run, &st))
		st = read_all(run);
	b->index = run->index;
	if (st == CLI_READ_BROKEN) {
		long line, col = 0;
		const char *msg = run->diag[0] ? run->diag
		                  : cli_reader_message(run->reader, &line, &col);

		if (run->diag[0])
			line = run->diag_line;
		cli_progress_erase(&run->progress);
		if (col > 0)
			fprintf(stderr, "mink: %s:%ld:%ld: %s\n", name, line, col, msg);
		else
			fprintf(stderr, "mink: %s:%ld: %s\n", name, line, msg);
		rc = 1;
	} else if (st == CLI_READ_IOERR) {
		cli_progress_erase(&run->progress);
		fprintf(stderr, "mink: %s: %s\n", name,
		        strerror(cli_reader_errno(run->reader)));
		rc = 2;
	}
	cli_reader_free(run->reader);
	run->reader = NULL;
	run->cur = NULL;
	for (size_t i = 0; i < run->nblocks; i++) {
		block_reset(&run->blocks[i]);
		run->blocks[i].state = B_FREE;
	}
	for (int i = 0; i < run->jobs; i++)
		run->workers[i].rec.pair.dir = NULL;
	if (!is_stdin)
		close(fd);
	free(dir);
	return rc;
}

/*
 * main.c - mink: penetration depth, distance and contact points of pairs
 * of convex shapes, from JSON batches to JSON, NDJSON or CSV.
 *
 * Exit status: 0 when every record was answered, 1 when some were error
 * records (or a JSON array was broken), 2 on a usage error, an unreadable
 * input file or a failed write.
 */
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <signal.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "cpus.h"
#include "text/fmtnum.h"
#include "mink.h"
#include "objpair.h"
#include "text/instream.h"
#include "text/split.h"
#include "outfile.h"
#include "parse.h"
#include "cmd/cmd.h"
#include "opts.h"
#include "text/buf.h"
#include "writer.h"

enum {
	OPT_TOLERANCE = 256,
	OPT_SIZE_TOLERANCE,
	OPT_MAX_GJK,
	OPT_MAX_EPA,
	OPT_CONTACTS,
	OPT_CONTACT_TOLERANCE,
	OPT_CONTACT_ROWS,
	OPT_PROGRESS,
	OPT_NO_PROGRESS,
	OPT_QUATERNION_ORDER,
	OPT_NORMALIZE_ROTATIONS,
	OPT_SHARD,
	OPT_FIELDS,
	OPT_NO_HEADER,
	OPT_MAX_RECORD_BYTES,
	OPT_MAX_ERRORS,
	OPT_OBJ_DIR,
	/* the pose options of `mink A.obj B.obj`, in objpair.h's order */
	OPT_OBJPAIR,
	OPT_OBJPAIR_END = OPT_OBJPAIR + 2 * CLI_OBJPAIR_OPTIONS - 1
};

static const struct option long_options[] = {
	{"format", required_argument, NULL, 'f'},
	{"output", required_argument, NULL, 'o'},
	{"dim", required_argument, NULL, 'd'},
	{"tolerance", required_argument, NULL, OPT_TOLERANCE},
	{"size-tolerance", required_argument, NULL, OPT_SIZE_TOLERANCE},
	{"max-gjk-iterations", required_argument, NULL, OPT_MAX_GJK},
	{"max-epa-iterations", required_argument, NULL, OPT_MAX_EPA},
	{"contacts", required_argument, NULL, OPT_CONTACTS},
	{"contact-tolerance", required_argument, NULL, OPT_CONTACT_TOLERANCE},
	{"contact-rows", no_argument, NULL, OPT_CONTACT_ROWS},
	{"quaternion-order", required_argument, NULL, OPT_QUATERNION_ORDER},
	{"normalize-rotations", no_argument, NULL, OPT_NORMALIZE_ROTATIONS},
	{"shard", required_argument, NULL, OPT_SHARD},
	{"fields", required_argument, NULL, OPT_FIELDS},
	{"no-header", no_argument, NULL, OPT_NO_HEADER},
	{"jobs", required_argument, NULL, 'j'},
	{"progress", no_argument, NULL, OPT_PROGRESS},
	{"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
	{"max-record-bytes", required_argument, NULL, OPT_MAX_RECORD_BYTES},
	{"max-errors", required_argument, NULL, OPT_MAX_ERRORS},
	{"obj-dir", required_argument, NULL, OPT_OBJ_DIR},
	{"position-a", required_argument, NULL, OPT_OBJPAIR + 0},
	{"rotation-a", required_argument, NULL, OPT_OBJPAIR + 1},
	{"margin-a", required_argument, NULL, OPT_OBJPAIR + 2},
	{"object-a", required_argument, NULL, OPT_OBJPAIR + 3},
	{"position-b", required_argument, NULL, OPT_OBJPAIR + 4},
	{"rotation-b", required_argument, NULL, OPT_OBJPAIR + 5},
	{"margin-b", required_argument, NULL, OPT_OBJPAIR + 6},
	{"object-b", required_argument, NULL, OPT_OBJPAIR + 7},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{NULL, 0, NULL, 0}
};

static const char help_text[] =
	"Usage: mink [OPTION]... [FILE]...\n"
	"  or:  mink [OPTION]... A.obj B.obj\n"
	"  or:  mink gen|diff|render [OPTION]... [ARG]...\n"
	"  or:  mink help [gen|diff|render]\n"
	"Compute the penetration depth or distance and the contact points of\n"
	"pairs of convex shapes.  Each FILE holds a JSON array of pairs or one\n"
	"pair per line (NDJSON); with no FILE, or when FILE is -, read standard\n"
	"input.  One result is written per pair, in input order.\n"
	"\n"
	"  -f, --format=FORMAT         output format: json (default), ndjson, csv\n"
	"  -o, --output=FILE           write to FILE instead of standard output\n"
	"  -d, --dim=2|3               dimension of pairs without \"dim\" (default 3)\n"
	"      --tolerance=X           relative convergence tolerance (default %s)\n"
	"      --size-tolerance=X      tolerance relative to the pair's size\n"
	"                              (default %s)\n"
	"      --max-gjk-iterations=N  GJK iteration limit (default %d)\n"
	"      --max-epa-iterations=N  EPA iteration limit (default %d)\n"
	"      --contacts=N|all        most contact points per result, 1 to %d\n"
	"                              or all (default %d)\n"
	"      --contact-tolerance=X   how far below a supporting plane, relative\n"
	"                              to the pair's size, a vertex still belongs\n"
	"                              to the contact (default %s)\n"
	"      --contact-rows          with -f csv: one row per contact instead\n"
	"                              of one per result\n"
	"      --quaternion-order=wxyz|xyzw\n"
	"                              the order of a quaternion's numbers\n"
	"                              (default wxyz: scalar first)\n"
	"      --normalize-rotations   accept quaternions whose norm is not 1\n"
	"                              (default: an error beyond 1e-6)\n"
	"      --fields=LIST           write only these fields, in this order\n"
	"                              (JSON members or CSV columns: see mink(5));\n"
	"                              +LIST adds them to the default ones\n"
	"      --shard=K/N             answer only part K of N of the one FILE, cut\n"
	"                              by byte offset at records: the N outputs\n"
	"                              in order are the bytes of one run\n"
	"      --no-header             with -f csv: no header row\n"
	"  -j, --jobs=N                worker threads (default: one per CPU this\n"
	"                              process may use)\n"
	"      --progress              show progress on stderr even when it is\n"
	"                              not a terminal\n"
	"      --no-progress           never show progress (default: shown when\n"
	"                              stderr is a terminal)\n"
	"      --max-record-bytes=N    a longer record is skipped, an error record\n"
	"                              in its place (default 64 MiB)\n"
	"      --max-errors=N          stop after N error records (default: never)\n"
	"      --obj-dir=DIR           resolve OBJ paths in records from DIR\n"
	"                              (default: the input file's directory, the\n"
	"                              current one for standard input)\n"
	"  -h, --help                  display this help and exit\n"
	"  -V, --version               output version information and exit\n"
	"\n"
	"A pair is {\"id\": \"p1\", \"dim\": 3, \"a\": SHAPE, \"b\": SHAPE}; a 3D SHAPE\n"
	"is a sphere, box, capsule, cylinder, cone, ellipsoid, point, segment,\n"
	"triangle or hull, a 2D one a circle, box, capsule, segment, point or\n"
	"polygon, each with an optional position, rotation and margin.  A hull\n"
	"is a point set (\"points\") or an OBJ file's (\"obj\": PATH, from the\n"
	"input file's directory, and \"object\": an o or g name, default all).\n"
	"\n"
	"Two OBJ files instead of FILEs are one pair of hulls, A and B, answered\n"
	"as the JSON pair {\"a\": {\"type\": \"hull\", \"obj\": \"A.obj\"}, ...} is:\n"
	"      --position-a=X,Y,Z      position of A (default 0,0,0)\n"
	"      --rotation-a=W,X,Y,Z    rotation of A, a quaternion (default 1,0,0,0)\n"
	"      --margin-a=M            margin of A (default 0)\n"
	"      --object-a=NAME         the o or g part of A.obj (default all)\n"
	"      --position-b=X,Y,Z, --rotation-b=W,X,Y,Z, --margin-b=M,\n"
	"      --object-b=NAME         the same for B\n"
	"\n"
	"Commands (each with its own --help):\n"
	"  gen      write a seeded, reproducible batch of random pairs\n"
	"  diff     compare two result files, record by record, within tolerances\n"
	"  render   draw one pair and its result as an SVG picture\n"
	"\n"
	"Exit status: 0 if every pair was answered, 1 if some records were\n"
	"errors, 2 on a usage error, an unreadable file or a write error.\n";

/* A count from 1 to max. */
static int parse_count(const char *s, int max, int *out)
{
	unsigned long long v;

	if (cli_parse_ullong(s, 1, (unsigned long long)max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

static void usage(void)
{
	mink_options d = mink_default_options();
	char tol[CLI_NUM_MAX], size_tol[CLI_NUM_MAX], contact_tol[CLI_NUM_MAX];

	/* The defaults come from the library, so the text cannot go stale. */
	cli_fmtnum(tol, d.tolerance);
	cli_fmtnum(size_tol, d.size_tolerance);
	cli_fmtnum(contact_tol, d.contact_tolerance);
	printf(help_text, tol, size_tol, d.max_gjk_iterations,
	       d.max_epa_iterations, MINK_MAX_CONTACTS, d.max_contacts, contact_tol);
}

/* mink help [COMMAND]: mink's --help, or the command's. */
static int help_command(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} commands[] = {
		{"gen", cli_gen_main}, {"diff", cli_diff_main}, {"render", cli_render_main},
	};

	if (argc == 1) {
		usage();
		return cli_close_output(NULL, stdout, NULL, 0) < 0 ? 2 : 0;
	}
	if (argc > 2)
		return cli_usage_error(NULL, "'help' takes one command at most");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			char *args[] = {argv[1], "--help", NULL};

			return commands[i].run(2, args);
		}
	return cli_usage_error(NULL, "unknown command '%s' (gen, diff or render)",
	                       argv[1]);
}

/* The signal that interrupted the run, or 0. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	interrupted = sig;
	cli_instream_wake();
}

/*
 * SIGINT, SIGTERM and SIGHUP stop the reading (without SA_RESTART, a
 * read(2) waiting for input returns): what was read is answered and
 * written, the document closed, and the run ends with 128 + the signal.
 * SA_RESETHAND: a second one kills at once.
 */
static void catch_interrupts(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	cli_reader_stop_on(&interrupted);
	(void)cli_instream_wake_init(); /* without it, a read in progress is cut short by
	                                   the signal alone (no SA_RESTART) */
}

int main(int argc, char **argv)
{
	cli_batch batch;
	cli_format format = CLI_FORMAT_JSON;
	const char *output = NULL;
	FILE *out = stdout;
	int c, status = 0, objpair, progress = -1, contact_rows = 0;
	int cores = cli_usable_cpus();
	cli_objpair pair_options = {{{NULL}}, NULL};
	cli_shard shard = {0, 0, 0};
	int no_header = 0, nfields = 0;
	const char *fields_arg = NULL;
	cli_field fields[CLI_MAX_FIELDS];
	char msg[512];
	cli_outfile outfile;
	int written;

	/* Subcommands; a file named like one is reached as ./gen. */
	if (argc > 1 && strcmp(argv[1], "help") == 0)
		return help_command(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "gen") == 0)
		return cli_gen_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "diff") == 0)
		return cli_diff_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "render") == 0)
		return cli_render_main(argc - 1, argv + 1);
	memset(&batch, 0, sizeof batch);
	batch.options = mink_default_options();
	batch.default_dim = 3;
	batch.jobs = cores > CLI_MAX_JOBS ? CLI_MAX_JOBS : cores;
	opterr = 0; /* our messages, not getopt's */
	while ((c = getopt_long(argc, argv, ":f:o:d:j:hV", long_options, NULL)) !=
	       -1) {
		const char *opt = argv[optind - 1]; /* for messages */

		if (c >= OPT_OBJPAIR && c <= OPT_OBJPAIR_END) {
			if (cli_objpair_set(&pair_options, c - OPT_OBJPAIR, optarg, msg,
			                    sizeof msg) < 0)
				return cli_usage_error(NULL, "%s", msg);
			continue;
		}

		switch (c) {
		case 'f':
			if (strcmp(optarg, "json") == 0)
				format = CLI_FORMAT_JSON;
			else if (strcmp(optarg, "ndjson") == 0)
				format = CLI_FORMAT_NDJSON;
			else if (strcmp(optarg, "csv") == 0)
				format = CLI_FORMAT_CSV;
			else
				return cli_usage_error(NULL, "invalid format '%s' (json, ndjson or csv)",
				                   optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'd':
			if (strcmp(optarg, "2") != 0 && strcmp(optarg, "3") != 0)
				return cli_usage_error(NULL, "invalid dimension '%s' (2 or 3)",
				                   optarg);
			batch.default_dim = optarg[0] - '0';
			break;
		case OPT_TOLERANCE:
			if (cli_parse_double(optarg, 0, DBL_MAX, &batch.options.tolerance) < 0)
				return cli_usage_error(NULL, "invalid tolerance '%s' (a number >= 0)",
				                   optarg);
			break;
		case OPT_SIZE_TOLERANCE:
			if (cli_parse_double(optarg, 0, DBL_MAX, &batch.options.size_tolerance) < 0)
				return cli_usage_error(NULL, "invalid size tolerance '%s' "
				                   "(a number >= 0)", optarg);
			break;
		case OPT_MAX_GJK:
			if (parse_count(optarg, INT_MAX, &batch.options.max_gjk_iterations) < 0)
				return cli_usage_error(NULL, "invalid iteration limit '%s' "
				                   "(a number >= 1)", optarg);
			break;
		case 'j':
			if (parse_count(optarg, CLI_MAX_JOBS, &batch.jobs) < 0)
				return cli_usage_error(NULL, "invalid number of jobs '%s' "
				                   "(1 to %d)", optarg, CLI_MAX_JOBS);
			break;
		case OPT_PROGRESS:
		case OPT_NO_PROGRESS:
			progress = c == OPT_PROGRESS;
			break;
		case OPT_MAX_EPA:
			if (parse_count(optarg, INT_MAX, &batch.options.max_epa_iterations) < 0)
				return cli_usage_error(NULL, "invalid iteration limit '%s' "
				                   "(a number >= 1)", optarg);
			break;
		case OPT_CONTACTS:
			if (strcmp(optarg, "all") == 0)
				batch.options.max_contacts = MINK_MAX_CONTACTS;
			else if (parse_count(optarg, MINK_MAX_CONTACTS,
			                     &batch.options.max_contacts) < 0)
				return cli_usage_error(NULL, "invalid number of contacts '%s' "
				                   "(1 to %d, or all)", optarg, MINK_MAX_CONTACTS);
			break;
		case OPT_CONTACT_TOLERANCE:
			if (cli_parse_double(optarg, 0, DBL_MAX,
			                     &batch.options.contact_tolerance) < 0)
				return cli_usage_error(NULL, "invalid contact tolerance '%s' "
				                   "(a number >= 0)", optarg);
			break;
		case OPT_CONTACT_ROWS:
			contact_rows = 1;
			break;
		case OPT_QUATERNION_ORDER:
			if (strcmp(optarg, "wxyz") != 0 && strcmp(optarg, "xyzw") != 0)
				return cli_usage_error(NULL, "invalid quaternion order '%s' "
				                   "(wxyz or xyzw)", optarg);
			batch.pair.xyzw = optarg[0] == 'x';
			break;
		case OPT_NORMALIZE_ROTATIONS:
			batch.pair.normalize = 1;
			break;
		case OPT_SHARD:
			if (cli_shard_parse(optarg, &shard) < 0)
				return cli_usage_error(NULL, "invalid shard '%s' (K/N, with "
				                   "1 <= K <= N)", optarg);
			batch.shard = &shard;
			break;
		case OPT_FIELDS:
			fields_arg = optarg;
			break;
		case OPT_NO_HEADER:
			no_header = 1;
			break;
		case OPT_MAX_RECORD_BYTES: {
			unsigned long long v;

			/* Below 2^40: the cap is memory, and 1 TiB is none. */
			if (cli_parse_ullong(optarg, 1, 1ULL << 40, &v) < 0)
				return cli_usage_error(NULL, "invalid record size '%s' (1 to "
				                       "2^40 bytes)", optarg);
			batch.max_record = (size_t)v;
			break;
		}
		case OPT_MAX_ERRORS:
			if (cli_parse_max_errors(NULL, optarg, &batch.max_errors) != 0)
				return 2;
			break;
		case OPT_OBJ_DIR:
			if (!*optarg)
				return cli_usage_error(NULL, "empty --obj-dir");
			batch.obj_dir = optarg;
			break;
		case 'h':
			usage();
			return cli_close_output(NULL, stdout, NULL, 0) < 0 ? 2 : 0;
		case 'V':
			return cli_version(NULL);
		default:
			return cli_bad_option(NULL, c, opt, long_options, "fodjhV");
		}
	}
	if (contact_rows && format != CLI_FORMAT_CSV)
		return cli_usage_error(NULL, "option '--contact-rows' needs -f csv");
	if (contact_rows)
		format = CLI_FORMAT_CSV_CONTACTS;
	if (fields_arg &&
	    (nfields = cli_parse_fields(fields_arg, format, fields, msg, sizeof msg)) < 0)
		return cli_usage_error(NULL, "%s", msg);
	/* Progress only on a terminal, unless asked for. */
	batch.progress = progress < 0 ? isatty(STDERR_FILENO) : progress;
	objpair = cli_objpair_mode(&pair_options, argc - optind, argv + optind,
	                           msg, sizeof msg);
	if (objpair < 0)
		return cli_usage_error(NULL, "%s", msg);
	if (batch.shard && (objpair || argc - optind != 1))
		return cli_usage_error(NULL, "option '--shard' needs exactly one input "
		                   "FILE");

	if (cli_outfile_open(&outfile, output, argv + optind, argc - optind, msg,
	                     sizeof msg) < 0) {
		fprintf(stderr, "mink: %s\n", msg);
		return 2;
	}
	out = outfile.fp;
	catch_interrupts();
	batch.writer = cli_writer_new(out, format);
	if (nfields)
		cli_writer_set_fields(batch.writer, fields, nfields);
	if (no_header || (batch.shard && !cli_shard_first(batch.shard)))
		cli_writer_skip_header(batch.writer);
	batch.pair.objcache = cli_objcache_new();
	if (objpair) {
		status = cli_objpair_run(&batch, &pair_options, argv[optind],
		                         argv[optind + 1]);
	} else if (optind == argc) {
		status = cli_batch_file(&batch, "-");
	} else {
		for (int i = optind; i < argc; i++) {
			int rc = cli_batch_file(&batch, argv[i]);

			if (rc > status)
				status = rc;
			if (cli_writer_error_number(batch.writer) || interrupted ||
			    batch.stopped)
				break;
		}
	}
	cli_batch_finish(&batch);
	if (batch.errors && status == 0)
		status = 1;
	/*
	 * A part of a JSON array: records are separated by their index in the
	 * whole file, so the parts join up; only the last closes the array,
	 * counting every record of the file.
	 */
	if (batch.shard && !cli_shard_last(batch.shard)) {
		cli_writer_flush(batch.writer);
	} else {
		if (batch.shard)
			cli_writer_set_count(batch.writer, batch.index);
		cli_writer_finish(batch.writer);
	}
	written = cli_close_output(NULL, out, output, cli_writer_error_number(batch.writer)) == 0;
	if (!written)
		status = 2;
	/* The old file is replaced only by a whole new one; an interrupted
	 * run keeps what it wrote beside it, well-formed, as FILE.partial. */
	if (cli_outfile_end(&outfile, written && !interrupted, written ? ".partial" : NULL, msg,
	                    sizeof msg) < 0) {
		fprintf(stderr, "mink: %s\n", msg);
		status = 2;
	}
	if (batch.stopped && !interrupted)
		fprintf(stderr, "mink: stopped after %ld error records (--max-errors); "
		        "%ld records written, the rest of the input not read\n",
		        batch.errors, batch.written);
	if (interrupted) {
		fprintf(stderr, "mink: interrupted by %s after %ld records; the output is "
		        "incomplete%s%s%s\n", interrupted == SIGINT ? "SIGINT"
		        : interrupted == SIGTERM ? "SIGTERM" : "SIGHUP", batch.index,
		        output && outfile.was_file ? " (kept as " : "", output && outfile.was_file ? output : "",
		        output && outfile.was_file ? ".partial; the old file is unchanged)" : "");
		status = 128 + interrupted;
	}
	if (out != stdout && fclose(stdout) != 0 && status == 0)
		status = 2;
	cli_writer_free(batch.writer);
	cli_pair_free(&batch.pair);
	cli_objcache_free(batch.pair.objcache);
	return status;
}

/*
 * cmd.h - the subcommands of mink: gen, diff and render.
 *
 * main() hands `mink gen ARGS...` to cli_gen_main(argc - 1, argv + 1), so
 * each subcommand sees its own name as argv[0] and parses its options with
 * getopt_long as a program of its own would (with the helpers of opts.h).
 */
#ifndef CLI_CMD_H
#define CLI_CMD_H

/** `mink gen`: a seeded, reproducible batch of random pairs (gen.c). */
int cli_gen_main(int argc, char **argv);

/** `mink diff EXPECTED ACTUAL`: compares two result files (diff.c). */
int cli_diff_main(int argc, char **argv);

/** `mink render [FILE]`: one pair and its result as an SVG picture (render.c). */
int cli_render_main(int argc, char **argv);

#endif /* CLI_CMD_H */

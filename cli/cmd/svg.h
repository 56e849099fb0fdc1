/*
 * svg.h - the text of an SVG picture, for `mink render`.
 *
 * The picture is written into a growing buffer and handed out whole, so
 * that nothing reaches the output before the drawing is complete.  This
 * layer knows XML text and how numbers are shown to people; it knows
 * nothing of shapes, views or mink's results (it does not include
 * mink.h), so what it writes depends on its arguments alone.
 */
#ifndef CLI_SVG_H
#define CLI_SVG_H

#include "text/buf.h"

/** Room for the text of cli_svg_num, NUL included. */
#define CLI_SVG_NUM_MAX 32

/** Room for the text of cli_svg_vec, NUL included. */
#define CLI_SVG_VEC_MAX 128

/** A picture being written; start from {0}. */
typedef struct cli_svg {
	cli_buf b;    /**< the text so far */
	double scale; /**< pixels per unit of the shapes' space */
	double size;  /**< width and height of a panel, pixels */
} cli_svg;

/** Appends text as it is (markup). */
void cli_svg_put(cli_svg *s, const char *text);

/** Appends printf-formatted text (markup). */
void cli_svg_putf(cli_svg *s, const char *fmt, ...) CLI_PRINTF(2, 3);

/**
 * Appends str as XML character data: &, <, > and " escaped; control bytes
 * (but newline and tab), DEL and bytes that are not well-formed UTF-8
 * each replaced by U+FFFD.
 */
void cli_svg_xml(cli_svg *s, const char *str);

/**
 * v for people, in buf (CLI_SVG_NUM_MAX bytes): 6 significant digits,
 * magnitudes below 5e-16 and negative zero written 0.  Returns buf.
 */
const char *cli_svg_num(char *buf, double v);

/**
 * "[x, y, z]" of the n numbers at v (n <= 4), each as cli_svg_num writes
 * it, in buf (CLI_SVG_VEC_MAX bytes).  Returns buf.
 */
const char *cli_svg_vec(char *buf, const double *v, int n);

#endif /* CLI_SVG_H */
